"""Result rows: who won, AI seats marked, and written only by the save that finishes the game."""

from __future__ import annotations

from pathlib import Path

from bot.core.results import result_rows, winning_seats
from bot.storage import ActionRecord, SqliteStorage
from rules.core.game import Outcome

PLAYERS = [
    {"user_id": 11, "name": "Bob", "character": "goku"},
    {"user_id": 12, "name": "Carol", "character": "vegeta", "ai": True},
    {"user_id": -1, "name": "Frieza (AI)", "character": "frieza", "ai": True},
]


def test_a_cooperative_win_is_everyones_a_loss_nobodys_and_named_winners_win_alone() -> None:
    assert winning_seats(Outcome(result="win", reason="cell_defeated"), 3) == {0, 1, 2}
    assert winning_seats(Outcome(result="loss", reason="all_knocked_out"), 3) == set()
    assert winning_seats(Outcome(result="win", reason="over_9000", winners=[2]), 3) == {2}


async def test_the_finishing_save_writes_one_row_per_seat_and_a_stale_save_writes_none(
    tmp_path: Path,
) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    try:
        record = await storage.create_lobby(
            "over9000", 5, 50, 11, {"variant": "standard", "players": PLAYERS}, seed=1
        )
        rows = result_rows(
            record, Outcome(result="win", reason="over_9000", winners=[1]), "2026-01-01T00:00:00"
        )
        action = ActionRecord(actor_id=11, seat=0, action={"type": "keep"})
        assert not await storage.save(record, record.version + 1, action, rows)
        assert await storage.read_all("SELECT * FROM results") == []
        record.status = "finished"
        assert await storage.save(record, record.version, action, rows)
        stored = await storage.read_all(
            "SELECT seat, user_id, name, ai, won, outcome FROM results ORDER BY seat"
        )
    finally:
        await storage.close()
    # A person whose seat the AI was playing at the end is still that person; only AI-filled seats are AI.
    assert [tuple(row) for row in stored] == [
        (0, 11, "Bob", 0, 0, "win:over_9000"),
        (1, 12, "Carol", 0, 1, "win:over_9000"),
        (2, -1, "Frieza (AI)", 1, 0, "win:over_9000"),
    ]
