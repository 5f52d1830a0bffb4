"""The SQLite backend: one database file, written by one bot process.

Every write that changes a game is conditional on the version the caller loaded
(``UPDATE … WHERE version = ?``), so two racing writers can never both succeed. All writes share one
connection, and one SQLite connection holds one transaction at a time: a lock gives each write the
connection for its whole transaction, so games in different channels never mix their statements and
every save commits or rolls back whole. ``BEGIN IMMEDIATE`` takes the file's write lock at the start
of each transaction, so a second process on the same file waits instead of interleaving. Reads go
through a second connection that only ever sees committed data.

Another process may keep the write lock for long (a backup tool, a copy of the bot started by
mistake). A write then tries again, pausing longer each time, for up to ``BUSY_GIVE_UP_SECONDS``: a
click is acknowledged meanwhile and answered once its move is saved. Only then, or when the bot
closes, does it give up with ``DatabaseBusy``, having written nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import astuple
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.derived import (
    BOARD_SHOWN,
    CLOSE_THREAD,
    MOVE_TO_THREAD,
    STALE_BOARDS,
    THREADS_TO_CLOSE,
    record_ping,
    replace_clocks,
    replace_ping,
)
from bot.storage.interface import Row, Storage
from bot.storage.model import (
    ActionRecord,
    ChannelBusy,
    DatabaseBusy,
    GameRecord,
    ResultRow,
    Saved,
    StalePing,
    StorageError,
    TableRows,
    TurnClock,
    now,
)
from bot.storage.sqlite_file import SQLITE_MIGRATIONS, open_database, open_reader
from bot.storage.sqlite_thread import BUSY, ThreadTransaction, Work, run_transaction

log = logging.getLogger("bot.storage")

T = TypeVar("T")

# Within the 15 minutes Discord lets a click be answered in, with room for showing the move.
BUSY_GIVE_UP_SECONDS = 600.0
BUSY_FIRST_PAUSE_SECONDS = 0.1
BUSY_LONGEST_PAUSE_SECONDS = 5.0

LEASE_UPSERT = (
    "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
    "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "
    "WHERE leases.holder = excluded.holder OR leases.expires_at <= ?"
)
"""Takes a free or expired lease, or renews the holder's own; changes no row while another holds it."""


class SqliteTransaction:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        cursor = await self._connection.execute(sql, parameters)
        return cursor.rowcount

    async def fetch_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return list(await self._connection.execute_fetchall(sql, parameters))


