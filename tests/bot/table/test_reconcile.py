"""Reconciling a running game with its saved state, in the bot's own process: clocks that do not
match the state are rebuilt and their players notified once, a board whose message is gone is posted
again with its controls, a finished game's final board that was never shown is drawn, and running it
again changes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.app import GameBot
from bot.storage import TurnClock
from bot.table.boards import ping_nonce
from bot.ui.messages import is_ping_text
from rules.cell.engine import legal_actions
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.table.crashing import board_versions, notifications
from tests.fakediscord.fake import FakeDiscord


def _write(database: Path, sql: str, *parameters: object) -> None:
    """Changes the database behind the bot's back, as a crash of an older version or a hand repair
    leaves it."""
    with sqlite3.connect(database) as connection:
        connection.execute(sql, parameters)


async def _two_player_game(fake: FakeDiscord, bot: GameBot) -> CellTable:
    table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
    await table.open(["goku", "vegeta"])
    return table


async def test_clocks_that_do_not_match_the_state_are_rebuilt_and_notified_once(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord() as fake, fake.running(make_bot(fake, database, seed=3)) as bot:
        table = await _two_player_game(fake, bot)
        record = await table.record()
        bob, carol = fake.users.bob, fake.users.carol
        # Bob must act; the clocks say Carol does (as a lost clock write once left them).
        _write(database, "DELETE FROM turn_clocks")
        _write(
            database,
            "INSERT INTO turn_clocks (game_id, seat, user_id, called_at, ping_message_id) "
            "VALUES (?, 1, ?, ?, ?)",
            record.id,
            carol.id,
            "2026-01-01T00:00:00.000+00:00",
            record.message_id,
        )
        since = fake.snowflakes.next()

        await bot.reconciler.reconcile_all()
        await fake.settle()

        clocks = await bot.service.storage.clocks_of(record.id)
        assert [(clock.seat, clock.user_id) for clock in clocks] == [(0, bob.id)]
        ping = table.channel.messages[clocks[0].ping_message_id]
        assert is_ping_text(ping.content) and str(bob.id) in ping.content
        assert notifications(table.channel, bob.id, since) == 1
        # Carol's notification was the board itself (as older versions of the bot posted them):
        # retired, but the board stays.
        assert record.message_id in table.channel.messages
        assert notifications(table.channel, carol.id, since) == 0
        assert await bot.service.storage.stale_pings(record.id) == [], "Carol's notification was retired"

        await bot.reconciler.reconcile_all()
        await fake.settle()
        assert notifications(table.channel, bob.id, since) == 1, "reconciling again notifies nobody"
        assert await bot.service.storage.clocks_of(record.id) == clocks


async def test_a_stale_board_whose_message_is_gone_is_posted_again_with_its_controls(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord() as fake, fake.running(make_bot(fake, database, seed=3)) as bot:
        table = await _two_player_game(fake, bot)
        state = await table.state()
        await table.play(state, passive(state, legal_actions(state, state.active_seat)))
        record = await table.record()
        gone = record.message_id
        del table.channel.messages[gone]
        _write(database, "UPDATE games SET board_version = version - 1 WHERE id = ?", record.id)

        await bot.reconciler.reconcile_all()
        await fake.settle()

        record = await table.record()
        assert record.message_id != gone and record.board_version == record.version
        assert board_versions(await table.board()) == {record.version}


async def test_a_final_board_never_shown_is_drawn_once(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord() as fake, fake.running(make_bot(fake, database, seed=7)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["piccolo"], difficulty="challenge")
        await table.play_out(passive)
        record = await table.record()
        board = await table.board()
        _write(database, "UPDATE games SET board_version = NULL WHERE id = ?", record.id)
        board.components = []

        await bot.reconciler.reconcile_all()
        await fake.settle()

        assert (await table.record()).board_version == record.version
        assert (await table.board()).button_labels == ["Rematch"]
        assert await bot.service.storage.stale_boards() == []


def test_a_notification_nonce_is_the_same_for_the_same_calls_and_fits_discord() -> None:
    first = TurnClock(7, 0, 11, "2026-01-01T00:00:00.000+00:00", 0, None)
    second = TurnClock(7, 2, 12, "2026-01-01T00:00:00.000+00:00", 0, None)
    assert ping_nonce(7, [first, second]) == ping_nonce(7, [second, first])
    assert ping_nonce(7, [first]) != ping_nonce(8, [first]) != ping_nonce(7, [second])
    assert len(ping_nonce(7, [first, second])) <= 25
