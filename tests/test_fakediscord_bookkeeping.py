"""Self-tests of what the fake Discord keeps for tests to count: the bot's messages and uploads per
channel, each user's ephemeral messages, modals across a restart, and the message events the bot hears."""

from __future__ import annotations

import asyncio
import io
import re
from types import SimpleNamespace
from typing import Any

import discord
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord

pytest_plugins = ["tests.fakediscord.plugin"]


def board_image(round_number: int) -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (round_number * 40, 0, 0)).save(buffer, format="PNG")
    buffer.seek(0)
    return discord.File(buffer, filename="board.png")


def board_view(round_number: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextButton(round_number))
    return view


class NextButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"board:(?P<round>\d+):next"):
    """Collapses the board it is on to one line and posts the next one."""

    def __init__(self, round_number: int) -> None:
        super().__init__(discord.ui.Button(label="Next", custom_id=f"board:{round_number}:next"))
        self.round_number = round_number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> NextButton:
        return cls(int(match["round"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        collapsed = f"Round {self.round_number} · the board moved ↓"
        await interaction.response.edit_message(content=collapsed, attachments=[], view=None)
        following = self.round_number + 1
        await channel.send(f"Round {following}", file=board_image(following), view=board_view(following))


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"panel:(?P<action>pick|slow|done)"
):
    """A private panel's buttons: Pick updates the panel in place, Slow too after acknowledging the
    click first, Done deletes it."""

    def __init__(self, action: str) -> None:
        super().__init__(discord.ui.Button(label=action.title(), custom_id=f"panel:{action}"))
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "pick":
            await interaction.response.edit_message(content="Picked", view=panel_view())
            return
        if self.action == "slow":
            await interaction.response.defer()
            await asyncio.sleep(0.2)
            await interaction.edit_original_response(content="Picked slowly")
            return
        await interaction.response.defer()
        await interaction.delete_original_response()


def panel_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PanelButton("pick"))
    view.add_item(PanelButton("slow"))
    view.add_item(PanelButton("done"))
    return view


class RenameModal(discord.ui.Modal):
    """A modal whose custom id carries the game it belongs to."""

    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(label="Fighter name", custom_id="name")

    def __init__(self, game: int) -> None:
        super().__init__(title="Name your fighter", custom_id=f"rename:{game}")


def table_bot() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(name="board", description="Post the first board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Round 1", file=board_image(1), view=board_view(1))

    @bot.tree.command(name="panel", description="Open your private panel")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Your panel", view=panel_view(), ephemeral=True)

    @bot.tree.command(name="rename", description="Name your fighter")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal(7))

    async def setup_hook() -> None:
        bot.add_dynamic_items(NextButton, PanelButton)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


