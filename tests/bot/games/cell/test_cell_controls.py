"""Perfect Cell's board controls fit Discord's limits in every position real games reach."""

from __future__ import annotations

import pytest

from bot.games.cell.board import board_view
from bot.storage import GameRecord
from rules.cell.engine import CellOptions, apply, legal_actions, new_game
from tests.bot.games.cell.policies import heuristic

RECORD = GameRecord(
    id=1,
    game="cell",
    guild_id=1,
    channel_id=1,
    host_id=1,
    status="active",
    lobby={},
    seed=1,
    state_json=None,
    schema_version=1,
    version=3,
    message_id=1,
    outcome=None,
)


@pytest.mark.parametrize(
    "fighters", [["goku"], ["goku", "vegeta"], ["krillin", "gohan", "trunks", "piccolo"]]
)
async def test_every_board_of_an_ai_game_has_controls_discord_accepts(fighters: list[str]) -> None:
    for seed in range(3):
        state = new_game(CellOptions(fighters=fighters, variant="easy"), seed)
        for _ in range(3000):
            if state.outcome is not None:
                break
            view = board_view(RECORD, state)
            assert view is not None
            rows = view.to_components()
            assert len(rows) <= 5
            for row in rows:
                widths = [5 if component["type"] == 3 else 1 for component in row["components"]]
                assert sum(widths) <= 5
                for component in row["components"]:
                    assert len(component.get("label", "")) <= 80
                    assert len(component.get("options", [])) <= 25
            actions = legal_actions(state, state.active_seat)
            state, _ = apply(state, actions[heuristic(state, actions)])
        assert state.outcome is not None
