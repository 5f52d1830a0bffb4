"""Self-tests of the fake Discord, driving a small bot defined here through real discord.py."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import (
    DiscordContractError,
    FakeDiscord,
    InteractionAnsweredTwice,
    InteractionNotAnswered,
    UnknownRouteError,
    UserActionError,
)

pytest_plugins = ["tests.fakediscord.plugin"]

LATE_ANSWER_SECONDS = 0.4
SHORT_DEADLINE_SECONDS = 0.2


def png(color: str, size: tuple[int, int] = (64, 48)) -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    buffer.seek(0)
    return discord.File(buffer, filename="board.png", description=f"a {color} board")


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"game:(?P<game>\d+):join"):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(label="Join", style=discord.ButtonStyle.primary, custom_id=f"game:{game}:join")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} joined game {self.game}")


class RedrawButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"game:(?P<game>\d+):redraw"):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Redraw", custom_id=f"game:{game}:redraw"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> RedrawButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        image = await asyncio.to_thread(png, "blue")
        await interaction.edit_original_response(attachments=[image])


class FighterSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"game:(?P<game>\d+):fighter"):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"game:{game}:fighter",
                placeholder="Pick your fighter",
                options=[discord.SelectOption(label=name.title(), value=name) for name in ("goku", "vegeta")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> FighterSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = ", ".join(self.item.values)
        await interaction.response.send_message(f"You picked {picked}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Name your fighter"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Fighter name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Welcome, {self.name.value}!")


def game_view(game: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game))
    view.add_item(RedrawButton(game))
    view.add_item(FighterSelect(game))
    return view


def make_bot(sync_to_guild: int | None = None, sharded: bool = False) -> commands.Bot:
    """A bot with test commands; ``sharded`` makes it an AutoShardedBot on every recommended shard."""
    bot_type = commands.AutoShardedBot if sharded else commands.Bot
    bot = bot_type(command_prefix="!", intents=discord.Intents.default())
    cell = app_commands.Group(name="cell", description="Perfect Cell games")

    @cell.command(name="start", description="Start a game")
    @app_commands.choices(
        difficulty=[
            app_commands.Choice(name="Easy", value="easy"),
            app_commands.Choice(name="Hard", value="hard"),
        ]
    )
    async def start(
        interaction: discord.Interaction, difficulty: app_commands.Choice[str], seats: int = 4
    ) -> None:
        await interaction.response.send_message(
            f"Game 7 ({difficulty.value}, {seats} seats)", view=game_view(7), file=png("red")
        )

    @cell.command(name="hand", description="Show your secret hand")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name}'s hand: 3 senzu", ephemeral=True)

    @cell.command(name="board", description="Draw the board (slowly)")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        image = await asyncio.to_thread(png, "green")
        await interaction.followup.send("The board", file=image)
        await interaction.followup.send("Only you see this", ephemeral=True)

    @cell.command(name="where", description="Say where you are")
    async def where(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None and isinstance(interaction.channel, discord.TextChannel)
        member = interaction.guild.get_member(interaction.user.id) or interaction.user
        await interaction.response.send_message(
            f"{member.name} in {interaction.guild.name} #{interaction.channel.name}", view=game_view(3)
        )

    @cell.command(name="rename", description="Name your fighter")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @cell.command(name="slow", description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(LATE_ANSWER_SECONDS)
        await interaction.response.send_message("Sorry, I was thinking")

    @cell.command(name="twice", description="Answers two times")
    async def twice(interaction: discord.Interaction) -> None:
        await asyncio.gather(
            interaction.response.send_message("one"),
            interaction.response.send_message("two"),
            return_exceptions=True,
        )

    @cell.command(name="shout", description="Says too much")
    async def shout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("A" * 2500)

    @cell.command(name="duel", description="Challenge someone")
    async def duel(interaction: discord.Interaction, opponent: discord.Member) -> None:
        await interaction.response.send_message(f"{interaction.user.name} challenges {opponent.name}")

    @cell.command(name="announce", description="Post, edit and tidy up channel messages")
    async def announce(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        posted = await channel.send("Round 1", file=png("red"))
        await posted.edit(content="Round 2", attachments=[png("yellow")])
        fetched = await channel.fetch_message(posted.id)
        scratch = await channel.send("scratch")
        await scratch.delete()
        await interaction.response.send_message(f"Announced: {fetched.content}")
        await interaction.delete_original_response()

    gm = app_commands.Group(
        name="gm",
        description="Game master tools",
        default_permissions=discord.Permissions(manage_channels=True),
    )
    game = app_commands.Group(name="game", description="Manage games", parent=gm)

    @game.command(name="reset", description="Reset a game")
    async def reset(interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.send_message(f"Game {game_id} reset")

    bot.tree.add_command(cell)
    bot.tree.add_command(gm)

    async def setup_hook() -> None:
        bot.add_dynamic_items(JoinButton, RedrawButton, FighterSelect)
        if sync_to_guild is None:
            await bot.tree.sync()
        else:
            bot.tree.copy_global_to(guild=discord.Object(sync_to_guild))
            await bot.tree.sync(guild=discord.Object(sync_to_guild))

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        """Discord lets one shard identify every 5 s; the fake lets them all in at once."""

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    return bot


async def test_slash_command_reaches_the_bot_with_its_options(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        result = await fake.slash(fake.users.alice, "cell start", difficulty="hard", seats=3)

    assert result.response_type == 4
    assert result.message is not None
    assert result.message.content == "Game 7 (hard, 3 seats)"
    assert result.message.button_labels == ["Join", "Redraw"]
    assert fake.image(result).size == (64, 48)


async def test_clicking_a_button_updates_the_message_in_place(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")
        clicked = await fake.click(fake.users.bob, started, "Join")

    assert clicked.response_type == 7
    assert clicked.message is started.message
    assert started.message is not None and started.message.content == "bob joined game 7"
    assert started.message.edited_timestamp is not None


async def test_select_sends_an_ephemeral_answer_only_the_picker_sees(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot()):
        started = await fake.slash(users.alice, "cell start", difficulty="easy")
        picked = await fake.select(users.carol, started, ["vegeta"])

    assert picked.message is not None
    assert picked.message.ephemeral
    assert picked.message.content == "You picked vegeta"
    general = fake.guild.channel("general")
    assert [m.content for m in fake.channel_view(general, as_user=users.carol)][-1] == "You picked vegeta"
    assert picked.message not in fake.channel_view(general, as_user=users.dave)


async def test_ephemeral_messages_are_kept_per_user(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob = fake.users.alice, fake.users.bob
    games = fake.guild.channel("games")
    async with fake.running(make_bot()):
        await fake.slash(alice, "cell hand", channel=games)
        await fake.slash(bob, "cell hand", channel=games)

    assert [m.content for m in fake.channel_view(games, as_user=alice)] == ["alice's hand: 3 senzu"]
    assert [m.content for m in fake.channel_view(games, as_user=bob)] == ["bob's hand: 3 senzu"]
    assert fake.channel_view(games, as_user=fake.users.carol) == []


async def test_deferred_answer_is_resolved_by_the_first_followup(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        result = await fake.slash(fake.users.dave, "cell board")

    assert result.response_type == 5
    assert result.message is not None
    assert not result.message.loading
    assert result.message.content == "The board"
    assert fake.image(result.message).getpixel((0, 0)) == (0, 128, 0)
    [secret] = result.followups
    assert secret.ephemeral and secret.visible_to is fake.users.dave


async def test_editing_with_a_new_file_replaces_the_attachments(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")
        assert started.message is not None
        [red] = started.message.attachments
        redrawn = await fake.click(fake.users.erin, started, "Redraw")

    assert redrawn.response_type == 6
    [blue] = started.message.attachments
    assert blue.id != red.id
    assert blue.description == "a blue board"
    assert fake.image(started).getpixel((0, 0)) == (0, 0, 255)


async def test_modal_opens_and_its_submission_reaches_the_bot(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        opened = await fake.slash(fake.users.frank, "cell rename")
        assert opened.response_type == 9
        assert opened.modal is not None and opened.modal["title"] == "Name your fighter"
        submitted = await fake.submit_modal(fake.users.frank, opened, {"Fighter name": "Gohan"})

    assert submitted.message is not None
    assert submitted.message.content == "Welcome, Gohan!"


async def test_buttons_on_old_messages_work_after_a_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")

    async with fake.running(make_bot()):
        await fake.click(fake.users.bob, started, "Join")

    assert started.message is not None and started.message.content == "bob joined game 7"


async def test_simultaneous_clicks_are_all_answered(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot()):
        started = await fake.slash(users.alice, "cell start", difficulty="easy")
        results = await fake.together(
            *(fake.click(user, started, "Join") for user in (users.bob, users.carol))
        )

    assert [result.response_type for result in results] == [7, 7]


async def test_an_answer_after_the_deadline_fails_the_test() -> None:
    async with FakeDiscord(answer_deadline=SHORT_DEADLINE_SECONDS) as fake:
        async with fake.running(make_bot()):
            with pytest.raises(
                InteractionNotAnswered, match=r"/cell slow by alice was not answered within 0.2 s"
            ):
                await fake.slash(fake.users.alice, "cell slow")
            await fake.settle()

        late_answer = fake.requests[-1]
        assert late_answer.template == "/interactions/{interaction_id}/{interaction_token}/callback"
        assert late_answer.status == 404


async def test_answering_twice_fails_the_test(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        with pytest.raises(InteractionAnsweredTwice, match=r"/cell twice by bob was answered twice"):
            await fake.slash(fake.users.bob, "cell twice")


async def test_an_invalid_request_body_is_caught_with_its_path_and_schema_error(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=general.id)
    body = {"content": "hi", "embeds": [{"title": 9001}, {}, {}]}
    async with fake.running(make_bot()) as bot:
        with pytest.raises(discord.HTTPException, match="Invalid Form Body"):
            await bot.http.request(route, json=body)

    expected = r"POST /channels/\{channel_id\}/messages .*\n  \$\.embeds\[0\]\.title: 9001 is not of type"
    with pytest.raises(DiscordContractError, match=expected):
        fake.check()
    assert fake.channel_view(general, as_user=fake.users.alice) == []


async def test_two_components_of_one_message_with_one_custom_id_are_refused(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=general.id)
    menu = {"type": 3, "custom_id": "same", "options": [{"label": "A", "value": "a"}]}
    body = {"content": "hi", "components": [{"type": 1, "components": [menu]}] * 2}
    async with fake.running(make_bot()) as bot:
        with pytest.raises(discord.HTTPException, match="Invalid Form Body"):
            await bot.http.request(route, json=body)

    with pytest.raises(DiscordContractError, match=r"custom id 'same' is used twice"):
        fake.check()
    assert fake.channel_view(general, as_user=fake.users.alice) == []


async def test_bot_code_breaking_the_spec_fails_the_interaction(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        with pytest.raises(DiscordContractError, match=r"\$\.data\.content: 'A+… is too long"):
            await fake.slash(fake.users.carol, "cell shout")


async def test_unknown_routes_answer_404_and_are_recorded(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    route = discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=fake.guild.id)
    async with fake.running(make_bot()) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(route)

    assert [request.path for request in fake.unknown_requests] == [f"/guilds/{fake.guild.id}/bans"]
    with pytest.raises(UnknownRouteError, match="GET /guilds/"):
        fake.check()


async def test_users_cannot_do_what_discord_would_not_let_them(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        hand = await fake.slash(fake.users.alice, "cell hand")
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")
        with pytest.raises(UserActionError, match="must be one of"):
            await fake.slash(fake.users.alice, "cell start", difficulty="impossible")
        with pytest.raises(UserActionError, match="cannot see"):
            await fake.click(fake.users.bob, hand, "Join")
        with pytest.raises(UserActionError, match="no button 'Leave'"):
            await fake.click(fake.users.bob, started, "Leave")


async def test_user_options_arrive_as_members(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        result = await fake.slash(fake.users.erin, "cell duel", opponent=fake.users.frank)

    assert result.message is not None and result.message.content == "erin challenges frank"


async def test_channel_messages_can_be_posted_edited_fetched_and_deleted(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    async with fake.running(make_bot()):
        result = await fake.slash(fake.users.bob, "cell announce", channel=games)

    assert result.message is None
    [announcement] = fake.channel_view(games, as_user=fake.users.carol)
    assert announcement.content == "Round 2"
    assert fake.image(announcement).getpixel((0, 0)) == (255, 255, 0)


async def test_injected_faults_fail_or_delay_the_next_requests_to_a_route(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    fake.inject_fault("PATCH", "/channels/{channel_id}/messages/{message_id}", delay=0.05)
    fake.inject_fault(
        "POST", "/channels/{channel_id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    async with fake.running(make_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.Forbidden, match="Missing Permissions"):
            await channel.send("refused")
        posted = await channel.send("accepted")
        await posted.edit(content="edited late")

    assert [message.content for message in fake.channel_view(games, as_user=fake.users.carol)] == [
        "edited late"
    ]
    assert [request.status for request in fake.requests if request.method == "POST"][-2:] == [403, 200]
    with pytest.raises(UserActionError, match="not a route"):
        fake.inject_fault("POST", "/no/such/route")


async def test_subcommand_groups_and_member_permissions_are_honoured(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        result = await fake.slash(fake.users.alice, "gm game reset", game_id=12)
        with pytest.raises(UserActionError, match="bob lacks the permissions /gm requires"):
            await fake.slash(fake.users.bob, "gm game reset", game_id=12)

    assert result.message is not None and result.message.content == "Game 12 reset"


async def test_guild_commands_are_found_before_global_ones(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot(sync_to_guild=fake.guild.id)):
        result = await fake.slash(fake.users.alice, "cell hand")

    assert result.interaction.payload["data"]["guild_id"] == str(fake.guild.id)
    assert {command["name"] for command in fake.synced_commands[fake.guild.id]} == {"cell", "gm"}


async def test_the_bot_resumes_after_losing_the_gateway(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with fake.running(make_bot()):
        await fake.interrupt_gateway()
        result = await fake.slash(fake.users.dave, "cell hand")

    assert result.message is not None and result.message.content == "dave's hand: 3 senzu"


async def test_privileged_intents_are_refused_like_discord_does(fake_discord: FakeDiscord) -> None:
    greedy = commands.Bot(command_prefix="!", intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with fake_discord.running(greedy):
            pytest.fail("the bot connected with privileged intents")


async def test_every_guild_arrives_with_its_channels_and_members() -> None:
    async with FakeDiscord(guilds=3, channels_per_guild=4) as fake, fake.running(make_bot()) as bot:
        assert fake.guild is fake.guilds[0] and fake.guild.name == "Kame House"
        assert [guild.id for guild in sorted(bot.guilds, key=lambda g: g.id)] == [g.id for g in fake.guilds]
        for fake_guild in fake.guilds:
            guild = bot.get_guild(fake_guild.id)
            assert guild is not None and guild.name == fake_guild.name
            assert [channel.name for channel in guild.text_channels] == [
                "general",
                "games",
                "table-3",
                "table-4",
            ]
            assert guild.member_count == len(list(fake.users)) + 1
            assert guild.me.guild_permissions.manage_messages


async def test_a_sharded_bot_hears_each_guild_on_its_own_shard() -> None:
    async with FakeDiscord(guilds=2, shard_count=2) as fake, fake.running(make_bot(sharded=True)) as bot:
        assert bot.shard_count == 2, "the shard count comes from GET /gateway/bot"
        assert sorted(fake.gateway.shards) == [0, 1]
        shard_of_guild = {guild.id: guild.shard_id for guild in bot.guilds}
        assert shard_of_guild == {fake.guilds[0].id: 0, fake.guilds[1].id: 1}
        first, general = fake.gateway.shards[0], fake.guilds[1].channel("general")
        heard_before = first.sequence
        said = await fake.slash(fake.users.carol, "cell where", channel=general)
        assert first.sequence == heard_before, "shard 0 heard nothing of the other guild"
        assert said.message is not None and said.message.content == f"carol in {fake.guilds[1].name} #general"
        misrouted = await fake.slash(fake.users.carol, "cell where", channel=general, shard_id=0)
        assert first.sequence == heard_before + 1, "shard 0 heard only the misrouted interaction"
        assert misrouted.message is not None


async def test_a_shard_outside_the_shard_count_is_refused() -> None:
    beyond = commands.Bot(command_prefix="!", intents=discord.Intents.default(), shard_id=2, shard_count=2)
    async with FakeDiscord() as fake:
        with pytest.raises(discord.ConnectionClosed) as refused:
            async with fake.running(beyond):
                pytest.fail("the bot connected on a shard that does not exist")
    assert refused.value.code == 4010


async def test_interactions_in_another_guild_carry_its_guild_and_channel() -> None:
    async with FakeDiscord(guilds=2, channels_per_guild=3) as fake, fake.running(make_bot()):
        far = fake.guilds[1].channel("table-3")
        said = await fake.slash(fake.users.carol, "cell where", channel=far)
        assert said.message is not None and said.message.content == f"carol in {fake.guilds[1].name} #table-3"
        joined = await fake.click(fake.users.dave, said, "Join")
        moderated = await fake.slash(fake.users.alice, "gm game reset", channel=far, game_id=4)

    assert said.interaction.payload["guild_id"] == str(fake.guilds[1].id)
    assert said.message.channel_id == far.id and fake.world.channel_by_id(far.id) is far
    assert fake.world.find_message(said.message.id) is said.message
    assert joined.message is said.message and said.message.content == "dave joined game 3"
    assert moderated.message is not None and moderated.message.content == "Game 4 reset"
    assert not fake.guild.channel("general").messages


async def test_commands_synced_to_one_guild_exist_only_there() -> None:
    async with FakeDiscord(guilds=2) as fake, fake.running(make_bot(sync_to_guild=fake.guilds[1].id)):
        there = await fake.slash(fake.users.bob, "cell hand", channel=fake.guilds[1].channel("games"))
        with pytest.raises(UserActionError, match="not a registered command in Kame House"):
            await fake.slash(fake.users.bob, "cell hand", channel=fake.guild.channel("games"))

    assert there.interaction.payload["data"]["guild_id"] == str(fake.guilds[1].id)
    assert set(fake.synced_commands) == {fake.guilds[1].id}


async def test_without_settling_an_action_returns_as_soon_as_it_is_answered() -> None:
    async with (
        FakeDiscord(guilds=2, settle_after_actions=False) as fake,
        fake.running(make_bot()),
    ):
        games_channels = [guild.channel("games") for guild in fake.guilds]
        boards = await asyncio.gather(
            *(fake.slash(fake.users.erin, "cell board", channel=channel) for channel in games_channels)
        )
        assert all(board.response_type == 5 for board in boards)
        assert all(board.message is not None and board.message.loading for board in boards)
        await fake.settle()

    for board in boards:
        assert board.message is not None and board.message.content == "The board"
        assert not board.message.loading


async def test_without_checking_its_own_payloads_the_fake_still_checks_every_request() -> None:
    async with FakeDiscord(check_own_payloads=False) as fake, fake.running(make_bot()):
        with pytest.raises(DiscordContractError, match=r"\$\.data\.content: 'A+… is too long"):
            await fake.slash(fake.users.carol, "cell shout")
