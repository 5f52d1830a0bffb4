"""The PostgreSQL backend: one server shared by any number of bot processes, through a pool of
asyncpg connections.

Writes of one game are ordered across every process by a transaction-scoped advisory lock on the
game's id (``pg_advisory_xact_lock``), taken first in each transaction that writes the game and
released by its commit or rollback; ``save`` is also conditional on the version the caller loaded, so
of two processes saving the same game from the same version, the second one, once the lock lets it
in, finds the version moved on and writes nothing. The bigint advisory-lock keys belong to game ids;
negative keys, never a game id, guard the migrations.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from dataclasses import astuple
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

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
from bot.storage.migrations import MIGRATIONS_DIR, migrations_in
from bot.storage.model import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    ResultRow,
    Saved,
    StalePing,
    StorageError,
    TableRows,
    TurnClock,
    now,
)

POSTGRES_MIGRATIONS = MIGRATIONS_DIR / "postgresql"
MIGRATION_LOCK = -19
POOL_SIZE = 10
CONNECT_TIMEOUT_SECONDS = 10.0

_SERVER_NOW = "extract(epoch FROM clock_timestamp())::float8"
LEASE_UPSERT = (
    "INSERT INTO leases (name, holder, expires_at) "
    f"VALUES ($1, $2, {_SERVER_NOW} + $3::float8) "
    "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "
    f"WHERE leases.holder = excluded.holder OR leases.expires_at <= {_SERVER_NOW}"
)
"""Takes a free or expired lease, or renews the holder's own; changes no row while another holds it."""


@lru_cache(maxsize=256)
def numbered_placeholders(sql: str) -> str:
    """``?`` placeholders (outside quoted text) as PostgreSQL's ``$1, $2, …``."""
    pieces: list[str] = []
    number = 0
    quoted = False
    for character in sql:
        if character == "'":
            quoted = not quoted
        if character == "?" and not quoted:
            number += 1
            pieces.append(f"${number}")
        else:
            pieces.append(character)
    return "".join(pieces)


