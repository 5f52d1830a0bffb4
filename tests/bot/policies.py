"""Simple ways to pick an action, so end-to-end tests can reach a win or a loss on purpose."""

from __future__ import annotations

from typing import Any

from rules.cell.actions import EndTurn, Roll, Spend
from rules.cell.state import CellState

_SPEND_PREFERENCE = {"damage": 0, "cancel": 1, "heal": 2, "meter": 3, "collect": 4}


def passive(state: CellState, actions: list[Any]) -> int:
    """Roll and end the turn: Cell's threats pile up until the fighters lose."""
    for index, action in enumerate(actions):
        if isinstance(action, Roll | EndTurn):
            return index
    raise AssertionError("no roll or end turn available")


def aggressive(state: CellState, actions: list[Any]) -> int:
    """Attack whenever possible, then cancel threats, heal, and fill the meter."""
    best: tuple[int, int] | None = None
    for index, action in enumerate(actions):
        if isinstance(action, Roll):
            return index
        if isinstance(action, Spend) and action.use in _SPEND_PREFERENCE and action.source.token is None:
            rank = _SPEND_PREFERENCE[action.use]
            if best is None or rank < best[0]:
                best = (rank, index)
    if best is not None:
        return best[1]
    return passive(state, actions)
