"""Over 9000's private panels through the fake Discord: one panel per player, edited in place by its
own controls and redrawn when the game gives its player something to do."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.over9000.panel import action_code
from rules.over9000.actions import Attack
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State
from tests.bot.driver import make_bot
from tests.bot.games.over9000.driver import Over9000Table, find_act
from tests.bot.games.over9000.test_over9000_bot import PublicMessages, policy
from tests.fakediscord.fake import FakeDiscord

MUST_REVEAL = re.compile(r"\*\*([^*]+)\*\* \([^)]*\) must reveal a slot")


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def arrange_everyone(table: Over9000Table) -> Over9000State:
    while (state := await table.state()).phase == "placement":
        assert state.prompt is not None
        await table.play(policy(state, state.prompt.seats[0]))
    return state


async def play_until_attack(table: Over9000Table, seat: int) -> Over9000State:
    """Plays the attacker's moves before their attack (a power, say), then the attack itself."""
    while True:
        state = await table.state()
        assert state.prompt is not None and state.prompt.kind == "attack"
        action = policy(state, seat)
        await table.play(action)
        if isinstance(action, Attack):
            return await table.state()


async def test_a_waiting_players_open_panel_follows_the_game_and_each_player_keeps_one_panel(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    users = fake.users
    caplog.set_level(logging.INFO, logger="bot")
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=21)) as bot:
        channel = fake.guild.channels[0]
        table = Over9000Table(fake, bot, channel, [users.bob, users.carol])
        await table.open(["goku", "vegeta"])
        state = await arrange_everyone(table)
        assert state.prompt is not None
        attacker = state.prompt.seats[0]
        defender = 1 - attacker
        waiting = await table.open_panel(defender)
        assert not [c for c in waiting.walk_components() if ":act:" in c.get("custom_id", "")]
        shown = channel.history.ephemeral_shown[table.person(defender).id]

        state = await play_until_attack(table, attacker)
        assert state.prompt is not None and state.prompt.kind == "reveal"
        # Without a click of theirs, the defender's panel now offers their reveals, in place.
        followed = fake.world.find_message(waiting.id)
        assert followed is not None
        for action in legal_actions(state, defender):
            assert find_act(followed, action_code(action)) is not None
        assert "at you" in followed.embeds[0]["description"]
        assert channel.history.ephemeral_shown[table.person(defender).id] == shown

        final = await table.play_out(policy)
        assert final.outcome is not None
        for person in table.people:
            assert len(fake.ephemerals(channel, person)) == 1, "a player was left more than one panel"
        assert not [
            line for line in caplog.records if line.name.startswith("bot") and line.levelno >= logging.WARNING
        ]


async def test_a_dismissed_panel_is_forgotten_and_the_game_goes_on(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    users = fake.users
    caplog.set_level(logging.INFO, logger="bot")
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=22)) as bot:
        channel = fake.guild.channels[0]
        table = Over9000Table(fake, bot, channel, [users.bob, users.carol])
        await table.open(["piccolo", "gohan"])
        state = await arrange_everyone(table)
        assert state.prompt is not None
        attacker = state.prompt.seats[0]
        waiting = await table.open_panel(1 - attacker)
        del channel.messages[waiting.id]

        state = await play_until_attack(table, attacker)
        assert state.prompt is not None and state.prompt.kind == "reveal"
        mover = fake.ephemerals(channel, table.person(attacker))
        assert not [message for message in mover if "saved" in message.content]
        assert any("could not be redrawn" in line.getMessage() for line in caplog.records)
        reopened = await table.open_panel(1 - attacker)
        assert find_act(reopened, action_code(legal_actions(state, 1 - attacker)[0])) is not None


async def test_the_ai_answers_an_attack_at_once_so_no_board_shows_it_choosing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    public = PublicMessages(fake)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=23)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["trunks"], ai_players=2)
        state = await table.play_out(policy)
        ai_names = [player.name for player in state.players[1:]]
        logged = await bot.service.storage.actions((await table.record()).id)
    reveals = [entry for entry in logged if entry.action["type"] == "reveal" and entry.seat > 0]
    assert reveals, "the AI never defended"
    called = [
        name
        for snapshot in public.snapshots
        for embed in snapshot.get("embeds", [])
        for name in MUST_REVEAL.findall(embed.get("description", ""))
    ]
    assert called, "no board ever called Bob to reveal"
    assert not set(called) & set(ai_names), "a board showed the AI choosing a slot to reveal"
