"""Opening the SQLite file: proving it is a healthy database the bot may write, then migrating it.

Every problem found at start-up becomes one ``StorageError`` that names the file and says what is
wrong, and every connection opened on the way is closed again, so a bad file ends the process
cleanly instead of leaving a database thread running. The file is checked read-only before anything
is written to it: a corrupt file is left exactly as it was found.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import aiosqlite

from bot.storage.migrations import MIGRATIONS_DIR, migrations_in
from bot.storage.model import StorageError, now

SQLITE_MIGRATIONS = MIGRATIONS_DIR / "sqlite"
# How long start-up waits for another process's write lock before calling the file locked: long enough
# for a second process started at the same moment to wait out the first one's migrations on a busy
# machine. Each try of a write waits BUSY_TIMEOUT_MS for another process's lock (``SqliteStorage``
# tries again for longer).
STARTUP_BUSY_TIMEOUT_MS = 10_000
BUSY_TIMEOUT_MS = 5000
LOCKED_RETRY_SECONDS = 0.05

_PROBLEMS = (
    ("file is not a database", "it is not an SQLite database, or it is damaged"),
    ("malformed", "it is damaged (the database image is malformed)"),
    ("database is locked", "another process holds it locked (is another copy of the bot running?)"),
    ("readonly database", "it is read-only, and the bot must be able to write it"),
    ("unable to open database file", "it cannot be opened: check that its folder exists and is writable"),
    ("disk i/o error", "reading or writing it failed with a disk error"),
)


def storage_error(path: Path, error: BaseException) -> StorageError:
    detail = str(error)
    problem = next((said for found, said in _PROBLEMS if found in detail.lower()), detail)
    return StorageError(f"Cannot use the database {path}: {problem}.")


async def open_database(path: Path, migrations_dir: Path = SQLITE_MIGRATIONS) -> aiosqlite.Connection:
    """The write connection to a checked and migrated database, created (with its folder) if new."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            f"Cannot use the database {path}: its folder cannot be created ({error.strerror})."
        ) from None
    if path.exists():
        await _check_integrity(path)
    deadline = time.monotonic() + STARTUP_BUSY_TIMEOUT_MS / 1000
    while True:
        connection = await _connect(path)
        try:
            await _prepare(connection, migrations_dir)
        except sqlite3.OperationalError as error:
            await connection.close()
            # Some steps (switching a new file to WAL) do not wait for another process that opens
            # the same file at the same moment: they are tried again, within the same time limit.
            if "database is locked" in str(error).lower() and time.monotonic() < deadline:
                await asyncio.sleep(LOCKED_RETRY_SECONDS)
                continue
            raise storage_error(path, error) from None
        except (sqlite3.Error, OSError) as error:
            await connection.close()
            raise storage_error(path, error) from None
        except BaseException:
            await connection.close()
            raise
        return connection


async def _prepare(connection: aiosqlite.Connection, migrations_dir: Path) -> None:
    # FULL syncs the log at every commit, so a move acknowledged to a player survives a power
    # loss; in WAL mode that is one fsync of an append, cheap next to a Discord round trip.
    await connection.execute(f"PRAGMA busy_timeout = {STARTUP_BUSY_TIMEOUT_MS}")
    await connection.execute("PRAGMA journal_mode = WAL")
    await connection.execute("PRAGMA synchronous = FULL")
    await connection.execute("PRAGMA foreign_keys = ON")
    # Proves now, not at the first move, that the file is writable and nobody else holds it. The
    # write lock alone is granted on a read-only file in a folder where the WAL files can be made:
    # rewriting the header's user version (then rolled back) is refused there.
    await connection.execute("BEGIN IMMEDIATE")
    try:
        async with connection.execute("PRAGMA user_version") as cursor:
            (user_version,) = await cursor.fetchone() or (0,)
        await connection.execute(f"PRAGMA user_version = {int(user_version)}")
    finally:
        await connection.execute("ROLLBACK")
    await _migrate(connection, migrations_dir)
    await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


async def open_reader(path: Path) -> aiosqlite.Connection:
    """A second connection for reads only: in WAL mode it sees every committed write at once and
    never waits for the writer, and it can never see a transaction that is still open."""
    connection = await _connect(path)
    try:
        await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await connection.execute("PRAGMA query_only = ON")
    except (sqlite3.Error, OSError) as error:
        await connection.close()
        raise storage_error(path, error) from None
    return connection


async def _connect(path: Path) -> aiosqlite.Connection:
    try:
        connection = await aiosqlite.connect(path, isolation_level=None)
    except (sqlite3.Error, OSError) as error:
        raise storage_error(path, error) from None
    connection.row_factory = aiosqlite.Row
    return connection


async def _check_integrity(path: Path) -> None:
    """``PRAGMA quick_check`` through a read-only connection, so a damaged file is never written."""
    try:
        connection = await aiosqlite.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, OSError) as error:
        raise storage_error(path, error) from None
    try:
        await connection.execute(f"PRAGMA busy_timeout = {STARTUP_BUSY_TIMEOUT_MS}")
        async with connection.execute("PRAGMA quick_check") as cursor:
            findings = [row[0] for row in await cursor.fetchall()]
    except (sqlite3.Error, OSError) as error:
        raise storage_error(path, error) from None
    finally:
        await connection.close()
    if findings != ["ok"]:
        listed = "; ".join(findings[:3])
        raise StorageError(f"Cannot use the database {path}: it failed its integrity check ({listed}).")


def _statements(script: str) -> list[str]:
    """A migration file's statements, one by one, so they can run inside a transaction already open
    (``executescript`` would commit it first)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return statements


async def _migrate(connection: aiosqlite.Connection, migrations_dir: Path) -> None:
    """Applies the pending migrations in one transaction that holds the file's write lock from the
    first look at what is applied, so a second process starting at the same moment waits, then finds
    nothing left to do."""
    await connection.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at TEXT NOT NULL)"
    )
    await connection.execute("BEGIN IMMEDIATE")
    try:
        async with connection.execute("SELECT version FROM schema_migrations") as cursor:
            applied = {row[0] for row in await cursor.fetchall()}
        for migration in migrations_in(migrations_dir):
            if migration.number in applied:
                continue
            for statement in _statements(migration.sql):
                await connection.execute(statement)
            await connection.execute(
                "INSERT INTO schema_migrations VALUES (?, ?, ?)", (migration.number, migration.name, now())
            )
    except BaseException:
        await connection.execute("ROLLBACK")
        raise
    await connection.execute("COMMIT")
