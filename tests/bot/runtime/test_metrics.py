"""``METRICS_PORT``: ``/healthz`` and Prometheus ``/metrics`` read over 127.0.0.1 while people play."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import GameBot
from bot.runtime.config import Settings, SettingsError
from bot.runtime.metrics import MetricsServer
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.test_cell_bot import LINE_UPS
from tests.fakediscord.fake import FakeDiscord


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def read(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def samples(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics`` by name and labels."""
    status, text = await read(port, "/metrics")
    assert status == 200
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: Any) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_health_and_metrics_follow_the_games(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, port = fake_discord, free_port()
    database = tmp_path / "games.sqlite3"
    settings = Settings(discord_token=fake.token, database_path=database, metrics_port=port)
    bot = GameBot(settings, new_seed=lambda: 3)
    async with fake.running(bot):
        status, health = await read(port, "/healthz")
        assert status == 200 and '"status": "ok"' in health
        before = await samples(port)

        table = CellTable(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(LINE_UPS[2])

        after = await samples(port)
        handled = value(after, "dbz_interactions_total", outcome="ok")
        assert handled - value(before, "dbz_interactions_total", outcome="ok") >= 5
        answered = value(after, "dbz_interaction_ack_seconds_count")
        assert answered - value(before, "dbz_interaction_ack_seconds_count") >= 5
        assert value(after, "dbz_interaction_ack_seconds_bucket", le="3.0") == answered
        assert value(after, "dbz_active_games", game="cell") == 1
        assert value(after, "dbz_board_render_seconds_count", game="cell") > value(
            before, "dbz_board_render_seconds_count", game="cell"
        )

        # The games table goes away under the bot: the next command fails on the database.
        with sqlite3.connect(database) as outside:
            outside.execute("PRAGMA foreign_keys = OFF")
            outside.execute("DROP TABLE games")
        await fake.slash(fake.users.dave, "cell start", channel=fake.guild.channels[1])
        failed = await samples(port)
        # At least that command; reading /metrics itself counts the active games and fails too.
        assert value(failed, "dbz_database_errors_total") >= value(after, "dbz_database_errors_total") + 1
        assert value(failed, "dbz_interactions_total", outcome="error") == (
            value(after, "dbz_interactions_total", outcome="error") + 1
        )


def test_health_is_starting_until_the_bot_is_connected(tmp_path: Path) -> None:
    settings = Settings(discord_token="x", database_path=tmp_path / "games.sqlite3", metrics_port=free_port())
    assert GameBot(settings).health()["status"] == "starting"


async def _nothing() -> None:
    """Nothing to count before /metrics is read."""


async def test_a_metrics_port_in_use_stops_the_bot_with_a_clear_word() -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = MetricsServer(port, healthy=dict, refresh=_nothing)
        with pytest.raises(SettingsError, match=f"METRICS_PORT {port} cannot be used"):
            await server.start()
