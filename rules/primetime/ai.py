"""A heuristic Prime Time opponent for one seat.

It scores every legal action of the seat's prompt and plays the best, breaking ties with a
``random.Random`` seeded from the seed and the number of actions taken, so the same state and seed
give the same choice. It reads the state only where a player in that seat could (its own hand, the
public board): it moves toward objectives it does not hold, attacks for the best expected damage,
reacts with Z-Evasion, a Clash when its roll is the better one, or a Z-Reaction card, ascends when
it can afford the Tax, and plays cards where they help.
"""

from __future__ import annotations

import random

from rules.primetime.actions import (
    Activate,
    ChangeAltitude,
    ChooseInitiative,
    Deflect,
    Discard,
    EndActivation,
    EvadeMove,
    Intercept,
    JointAttack,
    LockAscension,
    Move,
    Pass,
    PassWindow,
    PlayCard,
    PowerUp,
    PrimeTimeAction,
    React,
    Seize,
    Timeout,
    UseTechnique,
)
from rules.primetime.ai_setup import setup_score
from rules.primetime.ascension import choice_cost
from rules.primetime.attack_numbers import accuracy, attacking_technique, skill_total
from rules.primetime.card_grants import assemble_cell
from rules.primetime.cards import Card, card, joint_attacks
from rules.primetime.content import Technique, settings
from rules.primetime.damage import hit_damage
from rules.primetime.engine import legal_actions
from rules.primetime.geometry import Cell, distance, point_within
from rules.primetime.joint import beam_origin, combined_technique, cost, partners, ready_problem
from rules.primetime.missions import controller
from rules.primetime.setup import SETUP_ACTIONS
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char, defense, hp_max
from rules.primetime.targeting import cover_for
from rules.primetime.techniques import effective

Score = float
KILL_BONUS = 4.0
BK_VALUE = 0.6
SK_VALUE = 0.8
OBJECTIVE_PULL = 0.35
HOLDING_BONUS = 2.0
EVADE_CHANCE = 0.35
"""Roughly how often a defender's Z-Evasion succeeds (2.4's estimate: 55% falls to about 45%)."""
ASCEND_VALUE = {"ascend": 3.0, "hold": 2.5, "stay": 0.0, "descend": 0.0}
CARD_VALUE = 1.0


