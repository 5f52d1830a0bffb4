"""Whole games: every player only ever chooses legal actions and finishes, the heuristic clearly
beats the random player, and decisions never depend on hidden information."""

from __future__ import annotations

import pytest

from rules.cell.ai import make_player, plan_turn
from rules.cell.ai.runner import play_game
from rules.cell.state import CellState
from rules.core.rng import Rng
from tests.rules.cell.ai.tables import mid_game


@pytest.mark.parametrize("agent", ["heuristic", "strong"])
@pytest.mark.parametrize(
    ("players", "variant"), [(1, "normal"), (2, "easy"), (3, "challenge"), (4, "impossible")]
)
def test_players_finish_games_with_legal_actions_only(agent: str, players: int, variant: str) -> None:
    record = play_game(make_player(agent, budget_ms=10), players, variant, seed=11, check_legal=True)  # type: ignore[arg-type]
    assert record.reason in ("cell_defeated", "all_knocked_out", "threat_stack_empty")
    assert record.won == (record.cell_hp == 0)


def test_the_random_player_finishes_games_with_legal_actions_only() -> None:
    for seed in (1, 2):
        record = play_game(make_player("random"), 2, "normal", seed, check_legal=True)
        assert record.rounds >= 1


def test_the_heuristic_player_beats_the_random_player_clearly() -> None:
    seeds = range(1, 11)
    heuristic = sum(play_game(make_player("heuristic"), 3, "normal", seed).won for seed in seeds)
    random_wins = sum(play_game(make_player("random"), 3, "normal", seed).won for seed in seeds)
    assert random_wins == 0
    assert heuristic >= 3


def _reshuffled(state: CellState) -> CellState:
    """The same table with every hidden order changed and a different generator."""
    return state.model_copy(
        update={
            "rng": Rng(seed=987_654),
            "threat_stack": list(reversed(state.threat_stack)),
            "power_stack": list(reversed(state.power_stack)),
            "token_pile": list(reversed(state.token_pile)),
        },
        deep=True,
    )


@pytest.mark.parametrize("agent", ["heuristic", "strong"])
def test_decisions_ignore_the_stacks_and_the_generator(agent: str) -> None:
    state = mid_game()
    assert plan_turn(state, 1, rng_seed=7, agent=agent) == plan_turn(
        _reshuffled(state), 1, rng_seed=7, agent=agent
    )