def changed_rows(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def redacted(url: str) -> str:
    """The URL without its password, fit for a log line or an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    user = f"{parts.username}:***@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))


class PostgresTransaction:
    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        return changed_rows(await self._connection.execute(numbered_placeholders(sql), *parameters))

    async def fetch_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return list(await self._connection.fetch(numbered_placeholders(sql), *parameters))


class PostgresStorage(Storage):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str, migrations_dir: Path = POSTGRES_MIGRATIONS) -> PostgresStorage:
        """Connects and migrates; raises StorageError naming the server (never its password) and the
        problem."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT_SECONDS
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise StorageError(f"Cannot use the database {redacted(url)}: {error}.") from None
        try:
            await _migrate(pool, migrations_dir)
        except (OSError, asyncpg.PostgresError) as error:
            await pool.close()
            raise StorageError(f"Cannot migrate the database {redacted(url)}: {error}.") from None
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def _transaction(self, game_id: int | None = None) -> AsyncIterator[asyncpg.Connection]:
        """One connection in one transaction, committed if the block ends normally; with ``game_id``,
        holding that game's advisory lock until the commit, so writes of a game never interleave."""
        async with self._pool.acquire() as connection, connection.transaction():
            if game_id is not None:
                await connection.execute("SELECT pg_advisory_xact_lock($1)", game_id)
            yield connection

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[PostgresTransaction]:
        async with self._transaction() as connection:
            yield PostgresTransaction(connection)

    async def read_all(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return list(await self._pool.fetch(numbered_placeholders(sql), *parameters))

    async def schema_versions(self) -> list[int]:
        return [row[0] for row in await self._pool.fetch("SELECT version FROM schema_migrations ORDER BY 1")]

    async def game_references(self) -> list[tuple[str, str]]:
        rows = await self._pool.fetch(
            "SELECT source.relname, key.attname FROM pg_constraint AS link "
            "JOIN pg_class AS source ON source.oid = link.conrelid "
            "JOIN pg_attribute AS key ON key.attrelid = link.conrelid AND key.attnum = ANY (link.conkey) "
            "WHERE link.contype = 'f' AND link.confrelid = 'games'::regclass ORDER BY 1, 2"
        )
        return [(row[0], row[1]) for row in rows]

    async def _games(self, sql: str, *parameters: Any) -> list[GameRecord]:
        return [GameRecord.from_row(row) for row in await self._pool.fetch(sql, *parameters)]

    async def running_game(self, channel_id: int) -> GameRecord | None:
        found = await self._games(
            "SELECT * FROM games WHERE channel_id = $1 AND status IN ('lobby', 'active')", channel_id
        )
        return found[0] if found else None

    async def game(self, game_id: int) -> GameRecord | None:
        found = await self._games("SELECT * FROM games WHERE id = $1", game_id)
        return found[0] if found else None

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        found = await self._games(
            "SELECT * FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
        )
        return found[0] if found else None

    async def lobbies(self) -> list[GameRecord]:
        return await self._games("SELECT * FROM games WHERE status = 'lobby' ORDER BY id")

    async def active_game_ids(self) -> list[int]:
        return [
            row[0]
            for row in await self._pool.fetch("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        ]

    async def create_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, lobby: dict[str, Any], seed: int
    ) -> GameRecord:
        created = now()
        try:
            row = await self._pool.fetchrow(
                "INSERT INTO games (game, guild_id, channel_id, host_id, status, lobby_json, seed, "
                "created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7) RETURNING *",
                game,
                guild_id,
                channel_id,
                host_id,
                json.dumps(lobby),
                seed,
                created,
            )
        except asyncpg.UniqueViolationError:
            existing = await self.running_game(channel_id)
            assert existing is not None
            raise ChannelBusy(existing) from None
        assert row is not None
        return GameRecord.from_row(row)

    async def save(
        self,
        record: GameRecord,
        expected_version: int,
        action: ActionRecord | None = None,
        results: list[ResultRow] | None = None,
        calls: Mapping[int, int] | None = None,
    ) -> Saved | None:
        async with self._transaction(record.id) as db:
            status = await db.execute(
                "UPDATE games SET status = $1, lobby_json = $2, state_json = $3, schema_version = $4, "
                "version = $5, outcome = $6, updated_at = $7 WHERE id = $8 AND version = $9",
                record.status,
                json.dumps(record.lobby),
                record.state_json,
                record.schema_version,
                expected_version + 1,
                record.outcome,
                now(),
                record.id,
                expected_version,
            )
            if changed_rows(status) != 1:
                return None
            if action is not None:
                await db.execute(
                    "INSERT INTO actions (game_id, seq, actor_id, seat, action_json, created_at) "
                    "SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5 FROM actions WHERE game_id = $1",
                    record.id,
                    action.actor_id,
                    action.seat,
                    json.dumps(action.action),
                    action.created_at,
                )
            if results:
                await db.executemany(
                    "INSERT INTO results (game_id, seat, guild_id, channel_id, game, user_id, name, ai, "
                    "character, variant, won, outcome, finished_at) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                    [_result_values(row) for row in results],
                )
            called: frozenset[int] = frozenset()
            if calls is not None:
                acted_seat = action.seat if action is not None else None
                called = await replace_clocks(PostgresTransaction(db), record.id, calls, acted_seat)
        record.version = expected_version + 1
        return Saved(called)

    async def replace_message(self, game_id: int, message_id: int) -> int | None:
        async with self._transaction(game_id) as db:
            previous = await db.fetchval("SELECT message_id FROM games WHERE id = $1", game_id)
            await db.execute("UPDATE games SET message_id = $1 WHERE id = $2", message_id, game_id)
        return previous if previous != message_id else None

    async def actions(self, game_id: int) -> list[ActionRecord]:
        rows = await self._pool.fetch(
            "SELECT seq, actor_id, seat, action_json, created_at FROM actions "
            "WHERE game_id = $1 ORDER BY seq",
            game_id,
        )
        return [
            ActionRecord(
                seq=row[0], actor_id=row[1], seat=row[2], action=json.loads(row[3]), created_at=row[4]
            )
            for row in rows
        ]

    async def seat_moves(self, game_id: int, seat: int) -> int:
        count = await self._pool.fetchval(
            "SELECT COUNT(*) FROM actions WHERE game_id = $1 AND seat = $2", game_id, seat
        )
        return int(count)

    async def sync_clocks(
        self, game_id: int, version: int, calls: Mapping[int, int]
    ) -> frozenset[int] | None:
        async with self._transaction(game_id) as db:
            current = await db.fetchval(
                "SELECT version FROM games WHERE id = $1 AND status = 'active'", game_id
            )
            if current != version:
                return None
            return await replace_clocks(PostgresTransaction(db), game_id, calls, None)

    async def record_ping(self, game_id: int, user_ids: Collection[int], message_id: int) -> None:
        async with self._transaction(game_id) as db:
            await record_ping(PostgresTransaction(db), game_id, list(user_ids), message_id)

    async def replace_ping(self, game_id: int, seat: int, called_at: str, message_id: int) -> None:
        async with self._transaction(game_id) as db:
            await replace_ping(PostgresTransaction(db), game_id, seat, called_at, message_id)

    async def stale_pings(self, game_id: int) -> list[StalePing]:
        rows = await self._pool.fetch(
            "SELECT game_id, channel_id, message_id FROM stale_pings WHERE game_id = $1 ORDER BY message_id",
            game_id,
        )
        return [StalePing(*row) for row in rows]

    async def forget_stale_pings(self, message_ids: Collection[int]) -> None:
        await self._pool.execute(
            "DELETE FROM stale_pings WHERE message_id = ANY ($1::bigint[])", list(message_ids)
        )

    async def board_shown(self, game_id: int, message_id: int, version: int) -> None:
        async with self._transaction(game_id) as db:
            await db.execute(numbered_placeholders(BOARD_SHOWN), version, game_id, message_id, version)

    async def stale_boards(self) -> list[GameRecord]:
        return await self._games(STALE_BOARDS)

    async def move_to_thread(self, game_id: int, thread_id: int, parent_channel_id: int) -> None:
        async with self._transaction(game_id) as db:
            await db.execute(numbered_placeholders(MOVE_TO_THREAD), thread_id, parent_channel_id, game_id)

    async def close_thread(self, game_id: int) -> None:
        async with self._transaction(game_id) as db:
            await db.execute(numbered_placeholders(CLOSE_THREAD), now(), game_id)

    async def threads_to_close(self) -> list[int]:
        return [row[0] for row in await self._pool.fetch(THREADS_TO_CLOSE)]

    _CLOCKS = (
        "SELECT clock.game_id, clock.seat, clock.user_id, clock.called_at, clock.stage, games.guild_id, "
        "clock.ping_message_id FROM turn_clocks AS clock JOIN games ON games.id = clock.game_id "
        "WHERE games.status = 'active'"
    )

    async def turn_clocks(self) -> list[TurnClock]:
        return [TurnClock(*row) for row in await self._pool.fetch(self._CLOCKS)]

    async def clocks_of(self, game_id: int) -> list[TurnClock]:
        rows = await self._pool.fetch(self._CLOCKS + " AND clock.game_id = $1 ORDER BY clock.seat", game_id)
        return [TurnClock(*row) for row in rows]

    async def turn_clock(self, game_id: int, seat: int) -> TurnClock | None:
        row = await self._pool.fetchrow(
            self._CLOCKS + " AND clock.game_id = $1 AND clock.seat = $2", game_id, seat
        )
        return TurnClock(*row) if row else None

    async def advance_clock(self, game_id: int, seat: int, called_at: str, stage: int) -> bool:
        async with self._transaction(game_id) as db:
            status = await db.execute(
                "UPDATE turn_clocks SET stage = $1 WHERE game_id = $2 AND seat = $3 AND called_at = $4 "
                "AND stage < $1",
                stage,
                game_id,
                seat,
                called_at,
            )
        return changed_rows(status) == 1

    async def command_hash(self, scope: str) -> str | None:
        value: str | None = await self._pool.fetchval(
            "SELECT definition_hash FROM command_sync WHERE scope = $1", scope
        )
        return value

    async def set_command_hash(self, scope: str, definition_hash: str) -> None:
        await self._pool.execute(
            "INSERT INTO command_sync (scope, definition_hash, synced_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (scope) DO UPDATE SET definition_hash = excluded.definition_hash, "
            "synced_at = excluded.synced_at",
            scope,
            definition_hash,
            now(),
        )

    async def every_guild_settings(self) -> dict[int, dict[str, Any]]:
        rows = await self._pool.fetch("SELECT guild_id, settings_json FROM guild_settings")
        return {row[0]: json.loads(row[1]) for row in rows}

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        stored = await self._pool.fetchval(
            "SELECT settings_json FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return json.loads(stored) if stored else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._pool.execute(
            "INSERT INTO guild_settings (guild_id, settings_json, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
            "updated_at = excluded.updated_at",
            guild_id,
            json.dumps(settings),
            now(),
        )

    async def try_lease(self, name: str, holder: str, seconds: float) -> bool:
        return changed_rows(await self._pool.execute(LEASE_UPSERT, name, holder, seconds)) == 1

    async def release_lease(self, name: str, holder: str) -> None:
        await self._pool.execute("DELETE FROM leases WHERE name = $1 AND holder = $2", name, holder)

    async def table_names(self) -> list[str]:
        rows = await self._pool.fetch(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1"
        )
        return [row[0] for row in rows]

    async def load_tables(self, tables: Sequence[TableRows]) -> None:
        async with self._transaction() as db:
            for loaded in tables:
                listed = ", ".join(f'"{column}"' for column in loaded.columns)
                marks = ", ".join(f"${number}" for number in range(1, len(loaded.columns) + 1))
                await db.executemany(f'INSERT INTO "{loaded.table}" ({listed}) VALUES ({marks})', loaded.rows)
                if "id" in loaded.columns:
                    # Explicit ids leave an identity column's sequence behind: move it past the copy.
                    await db.execute(
                        f"SELECT setval(pg_get_serial_sequence($1, 'id'), MAX(id)) FROM \"{loaded.table}\" "
                        "HAVING MAX(id) IS NOT NULL",
                        loaded.table,
                    )


def _result_values(row: ResultRow) -> tuple[Any, ...]:
    """The row's columns, with its flags as the 0/1 integers the table keeps on every backend."""
    values = list(astuple(row))
    for index, value in enumerate(values):
        if isinstance(value, bool):
            values[index] = int(value)
    return tuple(values)


async def _migrate(pool: asyncpg.Pool, migrations_dir: Path) -> None:
    """Applies the pending migrations, each in its own transaction; a session advisory lock makes a
    second process starting at the same moment wait, then find nothing left to do."""
    async with pool.acquire() as connection:
        await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            applied = {row[0] for row in await connection.fetch("SELECT version FROM schema_migrations")}
            for migration in migrations_in(migrations_dir):
                if migration.number in applied:
                    continue
                async with connection.transaction():
                    await connection.execute(migration.sql)
                    await connection.execute(
                        "INSERT INTO schema_migrations VALUES ($1, $2, $3)",
                        migration.number,
                        migration.name,
                        now(),
                    )
        finally:
            await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
