"""Choosing and opening a backend: DATABASE_URL or DATABASE_PATH, the URL forms, and what an operator
reads when the database cannot be used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.runtime.config import SettingsError, load_settings
from bot.storage import PostgresStorage, SqliteStorage, StorageError, open_storage
from bot.storage.postgres import numbered_placeholders, redacted
from tests.postgres_server import PostgresServer

NO_ENV_FILE = Path("/nonexistent/.env")


def test_database_url_selects_postgresql_and_the_sqlite_file_stays_the_default() -> None:
    default = load_settings(NO_ENV_FILE, {"DISCORD_TOKEN": "x"})
    assert default.database_url is None and default.database_target == default.database_path
    chosen = load_settings(NO_ENV_FILE, {"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://bot@db/games"})
    assert chosen.database_target == "postgresql://bot@db/games"


def test_a_wrong_database_url_or_backups_of_a_server_are_named() -> None:
    with pytest.raises(SettingsError, match="DATABASE_URL: DATABASE_URL must start with postgresql://"):
        load_settings(NO_ENV_FILE, {"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://db/games"})
    with pytest.raises(SettingsError, match="pg_dump"):
        load_settings(
            NO_ENV_FILE, {"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://db/games", "BACKUP_DIR": "b"}
        )


async def test_every_url_form_opens_its_backend(tmp_path: Path, postgres_url: str) -> None:
    for target in (
        tmp_path / "a.sqlite3",
        str(tmp_path / "b.sqlite3"),
        f"sqlite:///{tmp_path / 'c.sqlite3'}",
    ):
        storage = await open_storage(target)
        assert isinstance(storage, SqliteStorage)
        await storage.close()
    assert sorted(path.name for path in tmp_path.glob("*.sqlite3")) == ["a.sqlite3", "b.sqlite3", "c.sqlite3"]
    storage = await open_storage(postgres_url.replace("postgresql://", "postgres://"))
    assert isinstance(storage, PostgresStorage)
    await storage.close()


async def test_a_server_that_cannot_be_used_is_named_without_its_password(
    postgres_server: PostgresServer,
) -> None:
    missing = f"postgresql://postgres:s3cret@127.0.0.1:{postgres_server.port}/no_such_database"
    with pytest.raises(StorageError) as error:
        await open_storage(missing)
    message = str(error.value)
    assert "no_such_database" in message and "does not exist" in message and "s3cret" not in message
    with pytest.raises(StorageError, match=re.escape("postgresql://bot:***@127.0.0.1:9/games")):
        await open_storage("postgresql://bot:pw@127.0.0.1:9/games")


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered_placeholders("SELECT '?', a FROM t WHERE b = ? AND c IN (?, ?)") == (
        "SELECT '?', a FROM t WHERE b = $1 AND c IN ($2, $3)"
    )
    assert redacted("postgresql://bot:pw@db:5433/games") == "postgresql://bot:***@db:5433/games"
    assert redacted("postgresql://db/games") == "postgresql://db/games"
