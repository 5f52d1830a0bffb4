"""How long the Prime Time AI takes to answer the full setup's prompts (SU-1 to SU-9: the terrain,
the side, the objectives, every deployment), the slowest of its decisions before the first round.

The AI plays both seats of full-setup games over every preset pairing; each setup decision is timed
on its own. Its target is under 500 ms a decision.

    PYTHONPATH=. .venv/bin/python bench/primetime_ai_setup.py [--games 16] [--quick]

Times are this process's CPU time, which is what one core delivers whatever else the machine is
running. The last line is ``decisions=N median_ms=X max_ms=Y``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import product

from quick import parse_arguments

from rules.primetime import RULES
from rules.primetime.ai import choose_action
from rules.primetime.content import PRESET_IDS
from rules.primetime.rounds import PrimeTimeOptions

PAIRINGS = list(product(PRESET_IDS, repeat=2))


def setup_decision_seconds(games: int) -> list[float]:
    """The CPU seconds of each AI decision of the setup, over ``games`` full-setup games."""
    seconds = []
    for seed in range(games):
        options = PrimeTimeOptions(rosters=PAIRINGS[seed % len(PAIRINGS)], setup="full")
        state = RULES.new_game(options, seed)
        while state.phase == "setup":
            seat = state.prompts[0].who
            started = time.process_time()
            action = choose_action(state, seat, seed)
            seconds.append(time.process_time() - started)
            state, _ = RULES.apply(state, action)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="full-setup games to time")
    arguments = parse_arguments(parser, games=1)
    seconds = setup_decision_seconds(arguments.games)
    median, slowest = statistics.median(seconds) * 1000, max(seconds) * 1000
    print(f"AI setup decisions: {len(seconds)} over {arguments.games} full-setup games")
    print(f"  median {median:.1f} ms, slowest {slowest:.1f} ms (target: under 500 ms)")
    print(f"decisions={len(seconds)} median_ms={median:.1f} max_ms={slowest:.1f}")


if __name__ == "__main__":
    main()
