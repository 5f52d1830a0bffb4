"""Latency of one move's save (game row, action log entry, in one transaction) on each backend.

SQLite writes a file in a temporary folder with the bot's own settings (WAL, synchronous=FULL);
PostgreSQL is a throwaway server started the way the tests start one, but durable (fsync on), so both
sides pay for a commit that survives a power loss. Each backend saves ``--moves`` moves one after the
other, then ``--writers`` games at once. Run by hand:

    PYTHONPATH=. .venv/bin/python bench/storage_save.py [--moves 500] [--writers 8] [--quick]

The last line is ``sqlite_p50_ms=… sqlite_p99_ms=… postgresql_p50_ms=… postgresql_p99_ms=…``, for the
saves one after the other; the lines before it give every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from quick import parse_arguments

from bot.storage import ActionRecord, Storage, open_storage
from tests.postgres_server import running_postgres

STATE = '{"round": 3, "dice": [1, 2, 3, 4, 5, 6], "log": "' + "x" * 2000 + '"}'


async def _saves(storage: Storage, channel: int, moves: int) -> list[float]:
    record = await storage.create_lobby("cell", 1, channel, 7, {"variant": "normal", "players": []}, seed=1)
    record.status, record.state_json = "active", STATE
    timings = []
    for number in range(moves):
        action = ActionRecord(actor_id=7, seat=0, action={"type": "roll", "n": number})
        started = time.perf_counter()
        assert await storage.save(record, record.version, action)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def measure(target: str | Path, moves: int, writers: int) -> dict[str, float]:
    storage = await open_storage(target)
    try:
        serial = await _saves(storage, 1, moves)
        started = time.perf_counter()
        parallel = await asyncio.gather(
            *(_saves(storage, 10 + writer, moves // writers) for writer in range(writers))
        )
        elapsed = time.perf_counter() - started
    finally:
        await storage.close()
    together = [sample for samples in parallel for sample in samples]
    return {
        "p50_ms": statistics.median(serial),
        "p99_ms": _percentile(serial, 0.99),
        "parallel_p99_ms": _percentile(together, 0.99),
        "parallel_saves_per_s": len(together) / elapsed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--writers", type=int, default=8)
    options = parse_arguments(parser, moves=40, writers=4)
    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        figures["sqlite"] = asyncio.run(
            measure(Path(folder) / "games.sqlite3", options.moves, options.writers)
        )
    with running_postgres(durable=True) as server:
        figures["postgresql"] = asyncio.run(measure(server.url, options.moves, options.writers))
    for backend, measured in figures.items():
        print(backend, " ".join(f"{name}={value:.2f}" for name, value in measured.items()))
    print(
        " ".join(
            f"{backend}_{name}={figures[backend][name]:.2f}"
            for backend in figures
            for name in ("p50_ms", "p99_ms")
        )
    )


if __name__ == "__main__":
    main()
