"""The seats known to have moved: the database is asked about a seat until it has moved, then never
again for that game, and a game seen long ago is asked about anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import ActionRecord, open_storage
from bot.table.first_game import MovedSeats
from tests.bot.storage.helpers import GUEST, HOST, new_game


async def test_a_seat_is_looked_up_until_it_has_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = await open_storage(tmp_path / "games.sqlite3")
    try:
        asked: list[tuple[int, int]] = []
        counted = storage.seat_moves

        async def seat_moves(game_id: int, seat: int) -> int:
            asked.append((game_id, seat))
            return await counted(game_id, seat)

        monkeypatch.setattr(storage, "seat_moves", seat_moves)
        record = await new_game(storage)
        moved = MovedSeats(games=1)
        assert not await moved.has_moved(storage, record.id, 0)
        assert not await moved.has_moved(storage, record.id, 0)
        assert asked == [(record.id, 0), (record.id, 0)]

        record.status, record.state_json = "active", "{}"
        assert await storage.save(record, 0, ActionRecord(actor_id=HOST, seat=0, action={"type": "roll"}))
        assert await moved.has_moved(storage, record.id, 0)
        assert await moved.has_moved(storage, record.id, 0)
        assert not await moved.has_moved(storage, record.id, 1)
        assert asked[2:] == [(record.id, 0), (record.id, 1)]

        # Only one game is remembered: another game's moved seat makes the first one asked about again.
        record.status = "finished"
        assert await storage.save(record, 1)
        other = await new_game(storage)
        other.status, other.state_json = "active", "{}"
        assert await storage.save(other, 0, ActionRecord(actor_id=GUEST, seat=1, action={"type": "roll"}))
        assert await moved.has_moved(storage, other.id, 1)
        assert await moved.has_moved(storage, record.id, 0)
        assert asked[4:] == [(other.id, 1), (record.id, 0)]
    finally:
        await storage.close()
