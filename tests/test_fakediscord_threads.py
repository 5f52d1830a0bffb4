"""Self-tests of the fake Discord's threads, driving a small bot through real discord.py."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeThread

pytest_plugins = ["tests.fakediscord.plugin"]

THREAD_ARCHIVED, THREAD_LOCKED, MISSING_PERMISSIONS = 50083, 160005, 50013


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"table:(?P<game>\d+):move"):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Move", custom_id=f"table:{game}:move"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.Thread)
        where = f"{channel.name} in #{channel.parent.name if channel.parent else '?'}"
        await interaction.response.edit_message(content=f"{interaction.user.name} moved ({where})")


def table_bot() -> commands.Bot:
    """``/table start`` posts a lobby and opens a thread on it with the game's first board;
    ``/table close``, typed in the thread, archives it and posts the result in the parent."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    table = app_commands.Group(name="table", description="Game tables")

    @table.command(name="start", description="Start a game in a thread")
    async def start(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Game 5: lobby")
        lobby = await interaction.original_response()
        thread = await lobby.create_thread(name="Game 5")
        view = discord.ui.View(timeout=None)
        view.add_item(MoveButton(5))
        await thread.send("Round 1", view=view)

    @table.command(name="close", description="End the game of this thread")
    async def close(interaction: discord.Interaction) -> None:
        thread = interaction.channel
        assert isinstance(thread, discord.Thread) and thread.parent is not None
        await interaction.response.send_message("Closing the table")
        await thread.edit(archived=True)
        await thread.parent.send("Game 5 is over")

    bot.tree.add_command(table)

    async def setup_hook() -> None:
        bot.add_dynamic_items(MoveButton)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_a_thread_started_from_a_message_has_its_id_and_reaches_the_bot(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    async with fake.running(table_bot()) as bot:
        started = await fake.slash(fake.users.alice, "table start")
        [thread] = fake.threads_of(general)
        cached = bot.get_channel(thread.id)

        assert started.message is not None and thread.id == started.message.id
        assert isinstance(cached, discord.Thread), "THREAD_CREATE put the thread in the bot's cache"
        assert cached.parent_id == general.id and cached.owner_id == fake.bot_user.id
        assert cached.type is discord.ChannelType.public_thread and not cached.archived
        assert started.message.thread is thread and started.message.payload()["thread"]["id"] == str(
            thread.id
        )
        assert started.message.flags & (1 << 5), "the lobby carries HAS_THREAD"
        assert fake.parent_of(thread) is general and thread.kind == 11
        [board] = fake.bot_messages(thread)
        assert board.channel_id == thread.id and board.content == "Round 1"
        assert thread.payload()["message_count"] == 1 and thread.payload()["member_count"] == 1


async def test_interactions_in_a_thread_carry_the_thread(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(table_bot()):
        await fake.slash(fake.users.alice, "table start")
        [thread] = fake.threads_of(fake.guild.channel("general"))
        [board] = fake.bot_messages(thread)
        moved = await fake.click(fake.users.bob, board, "Move")

    payload = moved.interaction.payload
    assert payload["channel_id"] == str(thread.id)
    assert payload["channel"]["type"] == 11 and payload["channel"]["parent_id"] == str(thread.parent_id)
    assert payload["channel"]["thread_metadata"]["archived"] is False
    assert discord.Permissions(int(payload["app_permissions"])).send_messages_in_threads
    assert board.content == "bob moved (Game 5 in #general)"


async def test_archiving_a_thread_and_posting_the_result_in_its_parent(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    async with fake.running(table_bot()) as bot:
        await fake.slash(fake.users.alice, "table start")
        [thread] = fake.threads_of(general)
        closed = await fake.slash(fake.users.alice, "table close", channel=thread)

        assert thread.archived and bot.get_channel(thread.id) is None, "THREAD_UPDATE told the bot"
        assert closed.message is not None and closed.message.channel_id == thread.id
        assert [message.content for message in fake.bot_messages(general)] == [
            "Game 5: lobby",
            "Game 5 is over",
        ]
        # Posting into an archived thread that nobody locked brings it back, as on Discord.
        await bot.get_partial_messageable(thread.id).send("One more thing")
        assert not thread.archived
        assert isinstance(bot.get_channel(thread.id), discord.Thread)


async def test_a_locked_archived_thread_refuses_posts_and_edits(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    async with fake.running(table_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="Game 6")
        board = await thread.send("board")
        with pytest.raises(discord.Forbidden) as no_lock:
            await thread.edit(locked=True)
        assert no_lock.value.code == MISSING_PERMISSIONS, "locking needs Manage Threads"

        fake.guild.bot_role.permissions |= discord.Permissions(manage_threads=True)
        thread = await thread.edit(locked=True, archived=True)
        fake.guild.bot_role.permissions &= ~discord.Permissions(manage_threads=True)
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("too late")
        with pytest.raises(discord.HTTPException) as not_edited:
            await board.edit(content="changed")
        await board.delete()

    [fake_thread] = fake.threads_of(games)
    assert refused.value.status == 400 and refused.value.code == THREAD_ARCHIVED
    assert not_edited.value.code == THREAD_ARCHIVED
    assert fake_thread.archived and fake_thread.locked and fake.bot_messages(fake_thread) == []


async def test_thread_permissions_are_those_of_discord(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    async with fake.running(table_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        games.bot_denied = discord.Permissions(create_public_threads=True)
        lobby = await channel.send("lobby")
        with pytest.raises(discord.Forbidden) as not_created:
            await lobby.create_thread(name="Game 8")
        games.bot_denied = discord.Permissions.none()
        thread = await lobby.create_thread(name="Game 8")
        games.bot_denied = discord.Permissions(send_messages_in_threads=True)
        with pytest.raises(discord.Forbidden) as not_sent:
            await thread.send("board")
        await channel.send("the parent channel still takes messages")
        with pytest.raises(discord.HTTPException) as twice:
            await lobby.create_thread(name="Game 8 again")
        with pytest.raises(discord.Forbidden):
            await thread.delete()

    assert not_created.value.code == MISSING_PERMISSIONS and not_sent.value.code == MISSING_PERMISSIONS
    assert twice.value.code == 160004
    assert not fake.bot_messages(fake.threads_of(games)[0])


async def test_a_private_thread_without_a_message_survives_a_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    async with fake.running(table_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        secret = await channel.create_thread(name="Secret hands", type=discord.ChannelType.private_thread)
        public = await channel.create_thread(name="Old game", type=discord.ChannelType.public_thread)
        await public.edit(archived=True)
        fetched = await bot.fetch_channel(secret.id)

    assert isinstance(fetched, discord.Thread) and fetched.type is discord.ChannelType.private_thread
    assert fetched.me is not None, "the bot is a member of the thread it created"
    private, archived = fake.threads_of(games)
    assert isinstance(private, FakeThread) and private.kind == 12 and archived.archived
    async with fake.running(table_bot()) as bot:
        assert isinstance(bot.get_channel(private.id), discord.Thread), "GUILD_CREATE lists active threads"
        assert bot.get_channel(archived.id) is None, "but not archived ones"


async def test_deleting_a_thread_needs_manage_threads_and_tells_the_bot(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    fake.guild.bot_role.permissions |= discord.Permissions(manage_threads=True)
    async with fake.running(table_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="Game 9")
        await thread.send("board")
        await thread.delete()
        await fake.settle()
        assert bot.get_channel(thread.id) is None

    assert fake.threads_of(games) == []
    assert not games.messages[lobby.id].flags & (1 << 5)
