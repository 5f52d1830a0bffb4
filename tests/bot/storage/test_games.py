"""The storage contract on both backends: games, the action log, result rows, boards, turn clocks,
settings and the statements other modules run through ``read_all`` and ``writing``."""

from __future__ import annotations

import pytest

from bot.storage import ActionRecord, ChannelBusy, Storage
from tests.bot.storage.helpers import CHANNEL, GUEST, GUILD, HOST, new_game, results_for


async def test_a_lobby_is_stored_whole_and_found_every_way(storage: Storage) -> None:
    record = await new_game(storage)
    assert record.version == 0 and record.status == "lobby" and record.message_id is None
    assert record.guild_id == GUILD and record.channel_id == CHANNEL and record.host_id == HOST
    assert record.seed == 2**62 + 5 and record.lobby["players"][1]["user_id"] == GUEST
    assert await storage.game(record.id) == record
    assert await storage.running_game(CHANNEL) == record
    assert await storage.latest_game(CHANNEL) == record
    assert await storage.lobbies() == [record]
    assert await storage.active_game_ids() == []
    assert await storage.game(record.id + 1000) is None
    assert await storage.running_game(CHANNEL + 1) is None


async def test_one_running_game_per_channel_and_finished_games_are_kept(storage: Storage) -> None:
    first = await new_game(storage)
    with pytest.raises(ChannelBusy) as busy:
        await new_game(storage)
    assert busy.value.existing.id == first.id
    first.status = "finished"
    assert await storage.save(first, first.version)
    second = await new_game(storage)
    assert second.id > first.id
    assert (await storage.game(first.id)).status == "finished"  # type: ignore[union-attr]
    assert (await storage.latest_game(CHANNEL)).id == second.id  # type: ignore[union-attr]


async def test_a_save_bumps_the_version_logs_the_action_and_a_stale_save_writes_nothing(
    storage: Storage,
) -> None:
    record = await new_game(storage)
    record.status, record.state_json, record.schema_version = "active", '{"turn": 1}', 3
    action = ActionRecord(actor_id=HOST, seat=0, action={"type": "roll"}, created_at="2026-01-01T00:00:00")
    assert await storage.save(record, 0, action)
    assert record.version == 1
    assert not await storage.save(record, 0, ActionRecord(actor_id=GUEST, seat=1, action={"type": "x"}))
    assert await storage.save(record, 1, ActionRecord(actor_id=GUEST, seat=1, action={"type": "keep"}))
    stored = await storage.game(record.id)
    assert stored is not None and stored.version == 2 and stored.state_json == '{"turn": 1}'
    assert stored.schema_version == 3 and stored.status == "active"
    logged = await storage.actions(record.id)
    assert [(entry.seq, entry.actor_id, entry.seat, entry.action) for entry in logged] == [
        (1, HOST, 0, {"type": "roll"}),
        (2, GUEST, 1, {"type": "keep"}),
    ]
    assert logged[0].created_at == "2026-01-01T00:00:00"
    assert await storage.seat_moves(record.id, 0) == 1 and await storage.seat_moves(record.id, 2) == 0
    assert await storage.active_game_ids() == [record.id]


async def test_the_finishing_save_writes_its_result_rows_and_a_stale_one_none(storage: Storage) -> None:
    record = await new_game(storage)
    rows = results_for(record, winner=1, finished_at="2026-02-01T00:00:00")
    record.status, record.outcome = "finished", "win:over_9000"
    assert not await storage.save(record, 5, None, rows)
    assert await storage.read_all("SELECT * FROM results") == []
    assert await storage.save(record, 0, None, rows)
    stored = await storage.read_all("SELECT seat, user_id, name, ai, won FROM results ORDER BY seat")
    assert [tuple(row) for row in stored] == [
        (0, HOST, "Bob", 0, 0),
        (1, GUEST, "Carol", 0, 1),
        (2, -1, "Frieza (AI)", 1, 0),
    ]


