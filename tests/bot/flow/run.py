"""The bench's plan: which games, with how many people, played one after another, each in a channel of
its own, against one bot process on a temporary SQLite file (the bot's game seeds follow ``seed``)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bot.load.bot_process import BotProcess
from tests.bot.load.reader import DatabaseReader, open_reader
from tests.bot.load.run import wait_until_ready
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser

from .cell import CellFlow
from .figures import GameFigures, read_figures
from .over9000 import Over9000Flow
from .primetime import PrimeTimeFlow
from .screen import PatientDiscord
from .table import GameFlow, play_game

QUIET_SECONDS = 0.05
"""How long the fake must hear nothing from the bot before a person looks at the screen (each game's
flow then checks that it shows the saved state)."""
QUICK_DECISIONS = 40
"""With ``quick``, each game stops after this many decisions of people."""

FlowMaker = Callable[[FakeDiscord, DatabaseReader, FakeChannel, list[FakeUser]], GameFlow]


@dataclass(frozen=True)
class Plan:
    label: str
    people: int
    make: FlowMaker


def plans(quick: bool) -> list[Plan]:
    """Every kind of game; ``quick`` keeps one of each game: two-player Perfect Cell, three-player
    Over 9000 and Prime Time's quick setup."""

    def cell(variant: str) -> FlowMaker:
        return lambda *table: CellFlow(*table, variant=variant)

    def primetime(setup: str) -> FlowMaker:
        return lambda *table: PrimeTimeFlow(*table, setup=setup)

    if quick:
        return [
            Plan("cell2", 2, cell("normal")),
            Plan("over9000", 3, Over9000Flow),
            Plan("primetime", 2, primetime("quick")),
        ]
    return [
        Plan("cell2", 2, cell("normal")),
        Plan("cell4", 4, cell("normal")),
        Plan("over9000", 3, Over9000Flow),
        Plan("primetime", 2, primetime("quick")),
        Plan("primetime_full", 2, primetime("full")),
    ]


@dataclass
class FlowReport:
    games: list[GameFigures]
    bot_errors: list[str]


async def run_flow(seed: int, games: int, quick: bool, on_game: Callable[[GameFigures], Any]) -> FlowReport:
    """Plays ``games`` games of every planned kind, one after another; ``on_game`` hears of each as
    it ends."""
    planned = [plan for plan in plans(quick) for _ in range(games)]
    played: list[GameFigures] = []
    with tempfile.TemporaryDirectory(prefix="dbz-flow-") as folder:
        database = Path(folder) / "games.sqlite3"
        async with PatientDiscord(quiet_period=QUIET_SECONDS, channels_per_guild=len(planned)) as fake:
            bot = await BotProcess.start(fake.base_url, fake.gateway_url, database, fake.token, seed)
            try:
                await wait_until_ready(fake, bot)
                reader = open_reader(database)
                people = [user for user in fake.users if user is not fake.users.owner]
                for plan, channel in zip(planned, fake.guild.channels, strict=False):
                    seated = people[: plan.people]
                    flow = plan.make(fake, reader, channel, seated)
                    log = await play_game(
                        flow, fake, reader, channel, seated, QUICK_DECISIONS if quick else None
                    )
                    figures = read_figures(plan.label, fake, channel, seated, log, flow.turn_name)
                    figures.samples.update(flow.samples(log))
                    played.append(figures)
                    on_game(figures)
                reader.close()
            finally:
                await bot.stop()
    return FlowReport(played, bot.error_lines)
