"""Effect steps that grant something beyond a number: a free ascension (A10), an Intercept while
a Persistent card stays (Namekian Resolve), a bind (Psychic Bind), a move (Elegant Assassin,
Relentless, Ginyu Force, Assemble!) or an attack made after the current one (Z Warrior Teamwork,
Relentless: A13). ``card_effects`` adds ``GRANTS`` to its registry."""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.ascension import FREE_ASCENT, set_tier
from rules.primetime.card_context import Apply, Check, Play, no_check, subject
from rules.primetime.cards import Effect
from rules.primetime.content import RUSH
from rules.primetime.context import Ctx
from rules.primetime.geometry import Cell, distance, within
from rules.primetime.names import affiliation_name, fighter, point_word
from rules.primetime.sight import line_of_sight
from rules.primetime.state import FollowUp, PrimeTimeState, Unit
from rules.primetime.stats import char
from rules.primetime.targeting import board, reach_from, reaches
from rules.primetime.techniques import target_problem


def _condition_tier(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Perfect Form Achieved: the rest only on reaching tier ``amount`` or higher."""
    return play.unit is not None and play.unit.tier >= effect.amount


# Ascension Phase Start: the free-ascend cards (A10).


def _free_ascend_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    unit = play.unit
    if unit is None or unit.tier >= char(unit).max_tier:
        return Text("That model cannot ascend further.")
    return None


def _free_ascend(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """A10: the model's one ascension this phase, at no SK cost; its Tax is waived this phase and,
    with ``amount``, for that many later Ascension Phases (100% Full Power). The model then has no
    choice to make in this phase's plan."""
    unit = subject(play)
    if unit.tier >= char(unit).max_tier:
        return False
    set_tier(unit, unit.tier + 1)
    unit.tax_waived_through = ctx.state.round + effect.amount
    unit.used_this_round.append(FREE_ASCENT)
    ctx.say(
        "ascension",
        Text("{fighter} ascends to T{tier} for free", fighter=fighter(unit), tier=unit.tier),
        play.seat,
        unit=unit.id,
    )
    return True


# Intercept grants, binds and moves.


def _bind_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    own, enemy = play.unit, play.target
    if own is None or enemy is None or enemy.dazed or enemy.seat == play.seat:
        return Text("Choose an enemy model.")
    if not within(own.cell, enemy.cell, effect.inches):
        return Text('The enemy must be within {inches}".', inches=effect.inches)
    if not line_of_sight(board(state), own.cell, own.level, enemy.cell, enemy.level):
        return Text("The enemy must be in line of sight.")
    return None


def _move_to(ctx: Ctx, play: Play, unit: Unit, cell: Cell, inches: int) -> None:
    """A move a card grants, to a cell the model can still reach (else it stays)."""
    if cell == unit.cell or cell not in reach_from(ctx.state, unit, inches):
        return
    start, unit.cell = unit.cell, cell
    ctx.say(
        "move",
        Text("{fighter} moves to {point}", fighter=fighter(unit), point=point_word(cell)),
        play.seat,
        unit=unit.id,
        to=list(cell),
        **{"from": list(start)},
    )


def _move_check(state: PrimeTimeState, mover: Unit | None, to: Cell | None, inches: int) -> Text | None:
    if to is None:
        return None
    if mover is None or to == mover.cell or to not in reach_from(state, mover, inches):
        return Text('Choose a cell the model can reach within {inches}".', inches=inches)
    return None


def _move_self_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    """Elegant Assassin: the hit's attacker may move up to ``inches`` (``to``; none means stay)."""
    return _move_check(state, play.hit_attacker, play.to, effect.inches)


def _move_self(ctx: Ctx, play: Play, effect: Effect) -> bool:
    if play.to is not None and play.hit_attacker is not None and not play.hit_attacker.dazed:
        _move_to(ctx, play, play.hit_attacker, play.to, effect.inches)
    return True


def _in_contact_for_rush(state: PrimeTimeState, play: Play) -> bool:
    attacker, target = play.hit_attacker, play.hit_target
    assert attacker is not None and target is not None
    return reaches(state, attacker, RUSH, target)


def _relentless_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    """Relentless: a Rush on the hit's target when in contact (no cell), else a move (a cell)."""
    if _in_contact_for_rush(state, play):
        return None if play.to is None else Text("In contact, Relentless makes a Rush: name no cell.")
    if play.to is None:
        return Text('Not in contact, Relentless moves: name a cell within {inches}".', inches=effect.inches)
    return _move_check(state, play.hit_attacker, play.to, effect.inches)


def _relentless(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """The Rush is made once the hit has resolved (A13: it opens no On Hit window); contact is
    judged now, as the card resolves."""
    attacker, target = play.hit_attacker, play.hit_target
    assert attacker is not None and target is not None
    if attacker.dazed:
        return False
    if _in_contact_for_rush(ctx.state, play):
        _grant_attack(ctx, attacker, RUSH.id, target)
    elif play.to is not None:
        _move_to(ctx, play, attacker, play.to, effect.inches)
    return True


def _grant_attack(ctx: Ctx, attacker: Unit, technique_id: str, target: Unit) -> None:
    attack = ctx.state.attack
    assert attack is not None
    technique = char(attacker).technique(technique_id)
    attack.follow_ups.append(
        FollowUp(attacker=attacker.id, technique=technique, target=target.id, hit_window=False)
    )


GRANTED_TECHNIQUES = (RUSH.id, "ki_volley")


def _granted_attack_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    """Z Warrior Teamwork: another friendly model within ``inches`` of the target, with a Rush or
    Ki Volley that reaches it."""
    unit, target = play.unit, play.hit_target
    if unit is None or target is None or unit.id == (play.hit_attacker.id if play.hit_attacker else None):
        return Text("Choose another friendly model.")
    if play.technique not in GRANTED_TECHNIQUES:
        return Text("Name a Rush or a Ki Volley.")
    if not within(unit.cell, target.cell, effect.inches):
        return Text('The model must be within {inches}" of the target.', inches=effect.inches)
    if target_problem(state, unit, char(unit).technique(play.technique), target):
        return Text("That attack does not reach the target.")
    return None


def _granted_attack(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit, target = subject(play), play.hit_target
    assert target is not None and play.technique is not None
    _grant_attack(ctx, unit, play.technique, target)
    return True


def assemble_cell(state: PrimeTimeState, unit: Unit, towards: Unit, inches: int) -> Cell | None:
    """Ginyu Force, Assemble!: the reachable cell nearest the active model (ties: the shorter move,
    then 2.2), if it is nearer than where the model stands."""
    options = reach_from(state, unit, inches)
    best = min(
        options,
        key=lambda cell: (round(distance(cell, towards.cell), 9), options[cell], cell[1], cell[0]),
    )
    return best if distance(best, towards.cell) < distance(unit.cell, towards.cell) else None


def _assemble_check(state: PrimeTimeState, play: Play, effect: Effect) -> Text | None:
    unit, activation = play.unit, state.activation
    if unit is None or activation is None or unit.id == activation.unit:
        return Text("Choose another friendly model.")
    active = state.unit(activation.unit)
    if effect.stat not in char(unit).affiliations:
        return Text(
            "{fighter} is not a {affiliation} model.",
            fighter=fighter(unit),
            affiliation=affiliation_name(effect.stat or ""),
        )
    if not within(unit.cell, active.cell, effect.amount):
        return Text('The model must be within {amount}" of the active model.', amount=effect.amount)
    if assemble_cell(state, unit, active, effect.inches) is None:
        return Text("That model cannot move closer.")
    return None


def _assemble(ctx: Ctx, play: Play, effect: Effect) -> bool:
    unit = subject(play)
    assert ctx.state.activation is not None
    cell = assemble_cell(ctx.state, unit, ctx.state.unit(ctx.state.activation.unit), effect.inches)
    if cell is not None:
        _move_to(ctx, play, unit, cell, effect.inches)
    return True


def _persistent_grant(ctx: Ctx, play: Play, effect: Effect) -> bool:
    """Namekian Resolve and Psychic Bind act while their Persistent card stays in play
    (``techniques.intercept_source``, ``targeting.bound``)."""
    return True


GRANTS: dict[str, tuple[Check, Apply]] = {
    "if_tier": (no_check, _condition_tier),
    "free_ascend": (_free_ascend_check, _free_ascend),
    "grant_intercept": (no_check, _persistent_grant),
    "bind": (_bind_check, _persistent_grant),
    "move_self": (_move_self_check, _move_self),
    "relentless": (_relentless_check, _relentless),
    "granted_attack": (_granted_attack_check, _granted_attack),
    "assemble": (_assemble_check, _assemble),
}
