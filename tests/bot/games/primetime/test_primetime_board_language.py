"""The Prime Time board image speaks its server's language: its words and its alt text follow the
table's language, as every public message does."""

from __future__ import annotations

from pathlib import Path

from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.fakediscord.fake import FakeDiscord


async def test_a_spanish_servers_board_image_is_in_spanish(tmp_path: Path) -> None:
    async with FakeDiscord(quiet_period=0.02) as fake:
        fake.guild.preferred_locale = "es-ES"
        async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
            table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [fake.users.bob])
            await table.open(["z_fighters"], ai_opponent=True)
            board = await table.board()

            alt = board.attachments[0].description
            assert alt.startswith("Tablero de Prime Time, ronda 1/4"), alt
            assert "Gloria:" in alt and "Glory" not in alt
