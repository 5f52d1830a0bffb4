"""The move the bot makes for an AI seat in each game.

They are computed in a worker process, which imports what the function it is sent lives in: kept here,
beside nothing but the rules, they spare the worker discord.py and the rest of the bot (some 30 MB).
"""

from __future__ import annotations

from rules.cell.actions import CellAction
from rules.cell.ai import choose_action as cell_choice
from rules.cell.state import CellState
from rules.over9000.actions import Over9000Action
from rules.over9000.ai import choose_action as over9000_choice
from rules.over9000.state import Over9000State
from rules.primetime.actions import PrimeTimeAction
from rules.primetime.ai import choose_action as primetime_choice
from rules.primetime.state import PrimeTimeState

CELL_BUDGET_MS = 150.0


def cell_move(state: CellState, seat: int) -> CellAction:
    """The strong player's next action; its own sampling is seeded by how far the game is."""
    action = cell_choice(state, seat, rng_seed=state.actions_taken, budget_ms=CELL_BUDGET_MS)
    assert action is not None, "the AI was asked to move out of turn"
    return action


def over9000_move(state: Over9000State, seat: int) -> Over9000Action:
    return over9000_choice(state, seat, seed=ai_seed(state, seat))


def ai_seed(state: Over9000State, seat: int) -> int:
    """The Over 9000 AI's seed for its next move: drawn from the game's secret seed, so nobody can
    foresee its bluffs. While everyone arranges at once it counts only the seat's own tokens, so an
    arrangement doesn't depend on how the players' moves happened to interleave."""
    assert state.prompt is not None
    progress = len(state.players[seat].hand) if state.prompt.kind == "place" else state.actions_taken
    return hash((state.rng.seed, state.round, seat, progress))


def primetime_move(state: PrimeTimeState, seat: int) -> PrimeTimeAction:
    return primetime_choice(state, seat, seed=state.rng.seed + seat)
