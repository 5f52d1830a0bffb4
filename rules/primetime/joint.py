"""Joint Attacks (JA-1…3, 3.5): table reference cards a roster has when it fields both partners.

A Joint Attack is one action of the active partner, legal while both partners are non-Dazed and in
position, once per round each (a player flag ``joint:<id>`` until CL-2). Its BK is paid at once:
- Back to Back: each partner makes a Rush or Ki Volley at Acc +2, the active partner first;
- Special Beam Cover: Gohan fires Masenko at 0 BK, and Piccolo may Intercept any attack on Gohan
  while within 6" of him until Cleanup (a player flag ``cover:<piccolo>:<gohan>:<inches>``);
- Purple Spiral Flash: one Beam from either partner, which only a Beam can Clash.
"""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.actions import JointAttack
from rules.primetime.cards import JointAttackCard, joint_attacks
from rules.primetime.combat import open_attack
from rules.primetime.content import Technique
from rules.primetime.context import Ctx
from rules.primetime.geometry import within
from rules.primetime.names import fighter, joint_name, technique_name
from rules.primetime.state import FollowUp, PrimeTimeState, Unit
from rules.primetime.stats import char, stat
from rules.primetime.targeting import reaches
from rules.primetime.techniques import available, target_problem

BASICS = ("rush", "ki_volley")
BOOST = "boost"
"""Purple Spiral Formation's player flag ``boost:<joint>:<dmg>``: the Joint Attack costs 0 BK and
deals that much more DMG this round."""


def fits(unit: Unit, partner: str) -> bool:
    """A partner is named by character id or by keyword (``gohan``: Kid or Adult Gohan)."""
    return unit.character == partner or char(unit).has(partner)


def partners(state: PrimeTimeState, seat: int, joint: JointAttackCard) -> tuple[Unit, Unit] | None:
    """The seat's two partner models, in the card's order, if both are fielded and not Dazed."""
    found = []
    for partner in joint.partners:
        unit = next((unit for unit in state.units_of(seat) if fits(unit, partner) and not unit.dazed), None)
        if unit is None:
            return None
        found.append(unit)
    return found[0], found[1]


def _boost(state: PrimeTimeState, seat: int, joint: JointAttackCard) -> int | None:
    prefix = f"{BOOST}:{joint.id}:"
    flags = [flag for flag in state.players[seat].flags if flag.startswith(prefix)]
    return max(int(flag.rsplit(":", 1)[1]) for flag in flags) if flags else None


def cost(state: PrimeTimeState, seat: int, joint: JointAttackCard) -> int:
    return 0 if _boost(state, seat, joint) is not None else joint.bk


def combined_technique(state: PrimeTimeState, seat: int, joint: JointAttackCard) -> Technique:
    assert joint.technique is not None
    bonus = _boost(state, seat, joint) or 0
    return joint.technique.model_copy(update={"dmg": joint.technique.dmg + bonus})


def _fired(unit: Unit, joint: JointAttackCard) -> Technique:
    assert joint.fires is not None
    return char(unit).technique(joint.fires).model_copy(update={"bk": 0})


def _basic(unit: Unit, technique_id: str, joint: JointAttackCard) -> Technique:
    basic = char(unit).technique(technique_id)
    return basic.model_copy(update={"acc": basic.acc + joint.acc})


def beam_origin(
    state: PrimeTimeState, pair: tuple[Unit, Unit], technique: Technique, target: Unit
) -> Unit | None:
    """Purple Spiral Flash is measured from either partner, with LOS from it: the first that reaches."""
    return next((unit for unit in pair if reaches(state, unit, technique, target)), None)


def ready_problem(state: PrimeTimeState, seat: int, joint: JointAttackCard) -> Text | None:
    """JA-2: the active model is a partner, both are non-Dazed and in position, the card is unused
    this round and its BK can be paid."""
    activation = state.activation
    if activation is None or state.active_seat != seat:
        return Text("A Joint Attack is an action of the active model.")
    player = state.players[seat]
    if f"joint:{joint.id}" in player.flags:
        return Text("{joint} has been used this round.", joint=joint_name(joint.id))
    pair = partners(state, seat, joint)
    if pair is None:
        return Text("{joint} needs both partners fielded and not Dazed.", joint=joint_name(joint.id))
    if activation.unit not in (pair[0].id, pair[1].id):
        return Text("{joint} is an action of one of its partners.", joint=joint_name(joint.id))
    if not within(pair[0].cell, pair[1].cell, joint.within):
        return Text(
            '{joint} needs the partners within {within}" of each other.',
            joint=joint_name(joint.id),
            within=joint.within,
        )
    if cost(state, seat, joint) > player.bk:
        return Text(
            "{joint} costs {bk} BK and you have {bk2}.",
            joint=joint_name(joint.id),
            bk=joint.bk,
            bk2=player.bk,
        )
    return None


def joint_problem(state: PrimeTimeState, action: JointAttack) -> Text | None:
    """Why ``action`` cannot be made now; None if it can."""
    joint = joint_attacks().get(action.joint)
    if joint is None:
        return Text("There is no such Joint Attack.")
    problem = ready_problem(state, action.player, joint)
    if problem:
        return problem
    pair = partners(state, action.player, joint)
    assert pair is not None
    return _attack_problem(state, action, joint, pair)


