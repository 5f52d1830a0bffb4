"""AI players for Perfect Cell, and the calls a bot needs: the next action, the rest of the turn, and
a hint with its reason.

Players read the table only through ``view`` and ``legal_actions`` (never the stacks' order or the
random generator) and return actions that ``apply`` accepts. ``rng_seed`` drives the player's own
sampling, so the same state and seed always give the same answer.

- ``random``: uniform over the legal actions (the baseline).
- ``heuristic``: fast greedy play on a value model (``values``); about 30 ms for a 4-player game.
- ``strong``: the heuristic checked by Monte Carlo rerolls and a one-step lookahead (``search``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cell.actions import CellAction
from rules.cell.ai.players import HeuristicPlayer, Player, RandomPlayer
from rules.cell.ai.search import DEFAULT_BUDGET_MS, SearchPlayer
from rules.cell.state import CellState

AGENTS = ("random", "heuristic", "strong")
HINT_BUDGET_MS = 400.0


def make_player(agent: str = "strong", budget_ms: float | None = None) -> Player:
    if agent == "random":
        return RandomPlayer()
    if agent == "heuristic":
        return HeuristicPlayer()
    if agent == "strong":
        return SearchPlayer(DEFAULT_BUDGET_MS if budget_ms is None else budget_ms)
    raise ValueError(f"unknown agent {agent!r}; choose one of {', '.join(AGENTS)}")


@dataclass(frozen=True)
class Hint:
    """The suggested next action, why, and the rest of the turn as planned (up to the next random
    result: a roll, a reroll or a token drawn)."""

    action: CellAction
    reason: str
    plan: list[CellAction]


def hint(
    state: CellState, seat: int, rng_seed: int = 0, agent: str = "strong", budget_ms: float = HINT_BUDGET_MS
) -> Hint | None:
    """What ``seat`` should do next, or None when it is not their turn or the game is over."""
    steps = make_player(agent, budget_ms).plan(state, seat, rng_seed)
    if not steps:
        return None
    actions = [action for step in steps for action in step.actions]
    return Hint(action=actions[0], reason=one_line(steps[0].reason), plan=actions)


def choose_action(
    state: CellState, seat: int, rng_seed: int = 0, agent: str = "strong", budget_ms: float | None = None
) -> CellAction | None:
    """The next single action for ``seat`` (None when it is not their turn or the game is over)."""
    steps = make_player(agent, budget_ms).plan(state, seat, rng_seed)
    return steps[0].actions[0] if steps else None


def plan_turn(
    state: CellState, seat: int, rng_seed: int = 0, agent: str = "strong", budget_ms: float | None = None
) -> list[CellAction]:
    """The actions ``seat`` would play now, up to and including the first whose result is random
    (then ask again) or the end of the turn."""
    steps = make_player(agent, budget_ms).plan(state, seat, rng_seed)
    return [action for step in steps for action in step.actions]


def explain(
    state: CellState, seat: int, action: CellAction, rng_seed: int = 0, budget_ms: float = HINT_BUDGET_MS
) -> str:
    """A one-line reason for ``action``: the planner's own when it is part of the plan."""
    steps = make_player("strong", budget_ms).plan(state, seat, rng_seed)
    for step in steps:
        if action in step.actions:
            return one_line(step.reason)
    return one_line(
        f"not in the suggested plan; the suggestion is: {steps[0].reason}" if steps else "no plan"
    )


def one_line(text: str) -> str:
    line = " ".join(text.split())
    return line[:1].upper() + line[1:]
