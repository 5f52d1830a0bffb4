"""Bots and hints ask for one action at a time: a player resumed mid-selection must finish it."""

from __future__ import annotations

import pytest

from rules.cell.ai import choose_action
from rules.cell.engine import CellOptions, apply, new_game

MAX_ACTIONS = 2500


@pytest.mark.parametrize(("agent", "seeds"), [("heuristic", range(8)), ("strong", range(2))])
@pytest.mark.parametrize(
    "fighters", [["goku"], ["gohan", "piccolo"], ["vegeta", "krillin", "trunks", "goku"]]
)
def test_games_played_one_action_at_a_time_end(agent: str, seeds: range, fighters: list[str]) -> None:
    for seed in seeds:
        state = new_game(CellOptions(fighters=fighters, variant="easy"), seed)
        for _ in range(MAX_ACTIONS):
            if state.outcome is not None:
                break
            action = choose_action(
                state, state.active_seat, rng_seed=state.actions_taken, agent=agent, budget_ms=20
            )
            assert action is not None
            state, _ = apply(state, action)
        assert state.outcome is not None, f"seed {seed}: no end after {MAX_ACTIONS} actions"
