"""The game service in two processes (two services, each with its own storage on one database) given
the same click at the same moment: one move is saved, and the other process answers as a stale
board does in one process, with nothing changed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.core.service import GameService, Move, StaleBoard
from bot.games.registry import game_modules
from bot.storage import Storage, open_storage
from tests.bot.storage.helpers import HOST


async def test_the_same_click_in_two_processes_saves_one_action(storage: Storage, target: str | Path) -> None:
    other = await open_storage(target)
    try:
        first, second = GameService(storage, game_modules()), GameService(other, game_modules())
        record = await first.open_lobby("cell", 1, 77, HOST, "Bob", "normal", ai_players=1)
        await first.start_game(record.id, HOST)
        for _ in range(8):
            current = await storage.game(record.id)
            assert current is not None and current.status == "active"
            state = first.load_state(current)
            module = first.module(current)
            seat = module.seats_to_move(state)[0]
            action = module.rules.legal_actions(state, seat)[0]
            outcomes = await asyncio.gather(
                first.act_as(record.id, seat, current.version, action),
                second.act_as(record.id, seat, current.version, action),
                return_exceptions=True,
            )
            assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Move", "StaleBoard"], outcomes
            stale = next(outcome for outcome in outcomes if isinstance(outcome, StaleBoard))
            assert "out of date, so nothing changed" in str(stale.message)
            saved = next(outcome for outcome in outcomes if isinstance(outcome, Move))
            assert saved.record.version == current.version + 1
        assert len(await other.actions(record.id)) == 8
        with pytest.raises(StaleBoard):
            await second.act_as(record.id, seat, current.version, action)
    finally:
        await other.close()
