"""Balance simulation for Prime Time: the heuristic AI in both seats, every preset pairing.

    python -m rules.primetime.simulate --games 200 --workers 2

``--games`` is per pairing of two different presets, half with each preset in seat 0; game ``i``
uses seed ``--seed + i``. Every game plays the full setup (SU-1…9) with random draws of Location,
Missions and Condition; ``--quick`` plays the fixed game instead. The last line is
``worst_matchup_winrate=X first_player_winrate=Y games=N``: X is the lowest win rate of a preset
against another (draws count half), Y the win rate of the player with the initiative in round 1.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from itertools import combinations
from multiprocessing import Pool
from typing import Literal

from rules.primetime.ai import choose_action
from rules.primetime.content import PRESET_IDS
from rules.primetime.engine import apply, new_game
from rules.primetime.rounds import PrimeTimeOptions

MAX_ACTIONS = 5000
Setup = Literal["quick", "full"]


@dataclass(frozen=True)
class GameRecord:
    rosters: tuple[str, str]
    first_seat: int
    winners: tuple[int, ...]
    actions: int


def play_game(rosters: tuple[str, str], seed: int, setup: Setup = "full") -> GameRecord:
    """One AI-vs-AI game; whichever seat has a prompt acts (both answer simultaneous prompts)."""
    state = new_game(PrimeTimeOptions(rosters=rosters, setup=setup), seed)
    first_seat: int | None = None
    for _ in range(MAX_ACTIONS):
        if first_seat is None and state.phase != "setup":
            # Round 1's initiative is settled once the setup is over (SU-3).
            first_seat = state.first_seat
        if state.outcome is not None:
            break
        seat = state.prompts[0].who
        state, _ = apply(state, choose_action(state, seat, seed))
    assert state.outcome is not None, f"game {rosters} {seed} did not end"
    assert first_seat is not None
    return GameRecord(rosters, first_seat, tuple(state.outcome.winners), state.actions_taken)


def _job(job: tuple[tuple[str, str], int, Setup]) -> GameRecord:
    return play_game(*job)


def jobs(games: int, first_seed: int, setup: Setup = "full") -> list[tuple[tuple[str, str], int, Setup]]:
    found: list[tuple[tuple[str, str], int, Setup]] = []
    for first, second in combinations(PRESET_IDS, 2):
        for index in range(games):
            rosters = (first, second) if index % 2 == 0 else (second, first)
            found.append((rosters, first_seed + index, setup))
    return found


def score(record: GameRecord, seat: int) -> float:
    if not record.winners:
        return 0.5
    return 1.0 if seat in record.winners else 0.0


def summarise(records: list[GameRecord]) -> list[str]:
    lines = ["preset A vs preset B: A's win rate (games)"]
    worst = 1.0
    for first, second in combinations(PRESET_IDS, 2):
        games = [record for record in records if set(record.rosters) == {first, second}]
        if not games:
            continue
        rate = sum(score(record, record.rosters.index(first)) for record in games) / len(games)
        worst = min(worst, rate, 1 - rate)
        lines.append(f"{first} vs {second}: {rate:.3f} ({len(games)})")
    initiative = sum(score(record, record.first_seat) for record in records) / max(1, len(records))
    actions = sum(record.actions for record in records) / max(1, len(records))
    lines.append(f"average actions per game: {actions:.0f}")
    lines.append(
        f"worst_matchup_winrate={worst:.3f} first_player_winrate={initiative:.3f} games={len(records)}"
    )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing of two presets")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the fixed game instead of the full setup")
    options = parser.parse_args(argv)
    work = jobs(options.games, options.seed, "quick" if options.quick else "full")
    started = time.perf_counter()
    if options.workers > 1:
        with Pool(options.workers) as pool:
            records = list(pool.imap_unordered(_job, work, chunksize=4))
    else:
        records = [_job(job) for job in work]
    elapsed = time.perf_counter() - started
    print(f"{len(records)} games in {elapsed:.0f} s")
    for line in summarise(records):
        print(line)


if __name__ == "__main__":
    main()
