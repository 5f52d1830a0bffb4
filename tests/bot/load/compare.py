"""The same load on three set-ups, side by side: one bot process on SQLite, one on PostgreSQL, and two
on PostgreSQL (one shard each). PostgreSQL is a throwaway server started here as the tests start it,
durable (every commit synced, as SQLite's are), with a fresh database for each set-up.

Two processes should carry at least 1.5 times the moves per second of one at the same p99; on a
machine with few cores the fake Discord and its players compete with the bots for them, so the
figures are worth as much as the machine is quiet (each report's notes say how busy it was, and
``moves_per_bot_cpu_s`` what the bots did with the CPU they got).
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

from tests.postgres_server import PostgresServer, running_postgres

from .findings import LoadReport
from .run import LoadOptions, run_load


@dataclass(frozen=True)
class Setup:
    name: str
    postgres: bool
    processes: int


SETUPS = (Setup("sqlite x1", False, 1), Setup("postgresql x1", True, 1), Setup("postgresql x2", True, 2))


async def fresh_database(server: PostgresServer, name: str) -> str:
    admin = await asyncpg.connect(server.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return server.database_url(name)


async def compare(channels: int, seconds: float, seed: int) -> list[str]:
    """Runs every set-up; returns their figures and problems, then the comparison as the last line."""
    reports: list[tuple[Setup, LoadReport]] = []
    with running_postgres(durable=True) as server:
        for number, setup in enumerate(SETUPS):
            url = await fresh_database(server, f"load_{number}") if setup.postgres else None
            options = LoadOptions(channels, seconds, seed, database_url=url, processes=setup.processes)
            reports.append((setup, await run_load(options)))
    lines = []
    for setup, report in reports:
        lines += [f"{setup.name}: {line}" for line in report.summary()]
    lines += [
        f"{setup.name}: {report.last_line()} bot_cpu_s={report.bot_cpu_seconds:.1f} "
        f"moves_per_bot_cpu_s={report.moves_per_bot_cpu_second:.1f}"
        for setup, report in reports
    ]
    one, two = reports[1][1], reports[2][1]
    speedup = two.moves_per_second / one.moves_per_second if one.moves_per_second else 0.0
    errors = sum(report.errors for _, report in reports)
    lost = sum(report.lost for _, report in reports)
    return [*lines, f"two_process_speedup={speedup:.2f} errors={errors} lost={lost}"]
