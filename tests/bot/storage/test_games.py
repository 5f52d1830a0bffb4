"""The storage contract on both backends: games, the action log, result rows, boards, turn clocks,
settings and the statements other modules run through ``read_all`` and ``writing``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage import AT_THE_TABLE, ActionRecord, ChannelBusy, StalePing, Storage
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


async def test_a_save_writes_the_turn_clocks_of_its_calls_in_its_own_transaction(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    saved = await storage.save(record, 0, calls={0: HOST, 1: GUEST})
    assert saved is not None and saved.called == {0, 1}
    clocks = {clock.seat: clock for clock in await storage.turn_clocks()}
    assert set(clocks) == {0, 1} and clocks[1].user_id == GUEST and clocks[1].guild_id == GUILD
    assert clocks[0].stage == 0 and clocks[0].ping_message_id is None, "the notification is owed"
    assert await storage.turn_clock(record.id, 1) == clocks[1]
    assert await storage.turn_clock(record.id, 2) is None
    assert await storage.clocks_of(record.id) == [clocks[0], clocks[1]]
    assert await storage.clocks_of(record.id + 1) == []

    assert await storage.advance_clock(record.id, 1, clocks[1].called_at, 1)
    assert not await storage.advance_clock(record.id, 1, clocks[1].called_at, 1), "fires once"
    assert not await storage.advance_clock(record.id, 0, "an older call", 1)

    assert not await storage.save(record, 0, calls={}), "a stale save leaves the clocks alone"
    assert len(await storage.turn_clocks()) == 2

    # Seat 1 acts and is still called: its clock starts over; seat 0, no longer called, drops out.
    acted = ActionRecord(actor_id=GUEST, seat=1, action={"type": "keep"})
    saved = await storage.save(record, 1, acted, calls={1: GUEST})
    assert saved is not None and saved.called == set()
    restarted = await storage.turn_clock(record.id, 1)
    assert restarted is not None and restarted.stage == 0 and restarted.called_at >= clocks[1].called_at
    assert await storage.turn_clock(record.id, 0) is None

    # A save without calls (a lobby change, a player's own option) leaves the clocks as they are.
    assert await storage.save(record, 2)
    assert [clock.seat for clock in await storage.turn_clocks()] == [1]

    record.status = "finished"
    assert await storage.save(record, 3, calls={})
    assert await storage.turn_clocks() == [], "the finishing save ends every call"


async def test_a_kept_call_keeps_its_clock_and_notification_and_an_ended_one_goes_to_the_outbox(
    storage: Storage,
) -> None:
    record = await new_game(storage)
    other = await new_game(storage, channel_id=CHANNEL + 1)
    record.status = "active"
    assert await storage.save(record, 0, calls={0: HOST, 1: GUEST})
    first = {clock.seat: clock for clock in await storage.turn_clocks()}
    board = 1_300_000_000_000_000_001
    await storage.record_ping(record.id, [HOST, GUEST], board)
    await storage.advance_clock(record.id, 0, first[0].called_at, 1)

    # Seat 2 acts (the AI, never called): seats 0 and 1 are still called and keep everything.
    ai_move = ActionRecord(actor_id=0, seat=2, action={"type": "x"})
    saved = await storage.save(record, 1, ai_move, calls={0: HOST, 1: GUEST})
    assert saved is not None and saved.called == set()
    kept = {clock.seat: clock for clock in await storage.turn_clocks()}
    assert kept[0] == replace(first[0], stage=1, ping_message_id=board)
    assert kept[1].called_at == first[1].called_at and kept[1].ping_message_id == board
    assert await storage.stale_pings(record.id) == []

    # Seat 0 answers: its call ends, and the message that notified it waits in the outbox.
    answer = ActionRecord(actor_id=HOST, seat=0, action={"type": "y"})
    assert await storage.save(record, 2, answer, calls={1: GUEST})
    assert await storage.stale_pings(record.id) == [StalePing(record.id, CHANNEL, board)]
    assert await storage.stale_pings(other.id) == []

    # A notification that arrives when nobody it names is still called is stale at once.
    late = board + 1
    await storage.record_ping(record.id, [HOST], late)
    assert await storage.turn_clock(record.id, 1) == replace(kept[1], ping_message_id=board)
    assert [ping.message_id for ping in await storage.stale_pings(record.id)] == [board, late]
    await storage.forget_stale_pings([board, late])
    assert await storage.stale_pings(record.id) == []


async def test_a_seat_called_anew_owes_a_notification_once(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    assert await storage.save(record, 0, calls={0: HOST})
    await storage.record_ping(record.id, [HOST], 50)
    saved = await storage.save(record, 1, calls={0: HOST, 1: GUEST})
    assert saved is not None and saved.called == {1}
    owed = [clock.seat for clock in await storage.turn_clocks() if clock.ping_message_id is None]
    assert owed == [1]
    await storage.record_ping(record.id, [HOST, GUEST], 60)
    notified = {clock.seat: clock.ping_message_id for clock in await storage.turn_clocks()}
    assert notified == {0: 50, 1: 60}, "a call already notified keeps its notification"
    assert await storage.stale_pings(record.id) == []


async def test_a_call_answered_at_the_table_leaves_nothing_to_delete(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    assert await storage.save(record, 0, calls={0: HOST})
    await storage.record_ping(record.id, [HOST], AT_THE_TABLE)
    assert (await storage.turn_clock(record.id, 0)).ping_message_id == AT_THE_TABLE  # type: ignore[union-attr]
    assert await storage.save(record, 1, calls={1: GUEST})
    await storage.record_ping(record.id, [HOST], AT_THE_TABLE)
    assert await storage.stale_pings(record.id) == [], "no message was posted, none is to be deleted"


async def test_a_reminder_replaces_the_notification_of_its_call_only(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    assert await storage.save(record, 0, calls={0: HOST, 1: GUEST})
    clocks = {clock.seat: clock for clock in await storage.turn_clocks()}
    await storage.record_ping(record.id, [HOST], 70)
    await storage.record_ping(record.id, [GUEST], AT_THE_TABLE)

    await storage.replace_ping(record.id, 0, clocks[0].called_at, 71)
    await storage.replace_ping(record.id, 1, clocks[1].called_at, 72)
    notified = {clock.seat: clock.ping_message_id for clock in await storage.turn_clocks()}
    assert notified == {0: 71, 1: 72}
    assert [ping.message_id for ping in await storage.stale_pings(record.id)] == [70]

    # Seat 0 acts and must go on: its clock starts over and its notification is moot (they are at
    # the table); a reminder of the call that ended meanwhile is stale at once.
    answer = ActionRecord(actor_id=HOST, seat=0, action={"type": "y"})
    assert await storage.save(record, 1, answer, calls={0: HOST, 1: GUEST})
    await storage.replace_ping(record.id, 0, clocks[0].called_at, 73)
    assert (await storage.turn_clock(record.id, 0)).ping_message_id == AT_THE_TABLE  # type: ignore[union-attr]
    assert [ping.message_id for ping in await storage.stale_pings(record.id)] == [70, 71, 73]


async def test_clocks_are_repaired_only_from_the_version_they_were_read_from(storage: Storage) -> None:
    record = await new_game(storage)
    record.status = "active"
    assert await storage.save(record, 0)
    assert await storage.sync_clocks(record.id, 1, {1: GUEST}) == {1}
    assert await storage.sync_clocks(record.id, 1, {1: GUEST}) == set(), "nothing to repair twice"
    assert await storage.sync_clocks(record.id, 0, {0: HOST}) is None, "the game has moved on"
    assert [clock.seat for clock in await storage.turn_clocks()] == [1]
    record.status = "finished"
    assert await storage.save(record, 1)
    assert await storage.sync_clocks(record.id, 2, {1: GUEST}) is None, "a finished game calls nobody"


async def test_the_board_version_is_recorded_for_the_live_board_and_never_moves_back(
    storage: Storage,
) -> None:
    record = await new_game(storage)
    lobby = await new_game(storage, channel_id=CHANNEL + 1)
    board = 1_300_000_000_000_000_001
    await storage.replace_message(record.id, board)
    await storage.replace_message(lobby.id, board + 5)
    record.status = "active"
    assert await storage.save(record, 0)
    assert [game.id for game in await storage.stale_boards()] == [record.id], "lobbies are not boards"

    await storage.board_shown(record.id, board, 1)
    shown = await storage.game(record.id)
    assert shown is not None and shown.board_version == 1 and shown.version == 1
    assert await storage.stale_boards() == []
    await storage.board_shown(record.id, board, 0)
    assert (await storage.game(record.id)).board_version == 1, "never moved back"  # type: ignore[union-attr]

    assert await storage.save(record, 1)
    await storage.board_shown(record.id, board + 1, 2)
    assert (await storage.game(record.id)).board_version == 1, "only the game's own board counts"  # type: ignore[union-attr]
    assert [game.id for game in await storage.stale_boards()] == [record.id]

    record.status = "finished"
    assert await storage.save(record, 2, calls={})
    assert [game.id for game in await storage.stale_boards()] == [record.id], "the final board is owed"
    await storage.board_shown(record.id, board, 3)
    assert await storage.stale_boards() == []


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
    assert sorted(await storage.game_references()) == [
        ("actions", "game_id"),
        ("stale_pings", "game_id"),
        ("turn_clocks", "game_id"),
    ]
