"""Words for people, end to end: new players play whole games of each game through the fake Discord,
with random moves, beside every command around them, and every text the bot sent (messages, embeds,
controls, modals, alt text, the commands' descriptions) is scanned for internal names
(``tests.bot.words``)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import GameBot
from rules.over9000.engine import legal_actions as over9000_actions
from rules.primetime.actions import Timeout
from rules.primetime.legal import legal_actions as primetime_actions
from tests.bot.driver import lobby_select, make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import decision
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.bot.words import findings, internal_names, texts_seen
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02, settle_timeout=40) as fake:
        yield fake


GAME_PLACES = {"content", "embed title", "embed description", "component label", "menu option", "alt text"}
"""Where a game's texts are, at least: the scan must have read each."""


def assert_no_internal_names(fake: FakeDiscord, least: int, places: set[str] = GAME_PLACES) -> None:
    found = findings(fake.requests)
    first = {(finding.kind, finding.match): finding for finding in reversed(found)}
    assert not found, "internal names shown to players:\n" + "\n".join(map(str, first.values()))
    count, read = texts_seen(fake.requests)
    assert count >= least, "the scan read fewer texts than the game shows"
    assert places <= read, f"the scan read nothing in {places - read}"


def test_the_scan_catches_internal_names_and_leaves_what_players_type() -> None:
    shown = {
        "🏆 **Bob wins** (threat_dazed).": "snake_case",
        "Gohan cancels it (A14).": "rule number",
        "Full setup (SU-1 to SU-9)": "rule number",
        "<rules.cell.state.Die object at 0x7f3a2b1c9d30>": "object repr",
        "Spend(player=0, die=2)": "dataclass repr",
        "Your hand: []": "dict or list repr",
        "Aim: {'slot': 1}": "dict or list repr",
        "Winner: None": "Python constant",
        "Face.ATTACK blocks": "enum repr",
        "Roster: android18 and friends": "content id",
    }
    for text, kind in shown.items():
        assert kind in {finding.kind for finding in internal_names(text)}, text
    typed = "With the AI: `/cell start ai_players:2`, `/primetime start` with `ai_opponent`; the R1 Mission."
    assert internal_names(typed, options={"ai_opponent"}) == []
    assert [
        finding.match for finding in internal_names("Shown: `threat_dazed`", options={"ai_opponent"})
    ] == ["threat_dazed"]


async def _rules_pages(fake: FakeDiscord, user: FakeUser, channel: FakeChannel, game: str) -> None:
    page = (await fake.slash(user, f"{game} rules", channel=channel)).message
    assert page is not None
    while not next(button for button in page.buttons if button["label"] == "Next").get("disabled"):
        page = (await fake.click(user, page, "Next")).message
        assert page is not None


async def test_the_commands_around_the_games_speak_to_people(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users, channel = fake.users, fake.guild.channels[0]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        for command in ("help", "privacy", "stats", "leaderboard", "history"):
            await fake.slash(users.bob, command, channel=channel)
        for game in ("cell", "over9000", "primetime"):
            await fake.slash(users.bob, f"{game} help", channel=channel)
            await fake.slash(users.bob, f"{game} status", channel=channel)
            await _rules_pages(fake, users.bob, channel, game)
        forget = (await fake.slash(users.bob, "forget-me", channel=channel)).message
        assert forget is not None
        await fake.click(users.bob, forget, "Cancel")
        await fake.slash(fake.guild.owner, "settings", channel=channel)
        await fake.slash(fake.guild.owner, "settings", channel=channel, difficulty="bogus", forged=True)
        await fake.slash(users.bob, "leaderboard", channel=channel, game="bogus", forged=True)
    assert_no_internal_names(
        fake, least=40, places={"content", "embed field value", "command description", "command choice"}
    )


async def _cell_lobby(fake: FakeDiscord, bot: GameBot, table: CellTable) -> None:
    """Bob opens with an AI teammate; Carol joins, Dave joins and leaves, everyone looks around."""
    bob, carol, dave = table.players[0], table.players[1], table.fake.users.dave
    lobby = await fake.slash(bob, "cell start", channel=table.channel, difficulty="easy", ai_players=1)
    assert lobby.message is not None
    await fake.click(carol, lobby.message, "Join")
    await fake.click(dave, await table.board(), "Join")
    await fake.click(dave, await table.board(), "Leave")
    await fake.click(dave, await table.board(), "How to play")
    await fake.click(carol, await table.board(), "Start")
    for person, fighter in zip(table.players, ["gohan", "piccolo"], strict=True):
        board = await table.board()
        await fake.select(person, board, [fighter], custom_id=lobby_select(board, "pick"))
    board = await table.board()
    await fake.select(carol, board, ["blue"], custom_id=lobby_select(board, "colour"))
    await fake.click(bob, await table.board(), "Start")
    await bot.autopilot.idle()


async def test_new_players_play_a_whole_perfect_cell_game_at_random(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users, channel = fake.users, fake.guild.channels[0]
    choices = random.Random(11)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=11)) as bot:
        table = CellTable(fake, bot, channel, [users.bob, users.carol])
        await _cell_lobby(fake, bot, table)
        asked_hint = False
        for _ in range(3000):
            await bot.autopilot.idle()
            state = await table.state()
            if state.outcome is not None:
                break
            seat = state.active_seat
            if seat >= len(table.players):
                continue
            if not asked_hint and state.dice:
                await fake.slash(table.players[seat], "cell hint", channel=channel)
                await fake.slash(users.dave, "cell log", channel=channel)
                asked_hint = True
            await table.play(state, decision(state, lambda _, actions: choices.randrange(len(actions))))
        assert (await table.record()).status == "finished"
        await fake.click(users.carol, await table.board(), "Rematch")
        for command in ("stats", "leaderboard", "history"):
            await fake.slash(users.bob, command, channel=channel)
    assert_no_internal_names(fake, least=60)


