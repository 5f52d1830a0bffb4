"""The numbered migrations: the same list for both dialects, applied once on each backend, even when
two processes open a new database at the same moment."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.storage import Storage, open_storage
from bot.storage.migrations import MIGRATIONS_DIR, migrations_in


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    sqlite = [(migration.number, migration.name) for migration in migrations_in(MIGRATIONS_DIR / "sqlite")]
    postgres = [
        (migration.number, migration.name) for migration in migrations_in(MIGRATIONS_DIR / "postgresql")
    ]
    assert sqlite == postgres
    assert [number for number, _ in sqlite] == list(range(1, len(sqlite) + 1))


async def test_every_migration_is_applied_once_and_recorded(storage: Storage, target: str | Path) -> None:
    shipped = [migration.number for migration in migrations_in(MIGRATIONS_DIR / storage.dialect)]
    assert await storage.schema_versions() == shipped
    await storage.close()
    again = await open_storage(target)
    try:
        assert await again.schema_versions() == shipped
        rows = await again.read_all("SELECT COUNT(*) FROM schema_migrations")
        assert rows[0][0] == len(shipped)
    finally:
        await again.close()


async def test_two_processes_opening_a_new_database_together_migrate_it_once(target: str | Path) -> None:
    results = await asyncio.gather(open_storage(target), open_storage(target), return_exceptions=True)
    opened = [result for result in results if isinstance(result, Storage)]
    try:
        assert len(opened) == 2, results
        shipped = [migration.number for migration in migrations_in(MIGRATIONS_DIR / opened[0].dialect)]
        for storage in opened:
            assert await storage.schema_versions() == shipped
        rows = await opened[0].read_all("SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_migrations")
        assert tuple(rows[0]) == (len(shipped), len(shipped))
    finally:
        for storage in opened:
            await storage.close()
