"""A database another process keeps busy is waited out, not failed: the click is acknowledged at
once, its move saved once the lock is free, and the click answered once, with no error logged.

Another process holds the lock for 8 s, longer than one try of a write waits (5 s on SQLite): on
SQLite its ``BEGIN IMMEDIATE`` holds the file's write lock; on PostgreSQL its transaction holds the
game's advisory lock and the game's row.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncpg
import pytest

from bot.app import GameBot
from bot.runtime.config import Settings
from bot.storage import DatabaseBusy, SqliteStorage
from tests.bot.games.cell.driver import CellTable
from tests.fakediscord.fake import FakeDiscord

HOLD_SECONDS = 8.0
DEFERRED = (5, 6)

_HOLD_SQLITE = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("COMMIT")
"""


async def _hold_sqlite(database: Path) -> asyncio.subprocess.Process:
    """Another process, holding the file's write lock for HOLD_SECONDS from when this returns."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _HOLD_SQLITE, str(database), str(HOLD_SECONDS), stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None
    assert await process.stdout.readline() == b"locked\n"
    return process


async def _click_through_the_lock(
    fake: FakeDiscord, bot: GameBot, hold: Callable[[int], Awaitable[asyncio.Future[None]]]
) -> None:
    bob = fake.users.bob
    table = CellTable(fake, bot, fake.guild.channels[0], [bob])
    await table.open(["goku"])
    record = await table.record()
    storage = bot.service.storage
    logged = len(await storage.actions(record.id))
    released = await hold(record.id)
    loop = asyncio.get_running_loop()
    started = loop.time()

    clicked = await fake.click(bob, await table.board(), "Roll dice")

    assert loop.time() - started >= HOLD_SECONDS - 1
    await released
    assert clicked.response_type in DEFERRED and not clicked.followups
    assert (await table.record()).version == record.version + 1
    assert len(await storage.actions(record.id)) == logged + 1
    assert "Roll dice" not in (await table.board()).button_labels


def _settings(fake: FakeDiscord, **database: object) -> Settings:
    return Settings(discord_token=fake.token, dev_guild_id=fake.guild.id, ai_turn_delay=0, **database)  # type: ignore[arg-type]


@pytest.fixture
async def patient_fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(settle_timeout=60) as fake:
        yield fake


async def test_a_click_waits_out_another_process_s_write_lock_on_sqlite(
    patient_fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake, database = patient_fake, tmp_path / "games.sqlite3"

    async def hold(_game_id: int) -> asyncio.Future[None]:
        holder = await _hold_sqlite(database)
        return asyncio.ensure_future(holder.wait())  # type: ignore[arg-type]

    async with fake.running(GameBot(_settings(fake, database_path=database), new_seed=lambda: 29)) as bot:
        await _click_through_the_lock(fake, bot, hold)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert any("write lock" in record.getMessage() for record in caplog.records)


async def test_a_click_waits_out_another_connection_s_locks_on_postgresql(
    patient_fake: FakeDiscord, postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    fake = patient_fake

    async def hold(game_id: int) -> asyncio.Future[None]:
        other = await asyncpg.connect(postgres_url)
        locked = asyncio.Event()

        async def holding() -> None:
            try:
                async with other.transaction():
                    await other.execute("SELECT pg_advisory_xact_lock($1)", game_id)
                    await other.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", game_id)
                    locked.set()
                    await asyncio.sleep(HOLD_SECONDS)
            finally:
                await other.close()

        held = asyncio.ensure_future(holding())
        await locked.wait()
        return held

    async with fake.running(GameBot(_settings(fake, database_url=postgres_url), new_seed=lambda: 29)) as bot:
        await _click_through_the_lock(fake, bot, hold)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_lock_held_past_the_give_up_time_fails_the_write_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot answers "busy for minutes" to: nothing written, the same error every time."""
    database = tmp_path / "games.sqlite3"
    storage = await SqliteStorage.open(database)
    record = await storage.create_lobby("cell", 1, 100, 7, {"players": []}, seed=1)
    monkeypatch.setattr("bot.storage.sqlite.BUSY_GIVE_UP_SECONDS", 1.0)
    holder = await _hold_sqlite(database)
    try:
        with pytest.raises(DatabaseBusy):
            await storage.save(record, record.version)
        saved = await storage.game(record.id)
        assert saved is not None and saved.version == record.version
    finally:
        await holder.wait()
        await storage.close()
