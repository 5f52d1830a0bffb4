"""The attack procedure of DESIGN.md 2.4: declaration, Intercept, the Z-Reaction window, the rolls
(Clash, Z-Evasion, Brace, Critical Evasion and Deflect), the hit check and the hit itself.

An attack that needs a decision waits in ``state.attack`` with its ``stage``; the engine turns the
stage into a prompt and calls back into this module with the answer. Card Responses, the On Hit /
On Damage cards and reaction cards belong to the cards and slot in at the marked steps.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.core.text import N_, Text
from rules.primetime.attack_numbers import accuracy, attacking_technique, pay, skill_total
from rules.primetime.content import Technique, settings
from rules.primetime.context import Ctx
from rules.primetime.geometry import Cell
from rules.primetime.names import card_name, fighter, point_word, technique_name
from rules.primetime.state import FollowUp, Modifier, PendingAttack, PrimeTimeState, Unit
from rules.primetime.stats import char, defense, stat
from rules.primetime.targeting import (
    cover_for,
    dash_cell,
    deflect_targets,
    enemies_in_sight,
    evade_cells,
)
from rules.primetime.techniques import (
    clash_options,
    intercept_options,
    intercept_source,
    target_problem,
)


def declare(
    ctx: Ctx,
    attacker: Unit,
    technique: Technique,
    target: Unit | None,
    direction: Cell | None = None,
) -> None:
    """2.4 step 1: pay, then open the attack (the action is already counted by the caller)."""
    state = ctx.state
    pay(ctx, attacker, technique, own_activation=True)
    if technique.area == "solar_flare":
        _solar_flare(ctx, attacker, technique)
        return
    assert target is not None
    if technique.dash:
        cell = dash_cell(state, attacker, technique, target)
        assert cell is not None
        if cell != attacker.cell:
            start, attacker.cell = attacker.cell, cell
            ctx.say(
                "dash",
                Text("{fighter} dashes to {point}", fighter=fighter(attacker), point=point_word(cell)),
                attacker.seat,
                unit=attacker.id,
                to=list(cell),
                **{"from": list(start)},
            )
    open_attack(ctx, attacker, technique, target, direction)


def open_attack(
    ctx: Ctx,
    attacker: Unit,
    technique: Technique,
    target: Unit,
    direction: Cell | None = None,
    origin: Unit | None = None,
    **extra: Any,
) -> None:
    """Opens a declared and paid attack: a technique, a Joint Attack or an attack a card grants.
    ``origin`` is the model range and Cover are measured from (Purple Spiral Flash's either partner);
    ``extra`` sets the other ``PendingAttack`` fields (partner, Clash family, follow-ups, window)."""
    state = ctx.state
    frozen = target.has_status("frozen")
    if frozen:
        target.statuses.remove("frozen")
    ctx.say(
        "attack_declared",
        Text(
            "{fighter} uses {technique} on {target}",
            fighter=fighter(attacker),
            technique=technique_name(technique),
            target=fighter(target),
        ),
        attacker.seat,
        attacker=attacker.id,
        technique=technique.id,
        target=target.id,
    )
    if char(attacker).id not in target.attacked_by:
        target.attacked_by.append(char(attacker).id)
    activation = state.activation
    if activation is not None and "death_ball" in activation.flags and not technique.basic:
        activation.flags.remove("death_ball")
    printed = {known.id: known for known in char(attacker).all_techniques()}.get(technique.id)
    source = origin or attacker
    state.attack = PendingAttack(
        attacker=attacker.id,
        technique=technique.id,
        boosted=None if technique == printed else technique,
        target=target.id,
        origin=source.cell,
        origin_level=source.level,
        credit_seat=attacker.seat,
        unopposed=technique.unopposed or frozen,
        undeniable=technique.undeniable,
        direction=direction,
        **extra,
    )
    open_window(ctx)


def _solar_flare(ctx: Ctx, user: Unit, technique: Technique) -> None:
    """Solar Flare: no roll, Unopposed; every enemy within its range in LOS is Staggered."""
    ctx.say(
        "attack_declared",
        Text("{fighter} uses {technique}!", fighter=fighter(user), technique=technique_name(technique)),
        user.seat,
        technique=technique.id,
    )
    for enemy in enemies_in_sight(ctx.state, user, technique.range):
        if not enemy.has_status("staggered"):
            enemy.statuses.append("staggered")
            ctx.say(
                "status",
                Text("{fighter} is Staggered", fighter=fighter(enemy)),
                unit=enemy.id,
                status="staggered",
            )


def reaction_options(state: PrimeTimeState) -> list[str]:
    """The Intercept / Z-Reaction prompt's choices (2.9); empty when the window is skipped."""
    attack = state.attack
    assert attack is not None
    if attack.undeniable:
        return []
    intercepts = [f"intercept:{unit.id}" for unit in intercept_options(state, attack)]
    if attack.unopposed:
        return ["none", *intercepts] if intercepts else []
    clashes = [f"clash:{technique.id}" for technique in clash_options(state, attack)]
    return ["z_evasion", "brace", *clashes, "none", *intercepts]


def open_window(ctx: Ctx) -> None:
    """2.4 steps 2-3: prompt the defender, or roll at once when there is nothing to decide."""
    state = ctx.state
    assert state.attack is not None
    state.attack.stage = "reaction"
    if not reaction_options(state):
        roll(ctx, None)


def intercept(ctx: Ctx, unit_id: str, card_absorb: int | None = None) -> None:
    """The interceptor becomes the target; against Melee the two swap cells and altitudes. An
    Intercept from a Z-Reaction card (``card_absorb`` set) is that player's reaction: no window."""
    state = ctx.state
    attack = state.attack
    assert attack is not None
    interceptor, target = state.unit(unit_id), state.unit(attack.target)
    if card_absorb is None:
        _use_intercept(ctx, interceptor, target)
    if attacking_technique(attack, state).family == "melee":
        interceptor.cell, target.cell = target.cell, interceptor.cell
        interceptor.level, target.level = target.level, interceptor.level
    ctx.say(
        "intercept",
        Text("{fighter} intercepts for {target}", fighter=fighter(interceptor), target=fighter(target)),
        interceptor.seat,
        unit=interceptor.id,
        target=interceptor.id,
        replaced=target.id,
        attacker=attack.attacker,
    )
    attack.target = interceptor.id
    attack.can_intercept = False
    if card_absorb is None:
        open_window(ctx)
        return
    attack.card_absorb = card_absorb
    roll(ctx, None)


def _use_intercept(ctx: Ctx, interceptor: Unit, target: Unit) -> None:
    """A passive Intercept is used for the round; a Persistent card's (Namekian Resolve) is then
    discarded (A6); a Special Beam Cover grant lasts until Cleanup."""
    source = intercept_source(ctx.state, interceptor, target)
    assert source is not None
    player = ctx.state.players[interceptor.seat]
    if source.kind == "passive":
        interceptor.used_this_round.append(source.name)
    elif source.kind == "card":
        player.persistent.remove((source.name, interceptor.id))
        player.discard.append(source.name)
        ctx.say(
            "persistent_ended",
            Text("{card} ends", card=card_name(source.name)),
            interceptor.seat,
            card=source.name,
        )


FAILED_WORDS = {
    "z_evasion": N_("{fighter}'s Z-Evasion fails ({result})"),
    "brace": N_("{fighter}'s Brace fails ({result})"),
}
"""A failed reaction's event, by the reaction (the fighter and the roll's result filled in)."""


class Evasion(NamedTuple):
    """A Z-Evasion or Brace and how a card changes it: a roll modifier (A12: uncapped), a Brace
    penalty replacing -6, the move's distance, extra BK and a stat gained on success."""

    kind: str
    roll_bonus: int = 0
    brace_penalty: int | None = None
    inches: int | None = None
    bonus_bk: int = 0
    success_stat: str | None = None


def roll(ctx: Ctx, reaction: str | Evasion | None) -> None:
    """2.4 step 4 for everything but a Clash: the attack total, then any Z-Evasion or Brace."""
    state = ctx.state
    attack = state.attack
    assert attack is not None
    attacker, target = state.unit(attack.attacker), state.unit(attack.target)
    technique = attacking_technique(attack, state)
    if attack.total is None:
        skill = skill_total(attacker, technique, target, attack.origin_level)
        attack.total = (
            ctx.d20(fighter(attacker), attacker.id) + skill + accuracy(state, attacker, technique, target)
        )
        ctx.say(
            "attack_total",
            Text("{technique} totals {total}", technique=technique_name(technique), total=attack.total),
            total=attack.total,
        )
    if isinstance(reaction, str):
        reaction = Evasion(reaction)
    if reaction is not None and _evade(ctx, attack, technique, target, reaction):
        return
    _hit_check(ctx)


def _evade(ctx: Ctx, attack: PendingAttack, technique: Technique, target: Unit, evasion: Evasion) -> bool:
    """ZR-3/ZR-4/ZR-6: returns True if the attack is evaded (the procedure then continues elsewhere)."""
    rules = settings()
    assert attack.total is not None
    reaction = evasion.kind
    modifier = technique.evasion_against + evasion.roll_bonus
    if reaction == "brace":
        if evasion.brace_penalty is not None:
            modifier += evasion.brace_penalty
        else:
            modifier += -3 if "barrier_reflex" in char(target).passives else rules.brace_penalty
    result = ctx.d20(fighter(target), target.id) + stat(target, "foc") + modifier
    if result <= attack.total:
        ctx.say("evasion_failed", Text(FAILED_WORDS[reaction], fighter=fighter(target), result=result))
        if reaction == "brace":
            target.modifiers.append(Modifier(stat="res", amount=1, source="brace", until="attack"))
        return False
    player = ctx.state.players[target.seat]
    bonus = 1 + evasion.bonus_bk
    if evasion.success_stat is not None:
        target.modifiers.append(Modifier(stat=evasion.success_stat, amount=1, source="card"))
    if "fighting_spirit" in char(target).passives and "fighting_spirit" not in target.used_this_round:
        target.used_this_round.append("fighting_spirit")
        bonus += 1
    player.bk += bonus
    ctx.say(
        "evaded",
        Text(
            "{fighter} evades ({result}) and gains {bonus} BK",
            fighter=fighter(target),
            result=result,
            bonus=bonus,
        ),
        target.seat,
        result=result,
    )
    attack.evader = target.id
    inches = 4 if "fastest_in_the_universe" in char(target).passives else rules.evade_move
    attack.evade_inches = max(inches, evasion.inches or 0)
    if result >= attack.total + rules.critical_margin:
        _critical(ctx, attack, technique, target)
    if attack.stage != "deflect":
        _to_evade_move(ctx)
    return True


def _critical(ctx: Ctx, attack: PendingAttack, technique: Technique, target: Unit) -> None:
    """ZR-6 Deflect: ranged attacks may be redirected; a melee attacker gets RFX -2 until Cleanup."""
    state = ctx.state
    if technique.family == "melee":
        attacker = state.unit(attack.attacker)
        attacker.modifiers.append(Modifier(stat="rfx", amount=settings().melee_deflect_rfx, source="deflect"))
        ctx.say(
            "deflect",
            Text("Critical evasion! {fighter} gets RFX -2 until Cleanup", fighter=fighter(attacker)),
        )
        return
    if attack.can_deflect and deflect_targets(state, target):
        attack.stage = "deflect"


def deflect(ctx: Ctx, unit_id: str | None) -> None:
    """ZR-6 / 2.4 step 4: the defender redirects the attack at ``unit_id``, or declines (None) and
    the attack is simply evaded; either way the evade move follows."""
    attack = ctx.state.attack
    assert attack is not None and attack.evader is not None
    deflector = ctx.state.unit(attack.evader)
    if unit_id is None:
        ctx.say(
            "deflect_declined",
            Text("Critical evasion! {fighter} lets the attack go by", fighter=fighter(deflector)),
            deflector.seat,
            unit=deflector.id,
        )
    else:
        attack.deflect_to = unit_id
        ctx.say(
            "deflect",
            Text(
                "Critical evasion! The attack is deflected at {fighter}",
                fighter=fighter(ctx.state.unit(unit_id)),
            ),
            deflector.seat,
            unit=deflector.id,
            target=unit_id,
        )
    _to_evade_move(ctx)


def _to_evade_move(ctx: Ctx) -> None:
    attack = ctx.state.attack
    assert attack is not None and attack.evader is not None
    evader = ctx.state.unit(attack.evader)
    if attack.deflect_to is not None:
        # Range and Cover of the deflected attack are judged from the deflector's cell before its move.
        attack.origin, attack.origin_level = evader.cell, evader.level
    if len(evade_cells(ctx.state, evader, attack.evade_inches)) > 1:
        attack.stage = "evade_move"
        return
    after_evade(ctx)


def evade_move(ctx: Ctx, cell: Cell) -> None:
    attack = ctx.state.attack
    assert attack is not None and attack.evader is not None
    evader = ctx.state.unit(attack.evader)
    if cell != evader.cell:
        start, evader.cell = evader.cell, cell
        ctx.say(
            "evade_move",
            Text("{fighter} moves to {point}", fighter=fighter(evader), point=point_word(cell)),
            evader.seat,
            unit=evader.id,
            to=list(cell),
            **{"from": list(start)},
        )
    after_evade(ctx)


def after_evade(ctx: Ctx) -> None:
    """The evaded attack ends, or goes on at the Deflect target, which may Z-Evade or Brace only."""
    attack = ctx.state.attack
    assert attack is not None and attack.evader is not None
    if attack.deflect_to is None:
        finish(ctx)
        return
    attack.credit_seat = ctx.state.unit(attack.evader).seat
    attack.target, attack.deflect_to, attack.evader = attack.deflect_to, None, None
    attack.can_clash = attack.can_intercept = attack.can_deflect = False
    open_window(ctx)


def _hit_check(ctx: Ctx) -> None:
    """2.4 step 5: the total against Defense, with Cover against ranged techniques."""
    state = ctx.state
    attack = state.attack
    assert attack is not None and attack.total is not None
    attacker, target = state.unit(attack.attacker), state.unit(attack.target)
    technique = attacking_technique(attack, state)
    cover = technique.ranged and cover_for(state, attack.origin, attack.origin_level, attacker, target)
    needed = defense(target, cover)
    if attack.total < needed:
        ctx.say(
            "missed",
            Text(
                "{technique} misses {fighter} ({total} vs {needed})",
                technique=technique_name(technique),
                fighter=fighter(target),
                total=attack.total,
                needed=needed,
            ),
            attacker=attacker.id,
            target=target.id,
        )
    else:
        ctx.say(
            "hit",
            Text(
                "{technique} hits {fighter} ({total} vs {needed})",
                technique=technique_name(technique),
                fighter=fighter(target),
                total=attack.total,
                needed=needed,
            ),
            cover=cover,
            attacker=attacker.id,
            target=target.id,
        )
        open_hit_window(ctx, attacker, target, attack.origin, attack.credit_seat, technique.id)
        return
    finish(ctx)


def open_hit_window(
    ctx: Ctx, attacker: Unit, target: Unit, origin: Cell, credit_seat: int, technique_id: str
) -> None:
    """2.4 step 6 (A13): one On Hit / On Damage prompt per player, the active player first; the hit
    resolves once both have answered (``hits.resolve_pending_hit``)."""
    attack = ctx.state.attack
    assert attack is not None
    active = ctx.state.active_seat if ctx.state.active_seat in (0, 1) else attacker.seat
    attack.stage = "on_hit"
    attack.hit_seats = [active, 1 - active] if attack.hit_window else []
    attack.hit_cards, attack.hit_card_args = [], []
    attack.hit_attacker, attack.hit_target, attack.hit_technique = attacker.id, target.id, technique_id
    attack.hit_origin, attack.hit_credit = origin, credit_seat


def _exhaust(ctx: Ctx, unit: Unit) -> None:
    if not unit.dazed and not unit.has_status("exhausted"):
        unit.statuses.append("exhausted")
        ctx.say(
            "status", Text("{fighter} is Exhausted", fighter=fighter(unit)), unit=unit.id, status="exhausted"
        )


def finish(ctx: Ctx) -> None:
    """End of the attack: Exhausting applies (2.4 step 8), for-this-attack modifiers lapse."""
    state = ctx.state
    attack = state.attack
    assert attack is not None
    if attacking_technique(attack, state).exhausting:
        _exhaust(ctx, state.unit(attack.attacker))
    for unit_id in attack.exhaust_after:
        _exhaust(ctx, state.unit(unit_id))
    for unit in state.units:
        if any(modifier.until == "attack" for modifier in unit.modifiers):
            unit.modifiers = [modifier for modifier in unit.modifiers if modifier.until != "attack"]
    state.attack = None
    _next_follow_up(ctx, list(attack.follow_ups))


def _next_follow_up(ctx: Ctx, queue: list[FollowUp]) -> None:
    """The next queued attack that is still legal is made (the rest wait behind it); one whose model
    or target has been Dazed, or whose target is out of reach now, is lost."""
    state = ctx.state
    while queue:
        follow = queue.pop(0)
        attacker, target = state.unit(follow.attacker), state.unit(follow.target)
        if attacker.dazed or target_problem(state, attacker, follow.technique, target):
            ctx.say(
                "attack_lost",
                Text(
                    "{fighter}'s {technique} is lost",
                    fighter=fighter(attacker),
                    technique=technique_name(follow.technique),
                ),
                attacker.seat,
            )
            continue
        open_attack(ctx, attacker, follow.technique, target, hit_window=follow.hit_window, follow_ups=queue)
        return