def choose_action(state: PrimeTimeState, seat: int, seed: int) -> PrimeTimeAction:
    """One legal action for ``seat``; raises ValueError when the seat has nothing to do."""
    options = legal_actions(state, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    rng = random.Random(seed * 1_000_003 + state.actions_taken)
    scored = [(_score(state, seat, action), index) for index, action in enumerate(options)]
    best = max(score for score, _ in scored)
    ties = [index for score, index in scored if score >= best - 1e-9]
    return options[ties[0] if len(ties) == 1 else rng.choice(ties)]


def _score(state: PrimeTimeState, seat: int, action: PrimeTimeAction) -> Score:
    if isinstance(action, Timeout):
        return -0.5
    if isinstance(action, SETUP_ACTIONS):
        return setup_score(state, seat, action)
    if isinstance(action, Seize):
        return _seize_score(state, seat, action)
    if isinstance(action, UseTechnique):
        return _attack_score(state, seat, action)
    if isinstance(action, JointAttack):
        return _joint_score(state, seat, action)
    if isinstance(action, Move):
        return _move_score(state, seat, action.to)
    if isinstance(action, PlayCard):
        return _card_score(state, seat, action)
    if isinstance(action, React):
        return _reaction_score(state, action)
    if isinstance(action, LockAscension):
        return _plan_score(state, seat, action)
    if isinstance(action, Activate):
        return _activation_score(state, seat, state.unit(action.unit))
    if isinstance(action, ChangeAltitude):
        return 0.8 if action.level < state.unit(_active(state)).level else -1.0
    if isinstance(action, PowerUp):
        return 0.3 if action.resource == "sk" and state.players[seat].sk < 6 else 0.2
    if isinstance(action, EvadeMove):
        return _move_score(state, seat, action.to)
    if isinstance(action, Deflect):
        return _deflect_score(state, seat, action)
    if isinstance(action, ChooseInitiative):
        return 1.0 if action.first else 0.0
    if isinstance(action, Discard):
        return -sum(_keep_value(card(card_id)) for card_id in action.cards)
    if isinstance(action, Intercept):
        return -0.2
    if isinstance(action, Pass):
        return -2.0
    if isinstance(action, EndActivation | PassWindow):
        return 0.0
    return 0.0


def _active(state: PrimeTimeState) -> str:
    assert state.activation is not None
    return state.activation.unit


# Attacks.


def hit_chance(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> float:
    """P(D20 + skill + Acc >= Defense), before any reaction."""
    skill = skill_total(attacker, technique, target, attacker.level) + accuracy(
        state, attacker, technique, target
    )
    cover = technique.ranged and cover_for(state, attacker.cell, attacker.level, attacker, target)
    needed = defense(target, cover) - skill
    return min(1.0, max(0.0, (21 - needed) / 20))


def expected_damage(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> Score:
    """Expected HP taken, counting a Daze as a bonus worth the target's Threat."""
    if technique.dmg == 0 and not technique.basic:
        return 1.0 if not technique.area else 0.8
    chance = hit_chance(state, attacker, technique, target)
    if not technique.unopposed and not technique.undeniable:
        chance *= 1 - EVADE_CHANCE
    amount = min(target.hp, hit_damage(attacker, technique, target))
    value = chance * amount
    if amount >= target.hp:
        value += chance * (KILL_BONUS + char(target).threat / 3)
    if any(rider.op == "blast" for rider in technique.riders):
        value += chance * 1.0
    return value


def _attack_score(state: PrimeTimeState, seat: int, action: UseTechnique) -> Score:
    attacker = state.unit(_active(state))
    technique = effective(state, attacker, char(attacker).technique(action.technique))
    if technique.area:
        enemies = [
            unit
            for unit in state.units
            if unit.seat != seat and not unit.dazed and distance(attacker.cell, unit.cell) <= technique.range
        ]
        return 0.6 * len(enemies) - BK_VALUE * technique.bk
    assert action.target is not None
    target = state.unit(action.target)
    value = expected_damage(state, attacker, technique, target) - BK_VALUE * technique.bk
    if technique.charged:
        value *= 0.8  # it takes both actions
    if technique.exhausting:
        value -= 0.5
    return value + 0.5


def _joint_score(state: PrimeTimeState, seat: int, action: JointAttack) -> Score:
    """Every attack the Joint Attack makes, for one action and its BK."""
    joint = joint_attacks()[action.joint]
    pair = partners(state, seat, joint)
    assert pair is not None and state.activation is not None
    active = pair[0] if pair[0].id == state.activation.unit else pair[1]
    other = pair[1] if active is pair[0] else pair[0]
    target = state.unit(action.target)
    value = 0.0
    if joint.mode == "each_basic":
        assert action.technique and action.partner_technique and action.partner_target
        for unit, technique_id, target_id in (
            (active, action.technique, action.target),
            (other, action.partner_technique, action.partner_target),
        ):
            technique = char(unit).technique(technique_id)
            technique = technique.model_copy(update={"acc": technique.acc + joint.acc})
            value += expected_damage(state, unit, technique, state.unit(target_id))
    elif joint.mode == "partner_fires":
        assert joint.fires is not None
        value = expected_damage(state, pair[1], char(pair[1]).technique(joint.fires), target) + 0.5
    else:
        technique = combined_technique(state, seat, joint)
        origin = beam_origin(state, pair, technique, target) or active
        value = expected_damage(state, origin, technique, target)
    return value - BK_VALUE * cost(state, seat, joint) + 0.5


# Moves and objectives.


def _objective_value(state: PrimeTimeState, seat: int, cell: Cell) -> Score:
    """How much standing at ``cell`` helps: inside a ZOC it holds, else closer to one."""
    if not state.objectives:
        return 0.0
    zoc = settings().zoc
    best = -1e9
    for point in state.objectives:
        friends = sum(
            1
            for unit in state.units_of(seat)
            if not unit.dazed and point_within(unit.cell, point, zoc) and unit.cell != cell
        )
        centre = (cell[0] - 0.5, cell[1] - 0.5)
        gap = ((centre[0] - point[0]) ** 2 + (centre[1] - point[1]) ** 2) ** 0.5
        crowded = 1.5 * friends
        value = (HOLDING_BONUS if gap <= zoc else -OBJECTIVE_PULL * (gap - zoc)) - crowded
        best = max(best, value)
    return best


def _threat_value(state: PrimeTimeState, seat: int, unit: Unit, cell: Cell) -> Score:
    """Being within reach of an enemy to attack next is worth a little."""
    ranges = [technique.range or 1.5 for technique in char(unit).all_techniques()]
    reach = max(ranges)
    enemies = [other for other in state.units if other.seat != seat and not other.dazed]
    if not enemies:
        return 0.0
    nearest = min(distance(cell, other.cell) for other in enemies)
    return 0.5 if nearest <= reach else 0.0


def _move_score(state: PrimeTimeState, seat: int, to: Cell) -> Score:
    if state.attack is not None and state.attack.evader is not None:
        unit = state.unit(state.attack.evader)
    else:
        unit = state.unit(_active(state))
    before = _objective_value(state, seat, unit.cell) + _threat_value(state, seat, unit, unit.cell)
    after = _objective_value(state, seat, to) + _threat_value(state, seat, unit, to)
    return after - before - 0.05


def _activation_score(state: PrimeTimeState, seat: int, unit: Unit) -> Score:
    """The model with the best attack now goes first; a second activation costs 2 BK."""
    best = 0.0
    for technique in char(unit).all_techniques():
        for target in state.units:
            if target.seat == seat or target.dazed:
                continue
            reach = technique.range or 1.5
            if distance(unit.cell, target.cell) <= reach:
                best = max(best, expected_damage(state, unit, technique, target))
    value = 1.0 + best + char(unit).threat / 20
    if unit.activations:
        value -= BK_VALUE * settings().focus_tax
    return value


def _seize_score(state: PrimeTimeState, seat: int, action: Seize) -> Score:
    """Dragon Radar: a Seize is worth an action when the OC would not hold the objective anyway."""
    return 1.2 if controller(state, action.point) != seat else -0.5


# Reactions.


def _reaction_score(state: PrimeTimeState, action: React) -> Score:
    attack = state.attack
    assert attack is not None
    attacker, defender = state.unit(attack.attacker), state.unit(attack.target)
    technique = attacking_technique(attack, state)
    if action.choice == "z_evasion":
        return 1.0
    if action.choice == "brace":
        return 0.2
    if action.choice == "none":
        return 0.0
    assert action.technique is not None
    answering = char(defender).technique(action.technique)
    mine = skill_total(defender, answering, attacker, defender.level)
    theirs = skill_total(attacker, technique, defender, attacker.level)
    gain = hit_damage(defender, answering, attacker) * 0.5
    return 0.5 + (mine - theirs) * 0.3 + gain * 0.2 - BK_VALUE * answering.bk


def _deflect_score(state: PrimeTimeState, seat: int, action: Deflect) -> Score:
    """2.4 step 4: the deflected attack keeps its total, so whether it can hit the new target is
    known. Declining (0) beats a Deflect that cannot hit (it only hands the target an evasion roll)
    and any Deflect onto a friend; an enemy it can hit is worth the expected damage."""
    if action.unit is None:
        return 0.0
    attack = state.attack
    assert attack is not None and attack.evader is not None and attack.total is not None
    deflector, target = state.unit(attack.evader), state.unit(action.unit)
    attacker = state.unit(attack.attacker)
    technique = attacking_technique(attack, state)
    cover = cover_for(state, deflector.cell, deflector.level, attacker, target)
    if attack.total < defense(target, cover):
        return -0.3
    harm = (1 - EVADE_CHANCE) * min(target.hp, hit_damage(attacker, technique, target))
    return 0.5 + harm if target.seat != seat else -1.0 - harm


# Cards.


def _keep_value(chosen: Card) -> Score:
    return {"z_reaction": 1.5, "on_hit": 1.2, "open": 1.0}.get(chosen.window, 0.8)


def _card_score(state: PrimeTimeState, seat: int, action: PlayCard) -> Score:
    chosen = card(action.card)
    unit = state.find_unit(action.unit) if action.unit else None
    ops = {effect.op for effect in chosen.effects}
    if ops & {"heal", "heal_full"}:
        if unit is None:
            return -1.0
        missing = hp_max(unit) - unit.hp
        amount = max((effect.amount for effect in chosen.effects if effect.op == "heal"), default=missing)
        return 0.6 * min(missing, amount) + 0.5 - (1.5 if missing < amount / 2 else 0.0)
    if "clash" in ops:
        return _clash_card_score(state, chosen, action)
    if chosen.window == "z_reaction":
        return 1.5 if ops & {"evade", "guard", "absorb", "barrier", "brace", "intercept"} else 0.8
    if "free_ascend" in ops:
        return 3.0 + (1.0 if unit is not None and unit.tier and "if_tier" in ops else 0.0)
    if ops & {"move_self", "relentless", "granted_attack"}:
        return _follow_up_card_score(state, seat, action)
    if "assemble" in ops and unit is not None and state.activation is not None:
        cell = assemble_cell(state, unit, state.unit(state.activation.unit), chosen.effects[0].inches)
        return (
            0.3 + _objective_value(state, seat, cell or unit.cell) - _objective_value(state, seat, unit.cell)
        )
    if "grant_intercept" in ops and unit is not None:
        return 0.3 * sum(
            1
            for other in state.units_of(seat)
            if other.id != unit.id and distance(unit.cell, other.cell) <= 6
        )
    if "bind" in ops and action.target is not None:
        return 0.5 + char(state.unit(action.target)).threat / 8
    if any(effect.op == "flag" and (effect.stat or "").startswith("boost:") for effect in chosen.effects):
        return _boost_score(state, seat, chosen)
    if "bk_per_friend_near" in ops and unit is not None:
        near = sum(
            1 for other in state.units_of(seat) if not other.dazed and distance(unit.cell, other.cell) <= 6
        )
        return BK_VALUE * min(3, near) - 0.5
    if chosen.window == "activation_start":
        return _activation_card_score(state, seat, chosen)
    if "end_activation" in ops:
        return 1.5 if state.activation is not None and state.activation.actions_left >= 2 else -1.0
    if "self_destruct" in ops:
        return _self_destruct_score(state, seat, unit)
    if "swap_hp" in ops and unit is not None and action.target is not None:
        return (state.unit(action.target).hp - unit.hp) * 0.4
    if ops & {"draw", "peek"}:
        return 0.5 if len(state.players[seat].hand) <= 3 else -0.5
    return CARD_VALUE


def _clash_card_score(state: PrimeTimeState, chosen: Card, action: PlayCard) -> Score:
    """A Clash card is a Clash with its roll bonus and BK discount, against Z-Evasion's 1.0."""
    attack = state.attack
    assert attack is not None and action.technique is not None
    effect = next(effect for effect in chosen.effects if effect.op == "clash")
    attacker, defender = state.unit(attack.attacker), state.unit(attack.target)
    answering = char(defender).technique(action.technique)
    mine = skill_total(defender, answering, attacker, defender.level) + effect.amount
    theirs = skill_total(attacker, attacking_technique(attack, state), defender, attacker.level)
    gain = hit_damage(defender, answering, attacker) * 0.5
    bk = max(0, answering.bk - effect.bk_discount)
    return 0.7 + (mine - theirs) * 0.3 + gain * 0.2 - BK_VALUE * bk


def _follow_up_card_score(state: PrimeTimeState, seat: int, action: PlayCard) -> Score:
    """On Hit cards that move the attacker or grant an attack: the move's worth, or the attack's."""
    attack = state.attack
    assert attack is not None and attack.hit_attacker is not None and attack.hit_target is not None
    attacker, target = state.unit(attack.hit_attacker), state.unit(attack.hit_target)
    value = 1.0
    if action.technique is not None and action.unit is not None:
        unit = state.unit(action.unit)
        value += expected_damage(state, unit, char(unit).technique(action.technique), target)
    elif action.card == "relentless" and action.to is None:
        value += expected_damage(state, attacker, char(attacker).technique("rush"), target)
    if action.to is not None:
        value += _objective_value(state, seat, action.to) - _objective_value(state, seat, attacker.cell)
    return value


def _boost_score(state: PrimeTimeState, seat: int, chosen: Card) -> Score:
    """Purple Spiral Formation pays only while its Joint Attack can still be made this round."""
    effect = next(effect for effect in chosen.effects if effect.op == "flag")
    joint = joint_attacks().get((effect.stat or "").split(":")[1])
    if joint is None or state.activation is None or ready_problem(state, seat, joint) is not None:
        return -1.0
    return 1.5


def _activation_card_score(state: PrimeTimeState, seat: int, chosen: Card) -> Score:
    """Buffs pay when the active model has an enemy in reach; Legacy cards always."""
    if chosen.type == "legacy":
        return 2.0
    unit = state.unit(_active(state))
    if any(effect.op == "recoil" for effect in chosen.effects) and unit.hp <= 4:
        return -2.0
    in_reach = any(
        other.seat != seat and not other.dazed and distance(unit.cell, other.cell) <= 14
        for other in state.units
    )
    return CARD_VALUE if in_reach else -0.5


def _self_destruct_score(state: PrimeTimeState, seat: int, unit: Unit | None) -> Score:
    if unit is None:
        return -1.0
    score = 0.0
    for other in state.units:
        if other.id != unit.id and not other.dazed and distance(unit.cell, other.cell) <= 3:
            score += (1 if other.seat != seat else -1) * min(other.hp, 6)
    return score - unit.hp * 0.5


# Ascension.


def _plan_score(state: PrimeTimeState, seat: int, action: LockAscension) -> Score:
    """Ascend or hold while the SK left covers next round's Taxes."""
    player = state.players[seat]
    cost = 0
    value = 0.0
    upkeep = 0
    for unit_id, choice in action.plan:
        unit = state.unit(unit_id)
        cost += choice_cost(state, unit, choice)
        value += ASCEND_VALUE[choice] * (0.5 + char(unit).threat / 10)
        tier = unit.tier + (1 if choice == "ascend" else -1 if choice == "descend" else 0)
        upkeep += tier
    left = player.sk - cost
    if left + 1 < upkeep:
        value -= 3.0 * (upkeep - left - 1)
    return value - SK_VALUE * cost * 0.5
