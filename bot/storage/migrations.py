"""The numbered schema migrations, one folder per SQL dialect.

``migrations/sqlite/NNN_name.sql`` and ``migrations/postgresql/NNN_name.sql`` are the same change
written for each database (the types and id columns differ; the tables, columns and constraints do
not). Each backend applies the files of its folder that its ``schema_migrations`` table does not list
yet, in number order, each in one transaction with its own row in that table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# The project's own folder of migrations, beside the bot package.
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d+)_[\w-]+\.sql$")


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


def migrations_in(folder: Path) -> list[Migration]:
    """The folder's migrations in number order; a file not named ``NNN_description.sql`` is an error."""
    found = []
    for path in folder.glob("*.sql"):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise RuntimeError(f"migration file {path.name} must be named NNN_description.sql")
        found.append(Migration(int(match.group(1)), path.name, path.read_text(encoding="utf-8")))
    return sorted(found, key=lambda migration: migration.number)
