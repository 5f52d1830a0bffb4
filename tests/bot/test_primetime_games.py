"""Prime Time on Discord, whole games: two people, and one person against the AI, from /primetime start
to the final score, every request checked against Discord's spec by the fake."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.driver import make_bot
from tests.bot.primetime_driver import PrimeTimeTable
from tests.fakediscord.fake import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def test_two_people_play_a_whole_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["z_fighters", "frieza_force"], setup="full")
        started = time.monotonic()
        final = await table.play_out()
        print("game took", time.monotonic() - started)
        assert final.outcome is not None
        board = await table.board()
        assert board.button_labels == ["Rematch"]
        print("modals", table.modals_used)


async def test_one_person_plays_a_whole_game_against_the_ai(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02, check_own_payloads=False) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=9)) as bot,
    ):
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
        await table.open(["cell_games"], ai_opponent=True)
        started = time.monotonic()
        final = await table.play_out()
        print("game took", time.monotonic() - started)
        assert final.outcome is not None
