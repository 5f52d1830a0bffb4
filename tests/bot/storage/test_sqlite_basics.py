"""The SQLite file: migrations applied in order once, a fresh file created with its folder, one running
game per channel, and a save from an old version writing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import ActionRecord, ChannelBusy, SqliteStorage
from bot.storage.sqlite_file import SQLITE_MIGRATIONS


async def test_migrations_run_in_order_once_and_are_recorded(tmp_path: Path) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    (migrations / "001_first.sql").write_text("CREATE TABLE games (id INTEGER PRIMARY KEY);")
    (migrations / "002_second.sql").write_text("ALTER TABLE games ADD COLUMN extra TEXT;")
    database = tmp_path / "db.sqlite3"
    storage = await SqliteStorage.open(database, migrations)
    assert await storage.schema_versions() == [1, 2]
    await storage.close()
    (migrations / "010_third.sql").write_text("CREATE TABLE later (id INTEGER);")
    storage = await SqliteStorage.open(database, migrations)
    assert await storage.schema_versions() == [1, 2, 10]
    async with storage._writer.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await storage.close()


async def test_a_fresh_database_is_created_with_its_folder(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "nested" / "games.sqlite3")
    assert (tmp_path / "nested" / "games.sqlite3").exists()
    shipped = sorted(int(path.name.split("_")[0]) for path in SQLITE_MIGRATIONS.glob("*.sql"))
    assert await storage.schema_versions() == shipped
    await storage.close()


async def test_one_running_game_per_channel_and_finished_games_are_kept(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    lobby = {"variant": "normal", "players": []}
    first = await storage.create_lobby("cell", 1, 100, 7, lobby, seed=1)
    with pytest.raises(ChannelBusy) as busy:
        await storage.create_lobby("cell", 1, 100, 8, lobby, seed=2)
    assert busy.value.existing.id == first.id
    first.status = "finished"
    assert await storage.save(first, first.version)
    second = await storage.create_lobby("cell", 1, 100, 8, lobby, seed=3)
    assert second.id != first.id
    assert (await storage.game(first.id)).status == "finished"
    await storage.close()


async def test_a_save_from_an_old_version_writes_nothing(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "games.sqlite3")
    record = await storage.create_lobby("cell", 1, 100, 7, {"variant": "normal", "players": []}, seed=1)
    action = ActionRecord(actor_id=7, seat=0, action={"type": "roll", "player": 0})
    assert await storage.save(record, 0, action)
    assert record.version == 1
    assert not await storage.save(record, 0, action)
    assert [entry.seq for entry in await storage.actions(record.id)] == [1]
    assert await storage.save(record, 1, action)
    assert [entry.seq for entry in await storage.actions(record.id)] == [1, 2]
    await storage.close()
