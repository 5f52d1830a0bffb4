"""What an operator watches: Prometheus metrics, and ``/healthz`` and ``/metrics`` on ``METRICS_PORT``.

The metrics live in prometheus-client's default registry, beside its process metrics (CPU, memory,
open files); each process serves its own, and Prometheus adds the processes up. Active games are
counted from the database when ``/metrics`` is read, for the servers this process looks after.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections import Counter as Tally
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import asyncpg
import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

from bot.runtime.config import SettingsError
from bot.storage import StorageError

log = logging.getLogger("bot.metrics")

T = TypeVar("T")

INTERACTIONS = Counter(
    "dbz_interactions", "Commands and clicks handled, by outcome (ok, or error: the bot failed)", ["outcome"]
)
ACKNOWLEDGEMENT_SECONDS = Histogram(
    "dbz_interaction_ack_seconds",
    "From Discord creating an interaction to the bot's first answer (Discord drops it after 3 s)",
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0),
)
ACTIVE_GAMES = Gauge("dbz_active_games", "Games being played in this process's servers", ["game"])
RENDER_SECONDS = Histogram(
    "dbz_board_render_seconds",
    "Time to draw a board image",
    ["game"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0, 2.0),
)
DATABASE_ERRORS = Counter("dbz_database_errors", "Failures that came from the database")

_DATABASE_FAILURES = (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, StorageError)


def answered(interaction: discord.Interaction[Any]) -> None:
    """Notes the first answer of an interaction (a message, an edit or an acknowledgement)."""
    waited = (datetime.now(UTC) - interaction.created_at).total_seconds()
    ACKNOWLEDGEMENT_SECONDS.observe(max(0.0, waited))


def handled(error: BaseException | None = None) -> None:
    """Notes the end of a command or click: ``error`` is what made the bot fail, None if it did not."""
    INTERACTIONS.labels("ok" if error is None else "error").inc()
    if error is not None:
        failed(error)


def failed(error: BaseException) -> None:
    """Counts a failure of any job as a database error when the database caused it."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, _DATABASE_FAILURES):
            DATABASE_ERRORS.inc()
            return
        cause = cause.__cause__ or cause.__context__


async def render(game: str, drawing: Awaitable[T]) -> T:
    """Awaits a board being drawn (by the painter's worker) and records how long it took."""
    started = time.perf_counter()
    try:
        return await drawing
    finally:
        RENDER_SECONDS.labels(game).observe(time.perf_counter() - started)


def count_active_games(games: list[str]) -> None:
    """Sets the active-games gauge from the names of the running games (one entry per game)."""
    tally = Tally(games)
    ACTIVE_GAMES.clear()
    for game, count in tally.items():
        ACTIVE_GAMES.labels(game).set(count)


class MetricsServer:
    """``/healthz`` (200 once the bot is connected and its database open, 503 before) and
    ``/metrics`` for Prometheus, on all interfaces."""

    def __init__(
        self, port: int, healthy: Callable[[], dict[str, Any]], refresh: Callable[[], Awaitable[object]]
    ) -> None:
        self.port = port
        self._healthy = healthy
        self._refresh = refresh
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, port=self.port).start()
        except OSError as error:
            await self.stop()
            raise SettingsError(f"METRICS_PORT {self.port} cannot be used: {error.strerror}.") from None
        log.info("serving /healthz and /metrics on port %d", self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _health(self, request: web.Request) -> web.Response:
        report = self._healthy()
        return web.json_response(report, status=200 if report["status"] == "ok" else 503)

    async def _metrics(self, request: web.Request) -> web.Response:
        try:
            await self._refresh()
        except Exception as error:
            failed(error)
            log.warning("could not count the active games for /metrics: %r", error)
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})
