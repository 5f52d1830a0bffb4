"""The statements other modules run on the storage (records, replays, forgetting a user, pruning)
give the same answers on both backends."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.features.privacy.forget import ANONYMOUS_ID_BASE, StillPlaying, forget_user
from bot.features.records.queries import leaderboard, player_stats, recent_games
from bot.features.upkeep import prune_old_games
from bot.storage import ActionRecord, GameRecord, Storage
from bot.table.replay import finished_game
from tests.bot.storage.helpers import CHANNEL, GUEST, GUILD, HOST, new_game, results_for


async def _finish(storage: Storage, record: GameRecord, winner: int, finished_at: str) -> None:
    action = ActionRecord(actor_id=HOST, seat=0, action={"type": "go"})
    await storage.save(record, record.version, action, calls={0: HOST})
    # A notification of nobody still called waits in the outbox: pruning the game removes it too.
    await storage.record_ping(record.id, [], 1000 + record.id)
    record.status, record.outcome, record.state_json = "finished", "win:over_9000", "{}"
    assert await storage.save(record, record.version, None, results_for(record, winner, finished_at))


async def _two_finished_games(storage: Storage) -> tuple[GameRecord, GameRecord]:
    first = await new_game(storage)
    await _finish(storage, first, winner=0, finished_at="2026-03-01T10:00:00.000+00:00")
    second = await new_game(storage)
    second.lobby["players"][0]["name"] = "Bobby"
    await _finish(storage, second, winner=1, finished_at="2026-03-02T10:00:00.000+00:00")
    return first, second


async def test_stats_leaderboard_and_history_count_every_finished_game(storage: Storage) -> None:
    first, second = await _two_finished_games(storage)

    [stats] = await player_stats(storage, GUILD, HOST)
    assert (stats.game, stats.games, stats.wins, stats.favourite) == ("over9000", 2, 1, "goku")
    assert stats.by_variant == {"standard": (1, 2)}

    ranked = await leaderboard(storage, GUILD, None)
    assert [(entry.user_id, entry.name, entry.games, entry.wins) for entry in ranked] == [
        (HOST, "Bobby", 2, 1),
        (GUEST, "Carol", 2, 1),
    ], "ties go to fewer games, then the name; each under the name they last played with"
    assert await leaderboard(storage, GUILD, "cell") == []

    history = await recent_games(storage, GUILD)
    assert [past.game_id for past in history] == [second.id, first.id]
    assert [(seat.name, seat.ai, seat.won) for seat in history[0].seats] == [
        ("Bobby", False, False),
        ("Carol", False, True),
        ("Frieza (AI)", True, False),
    ]
    latest = await finished_game(storage, "over9000", GUILD, CHANNEL, None)
    assert latest is not None and latest.id == second.id
    assert (await finished_game(storage, "over9000", GUILD, CHANNEL, first.id)).id == first.id  # type: ignore[union-attr]


async def test_forgetting_a_user_anonymises_every_row_in_one_transaction(storage: Storage) -> None:
    await _two_finished_games(storage)
    running = await new_game(storage)
    with pytest.raises(StillPlaying):
        await forget_user(storage, GUEST)
    running.status = "abandoned"
    assert await storage.save(running, 0)

    forgotten = await forget_user(storage, GUEST)

    assert (forgotten.games, forgotten.results) == (3, 2)
    rows = await storage.read_all("SELECT DISTINCT user_id, name FROM results WHERE seat = 1")
    assert [tuple(row) for row in rows] == [(ANONYMOUS_ID_BASE - 1, "Player 2")]
    lobbies = await storage.read_all("SELECT lobby_json FROM games")
    assert len(lobbies) == 3 and not any(str(GUEST) in row[0] for row in lobbies)
    assert GUEST not in [entry.user_id for entry in await leaderboard(storage, GUILD, None)]


async def test_pruning_removes_old_games_with_their_rows_and_keeps_results(storage: Storage) -> None:
    first, second = await _two_finished_games(storage)
    running = await new_game(storage)

    assert await prune_old_games(storage, timedelta(days=1)) == 0
    assert await prune_old_games(storage, timedelta(0), guild_id=GUILD + 1) == 0
    assert await prune_old_games(storage, timedelta(0)) == 2

    assert await storage.game(first.id) is None and await storage.game(second.id) is None
    assert await storage.game(running.id) is not None
    assert await storage.actions(first.id) == []
    assert (await storage.read_all("SELECT COUNT(*) FROM turn_clocks"))[0][0] == 0
    assert (await storage.read_all("SELECT COUNT(*) FROM stale_pings"))[0][0] == 0
    assert (await storage.read_all("SELECT COUNT(*) FROM results"))[0][0] == 6