class SqliteStorage(Storage):
    dialect = "sqlite"

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._closing = False

    @classmethod
    async def open(cls, path: Path | str, migrations_dir: Path = SQLITE_MIGRATIONS) -> SqliteStorage:
        """Checks, migrates and opens the database; raises StorageError naming the file and the problem."""
        path = Path(path)
        writer = await open_database(path, migrations_dir)
        try:
            reader = await open_reader(path)
        except StorageError:
            await writer.close()
            raise
        return cls(writer, reader)

    async def close(self) -> None:
        # A write waiting for another process's lock gives up rather than hold the closing bot.
        self._closing = True
        async with self._write_lock:
            await self._reader.close()
            await self._writer.close()

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The write connection for one transaction: committed if the block ends normally, rolled back
        if it raises or is cancelled, never interleaved with another write."""
        async with self._write_lock:
            await self._begin()
            try:
                yield self._writer
            except BaseException:
                await self._writer.execute("ROLLBACK")
                raise
            await self._writer.execute("COMMIT")

    async def _begin(self) -> None:
        """``BEGIN IMMEDIATE``, tried again while another process holds the write lock (see
        ``_waiting_out_busy``)."""

        async def begin() -> object:
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                if "database is locked" not in str(error).lower():
                    raise
                return BUSY
            return None

        await self._waiting_out_busy(begin)

    async def _waiting_out_busy(self, attempt: Callable[[], Awaitable[T | object]]) -> T:
        """``attempt()`` (each try waits the connection's busy timeout for the write lock), tried
        again while it finds the lock held by another process (``BUSY``), pausing longer each time,
        for ``BUSY_GIVE_UP_SECONDS``."""
        started = time.monotonic()
        pause = BUSY_FIRST_PAUSE_SECONDS
        while True:
            outcome = await attempt()
            if outcome is not BUSY:
                return cast(T, outcome)
            waited = time.monotonic() - started
            if self._closing or waited + pause > BUSY_GIVE_UP_SECONDS:
                raise DatabaseBusy(f"another process has held the database's write lock for {waited:.0f} s")
            log.log(
                logging.WARNING if pause == BUSY_FIRST_PAUSE_SECONDS else logging.DEBUG,
                "another process has held the database's write lock for %.0f s; trying again",
                waited,
            )
            await asyncio.sleep(pause)
            pause = min(2 * pause, BUSY_LONGEST_PAUSE_SECONDS)

    async def _write_at_once(self, work: Work[T]) -> T:
        """``work`` as one transaction run whole on the database's thread (``bot.storage.sqlite_thread``):
        one round trip, where ``_transaction`` takes one per statement. Never interleaved with
        another write; another process's write lock is waited out as ``_begin`` waits it out."""
        connection = self._writer._conn
        async with self._write_lock:
            return await self._waiting_out_busy(
                # aiosqlite's own way of running a function on the connection's thread.
                lambda: self._writer._execute(run_transaction, connection, work)
            )

    async def _fetch_all(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        # One call on the database thread runs the query to its end, so no statement stays open
        # between two awaits: an open one would hold the read snapshot, and later reads on this
        # connection would miss what was committed since.
        return list(await self._reader.execute_fetchall(sql, parameters))

    async def _fetch_one(self, sql: str, parameters: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        rows = await self._fetch_all(sql, parameters)
        return rows[0] if rows else None

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[SqliteTransaction]:
        async with self._transaction() as db:
            yield SqliteTransaction(db)

    async def read_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return await self._fetch_all(sql, tuple(parameters))

    async def game_references(self) -> list[tuple[str, str]]:
        tables = [
            row[0] for row in await self._fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        references = []
        for table in tables:
            keys = await self._fetch_all(f'PRAGMA foreign_key_list("{table}")')
            references += [(table, row["from"]) for row in keys if row["table"] == "games"]
        return references

    async def schema_versions(self) -> list[int]:
        return [
            row[0] for row in await self._fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        ]

    async def running_game(self, channel_id: int) -> GameRecord | None:
        row = await self._fetch_one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return GameRecord.from_row(row) if row else None

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRecord.from_row(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recent game, running or not."""
        row = await self._fetch_one(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return GameRecord.from_row(row) if row else None

    async def create_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, lobby: dict[str, Any], seed: int
    ) -> GameRecord:
        created = now()
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (game, guild_id, channel_id, host_id, status, lobby_json, seed, "
                    "created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (game, guild_id, channel_id, host_id, json.dumps(lobby), seed, created, created),
                )
        except aiosqlite.IntegrityError:
            existing = await self.running_game(channel_id)
            assert existing is not None
            raise ChannelBusy(existing) from None
        record = await self.game(cursor.lastrowid)  # type: ignore[arg-type]
        assert record is not None
        return record

    async def save(
        self,
        record: GameRecord,
        expected_version: int,
        action: ActionRecord | None = None,
        results: list[ResultRow] | None = None,
        calls: Mapping[int, int] | None = None,
    ) -> Saved | None:
        async def write(db: ThreadTransaction) -> Saved | None:
            changed = await db.execute(
                "UPDATE games SET status = ?, lobby_json = ?, state_json = ?, schema_version = ?, "
                "version = ?, outcome = ?, updated_at = ? WHERE id = ? AND version = ?",
                (
                    record.status,
                    lobby_json,
                    record.state_json,
                    record.schema_version,
                    expected_version + 1,
                    record.outcome,
                    now(),
                    record.id,
                    expected_version,
                ),
            )
            if changed != 1:
                return None
            if action is not None:
                await db.execute(
                    "INSERT INTO actions (game_id, seq, actor_id, seat, action_json, created_at) "
                    "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM actions WHERE game_id = ?",
                    (record.id, action.actor_id, action.seat, action_json, action.created_at, record.id),
                )
            if results:
                await db.execute_many(
                    "INSERT INTO results (game_id, seat, guild_id, channel_id, game, user_id, name, ai, "
                    "character, variant, won, outcome, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [astuple(row) for row in results],
                )
            called: frozenset[int] = frozenset()
            if calls is not None:
                acted_seat = action.seat if action is not None else None
                called = await replace_clocks(db, record.id, calls, acted_seat)
            return Saved(called)

        # Serialised here, on the event loop: the database's thread only runs the statements.
        lobby_json = json.dumps(record.lobby)
        action_json = json.dumps(action.action) if action is not None else None
        saved = await self._write_at_once(write)
        if saved is not None:
            record.version = expected_version + 1
        return saved

    async def replace_message(self, game_id: int, message_id: int) -> int | None:
        """Makes ``message_id`` the game's board and returns the board it replaces (to retire), in one
        step, so of two boards posted at once exactly one ends up live. The message id is where the
        board lives, not game state: it does not bump the version."""

        async def write(db: ThreadTransaction) -> int | None:
            rows = await db.fetch_all("SELECT message_id FROM games WHERE id = ?", (game_id,))
            await db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))
            return rows[0][0] if rows else None

        previous = await self._write_at_once(write)
        return previous if previous != message_id else None

    async def active_game_ids(self) -> list[int]:
        return [
            row[0]
            for row in await self._fetch_all("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        ]

    async def seat_moves(self, game_id: int, seat: int) -> int:
        """How many actions ``seat`` has taken in the game."""
        row = await self._fetch_one(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat)
        )
        return int(row[0]) if row else 0

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._fetch_all(
            "SELECT seq, actor_id, seat, action_json, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            ActionRecord(
                seq=row[0], actor_id=row[1], seat=row[2], action=json.loads(row[3]), created_at=row[4]
            )
            for row in rows
        ]

    async def command_hash(self, scope: str) -> str | None:
        """The hash of the slash-command definitions last synced to ``scope`` (a guild id or "global")."""
        row = await self._fetch_one("SELECT definition_hash FROM command_sync WHERE scope = ?", (scope,))
        return row[0] if row else None

    async def set_command_hash(self, scope: str, definition_hash: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO command_sync (scope, definition_hash, synced_at) VALUES (?, ?, ?) "
                "ON CONFLICT (scope) DO UPDATE SET definition_hash = excluded.definition_hash, "
                "synced_at = excluded.synced_at",
                (scope, definition_hash, now()),
            )

    async def sync_clocks(
        self, game_id: int, version: int, calls: Mapping[int, int]
    ) -> frozenset[int] | None:

        async def write(db: ThreadTransaction) -> frozenset[int] | None:
            if not await db.fetch_all(
                "SELECT 1 FROM games WHERE id = ? AND version = ? AND status = 'active'", (game_id, version)
            ):
                return None
            return await replace_clocks(db, game_id, calls, None)

        return await self._write_at_once(write)

    async def record_ping(self, game_id: int, user_ids: Collection[int], message_id: int) -> None:
        await self._write_at_once(lambda db: record_ping(db, game_id, user_ids, message_id))

    async def replace_ping(self, game_id: int, seat: int, called_at: str, message_id: int) -> None:
        await self._write_at_once(lambda db: replace_ping(db, game_id, seat, called_at, message_id))

    async def stale_pings(self, game_id: int) -> list[StalePing]:
        rows = await self._fetch_all(
            "SELECT game_id, channel_id, message_id FROM stale_pings WHERE game_id = ? ORDER BY message_id",
            (game_id,),
        )
        return [StalePing(*row) for row in rows]

    async def forget_stale_pings(self, message_ids: Collection[int]) -> None:
        await self._write_at_once(
            lambda db: db.execute_many(
                "DELETE FROM stale_pings WHERE message_id = ?", [(message_id,) for message_id in message_ids]
            )
        )

    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        await self._write_at_once(lambda db: db.execute(BOARD_SHOWN, (version, game_id, message_id, version)))

    async def stale_boards(self) -> list[GameRecord]:
        return [GameRecord.from_row(row) for row in await self._fetch_all(STALE_BOARDS)]

    async def move_to_thread(self, game_id: int, thread_id: int, parent_channel_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(MOVE_TO_THREAD, (thread_id, parent_channel_id, game_id))

    async def close_thread(self, game_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(CLOSE_THREAD, (now(), game_id))

    async def threads_to_close(self) -> list[int]:
        return [row[0] for row in await self._fetch_all(THREADS_TO_CLOSE)]

    _CLOCKS = (
        "SELECT clock.game_id, clock.seat, clock.user_id, clock.called_at, clock.stage, games.guild_id, "
        "clock.ping_message_id FROM turn_clocks AS clock JOIN games ON games.id = clock.game_id "
        "WHERE games.status = 'active'"
    )

    async def turn_clocks(self) -> list[TurnClock]:
        return [TurnClock(*row) for row in await self._fetch_all(self._CLOCKS)]

    async def clocks_of(self, game_id: int) -> list[TurnClock]:
        rows = await self._fetch_all(self._CLOCKS + " AND clock.game_id = ? ORDER BY clock.seat", (game_id,))
        return [TurnClock(*row) for row in rows]

    async def turn_clock(self, game_id: int, seat: int) -> TurnClock | None:
        row = await self._fetch_one(
            self._CLOCKS + " AND clock.game_id = ? AND clock.seat = ?", (game_id, seat)
        )
        return TurnClock(*row) if row else None

    async def advance_clock(self, game_id: int, seat: int, called_at: str, stage: int) -> bool:
        """Moves a seat's clock to ``stage`` if it still shows the call it was read with; False when
        the player moved meanwhile (or another process got there first), so nothing fires twice."""
        changed = await self._write_at_once(
            lambda db: db.execute(
                "UPDATE turn_clocks SET stage = ? WHERE game_id = ? AND seat = ? AND called_at = ? "
                "AND stage < ?",
                (stage, game_id, seat, called_at, stage),
            )
        )
        return changed == 1

    async def lobbies(self) -> list[GameRecord]:
        rows = await self._fetch_all("SELECT * FROM games WHERE status = 'lobby' ORDER BY id")
        return [GameRecord.from_row(row) for row in rows]

    async def every_guild_settings(self) -> dict[int, dict[str, Any]]:
        rows = await self._fetch_all("SELECT guild_id, settings_json FROM guild_settings")
        return {row[0]: json.loads(row[1]) for row in rows}

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._fetch_one(
            "SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
                "updated_at = excluded.updated_at",
                (guild_id, json.dumps(settings), now()),
            )

    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        moment = time.time()
        async with self._transaction() as db:
            cursor = await db.execute(LEASE_UPSERT, (name, holder, moment + seconds, moment))
            return cursor.rowcount == 1

    async def release_lease(self, name: str, holder: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    async def table_names(self) -> list[str]:
        rows = await self._fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        return [row[0] for row in rows]

    async def load_tables(self, tables: Sequence[TableRows]) -> None:
        async with self._transaction() as db:
            # AUTOINCREMENT remembers the highest id inserted, so new games number on after the copy.
            for loaded in tables:
                listed = ", ".join(f'"{column}"' for column in loaded.columns)
                marks = ", ".join("?" for _ in loaded.columns)
                await db.executemany(f'INSERT INTO "{loaded.table}" ({listed}) VALUES ({marks})', loaded.rows)
