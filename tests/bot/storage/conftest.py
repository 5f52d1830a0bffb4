"""Every contract test runs twice: on a SQLite file and on a database of the real PostgreSQL server
the session starts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage, open_storage


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's database lives: a SQLite file, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "games.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
async def storage(target: str | Path) -> AsyncIterator[Storage]:
    opened = await open_storage(target)
    try:
        yield opened
    finally:
        await opened.close()
