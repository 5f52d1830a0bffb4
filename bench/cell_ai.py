"""Perfect Cell AI benchmark: hint latency of the strong player on mid-game turns, then the time
for many four-player Normal games with the heuristic player (one process).

    PYTHONPATH=. .venv/bin/python bench/cell_ai.py [--games 1000] [--hints 40] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import time

from quick import parse_arguments

from rules.cell.ai import hint, make_player
from rules.cell.ai.runner import decision_seed, fighters_for, play_game, play_steps
from rules.cell.engine import CellOptions, new_game
from rules.cell.state import CellState


def mid_game_turns(count: int) -> list[CellState]:
    """States right after a roll in round 2 or later, from games played by the heuristic."""
    player = make_player("heuristic")
    found: list[CellState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = new_game(CellOptions(fighters=fighters_for(seed, 4)), seed)
        decisions = 0
        while state.outcome is None and len(found) < count:
            if (
                state.round >= 2
                and state.rolled
                and state.selection is None
                and not found_this_turn(found, state)
            ):
                found.append(state)
            steps = player.plan(state, state.active_seat, decision_seed(seed, decisions))
            decisions += 1
            state = play_steps(
                state, [action for step in steps for action in step.actions], check_legal=False
            )
    return found


def found_this_turn(found: list[CellState], state: CellState) -> bool:
    return bool(found) and (found[-1].round, found[-1].active_seat) == (state.round, state.active_seat)


def bench_hints(count: int) -> list[float]:
    timings = []
    for index, state in enumerate(mid_game_turns(count)):
        started = time.perf_counter()
        suggestion = hint(state, state.active_seat, rng_seed=index)
        timings.append((time.perf_counter() - started) * 1000)
        assert suggestion is not None
    return timings


def bench_games(games: int) -> float:
    player = make_player("heuristic")
    started = time.perf_counter()
    for seed in range(1, games + 1):
        play_game(player, 4, "normal", seed)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hints", type=int, default=40)
    arguments = parse_arguments(parser, games=5, hints=3)
    timings = bench_hints(arguments.hints)
    print(
        f"hints={len(timings)} hint_ms_p50={statistics.median(timings):.0f} "
        f"hint_ms_p90={statistics.quantiles(timings, n=10)[-1]:.0f} hint_ms_max={max(timings):.0f}"
    )
    print(f"heuristic_games={arguments.games} seconds={bench_games(arguments.games):.1f}")


if __name__ == "__main__":
    main()
