"""Prime Time in a calm channel, through the fake Discord: the board offers no control for the AI's
decisions, a Z-Reaction pings the defender alone with a short message that goes once they react,
and each player has one private panel that follows the game."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.ui.messages import is_ping_text
from rules.primetime.actions import UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, advance_until, find, human_policy
from tests.bot.table.test_table_life import ping_messages
from tests.fakediscord.fake import FakeDiscord

POLL_SECONDS = 0.02


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def play_people_until(
    table: PrimeTimeTable, wanted: Callable[[PrimeTimeState], bool], limit: int = 400
) -> PrimeTimeState:
    """Plays the person's decisions until ``wanted(state)`` holds, without waiting for the AI to be
    idle (a paced AI may sit out its pause meanwhile)."""
    for _ in range(limit * 20):
        await table.fake.settle()
        state = await table.state()
        if wanted(state):
            return state
        assert state.outcome is None, "the game ended first"
        players = (await table.record()).lobby["players"]
        people = [prompt.who for prompt in state.prompts if not players[prompt.who].get("ai")]
        if people:
            await table.play(human_policy(state, people[0]))
        else:
            await asyncio.sleep(POLL_SECONDS)
    raise AssertionError("never got there")


def _ai_activates(state: PrimeTimeState) -> bool:
    return bool(state.prompts) and all(
        prompt.who == 1 and prompt.kind in ("activation", "action") for prompt in state.prompts
    )


async def test_the_board_offers_no_control_for_the_ais_activation(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    # The AI pauses half a minute before each step of its activation: the board is seen meanwhile.
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=4, ai_turn_delay=30)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["cell_games"], ai_opponent=True)
        await play_people_until(table, _ai_activates)
        await fake.settle()
        record = await table.record()
        assert record.board_version == record.version
        board = await table.board()
        assert board.content == "The AI is thinking…"
        assert board.button_labels == ["My hand"]
        assert all(not component.get("options") for component in board.walk_components())


def _to_activate(seat: int) -> Callable[[PrimeTimeState], bool]:
    def wanted(state: PrimeTimeState) -> bool:
        prompt = state.prompt_for(seat)
        return prompt is not None and prompt.kind == "activation"

    return wanted


async def test_a_waiting_players_panel_follows_the_game_and_stays_one_message(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=6)) as bot:
        channel = fake.guild.channels[0]
        table = PrimeTimeTable(fake, bot, channel, [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, lambda state: state.activation is not None)
        assert state.activation is not None
        active = state.unit(state.activation.unit).seat
        waiting = 1 - active
        person = table.people[waiting]
        panel = await table.open_panel(waiting)
        assert "Nothing to decide now" in panel.embeds[0]["description"]
        assert find(panel, "pact") is None

        # The other player's activation runs to its end; the waiting player never touches their panel
        # but to answer what the activation asks of them.
        await advance_until(table, _to_activate(waiting))
        panels = fake.ephemerals(channel, person)
        assert len(panels) == 1, "the waiting player has more than one panel"
        menus = [menu.get("placeholder") for menu in panels[0].selects]
        assert "Activate a model…" in menus, "the panel does not show the decision that became theirs"
        assert "Activate a model, or pass" in panels[0].embeds[0]["description"]
        await table.play(human_policy(await table.state(), waiting))
        await table.settle()
        # Opening the panel anew from the board replaced the one they had.
        assert len(fake.ephemerals(channel, person)) == 1


def _can_attack(state: PrimeTimeState) -> bool:
    return (
        bool(state.prompts)
        and state.prompts[0].kind == "action"
        and any(
            isinstance(action, UseTechnique) and action.target is not None
            for action in legal_actions(state, state.prompts[0].who)
        )
    )


async def test_a_z_reaction_pings_the_defender_alone_and_the_ping_goes_once_they_react(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "games.sqlite3"
    channel = fake.guild.channels[0]
    people = [fake.users.bob, fake.users.carol]
    async with fake.running(make_bot(fake, database, seed=6)) as bot:
        table = PrimeTimeTable(fake, bot, channel, people)
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, _can_attack)
    # After a restart nobody is at the table until they click: the defender is away.
    async with fake.running(make_bot(fake, database, seed=6)) as bot:
        table = PrimeTimeTable(fake, bot, channel, people)
        await table.settle()
        attacker = state.prompts[0].who
        defender = 1 - attacker
        board_id = (await table.record()).message_id
        since = fake.snowflakes.next()
        attack = next(
            action
            for action in legal_actions(state, attacker)
            if isinstance(action, UseTechnique) and action.target is not None
        )
        await table.play(attack)
        await table.settle()
        reacting = await table.state()
        prompt = reacting.prompt_for(defender)
        assert prompt is not None and prompt.kind == "reaction"
        [(ping, whom)] = ping_messages(channel, since)
        assert whom == {people[defender].id}
        message = channel.messages[ping]
        assert is_ping_text(message.content) and f"/{board_id}" in (message.content or "")
        assert not message.has_image

        await table.play(human_policy(reacting, defender))
        await table.settle()
        assert ping not in channel.messages, "the ping stayed after the defender reacted"
        assert (await table.record()).message_id == board_id, "the board was posted anew"
        assert [found.id for found in fake.bot_messages(channel) if found.has_image] == [board_id]


def round_started(state: PrimeTimeState, number: int) -> bool:
    """Whether round ``number`` has begun (its initiative chosen: the round's number counts up
    before)."""
    return any(
        event.kind == "round_started" and str(event.text).startswith(f"Round {number} ")
        for event in state.recent_events
    )


async def test_each_round_starts_a_board_at_the_bottom_and_the_old_one_becomes_a_line(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        channel = fake.guild.channels[0]
        table = PrimeTimeTable(fake, bot, channel, [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"])
        boards = [(await table.record()).message_id]
        for round_number in (2, 3):
            await advance_until(table, lambda state, wanted=round_number: round_started(state, wanted))
            boards.append((await table.record()).message_id)
        assert len(set(boards)) == 3, "a round did not start a new board"
        # Each old board is a line linking to the board that replaced it.
        for old, new in itertools.pairwise(boards):
            line = channel.messages[old]
            assert "the board moved ↓" in (line.content or "") and f"/{new}" in (line.content or "")
            assert not line.has_image and not line.has_components
        assert [message.id for message in fake.bot_messages(channel) if message.has_image] == [boards[-1]]
