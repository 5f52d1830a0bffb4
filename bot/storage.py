"""SQLite storage: migrations at start-up, one row per game, an append-only action log.

Every write that changes a game is conditional on the version the caller loaded
(``UPDATE … WHERE version = ?``), so two racing writers can never both succeed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.config import PROJECT_ROOT

MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d+)_[\w-]+\.sql$")
RUNNING = ("lobby", "active")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass
class GameRecord:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    lobby: dict[str, Any]
    seed: int
    state_json: str | None
    schema_version: int | None
    version: int
    message_id: int | None
    outcome: str | None


@dataclass
class ActionRecord:
    actor_id: int
    seat: int
    action: dict[str, Any]
    created_at: str = field(default_factory=_now)
    seq: int = 0


class ChannelBusy(Exception):
    """The channel already has a running game."""

    def __init__(self, existing: GameRecord) -> None:
        super().__init__(f"channel {existing.channel_id} already runs game {existing.id}")
        self.existing = existing


class Storage:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(cls, path: Path | str, migrations_dir: Path = MIGRATIONS_DIR) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        # In WAL mode NORMAL syncs at checkpoints only: the database cannot corrupt, and a commit is
        # not an fsync, which keeps every click's write fast.
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA busy_timeout = 5000")
        storage = cls(connection)
        await storage._migrate(migrations_dir)
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self, migrations_dir: Path) -> None:
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at TEXT NOT NULL)"
        )
        async with self._db.execute("SELECT version FROM schema_migrations") as cursor:
            applied = {row[0] for row in await cursor.fetchall()}
        for path in sorted(migrations_dir.glob("*.sql"), key=lambda p: int(p.name.split("_")[0])):
            match = _MIGRATION_NAME.match(path.name)
            if not match:
                raise RuntimeError(f"migration file {path.name} must be named NNN_description.sql")
            number = int(match.group(1))
            if number in applied:
                continue
            await self._db.executescript(
                f"BEGIN;\n{path.read_text(encoding='utf-8')}\n"
                f"INSERT INTO schema_migrations VALUES ({number}, '{path.name}', '{_now()}');\nCOMMIT;"
            )

    async def schema_versions(self) -> list[int]:
        async with self._db.execute("SELECT version FROM schema_migrations ORDER BY version") as cursor:
            return [row[0] for row in await cursor.fetchall()]

    @staticmethod
    def _record(row: aiosqlite.Row) -> GameRecord:
        return GameRecord(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            status=row["status"],
            lobby=json.loads(row["lobby_json"]),
            seed=row["seed"],
            state_json=row["state_json"],
            schema_version=row["schema_version"],
            version=row["version"],
            message_id=row["message_id"],
            outcome=row["outcome"],
        )

    async def running_game(self, channel_id: int) -> GameRecord | None:
        async with self._db.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return self._record(row) if row else None

    async def game(self, game_id: int) -> GameRecord | None:
        async with self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return self._record(row) if row else None

    async def create_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, lobby: dict[str, Any], seed: int
    ) -> GameRecord:
        now = _now()
        try:
            cursor = await self._db.execute(
                "INSERT INTO games (game, guild_id, channel_id, host_id, status, lobby_json, seed, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (game, guild_id, channel_id, host_id, json.dumps(lobby), seed, now, now),
            )
        except aiosqlite.IntegrityError:
            existing = await self.running_game(channel_id)
            assert existing is not None
            raise ChannelBusy(existing) from None
        await self._db.commit()
        record = await self.game(cursor.lastrowid)  # type: ignore[arg-type]
        assert record is not None
        return record

    async def save(
        self, record: GameRecord, expected_version: int, action: ActionRecord | None = None
    ) -> bool:
        """Writes ``record`` as version ``expected_version + 1`` and logs ``action`` in one transaction.

        Returns False, writing nothing, when someone else saved first.
        """
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            cursor = await self._db.execute(
                "UPDATE games SET status = ?, lobby_json = ?, state_json = ?, schema_version = ?, "
                "version = ?, message_id = ?, outcome = ?, updated_at = ? WHERE id = ? AND version = ?",
                (
                    record.status,
                    json.dumps(record.lobby),
                    record.state_json,
                    record.schema_version,
                    expected_version + 1,
                    record.message_id,
                    record.outcome,
                    _now(),
                    record.id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                await self._db.rollback()
                return False
            if action is not None:
                await self._db.execute(
                    "INSERT INTO actions (game_id, seq, actor_id, seat, action_json, created_at) "
                    "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM actions WHERE game_id = ?",
                    (
                        record.id,
                        action.actor_id,
                        action.seat,
                        json.dumps(action.action),
                        action.created_at,
                        record.id,
                    ),
                )
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise
        record.version = expected_version + 1
        return True

    async def set_message(self, game_id: int, message_id: int) -> None:
        """The message id is where the board lives, not game state: it does not bump the version."""
        await self._db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))
        await self._db.commit()

    async def active_game_ids(self) -> list[int]:
        async with self._db.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id") as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def seat_moves(self, game_id: int, seat: int) -> int:
        """How many actions ``seat`` has taken in the game."""
        async with self._db.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat)
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._db.execute(
            "SELECT seq, actor_id, seat, action_json, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            ActionRecord(
                seq=row[0], actor_id=row[1], seat=row[2], action=json.loads(row[3]), created_at=row[4]
            )
            for row in rows
        ]
