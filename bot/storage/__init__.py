"""Where the bot keeps its games: one interface (``Storage``), two backends, chosen by a URL.

``open_storage`` takes ``postgresql://user:password@host:port/database`` (or ``postgres://…``) for a
PostgreSQL server, and ``sqlite:///path/to/games.sqlite3`` or a plain file path for SQLite. In the
``sqlite:`` form, three slashes and a relative path (``sqlite:///data/games.sqlite3``) or four and an
absolute one (``sqlite:////srv/bot/games.sqlite3``), as SQLAlchemy writes them.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.interface import Row, Storage, Transaction
from bot.storage.model import (
    AT_THE_TABLE,
    RUNNING,
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
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage

__all__ = [
    "AT_THE_TABLE",
    "RUNNING",
    "ActionRecord",
    "ChannelBusy",
    "DatabaseBusy",
    "GameRecord",
    "PostgresStorage",
    "ResultRow",
    "Row",
    "Saved",
    "SqliteStorage",
    "StalePing",
    "Storage",
    "StorageError",
    "TableRows",
    "Transaction",
    "TurnClock",
    "now",
    "open_storage",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path:
    """The file a SQLite target names: a path, or a ``sqlite:///`` URL."""
    if isinstance(target, str) and target.startswith(SQLITE_SCHEME):
        return Path(target.removeprefix(SQLITE_SCHEME))
    return Path(target)


async def open_storage(target: str | Path) -> Storage:
    """The storage ``target`` names, checked and migrated; raises StorageError saying what is wrong."""
    if is_postgres_url(target):
        return await PostgresStorage.open(str(target))
    return await SqliteStorage.open(sqlite_path(target))
