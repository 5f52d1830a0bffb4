"""Life around the table: turn changes that ping whoever is not at the table, the turn clock for
absent players (across a restart), lobbies that expire, autoplay for every game, rematches,
per-server settings, and the permission check at start."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import discord

from bot.app import GameBot
from bot.runtime.config import Settings
from bot.ui.messages import is_ping_text
from rules.cell.engine import legal_actions
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.games.over9000.driver import Over9000Table
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.rest import RecordedRequest
from tests.fakediscord.world import FakeChannel, FakeUser

MENTION = re.compile(r"<@!?(\d+)>")
# Three minutes of reminder become 0.9 s, ten minutes of hand-off 3 s, thirty of lobby expiry 9 s.
FAST_CLOCK = 1 / 200


def make_bot(fake: FakeDiscord, database: Path, seed: int = 29, clock_scale: float = 1.0) -> GameBot:
    settings = Settings(
        discord_token=fake.token,
        database_path=database,
        dev_guild_id=fake.guild.id,
        ai_turn_delay=0,
        turn_clock_scale=clock_scale,
    )
    return GameBot(settings, new_seed=lambda: seed)


def notified(request: RecordedRequest) -> set[int]:
    """Whom a new message notifies: users it mentions whom its allowed_mentions let through
    (Discord's default, without allowed_mentions, lets every mention through)."""
    body = request.body or {}
    if request.method != "POST" or not isinstance(body, dict):
        return set()
    if "type" in body:  # an interaction callback: only a new message (4) can notify
        body = body.get("data") or {} if body["type"] == 4 else {}
    named = {int(user) for user in MENTION.findall(body.get("content") or "")}
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return named
    if "users" in (allowed.get("parse") or []):
        return named
    return named & {int(user) for user in allowed.get("users") or []}


def ping_messages(channel: FakeChannel, since: int = 0) -> list[tuple[int, set[int]]]:
    """The messages created in the channel after the message id (or snowflake) ``since`` that
    notified someone: (message id, whom), oldest first, deleted ones included."""
    found: dict[int, set[int]] = {}
    for message_id, user_id in channel.history.notifications:
        if message_id > since:
            found.setdefault(message_id, set()).add(user_id)
    return sorted(found.items())


async def _play_turn(table: CellTable) -> None:
    state = await table.state()
    while (await table.state()).active_seat == state.active_seat and state.outcome is None:
        current = await table.state()
        await table.play(current, passive(current, legal_actions(current, current.active_seat)))


async def test_a_turn_change_pings_the_next_person_once_unless_they_are_at_the_table(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        people = [fake.users.bob, fake.users.carol, fake.users.dave, fake.users.erin]
        table = CellTable(fake, bot, fake.guild.channels[0], people)
        await table.open(["goku", "vegeta", "piccolo", "gohan"])
        [(first, whom)] = ping_messages(table.channel)
        assert whom == {people[0].id}, "the game's first call always pings"
        since = fake.snowflakes.next()

        for _ in range(4):
            await _play_turn(table)

        # Carol, Dave and Erin had not clicked in the game yet; Bob played two minutes ago at most,
        # so he sees the board change and gets no ping.
        sent = ping_messages(table.channel, since)
        assert [whom for _, whom in sent] == [{people[1].id}, {people[2].id}, {people[3].id}]
        texts = [
            request.body["content"]
            for request in fake.requests
            if request.template == "/channels/{channel_id}/messages" and notified(request)
        ]
        assert len(texts) == 4 and all(is_ping_text(text) for text in texts), texts
        assert all(f"/{table.channel.id}/" in text for text in texts), "each links to the board"
        # Each ping was deleted once its person acted: the channel shows the board alone.
        assert all(message_id not in table.channel.messages for message_id in [first] + [m for m, _ in sent])
        board = await table.board()
        assert [message.id for message in fake.bot_messages(table.channel) if message.has_image] == [board.id]


async def test_a_player_away_from_the_table_is_pinged_again(tmp_path: Path) -> None:
    # Two minutes at the table become 2 s (the reminder comes after 3 s).
    clock = 1 / 60
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", clock_scale=clock)) as bot,
    ):
        bob, carol = fake.users.bob, fake.users.carol
        table = CellTable(fake, bot, fake.guild.channels[0], [bob, carol])
        await table.open(["goku", "vegeta"])
        await _play_turn(table)
        since = fake.snowflakes.next()
        await asyncio.sleep(120 * clock)
        await _play_turn(table)
        assert [whom for _, whom in ping_messages(table.channel, since)] == [{bob.id}]


async def _wait_for(condition: Any, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.05)


def _reminders(fake: FakeDiscord, user: FakeUser) -> list[Any]:
    return [
        message
        for message in fake.channel_view(fake.guild.channels[0], as_user=fake.users.frank)
        if message.content and "⏰" in message.content and str(user.id) in message.content
    ]


async def test_an_absent_player_is_reminded_handed_to_the_ai_and_takes_the_seat_back(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    bob, carol = None, None
    async with FakeDiscord() as fake:
        bob, carol = fake.users.bob, fake.users.carol
        channel = fake.guild.channels[0]
        async with fake.running(make_bot(fake, database, clock_scale=FAST_CLOCK)) as bot:
            table = CellTable(fake, bot, channel, [bob, carol])
            await table.open(["goku", "vegeta"])
            await _wait_for(lambda: _async(bool(_reminders(fake, bob))))
        [reminder] = _reminders(fake, bob)
        assert notified_message(fake, reminder) == {bob.id}

        # The bot restarts between the reminder and the hand-off; the clock carries on.
        async with fake.running(make_bot(fake, database, clock_scale=FAST_CLOCK)) as bot:
            table = CellTable(fake, bot, channel, [bob, carol])
            refused = await fake.click(bob, reminder, "Let the AI play for them")
            assert "your own seat" in refused.message.content
            await fake.click(carol, reminder, "Let the AI play for them")
            await bot.autopilot.idle()
            record = await table.record()
            assert record.lobby["players"][0].get("ai")
            await _wait_for(lambda: _active_seat_is(table, 1))

            # Now Carol keeps everyone waiting: the AI takes her seat by itself after the longer delay.
            await _wait_for(lambda: _is_ai(table, 1))
            assert any(
                "The AI now plays" in (m.content or "") for m in fake.channel_view(channel, as_user=bob)
            )

            result = await fake.slash(carol, "cell autoplay", channel=channel)
            assert "yours again" in result.message.content
            assert not (await table.record()).lobby["players"][1].get("ai")


def notified_message(fake: FakeDiscord, message: Any) -> set[int]:
    for request in fake.requests:
        if request.method == "POST" and (request.body or {}).get("content") == message.content:
            return notified(request)
    return set()


async def _async(value: Any) -> Any:
    return value


async def _active_seat_is(table: CellTable, seat: int) -> bool:
    state = await table.state()
    return state.active_seat == seat or state.outcome is not None


async def _is_ai(table: CellTable, seat: int) -> bool:
    return bool((await table.record()).lobby["players"][seat].get("ai"))


async def test_an_idle_lobby_expires_with_a_message(tmp_path: Path) -> None:
    async with (
        FakeDiscord() as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", clock_scale=1 / 600)) as bot,
    ):
        lobby = await fake.slash(fake.users.bob, "cell start")
        await _wait_for(lambda: _status_is(bot, fake.guild.channels[0].id, "abandoned"))
        await fake.settle()
        closed = fake.world.find_message(lobby.message.id)
        assert "closed" in closed.content and not closed.components
        again = await fake.slash(fake.users.carol, "cell start")
        assert again.message.embeds[0]["title"].endswith("lobby")


async def _status_is(bot: GameBot, channel_id: int, status: str) -> bool:
    record = await bot.service.storage.latest_game(channel_id)
    return record is not None and record.status == status


async def test_rematch_opens_a_lobby_with_the_same_players_and_fighters(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        people = [fake.users.bob, fake.users.carol]
        table = CellTable(fake, bot, fake.guild.channels[0], people)
        await table.open(["goku", "krillin"], difficulty="challenge")
        await table.play_out(passive)
        final = await table.board()
        refused = await fake.click(fake.users.frank, final, "Rematch")
        assert "Only the players" in refused.message.content

        rematch = await fake.click(fake.users.carol, final, "Rematch")

        record = await table.record()
        assert record.status == "lobby" and record.host_id == fake.users.carol.id
        assert record.lobby["variant"] == "challenge"
        assert [(p["user_id"], p["character"]) for p in record.lobby["players"]] == [
            (fake.users.carol.id, "krillin"),
            (fake.users.bob.id, "goku"),
        ]
        assert rematch.message.embeds[0]["title"] == "Perfect Cell — lobby"


async def test_over9000_autoplay_hands_the_seat_to_the_ai_and_back(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["goku", "vegeta"])
        handed = await fake.slash(fake.users.carol, "over9000 autoplay", channel=table.channel)
        assert "AI now plays your seat" in handed.message.content
        await bot.autopilot.idle()
        record = await table.record()
        carol_moves = [a for a in await bot.service.storage.actions(record.id) if a.seat == 1]
        assert carol_moves and all(action.actor_id == 0 for action in carol_moves)
        back = await fake.slash(fake.users.carol, "over9000 autoplay", channel=table.channel)
        assert "yours again" in back.message.content


async def test_a_channel_without_attach_files_is_refused_at_start(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        channel = fake.guild.channels[1]
        channel.bot_denied = discord.Permissions(attach_files=True, embed_links=True)

        refused = await fake.slash(fake.users.bob, "cell start", channel=channel)

        assert "Embed Links, Attach Files" in refused.message.content
        assert refused.message.ephemeral
        assert await make_bot_storage_game_count(fake, tmp_path) == 0


async def make_bot_storage_game_count(fake: FakeDiscord, tmp_path: Path) -> int:
    import sqlite3

    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        return connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]


async def test_server_settings_are_for_managers_and_shape_new_games(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        games, general = fake.guild.channel("games"), fake.guild.channel("general")
        shown = await fake.slash(fake.users.owner, "settings", difficulty="easy", allow_channel=games)
        assert any(field["value"] == "Easy" for field in shown.message.embeds[0]["fields"])
        wrong = await fake.slash(fake.users.owner, "settings", reminder_minutes=20.0, handoff_minutes=10.0)
        assert "Nothing changed" in wrong.message.content

        elsewhere = await fake.slash(fake.users.bob, "cell start", channel=general)
        assert games.mention in elsewhere.message.content
        await fake.slash(fake.users.bob, "cell start", channel=games)
        record = await bot.service.storage.running_game(games.id)
        assert record.lobby["variant"] == "easy"


async def test_a_server_may_keep_its_finished_games_for_less_time_than_the_bot(tmp_path: Path) -> None:
    from bot.features.upkeep import Upkeep
    from bot.storage import SqliteStorage

    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    games = []
    for guild_id in (1, 2):
        record = await storage.create_lobby("cell", guild_id, 100 + guild_id, 7, {"players": []}, seed=1)
        record.status = "finished"
        await storage.save(record, record.version)
        games.append(record.id)
    await storage.set_guild_settings(1, {"retention_days": 0.1 / 86400})
    await asyncio.sleep(0.2)
    settings = Settings(discord_token="x", database_path=tmp_path / "games.sqlite3", retention_days=30)

    assert await Upkeep(settings, lambda: storage).prune() == 1

    assert await storage.game(games[0]) is None and await storage.game(games[1]) is not None
    await storage.close()