async def test_a_save_that_fails_half_way_leaves_nothing_behind(storage: Storage) -> None:
    record = await new_game(storage)
    rows = results_for(record, winner=0, finished_at="2026-02-01T00:00:00")
    record.status = "finished"
    action = ActionRecord(actor_id=HOST, seat=0, action={"type": "last"})
    # The same seat twice breaks the results' primary key after the game row and the action were written.
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        await storage.save(record, 0, action, [*rows, rows[0]])
    stored = await storage.game(record.id)
    assert stored is not None and stored.version == 0 and stored.status == "lobby"
    assert await storage.actions(record.id) == []
    assert await storage.read_all("SELECT * FROM results") == []
    record.version = 0
    assert await storage.save(record, 0, action, rows), "the storage is usable after the failure"


async def test_replacing_the_board_returns_the_one_to_retire_and_keeps_the_version(storage: Storage) -> None:
    record = await new_game(storage)
    big = 1_300_000_000_000_000_001
    assert await storage.replace_message(record.id, big) is None
    assert await storage.replace_message(record.id, big) is None
    assert await storage.replace_message(record.id, big + 1) == big
    stored = await storage.game(record.id)
    assert stored is not None and stored.message_id == big + 1 and stored.version == 0
    record.status = "active"
    assert await storage.save(record, 0)
    assert (await storage.game(record.id)).message_id == big + 1, "a save never writes the board"  # type: ignore[union-attr]


async def test_turn_clocks_follow_the_calls_and_advance_once(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    assert await storage.save(record, 0)
    assert await storage.call_seats(record.id, {0: HOST, 1: GUEST}, None) == {0, 1}
    clocks = {clock.seat: clock for clock in await storage.turn_clocks()}
    assert set(clocks) == {0, 1} and clocks[1].user_id == GUEST and clocks[1].guild_id == GUILD
    assert clocks[0].stage == 0
    assert await storage.turn_clock(record.id, 1) == clocks[1]
    assert await storage.turn_clock(record.id, 2) is None

    assert await storage.advance_clock(record.id, 1, clocks[1].called_at, 1)
    assert not await storage.advance_clock(record.id, 1, clocks[1].called_at, 1), "fires once"
    assert not await storage.advance_clock(record.id, 0, "an older call", 1)

    assert await storage.call_seats(record.id, {1: GUEST}, 1) == set()
    restarted = await storage.turn_clock(record.id, 1)
    assert restarted is not None and restarted.stage == 0 and restarted.called_at >= clocks[1].called_at
    assert await storage.turn_clock(record.id, 0) is None, "a seat no longer called drops out"

    record.status = "finished"
    assert await storage.save(record, 1)
    assert await storage.turn_clocks() == [], "only running games have clocks"


async def test_command_hashes_and_server_settings_are_kept_and_replaced(storage: Storage) -> None:
    assert await storage.command_hash("global") is None
    await storage.set_command_hash("global", "abc")
    await storage.set_command_hash("global", "def")
    await storage.set_command_hash(str(GUILD), "xyz")
    assert await storage.command_hash("global") == "def"
    assert await storage.command_hash(str(GUILD)) == "xyz"

    assert await storage.guild_settings(GUILD) == {}
    await storage.set_guild_settings(GUILD, {"retention_days": 30})
    await storage.set_guild_settings(GUILD, {"retention_days": 10, "turn_minutes": 5})
    await storage.set_guild_settings(GUILD + 1, {})
    assert await storage.guild_settings(GUILD) == {"retention_days": 10, "turn_minutes": 5}
    assert await storage.every_guild_settings() == {
        GUILD: {"retention_days": 10, "turn_minutes": 5},
        GUILD + 1: {},
    }


async def test_portable_statements_run_in_one_transaction_that_a_failure_rolls_back(storage: Storage) -> None:
    record = await new_game(storage)
    async with storage.writing() as db:
        changed = await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (GUEST, record.id))
        seen = await db.fetch_all("SELECT host_id FROM games WHERE id = ?", (record.id,))
    assert changed == 1 and seen[0][0] == GUEST
    with pytest.raises(RuntimeError):
        async with storage.writing() as db:
            await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (HOST, record.id))
            raise RuntimeError("stop half-way")
    rows = await storage.read_all("SELECT host_id, 'what?' FROM games WHERE id = ?", (record.id,))
    assert rows[0][0] == GUEST and rows[0][1] == "what?", "rolled back; a quoted ? is no placeholder"


async def test_the_tables_tied_to_a_game_are_read_from_the_schema(storage: Storage) -> None:
    assert sorted(await storage.game_references()) == [("actions", "game_id"), ("turn_clocks", "game_id")]
