"""How fast the Prime Time engine plays.

Random legal playouts over every preset pairing (mirrors included): every step lists the legal
actions of both seats, Move enumeration included, and applies one, as the invariant tests and an AI
do. The chooser favours techniques and activations so that games reach combat.

    PYTHONPATH=. .venv/bin/python bench/primetime_engine.py [--games 64] [--quick]

Rates are per second of this process's CPU time, which is what one core delivers whatever else the
machine is running. The last line is ``actions_per_second=N``.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import product

from quick import parse_arguments

from rules.core.playout import random_playout
from rules.primetime import RULES
from rules.primetime.actions import Activate, React, UseTechnique
from rules.primetime.content import PRESET_IDS
from rules.primetime.rounds import PrimeTimeOptions

PAIRINGS = list(product(PRESET_IDS, repeat=2))


class Aggressive(random.Random):
    def choice(self, options):  # type: ignore[no-untyped-def, override]
        preferred = [option for option in options if isinstance(option, UseTechnique | Activate | React)]
        if preferred and self.random() < 0.6:
            return super().choice(preferred)
        return super().choice(options)


def random_games(games: int) -> tuple[int, float, float]:
    """Returns the actions applied, the CPU seconds and the wall seconds."""
    actions = 0
    started, started_cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        options = PrimeTimeOptions(rosters=PAIRINGS[seed % len(PAIRINGS)])
        playout = random_playout(
            RULES, RULES.new_game(options, seed), 2, Aggressive(seed), max_actions=10_000
        )
        assert RULES.outcome(playout.final) is not None
        actions += len(playout.actions)
    return actions, time.process_time() - started_cpu, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64, help="random playouts to time")
    arguments = parse_arguments(parser, games=4)
    actions, seconds, wall = random_games(arguments.games)
    print(f"random playouts: {arguments.games} games over {len(PAIRINGS)} pairings, {actions} actions")
    print(
        f"  in {seconds:.2f}s of CPU time ({wall:.2f}s of wall time), {actions / arguments.games:.0f} a game"
    )
    print(f"actions_per_second={actions / seconds:.0f}")


if __name__ == "__main__":
    main()