def restarted_bot() -> commands.Bot:
    """A new process that knows no open modal: it understands a submission from its custom id alone."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    async def on_interaction(interaction: discord.Interaction) -> None:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id", "")
        if interaction.type is discord.InteractionType.modal_submit and custom_id.startswith("rename:"):
            [row] = data["components"]
            typed = row["components"][0]["value"]
            await interaction.response.send_message(f"Game {custom_id.split(':')[1]}: welcome, {typed}!")

    bot.add_listener(on_interaction)
    return bot


async def test_a_channel_counts_the_bots_messages_and_uploads(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    async with fake.running(table_bot()):
        first = await fake.slash(fake.users.alice, "board")
        await fake.click(fake.users.bob, first, "Next")

    collapsed, live = fake.bot_messages(general)
    assert collapsed is first.message and collapsed.content == "Round 1 · the board moved ↓"
    assert not collapsed.has_image and not collapsed.has_components and collapsed.enabled_controls == 0
    assert live.content == "Round 2" and live.has_image and live.has_components and live.enabled_controls == 1
    history = general.history
    assert history.messages_created == 2 and history.upload_count == 2
    assert history.upload_bytes == sum(upload.size for upload in history.uploads) > 0
    assert all(upload.public for upload in history.uploads)


async def test_an_ephemeral_panel_updated_in_place_is_one_message(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games, bob = fake.guild.channel("games"), fake.users.bob
    async with fake.running(table_bot()):
        opened = await fake.slash(bob, "panel", channel=games)
        await fake.click(bob, opened, "Pick")
        picked = await fake.click(bob, opened, "Pick")
        assert picked.response_type == 7 and picked.message is opened.message
        [panel] = fake.ephemerals(games, bob)
        assert panel.content == "Picked" and fake.ephemerals(games, fake.users.carol) == []
        await fake.click(bob, opened, "Done")
        again = await fake.slash(bob, "panel", channel=games)

    assert fake.ephemerals(games, bob) == [again.message]
    assert games.history.ephemeral_shown[bob.id] == 2
    assert games.history.messages_created == 0, "ephemeral messages are not public ones"


async def test_a_deferred_click_is_shown_once_the_bot_follows_it_up() -> None:
    async with FakeDiscord(settle_after_actions=False) as fake:
        bob = fake.users.bob
        async with fake.running(table_bot()):
            opened = await fake.slash(bob, "panel")
            clicked = await fake.click(bob, opened, "Slow")
            assert clicked.response_type == 6 and clicked.message is not None
            assert clicked.message.content == "Your panel", "the click returns once acknowledged"

            await clicked.shown()

            assert clicked.message.content == "Picked slowly"
            assert clicked.interaction.later_answers == 1


async def test_a_modal_opened_before_a_restart_can_be_submitted_after_it(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(table_bot()):
        opened = await fake.slash(fake.users.frank, "rename")

    async with fake.running(restarted_bot()):
        submitted = await fake.submit_modal(fake.users.frank, opened, {"Fighter name": "Gohan"})

    assert opened.modal is not None and opened.modal["custom_id"] == "rename:7"
    assert submitted.interaction.payload["data"]["custom_id"] == "rename:7"
    assert submitted.message is not None and submitted.message.content == "Game 7: welcome, Gohan!"


async def test_a_bot_with_the_guild_messages_intent_hears_messages_in_channels_and_threads(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    bot = table_bot()
    heard: list[str] = []

    async def on_message(message: discord.Message) -> None:
        heard.append(f"{type(message.channel).__name__}: {message.content}")

    async def on_raw_message_delete(event: discord.RawMessageDeleteEvent) -> None:
        heard.append(f"deleted {event.message_id}")

    bot.add_listener(on_message)
    bot.add_listener(on_raw_message_delete)
    async with fake.running(bot):
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="Game 3")
        board = await thread.send("board")
        await board.delete()
        await fake.settle()

    assert heard == ["TextChannel: lobby", "Thread: board", f"deleted {board.id}"]


async def test_only_the_mentions_a_message_is_created_with_notify(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    bob, carol = fake.users.bob, fake.users.carol
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none()
    )
    async with fake.running(bot):
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        ping = await channel.send(
            f"{bob.mention}, your turn ({carol.mention} waits)",
            # Discord's spec types the ids as strings (discord.py would send integers).
            allowed_mentions=discord.AllowedMentions(users=[SimpleNamespace(id=str(bob.id))]),  # type: ignore[list-item]
        )
        quiet = await channel.send(f"{carol.mention} named but not pinged")
        await quiet.edit(
            content=f"{bob.mention} added by an edit", allowed_mentions=discord.AllowedMentions.all()
        )
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="Game 4")
        await thread.send(f"{carol.mention} joins", allowed_mentions=discord.AllowedMentions(users=True))

    assert [user.id for user in ping.mentions] == [bob.id], "discord.py parsed the mentions"
    assert games.messages[ping.id].notified == [bob]
    stored_quiet = games.messages[quiet.id]
    assert stored_quiet.notified == [] and [member.user for member in stored_quiet.mentions] == [bob]
    [fake_thread] = fake.threads_of(games)
    assert set(fake_thread.joined) == {fake.bot_user.id, carol.id}


async def test_a_message_sent_again_with_its_enforced_nonce_is_the_same_message(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    async with fake.running(table_bot()) as bot:
        channel = bot.get_partial_messageable(general.id)
        first = await channel.send("Your turn", nonce="turn-7")
        again = await channel.send("Your turn", nonce="turn-7")
        other = await channel.send("Your turn", nonce="turn-8")
        await fake.settle()

    assert again.id == first.id and other.id != first.id
    assert [message.id for message in fake.bot_messages(general)] == [first.id, other.id]
    sent = [request for request in fake.requests if request.template == "/channels/{channel_id}/messages"]
    assert [request.body["enforce_nonce"] for request in sent] == [True, True, True], "discord.py enforces it"
