"""Games in threads, end to end through the fake Discord: off by default; on, each game started in a
channel is played in a public thread opened on its lobby, several at once, each thread archived at
its end with a result line in the channel; refused when the bot may not open threads; a thread
deleted or archived by a moderator ends its game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord

from bot.core.server_settings import ServerSettings
from bot.storage import GameRecord
from bot.ui.pacing import WINDOW_SECONDS
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.over9000.test_over9000_bot import policy as duel_policy
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.threads import delete_thread
from tests.fakediscord.world import FakeChannel, FakeThread


def _field(message, name: str) -> str:  # type: ignore[no-untyped-def]
    return next(field["value"] for field in message.embeds[0]["fields"] if field["name"] == name)


async def _threads_on(fake: FakeDiscord) -> None:
    shown = await fake.slash(fake.users.owner, "settings", threads=True)
    assert _field(shown.message, "Games in threads").startswith("on")


def _result_lines(fake: FakeDiscord, channel: FakeChannel) -> list[str]:
    told = [message.content for message in fake.bot_messages(channel)]
    return [line for line in told if line.startswith(("🏁", "🏳️"))]


async def test_games_are_played_in_their_channel_unless_the_server_asks_for_threads(tmp_path: Path) -> None:
    assert ServerSettings().games_in_threads is False
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        channel = fake.guild.channels[0]
        shown = await fake.slash(fake.users.owner, "settings")
        assert _field(shown.message, "Games in threads") == "off"
        await fake.slash(fake.users.bob, "cell start", channel=channel)
        assert fake.threads_of(channel) == []
        record = await bot.service.storage.running_game(channel.id)
        assert record is not None and record.parent_channel_id is None


async def test_two_games_in_one_channel_each_in_its_own_thread_played_to_the_end(tmp_path: Path) -> None:
    # Each thread's messages of any 5 s are counted: the bot keeps Discord's own window.
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7, pace_window=WINDOW_SECONDS)) as bot,
    ):
        users = fake.users
        await _threads_on(fake)
        channel = fake.guild.channels[0]
        cell = CellTable(fake, bot, channel, [users.bob])
        duel = Over9000Table(fake, bot, channel, [users.carol, users.dave])
        await cell.open(["piccolo"])
        await duel.open(["goku", "vegeta"])

        threads = fake.threads_of(channel)
        assert [thread.id for thread in threads] == [cell.channel.id, duel.channel.id]
        storage = bot.service.storage
        for table, thread in zip((cell, duel), threads, strict=True):
            record = await table.record()
            assert record.status == "active" and record.parent_channel_id == channel.id
            assert (await table.board()).channel_id == thread.id
            # The lobby stays in the channel, one line pointing into its thread.
            lobby = channel.messages[thread.id]
            assert "in its thread" in lobby.content and not lobby.has_components and not lobby.has_image
        assert await storage.running_game(channel.id) is None
        # Commands typed in a thread reach that thread's game.
        status = await fake.slash(users.carol, "over9000 status", channel=duel.channel)
        assert status.message is not None and status.message.channel_id == duel.channel.id

        lost = await cell.play_out(passive)
        assert lost.outcome is not None and lost.outcome.result == "loss"
        assert threads[0].archived and not threads[1].archived
        assert (await duel.record()).status == "active"
        won = await duel.play_out(duel_policy)
        assert won.outcome is not None
        assert threads[1].archived

        lines = _result_lines(fake, channel)
        assert len(lines) == 2
        for line, table, thread in zip(lines, (cell, duel), threads, strict=True):
            record = await table.record()
            assert record.thread_closed_at is not None
            assert thread.mention in line and f"/{thread.id}/{record.message_id}" in line
            assert "\n" not in line
        assert lines[0].startswith(f"🏁 Perfect Cell in {threads[0].mention}: <@{users.bob.id}> lost · ")
        assert lines[1].startswith(f"🏁 Over 9000 in {threads[1].mention}: <@")
        assert " won · final board → " in lines[1]
        # The channel itself never showed a board: every image stayed in the threads.
        assert not any(message.has_image for message in fake.bot_messages(channel))
        for thread in threads:
            assert sum(message.has_image for message in fake.bot_messages(thread)) == 1
            assert fake.most_messages_in_window(thread) <= 5
        assert await storage.threads_to_close() == []


async def test_a_start_where_the_bot_may_not_open_threads_starts_nothing(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        await _threads_on(fake)
        channel = fake.guild.channels[1]
        channel.bot_denied = discord.Permissions(create_public_threads=True)
        refused = await fake.slash(fake.users.bob, "cell start", channel=channel)
        assert refused.message.ephemeral
        assert "Create Public Threads" in refused.message.content
        assert "Send Messages in Threads" not in refused.message.content
        channel.bot_denied = discord.Permissions(send_messages_in_threads=True)
        refused = await fake.slash(fake.users.bob, "cell start", channel=channel)
        assert "Send Messages in Threads" in refused.message.content
        assert fake.threads_of(channel) == [] and fake.bot_messages(channel) == []
        assert await bot.service.storage.lobbies() == []


async def _started_duel(fake: FakeDiscord, bot) -> FakeThread:  # type: ignore[no-untyped-def]
    """A two-player Over 9000 game started in the first channel; its thread."""
    await _threads_on(fake)
    duel = Over9000Table(fake, bot, fake.guild.channels[0], [fake.users.carol, fake.users.dave])
    await duel.open(["goku", "vegeta"])
    thread = duel.channel
    assert isinstance(thread, FakeThread)
    return thread


async def _closed(fake: FakeDiscord, bot, thread: FakeChannel) -> GameRecord:  # type: ignore[no-untyped-def]
    """The thread's game once the bot has closed the thread: the gateway's thread events reach
    handlers the fake does not wait for."""
    for _ in range(200):
        record = await bot.service.storage.latest_game(thread.id)
        if record is not None and record.thread_closed_at is not None:
            await fake.settle()
            return record
        await asyncio.sleep(0.025)
    raise AssertionError("the game's thread was never closed")


async def test_a_thread_a_moderator_archives_or_deletes_ends_its_game(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot,
    ):
        channel = fake.guild.channels[0]
        archived = await _started_duel(fake, bot)
        deleted = await _started_duel(fake, bot)
        await fake.moderator_archives(archived)
        await fake.moderator_deletes(deleted)
        for thread, why in ((archived, "archived"), (deleted, "deleted")):
            record = await _closed(fake, bot, thread)
            assert record.status == "abandoned" and record.outcome == f"thread {why}"
            assert record.thread_closed_at is not None
            assert await bot.service.storage.clocks_of(record.id) == []
        lines = _result_lines(fake, channel)
        assert len(lines) == 2
        assert "its thread was archived" in lines[0] and "its thread was deleted" in lines[1]


async def test_a_thread_deleted_while_the_bot_was_away_ends_its_game_at_start_up(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with FakeDiscord(quiet_period=0.02) as fake:
        async with fake.running(make_bot(fake, database, seed=5)) as bot:
            thread = await _started_duel(fake, bot)
        await delete_thread(fake, thread)
        async with fake.running(make_bot(fake, database, seed=5)) as bot:
            record = await _closed(fake, bot, thread)
            assert record.status == "abandoned" and record.outcome == "thread deleted"
            assert "its thread was deleted" in _result_lines(fake, fake.guild.channels[0])[0]


async def test_the_rematch_of_a_game_in_a_thread_gets_a_new_thread_in_its_channel(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot,
    ):
        await _threads_on(fake)
        channel = fake.guild.channels[0]
        cell = CellTable(fake, bot, channel, [fake.users.bob])
        await cell.open(["piccolo"])
        await cell.play_out(passive)
        finished = cell.channel
        assert isinstance(finished, FakeThread) and finished.archived

        answer = await fake.click(fake.users.bob, await cell.board(), "Rematch")
        assert answer.message is not None and answer.message.ephemeral
        assert "rematch lobby is open" in answer.message.content
        first, second = fake.threads_of(channel)
        assert first is finished and first.archived and not second.archived
        rematch = await bot.service.storage.running_game(second.id)
        assert rematch is not None and rematch.parent_channel_id == channel.id
        assert channel.messages[second.id].has_components
        assert f"/{channel.id}/{second.id}" in answer.message.content


async def test_a_lobby_whose_thread_is_archived_closes_without_a_result_line(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        await _threads_on(fake)
        channel = fake.guild.channels[0]
        await fake.slash(fake.users.bob, "cell start", channel=channel)
        (thread,) = fake.threads_of(channel)
        await fake.moderator_archives(thread)
        record = await _closed(fake, bot, thread)
        assert record.status == "abandoned"
        lobby = channel.messages[thread.id]
        assert lobby.content == "This lobby closed: its thread was archived." and not lobby.has_components
        assert _result_lines(fake, channel) == []


async def test_a_game_abandoned_in_its_thread_is_told_in_the_channel(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        thread = await _started_duel(fake, bot)
        await fake.slash(fake.users.carol, "over9000 abandon", channel=thread)
        record = await _closed(fake, bot, thread)
        assert record.status == "abandoned" and thread.archived
        told = _result_lines(fake, fake.guild.channels[0])
        assert told == [f"🏳️ Over 9000 in {thread.mention} was abandoned."]
