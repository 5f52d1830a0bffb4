"""Pytest fixtures over the throwaway PostgreSQL server: one server for the whole session, started
only when a test asks for it, and a fresh empty database for each test."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest

from tests.postgres_server import PostgresServer, running_postgres

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    with running_postgres() as server:
        yield server


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a new, empty database on the session's server, dropped after the test."""
    name = f"test_{next(_numbers)}"
    admin = await asyncpg.connect(postgres_server.url)
    try:
        # Copying the template's files is many times faster than logging them (15's default) on a
        # server that never syncs; older servers know only the file copy.
        modern = admin.get_server_version().major >= 15
        await admin.execute(f'CREATE DATABASE "{name}"' + (" STRATEGY FILE_COPY" if modern else ""))
    finally:
        await admin.close()
    yield postgres_server.database_url(name)
    admin = await asyncpg.connect(postgres_server.url)
    try:
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.close()