def _reach_problem(
    state: PrimeTimeState, unit: Unit, technique: Technique, target_id: str | None
) -> Text | None:
    target = state.find_unit(target_id) if target_id else None
    if target is None:
        return Text("Choose a model to attack.")
    return target_problem(state, unit, technique, target)


def _attack_problem(
    state: PrimeTimeState, action: JointAttack, joint: JointAttackCard, pair: tuple[Unit, Unit]
) -> Text | None:
    active = state.unit(state.activation.unit)  # type: ignore[union-attr]
    other = pair[1] if active.id == pair[0].id else pair[0]
    if joint.mode == "each_basic":
        if action.technique not in BASICS or action.partner_technique not in BASICS:
            return Text("Each partner makes a Rush or a Ki Volley.")
        return _reach_problem(
            state, active, _basic(active, action.technique, joint), action.target
        ) or _reach_problem(
            state, other, _basic(other, action.partner_technique, joint), action.partner_target
        )
    if action.technique or action.partner_technique or action.partner_target:
        return Text("{joint} names only its target.", joint=joint_name(joint.id))
    if joint.mode == "partner_fires":
        firing = pair[1]
        technique = _fired(firing, joint)
        if firing.has_status("exhausted") or not available(firing, technique):
            return Text(
                "{fighter} cannot fire {technique} now.",
                fighter=fighter(firing),
                technique=technique_name(technique),
            )
        return _reach_problem(state, firing, technique, action.target)
    technique = combined_technique(state, action.player, joint)
    if any(unit.has_status("exhausted") for unit in pair):
        return Text("An Exhausted partner cannot join {joint}.", joint=joint_name(joint.id))
    target = state.find_unit(action.target)
    if target is None or target.dazed or target.seat == action.player:
        return Text("Choose an enemy model to attack.")
    if beam_origin(state, pair, technique, target) is None:
        return Text(
            'The target must be within {range}" and in line of sight of a partner.', range=technique.range
        )
    return None


def _basic_options(state: PrimeTimeState, unit: Unit, joint: JointAttackCard) -> list[tuple[str, str]]:
    return [
        (technique, enemy.id)
        for technique in BASICS
        for enemy in state.units
        if enemy.seat != unit.seat
        and not enemy.dazed
        and target_problem(state, unit, _basic(unit, technique, joint), enemy) is None
    ]


def joint_actions(state: PrimeTimeState, seat: int) -> list[JointAttack]:
    """Every legal Joint Attack of the active seat now."""
    found: list[JointAttack] = []
    for joint in joint_attacks().values():
        if ready_problem(state, seat, joint) is not None:
            continue
        if joint.mode != "each_basic":
            options = [
                JointAttack(player=seat, joint=joint.id, target=unit.id)
                for unit in state.units
                if unit.seat != seat and not unit.dazed
            ]
            found.extend(option for option in options if joint_problem(state, option) is None)
            continue
        pair = partners(state, seat, joint)
        assert pair is not None and state.activation is not None
        active = pair[0] if pair[0].id == state.activation.unit else pair[1]
        other = pair[1] if active is pair[0] else pair[0]
        found.extend(
            JointAttack(
                player=seat,
                joint=joint.id,
                technique=technique,
                target=target,
                partner_technique=partner_technique,
                partner_target=partner_target,
            )
            for technique, target in _basic_options(state, active, joint)
            for partner_technique, partner_target in _basic_options(state, other, joint)
        )
    return found


def declare_joint(ctx: Ctx, action: JointAttack) -> None:
    """Pays the Joint Attack and opens its first attack (the action is counted by the caller)."""
    state = ctx.state
    joint = joint_attacks()[action.joint]
    pair = partners(state, action.player, joint)
    assert pair is not None and state.activation is not None
    player = state.players[action.player]
    paid = cost(state, action.player, joint)
    player.bk -= paid
    player.flags.append(f"joint:{joint.id}")
    ctx.say(
        "joint_attack",
        Text("Joint Attack: {joint} ({paid} BK)", joint=joint_name(joint.id), paid=paid),
        action.player,
        joint=joint.id,
    )
    target = state.unit(action.target)
    if joint.mode == "each_basic":
        active = state.unit(state.activation.unit)
        other = pair[1] if active.id == pair[0].id else pair[0]
        assert action.technique and action.partner_technique and action.partner_target
        second = FollowUp(
            attacker=other.id,
            technique=_basic(other, action.partner_technique, joint),
            target=action.partner_target,
        )
        open_attack(ctx, active, _basic(active, action.technique, joint), target, follow_ups=[second])
    elif joint.mode == "partner_fires":
        guard, firing = pair
        player.flags.append(f"cover:{guard.id}:{firing.id}:{joint.intercept}")
        open_attack(ctx, firing, _fired(firing, joint), target)
    else:
        technique = combined_technique(state, action.player, joint)
        # The higher FOC fires (3.5); on a tie the active partner.
        first = pair[0] if state.activation.unit == pair[0].id else pair[1]
        second = pair[1] if first is pair[0] else pair[0]
        attacker = second if stat(second, "foc") > stat(first, "foc") else first
        origin = beam_origin(state, (attacker, first if attacker is second else second), technique, target)
        open_attack(
            ctx,
            attacker,
            technique,
            target,
            origin=origin,
            partner=(second if attacker is first else first).id,
            clash_family=joint.clash_family,
        )
