"""The Condition in force all game (SU-6, 3.6): each rule reads it here, so the engine's modules each
ask one question (how far can one see, how far does a model move, how far does a Push go, how much
BK and Glory more)."""

from __future__ import annotations

from rules.core.text import Name, Text
from rules.primetime.geometry import Cell, within
from rules.primetime.scenario import Condition, condition
from rules.primetime.state import PrimeTimeState


def in_force(state: PrimeTimeState) -> Condition | None:
    return condition(state.condition) if state.condition else None


def sight_blocked(state: PrimeTimeState, a: Cell, b: Cell) -> bool:
    """Dust Storm: LOS beyond 18" is blocked."""
    rule = in_force(state)
    return rule is not None and rule.sight_limit > 0 and not within(a, b, rule.sight_limit)


def mov_change(state: PrimeTimeState) -> int:
    """Heavy Gravity: MOV -1, outside the ±3 cap of modifiers (a Condition is not a modifier)."""
    rule = in_force(state)
    return rule.mov if rule else 0


def forced_move_change(state: PrimeTimeState) -> int:
    """Heavy Gravity: Pushes and Pulls go 1" further."""
    rule = in_force(state)
    return rule.forced_move if rule else 0


def power_bk(state: PrimeTimeState) -> int:
    """Ki-Rich Atmosphere: +1 BK to each player each Power Phase."""
    rule = in_force(state)
    return rule.bk if rule else 0


def round_glory(state: PrimeTimeState) -> list[tuple[int, int, Text]]:
    """The World Is Watching: +1 Glory at each round's scoring to whoever Dazed more enemy models."""
    rule = in_force(state)
    if rule is None or not rule.dazed_glory:
        return []
    first, second = (player.dazed_enemies_this_round for player in state.players)
    if first == second:
        return []
    why = Text(
        "more enemy models Dazed ({condition})",
        condition=Name(kind="conditions", id=rule.id, english=rule.name),
    )
    return [(0 if first > second else 1, rule.dazed_glory, why)]
