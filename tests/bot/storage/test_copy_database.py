"""Moving a bot's database: SQLite to PostgreSQL and back, every row kept and every game replayed
exactly on each copy."""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.copy_database import COPIED, NOT_COPIED, copy_database, verify_copy
from bot.games.registry import game_modules
from bot.runtime.config import PROJECT_ROOT
from bot.storage import SqliteStorage, Storage, open_storage
from tests.bot.storage.helpers import GUILD, HOST
from tests.bot.storage.stored_games import store_games


async def _rows(storage: Storage) -> dict[str, list[tuple[object, ...]]]:
    return {
        table: [
            tuple(row) for row in await storage.read_all(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
        ]
        for table, key in COPIED.items()
    }


async def _stored(path: Path) -> dict[str, int]:
    storage = await SqliteStorage.open(path)
    try:
        return await store_games(storage)
    finally:
        await storage.close()


@pytest.fixture(scope="module")
def stored_games_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, int]]]:
    """One SQLite file of stored games for the module's tests, each of which copies it first."""
    path = tmp_path_factory.mktemp("stored") / "games.sqlite3"
    ids = asyncio.run(_stored(path))
    yield path, ids


async def test_a_database_goes_to_postgresql_and_back_and_every_game_replays_exactly(
    tmp_path: Path, postgres_url: str, stored_games_file: tuple[Path, dict[str, int]]
) -> None:
    original = tmp_path / "games.sqlite3"
    shutil.copy(stored_games_file[0], original)
    ids = stored_games_file[1]
    storage = await SqliteStorage.open(original)
    try:
        before = await _rows(storage)
        statuses = {name: (await storage.game(game_id)).status for name, game_id in ids.items()}  # type: ignore[union-attr]
    finally:
        await storage.close()
    assert statuses == {
        "cell finished": "finished",
        "cell running": "active",
        "cell abandoned": "abandoned",
        "over9000 finished": "finished",
        "over9000 running": "active",
        "primetime finished": "finished",
        "primetime running": "active",
        "cell lobby": "lobby",
    }
    assert before["results"] and before["turn_clocks"] and before["stale_pings"] and before["guild_settings"]

    there = await copy_database(original, postgres_url)
    back = await copy_database(postgres_url, f"sqlite:///{tmp_path / 'back.sqlite3'}")

    assert there.replayed == back.replayed == 7, "every game with a state, the lobby has none"
    assert there.rows == back.rows == {table: len(rows) for table, rows in before.items()}
    returned = await open_storage(tmp_path / "back.sqlite3")
    try:
        assert await _rows(returned) == before
    finally:
        await returned.close()

    copied = await open_storage(postgres_url)
    try:
        assert await _rows(copied) == before
        later = await copied.create_lobby(
            "cell", GUILD, 1, HOST, {"variant": "normal", "players": []}, seed=1
        )
        assert later.id == max(ids.values()) + 1, "new games number on after the copied ones"
    finally:
        await copied.close()


async def test_a_copy_that_differs_from_its_source_is_caught(
    tmp_path: Path, postgres_url: str, stored_games_file: tuple[Path, dict[str, int]]
) -> None:
    shutil.copy(stored_games_file[0], tmp_path / "games.sqlite3")
    ids = stored_games_file[1]
    source = await SqliteStorage.open(tmp_path / "games.sqlite3")
    try:
        await copy_database(tmp_path / "games.sqlite3", postgres_url)
        target = await open_storage(postgres_url)
        try:
            async with target.writing() as db:
                await db.execute(
                    "UPDATE actions SET action_json = ? WHERE game_id = ? AND seq = 1",
                    ('{"type": "nonsense"}', ids["cell running"]),
                )
            with pytest.raises(Exception, match="actions differs"):
                await verify_copy(source, target, game_modules())
        finally:
            await target.close()
    finally:
        await source.close()


async def _command(*arguments: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.copy_database",
        *arguments,
        cwd=PROJECT_ROOT,
        env={"PYTHONPATH": str(PROJECT_ROOT), "PATH": "/usr/bin:/bin"},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_the_command_copies_into_an_empty_database_and_refuses_one_that_holds_games(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "a.sqlite3"
    storage = await SqliteStorage.open(source)
    await storage.create_lobby("cell", GUILD, 5, HOST, {"variant": "normal", "players": []}, seed=1)
    await storage.set_guild_settings(GUILD, {"retention_days": 9})
    await storage.close()

    code, out, err = await _command(f"sqlite:///{source}", postgres_url)
    assert code == 0, err
    assert out.strip().endswith(
        "copied 1 games, 0 actions, 0 turn_clocks, 0 stale_pings, 0 results, 1 guild_settings, "
        "0 command_sync; replayed 0 games exactly"
    ), out

    code, out, err = await _command(str(source), postgres_url)
    assert code == 3 and "empty database" in err and "Traceback" not in err, err


async def test_every_table_is_either_copied_or_known_not_to_need_it(storage: Storage) -> None:
    assert set(await storage.table_names()) == set(COPIED) | set(NOT_COPIED)
