"""The table of Prime Time's language tests: a Spanish server (es-ES) with Bob on a Spanish client and
Carol on a Brazilian Portuguese one, the bot running and their table in the first channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.fakediscord.fake import FakeDiscord


@asynccontextmanager
async def spanish_server(
    tmp_path: Path, **fake_options: Any
) -> AsyncIterator[tuple[FakeDiscord, PrimeTimeTable]]:
    """The fake Discord and the table, whose ``people`` are the Spanish player then the Brazilian one;
    the fake's log stays readable after the bot has stopped, until the block ends."""
    async with FakeDiscord(quiet_period=0.02, **fake_options) as fake:
        fake.guild.preferred_locale = "es-ES"
        spanish, brazilian = fake.users.bob, fake.users.carol
        spanish.locale, brazilian.locale = "es-ES", "pt-BR"
        async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
            yield fake, PrimeTimeTable(fake, bot, fake.guild.channels[0], [spanish, brazilian])
