"""The whole bot on PostgreSQL: configured by DATABASE_URL alone, it plays a Perfect Cell game through
the fake Discord to its end, and the saved log replays to the saved state."""

from __future__ import annotations

from pathlib import Path

from bot.app import GameBot
from bot.core.replay import replay_states
from bot.games.registry import game_modules
from bot.runtime.config import load_settings
from bot.storage import PostgresStorage
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.fakediscord.fake import FakeDiscord


async def test_a_cell_game_on_postgresql_from_lobby_to_its_end(
    fake_discord: FakeDiscord, postgres_url: str
) -> None:
    fake = fake_discord
    settings = load_settings(
        Path("/nonexistent/.env"),
        {
            "DISCORD_TOKEN": fake.token,
            "DATABASE_URL": postgres_url,
            "DEV_GUILD_ID": str(fake.guild.id),
            "AI_TURN_DELAY": "0",
        },
    )
    async with fake.running(GameBot(settings, new_seed=lambda: 7)) as bot:
        assert isinstance(bot.storage, PostgresStorage)
        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["goku", "krillin"])
        final = await table.play_out(passive)
        assert final.outcome is not None and final.outcome.result == "loss"
        record = await table.record()
        storage = bot.storage
        assert record.status == "finished"
        results = await storage.read_all(
            "SELECT user_id, won FROM results WHERE game_id = ? ORDER BY seat", (record.id,)
        )
        assert [tuple(row) for row in results] == [(fake.users.bob.id, 0), (fake.users.carol.id, 0)]
        actions = await storage.actions(record.id)
        assert len(actions) > 10
        replay_states(game_modules()["cell"], record, actions)
