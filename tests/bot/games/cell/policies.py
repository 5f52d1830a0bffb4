"""Simple ways to pick an action, so end-to-end tests can reach a win or a loss on purpose."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cell.actions import CancelSelection, EndTurn, Roll, Spend, StartSelection
from rules.cell.ai import choose_action
from rules.cell.engine import apply, legal_actions, twin_dice, with_die
from rules.cell.state import CellState

Policy = Callable[[CellState, list[Any]], int]

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


def _die_in(action: Any) -> int | None:
    for field in ("die", "burn"):
        if getattr(action, field, None) is not None:
            return getattr(action, field)
    source = getattr(action, "source", None)
    return source.die if source is not None else None


def heuristic(state: CellState, actions: list[Any]) -> int:
    """The heuristic AI's choice, found among the listed actions (a die may stand for its twin)."""
    wanted = choose_action(state, state.active_seat, rng_seed=state.actions_taken, agent="heuristic")
    die = _die_in(wanted)
    twins = set(twin_dice(state, die)) if die is not None and state.dice[die].zone == "mat" else {die}
    for index, action in enumerate(actions):
        if action == wanted or (_die_in(action) in twins and with_die(action, die) == wanted):  # type: ignore[arg-type]
            return index
    raise AssertionError(f"the AI chose {wanted!r}, which is not among the legal actions")


def decision(state: CellState, policy: Policy, completion: Policy = heuristic) -> list[int]:
    """The policy's next action as a decision (a path, see ``bot.games.cell.paths``): when it starts a
    choice of dice (a reroll, a payment), the rest of that choice as ``completion`` makes it, since a
    choice is made in one panel. A choice the completion would only cancel is not made: the
    heuristic's own decision is taken instead."""
    seat = state.active_seat
    actions = legal_actions(state, seat)
    path = [policy(state, actions)]
    if not isinstance(actions[path[0]], StartSelection):
        return path
    current, _ = apply(state, actions[path[0]])
    while current.selection is not None:
        legal = legal_actions(current, seat)
        path.append(completion(current, legal))
        if isinstance(legal[path[-1]], CancelSelection):
            assert policy is not heuristic, "the heuristic cancels the choice it started"
            return decision(state, heuristic)
        current, _ = apply(current, legal[path[-1]])
    return path
