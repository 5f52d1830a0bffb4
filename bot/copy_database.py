"""``python -m bot.copy_database SOURCE TARGET``: moves a bot's whole database between SQLite and
PostgreSQL (either way), then proves the copy.

SOURCE and TARGET are what ``DATABASE_URL`` or ``DATABASE_PATH`` take: ``postgresql://…`` for a
server, ``sqlite:///relative/path.sqlite3``, ``sqlite:////absolute/path.sqlite3`` or a plain file path
for SQLite. Both are migrated to the current schema first; the target must hold no games or settings
yet. Every game (with its id), action, turn clock, stale ping, result row, server setting and
command-sync hash is copied in one transaction: a copy that fails leaves the target as empty as it was.

The copy is then verified twice over: every copied table is read back from both databases and
compared row by row, and every game that has a state is replayed from its seed and action log on the
target with the real rules, which must arrive at exactly the state saved with it. Stop the bot while
copying: moves made during the copy would not be in it.

Exit codes: 0 copied and verified; 1 the verification failed; 2 wrong arguments; 3 a database cannot
be used or the target is not empty.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.core.game_module import GameModule
from bot.core.replay import ReplayMismatch, replay_states
from bot.games.registry import game_modules
from bot.storage import Storage, StorageError, TableRows, open_storage
from bot.storage.postgres import redacted

COPIED: dict[str, tuple[str, ...]] = {
    "games": ("id",),
    "actions": ("game_id", "seq"),
    "turn_clocks": ("game_id", "seat"),
    "stale_pings": ("message_id",),
    "results": ("game_id", "seat"),
    "guild_settings": ("guild_id",),
    "command_sync": ("scope",),
}
"""Each copied table, in an order where rows come after those they refer to, with its primary key."""

NOT_COPIED = {
    "schema_migrations": "each database records its own migrations",
    "leases": "only running processes hold leases",
}
EXIT_MISMATCH, EXIT_DATABASE = 1, 3


class CopyMismatch(Exception):
    """The target does not hold exactly what the source does."""


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    replayed: int

    def summary(self) -> str:
        counts = ", ".join(f"{count} {table}" for table, count in self.rows.items())
        return f"copied {counts}; replayed {self.replayed} games exactly"


async def _table(storage: Storage, table: str, key: tuple[str, ...]) -> TableRows:
    rows = await storage.read_all(f'SELECT * FROM "{table}" ORDER BY {", ".join(key)}')
    columns = tuple(rows[0].keys()) if rows else ()
    return TableRows(table, columns, [tuple(row) for row in rows])


async def _check_tables_known(storage: Storage) -> None:
    unknown = set(await storage.table_names()) - set(COPIED) - set(NOT_COPIED)
    if unknown:
        raise StorageError(f"The copy does not know the tables {', '.join(sorted(unknown))}.")


async def copy_tables(source: Storage, target: Storage) -> dict[str, int]:
    """Copies every table of ``COPIED`` into the empty ``target``; returns the rows copied per table."""
    await _check_tables_known(source)
    for table in COPIED:
        held = (await target.read_all(f'SELECT COUNT(*) FROM "{table}"'))[0][0]
        if held:
            raise StorageError(f"The target already has {held} rows in {table}: copy into an empty database.")
    tables = [await _table(source, table, key) for table, key in COPIED.items()]
    await target.load_tables([loaded for loaded in tables if loaded.rows])
    return {loaded.table: len(loaded.rows) for loaded in tables}


async def verify_copy(source: Storage, target: Storage, modules: dict[str, GameModule]) -> int:
    """Raises CopyMismatch unless the target's tables equal the source's and every game with a state
    replays to it on the target; returns how many games were replayed."""
    for table, key in COPIED.items():
        original, copied = await _table(source, table, key), await _table(target, table, key)
        if original.rows != copied.rows:
            raise CopyMismatch(
                f"{table} differs: {len(original.rows)} rows in the source, {len(copied.rows)} copied"
            )
    replayed = 0
    for row in await target.read_all("SELECT id FROM games WHERE state_json IS NOT NULL ORDER BY id"):
        game_id = row[0]
        record = await target.game(game_id)
        assert record is not None
        module = modules.get(record.game)
        if module is None:
            raise CopyMismatch(f"game {game_id} is of a kind this bot cannot replay: {record.game}")
        try:
            replay_states(module, record, await target.actions(game_id))
        except ReplayMismatch as mismatch:
            raise CopyMismatch(str(mismatch)) from None
        replayed += 1
    return replayed


async def copy_database(source_target: str | Path, target_target: str | Path) -> CopyReport:
    source = await open_storage(source_target)
    try:
        target = await open_storage(target_target)
        try:
            rows = await copy_tables(source, target)
            replayed = await verify_copy(source, target, game_modules())
        finally:
            await target.close()
    finally:
        await source.close()
    return CopyReport(rows, replayed)


def main(arguments: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.copy_database",
        description="Copies every game, action and setting between two databases and verifies the copy.",
    )
    parser.add_argument("source", help="postgresql://… URL, sqlite:///path or a SQLite file path")
    parser.add_argument("target", help="an empty database, in the same forms")
    parsed = parser.parse_args(arguments)
    try:
        report = asyncio.run(copy_database(parsed.source, parsed.target))
    except StorageError as error:
        print(error, file=sys.stderr)
        return EXIT_DATABASE
    except CopyMismatch as mismatch:
        print(f"The copy does not match its source: {mismatch}.", file=sys.stderr)
        return EXIT_MISMATCH
    print(f"{redacted(parsed.source)} -> {redacted(parsed.target)}: {report.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