async def test_new_players_play_a_whole_over9000_game_at_random_and_one_leaves(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users, channel = fake.users, fake.guild.channels[0]
    choices = random.Random(5)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = Over9000Table(fake, bot, channel, [users.bob, users.carol])
        lobby = await fake.slash(users.bob, "over9000 start", channel=channel)
        assert lobby.message is not None
        await fake.click(users.bob, lobby.message, "Start")
        await fake.click(users.bob, await table.board(), "Add AI")
        await fake.click(users.carol, await table.board(), "Join")
        await fake.select(users.carol, await table.board(), ["android18"])
        await fake.click(users.bob, await table.board(), "Start")
        await table.settle()

        def policy(state: Any, seat: int) -> Any:
            return choices.choice(over9000_actions(state, seat))

        for _ in range(2000):
            state = await table.state()
            if state.outcome is not None:
                break
            if state.round == 2 and not (await table.record()).lobby["players"][1].get("ai"):
                await _leave(fake, table, users.carol, "over9000")
            players = (await table.record()).lobby["players"]
            assert state.prompt is not None
            people = [seat for seat in state.prompt.seats if not players[seat].get("ai")]
            if not people:
                await table.settle()
                continue
            await table.play(policy(state, people[0]))
        assert (await table.record()).status == "finished"
        await fake.slash(users.bob, "over9000 log", channel=channel)
        await fake.slash(users.bob, "history", channel=channel)
    assert_no_internal_names(fake, least=60)


async def _leave(fake: FakeDiscord, table: Any, person: FakeUser, game: str) -> None:
    asked = await fake.slash(person, f"{game} leave", channel=table.channel)
    assert asked.message is not None
    await fake.click(person, asked.message, "Leave game")
    await table.settle()


async def test_a_new_player_plays_a_whole_prime_time_game_at_random_against_the_ai(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users, channel = fake.users, fake.guild.channels[0]
    choices = random.Random(3)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = PrimeTimeTable(fake, bot, channel, [users.bob])
        lobby = await fake.slash(users.bob, "primetime start", channel=channel, ai_opponent=True)
        assert lobby.message is not None
        await fake.click(users.bob, lobby.message, "How to play")
        await fake.click(users.bob, lobby.message, "Build roster…")
        board = await table.board()
        await fake.select(users.bob, board, ["ginyu_force"], custom_id=lobby_select(board, "pick"))
        await fake.click(users.bob, await table.board(), "Start")
        await table.settle()
        for _ in range(3000):
            state = await table.state()
            if state.outcome is not None:
                break
            players = (await table.record()).lobby["players"]
            seats = [prompt.who for prompt in state.prompts if not players[prompt.who].get("ai")]
            if not seats:
                await table.settle()
                continue
            options = [
                action for action in primetime_actions(state, seats[0]) if not isinstance(action, Timeout)
            ]
            await table.play(choices.choice(options))
            await table.settle()
        assert (await table.record()).status == "finished"
        await fake.slash(users.bob, "primetime log", channel=channel)
        await fake.slash(users.bob, "stats", channel=channel)
    assert_no_internal_names(fake, least=60)


async def test_two_new_players_play_a_whole_prime_time_game_with_the_full_setup(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The full setup's steps (terrain, roll-off, Location, Missions, deployment) speak to people too."""
    fake = fake_discord
    users, channel = fake.users, fake.guild.channels[0]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, channel, [users.bob, users.carol])
        await table.open(["z_fighters", "frieza_force"], setup="full")
        final = await table.play_out()
        assert final.outcome is not None
        await fake.slash(users.carol, "history", channel=channel)
    assert_no_internal_names(fake, least=60)
