"""Many games at once against the bot: errors, stuck games, lost moves, latency, memory and speed.

N channels (20 per guild) each run a game after another: people click as fast as the board offers
them a control, AI seats play at zero delay. The bot runs in a process of its own on a temporary
SQLite file (or on ``--database-url``, in ``--processes`` processes of one shard each); the fake
Discord from the test suite plays every user (nothing leaves 127.0.0.1). Run by hand:

    PYTHONPATH=. nice -n 10 .venv/bin/python bench/load.py --channels 50 --seconds 120 [--seed 0] [--quick]
    PYTHONPATH=. nice -n 10 .venv/bin/python bench/load.py --database-url postgresql://… --processes 2
    PYTHONPATH=. nice -n 10 .venv/bin/python bench/load.py --compare --seconds 60
    PYTHONPATH=. .venv/bin/python bench/load.py --long-game

The last line is ``channels=N interactions=.. errors=.. stuck=.. lost=.. p99_ms=.. rss_mb=..
moves_per_s=..`` (``rss_mb``: the peak resident memory of the largest bot process together with its
board painter and AI workers). ``--compare`` runs one process on SQLite, one on PostgreSQL and two on
PostgreSQL (starting a throwaway PostgreSQL server itself), prints each set-up's figures and ends with
``two_process_speedup=.. errors=.. lost=..``: the moves per second of two processes over one, on
PostgreSQL. With ``--long-game`` it is ``fresh_ms=.. long_ms=.. ratio=..``:
a move in a game with 5,000 logged actions against the same move in a fresh game (Perfect Cell and
Over 9000 are both measured; the last line is the game whose long log slows it down the most).
"""

from __future__ import annotations

import argparse
import asyncio

from quick import parse_arguments

from tests.bot.load.compare import compare
from tests.bot.load.long_game import LONG_LOG, measure_long_game
from tests.bot.load.run import LoadOptions, run_load


async def load(options: LoadOptions) -> None:
    report = await run_load(options)
    for line in report.summary():
        print(line)
    print(report.last_line())


async def side_by_side(channels: int, seconds: float, seed: int) -> None:
    for line in await compare(channels, seconds, seed):
        print(line)


async def long_game(moves: int, seed: int) -> None:
    """Both games are measured; the last line is the one whose long log slows it down the most."""
    timings = [await measure_long_game(game, moves, seed) for game in ("cell", "over9000")]
    for timing in timings:
        print(f"{timing.game}: {timing.moves} moves in each table, {LONG_LOG} logged actions in the long one")
        print(f"{timing.game}: {timing.last_line()}")
    print(max(timings, key=lambda timing: timing.ratio).last_line())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=50, help="channels playing at once")
    parser.add_argument("--seconds", type=float, default=120, help="how long people keep clicking")
    parser.add_argument("--seed", type=int, default=0, help="seeds the games and the players' choices")
    parser.add_argument("--long-game", action="store_true", help="time a move in a 5,000-action game instead")
    parser.add_argument("--moves", type=int, default=40, help="with --long-game: moves timed in each game")
    parser.add_argument("--database-url", help="a postgresql:// database to play on instead of SQLite")
    parser.add_argument("--processes", type=int, default=1, help="bot processes, one shard each")
    parser.add_argument(
        "--compare", action="store_true", help="one process on SQLite, one and two on PostgreSQL"
    )
    arguments = parse_arguments(parser, channels=2, seconds=3, moves=3)
    if arguments.long_game:
        asyncio.run(long_game(arguments.moves, arguments.seed))
    elif arguments.compare:
        asyncio.run(side_by_side(arguments.channels, arguments.seconds, arguments.seed))
    else:
        options = LoadOptions(
            arguments.channels,
            arguments.seconds,
            arguments.seed,
            database_url=arguments.database_url,
            processes=arguments.processes,
        )
        asyncio.run(load(options))
