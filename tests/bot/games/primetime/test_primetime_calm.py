"""Prime Time in a calm channel, through the fake Discord: the board offers no control for the AI's
decisions, and what the AI answers at once is shown with the move it answers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from rules.primetime.state import PrimeTimeState
from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, human_policy
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
