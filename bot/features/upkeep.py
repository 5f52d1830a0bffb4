"""Housekeeping that runs beside the games: pruning old games and online backups of the database.

Finished and abandoned games older than the retention period are deleted with their actions; their
result rows stay, so stats and history keep counting them. Backups use SQLite's online backup API on
a connection of their own: the copy is one consistent snapshot even while games are being saved, and
the bot's own connections never wait for it. A PostgreSQL server is backed up with its own tools
(``pg_dump``), so the settings refuse ``BACKUP_DIR`` beside ``DATABASE_URL``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite

from bot.runtime.config import Settings
from bot.runtime.sharding import ShardScope
from bot.storage import Storage

log = logging.getLogger("bot.upkeep")

PRUNE_INTERVAL_SECONDS = 3600.0
BACKUP_PREFIX = "games-"
BACKUP_SUFFIX = ".sqlite3"


async def prune_old_games(storage: Storage, older_than: timedelta, guild_id: int | None = None) -> int:
    """Deletes the finished and abandoned games last changed more than ``older_than`` ago (of one
    server, when ``guild_id`` is given), with their actions; returns how many games went."""
    cutoff = (datetime.now(UTC) - older_than).isoformat(timespec="milliseconds")
    old = "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND updated_at < ?"
    parameters: tuple[object, ...] = (cutoff,)
    if guild_id is not None:
        old += " AND guild_id = ?"
        parameters = (cutoff, guild_id)
    # The action log and whatever else a migration ties to a game go first, read from the schema so a
    # new table of per-game rows is pruned with its game.
    references = await storage.game_references()
    async with storage.writing() as db:
        for table, column in references:
            await db.execute(f'DELETE FROM "{table}" WHERE "{column}" IN ({old})', parameters)
        return await db.execute(f"DELETE FROM games WHERE id IN ({old})", parameters)


def backup_name(moment: datetime) -> str:
    """Names sort by time, so the newest copies are the last ones listed."""
    return f"{BACKUP_PREFIX}{moment.strftime('%Y%m%dT%H%M%S%fZ')}{BACKUP_SUFFIX}"


def backups_in(folder: Path) -> list[Path]:
    """The folder's backup copies, oldest first."""
    return sorted(folder.glob(f"{BACKUP_PREFIX}*{BACKUP_SUFFIX}"))


async def backup_database(database: Path, folder: Path, keep: int) -> Path:
    """Copies the live database into ``folder`` under a timestamped name and deletes all but the
    newest ``keep`` copies. The copy is written under a temporary name first, so a crash mid-copy
    never leaves a partial file that looks like a backup."""
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / backup_name(datetime.now(UTC))
    partial = final.with_name(final.name + ".partial")
    try:
        source = await aiosqlite.connect(database)
        try:
            target = await aiosqlite.connect(partial)
            try:
                await source.backup(target)
            finally:
                await target.close()
        finally:
            await source.close()
    except BaseException:
        # The closes above waited for the copy to end, so nothing writes the file any more.
        partial.unlink(missing_ok=True)
        raise
    partial.replace(final)
    for stale in backups_in(folder)[:-keep]:
        stale.unlink(missing_ok=True)
    return final


class Upkeep:
    """The periodic jobs, each on its own timer, started with the bot and stopped before its storage
    closes. Of several processes, the one holding shard 0 runs the bot-wide prune and the backups, and
    each process prunes the servers it looks after by their own shorter retention."""

    def __init__(
        self, settings: Settings, storage: Callable[[], Storage | None], scope: ShardScope | None = None
    ) -> None:
        self.settings = settings
        self._storage = storage
        self.scope = scope or ShardScope()
        self.prune_interval = PRUNE_INTERVAL_SECONDS
        self._tasks: list[asyncio.Task[None]] = []
        self._copies: set[asyncio.Task[Path]] = set()

    async def prune(self) -> int:
        storage = self._storage()
        if storage is None:
            return 0
        pruned = 0
        if self.scope.primary:
            pruned += await prune_old_games(storage, timedelta(days=self.settings.retention_days))
        # A server may keep its games for less time than the bot does (its /settings), never more.
        for guild_id, chosen in (await storage.every_guild_settings()).items():
            days = chosen.get("retention_days")
            if (
                self.scope.owns(guild_id)
                and isinstance(days, int | float)
                and 0 < days < self.settings.retention_days
            ):
                pruned += await prune_old_games(storage, timedelta(days=days), guild_id)
        if pruned:
            log.info("pruned %d games older than %g days", pruned, self.settings.retention_days)
        return pruned

    async def backup(self) -> Path | None:
        folder = self.settings.backup_dir
        if folder is None:
            return None
        # A copy under way is finished even when the bot stops: cancelling it half-way could strand a
        # database connection that was still being opened.
        copying = asyncio.create_task(
            backup_database(self.settings.database_path, folder, self.settings.backup_keep)
        )
        self._copies.add(copying)
        copying.add_done_callback(self._copies.discard)
        copy = await asyncio.shield(copying)
        log.info("backed up the database to %s", copy)
        return copy

    def start(self) -> None:
        if self._tasks:
            return
        self._tasks.append(asyncio.create_task(self._every(self.prune_interval, self.prune), name="prune"))
        if self.settings.backup_dir is not None and self.scope.primary:
            hours = self.settings.backup_interval_hours
            self._tasks.append(asyncio.create_task(self._every(hours * 3600, self.backup), name="backup"))

    async def stop(self) -> None:
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.gather(*self._copies, return_exceptions=True)

    @staticmethod
    async def _every(seconds: float, job: Callable[[], Awaitable[object]]) -> None:
        """Runs ``job`` now and then every ``seconds``; a failure is logged and retried next time."""
        while True:
            try:
                await job()
            except Exception:
                log.exception("%s failed; trying again in %g s", getattr(job, "__name__", "a job"), seconds)
            await asyncio.sleep(seconds)
