"""Balance simulation for Perfect Cell: many games with one AI in every seat, summed up per variant
and player count.

    python -m rules.cell.simulate --games 1000 --players 4 --variant normal --agent strong
    python -m rules.cell.simulate --all --games 1000 --agent strong --workers 2
    python -m rules.cell.simulate --players 1 --variant normal --games 1200 --by-fighter

Game ``i`` of every cell of the table uses seed ``--seed + i``, so the variants of one player count
are played with the same fighters and the same threat order (Challenge and Impossible remove tiles
from the top of that order), and a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pool
from typing import get_args

from rules.cell.ai import make_player
from rules.cell.ai.runner import GameRecord, play_game
from rules.cell.content import catalogue
from rules.cell.state import Variant

VARIANTS: tuple[Variant, ...] = get_args(Variant)
PLAYER_COUNTS = (1, 2, 3, 4)
CHUNK = 25


@dataclass(frozen=True)
class Job:
    agent: str
    budget_ms: float
    variant: Variant
    players: int
    seeds: tuple[int, ...]


@dataclass
class Cell:
    variant: Variant
    players: int
    records: list[GameRecord]

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(record.won for record in self.records)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def average_rounds(self) -> float:
        return sum(record.rounds for record in self.records) / max(1, self.games)

    def losses(self, reason: str | None = None) -> list[GameRecord]:
        return [r for r in self.records if not r.won and (reason is None or r.reason == reason)]

    def average_cell_hp_on_loss(self) -> float:
        lost = self.losses()
        return sum(record.cell_hp for record in lost) / len(lost) if lost else 0.0


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0% and 100%, unlike the normal one)."""
    if games == 0:
        return 0.0, 0.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def run_job(job: Job) -> tuple[Variant, int, list[GameRecord]]:
    player = make_player(job.agent, job.budget_ms)
    records = [play_game(player, job.players, job.variant, seed) for seed in job.seeds]
    return job.variant, job.players, records


def jobs_for(
    agent: str, budget_ms: float, cells: list[tuple[Variant, int]], games: int, first_seed: int
) -> Iterator[Job]:
    seeds = list(range(first_seed, first_seed + games))
    for start in range(0, games, CHUNK):
        for variant, players in cells:
            yield Job(agent, budget_ms, variant, players, tuple(seeds[start : start + CHUNK]))


def simulate(
    agent: str,
    budget_ms: float,
    cells: list[tuple[Variant, int]],
    games: int,
    first_seed: int,
    workers: int,
    progress: bool = False,
) -> list[Cell]:
    table = {(variant, players): Cell(variant, players, []) for variant, players in cells}
    jobs = list(jobs_for(agent, budget_ms, cells, games, first_seed))
    started = time.perf_counter()
    if workers > 1:
        with Pool(workers) as pool:
            for done, (variant, players, records) in enumerate(pool.imap_unordered(run_job, jobs), 1):
                table[(variant, players)].records.extend(records)
                _report(progress, done, len(jobs), started)
    else:
        for done, job in enumerate(jobs, 1):
            variant, players, records = run_job(job)
            table[(variant, players)].records.extend(records)
            _report(progress, done, len(jobs), started)
    for cell in table.values():
        cell.records.sort(key=lambda record: record.seed)
    return list(table.values())


def _report(progress: bool, done: int, total: int, started: float) -> None:
    if progress:
        elapsed = time.perf_counter() - started
        print(f"\r{done}/{total} batches, {elapsed:.0f}s", end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)


def format_table(cells: list[Cell]) -> list[str]:
    header = (
        f"{'variant':<11}{'players':>7}{'games':>7}{'win rate':>10}{'95% interval':>17}"
        f"{'rounds':>8}{'lost: all KO':>14}{'lost: stack':>13}{'Cell HP on loss':>17}"
    )
    lines = [header, "-" * len(header)]
    for cell in cells:
        low, high = cell.interval()
        games = max(1, cell.games)
        lines.append(
            f"{cell.variant:<11}{cell.players:>7}{cell.games:>7}{cell.win_rate:>10.1%}"
            f"{f'{low:.1%}-{high:.1%}':>17}{cell.average_rounds():>8.2f}"
            f"{len(cell.losses('all_knocked_out')) / games:>14.1%}"
            f"{len(cell.losses('threat_stack_empty')) / games:>13.1%}"
            f"{cell.average_cell_hp_on_loss():>17.1f}"
        )
    return lines


def fighter_rates(cell: Cell) -> dict[str, float]:
    """Win rate of the games each fighter played in, by fighter id (only fighters who played)."""
    results: dict[str, list[bool]] = {}
    for record in cell.records:
        for fighter in record.fighters:
            results.setdefault(fighter, []).append(record.won)
    return {fighter: sum(won) / len(won) for fighter, won in results.items()}


def fighter_spread(cell: Cell) -> float:
    """The largest distance of a fighter's win rate from the mean of the fighters' rates in the cell."""
    rates = list(fighter_rates(cell).values())
    if not rates:
        return 0.0
    mean = sum(rates) / len(rates)
    return max(abs(rate - mean) for rate in rates)


def format_fighters(cells: list[Cell]) -> list[str]:
    """Win rate of the games each fighter played in, cell by cell: how the mats compare."""
    header = f"{'variant':<11}{'players':>7}  {'fighter':<15}{'games':>7}{'win rate':>10}"
    lines = [header, "-" * len(header)]
    for cell in cells:
        played = Counter(fighter for record in cell.records for fighter in record.fighters)
        rates = fighter_rates(cell)
        for fighter in catalogue().fighters:
            if fighter.id in rates:
                lines.append(
                    f"{cell.variant:<11}{cell.players:>7}  {fighter.name:<15}{played[fighter.id]:>7}"
                    f"{rates[fighter.id]:>10.1%}"
                )
    return lines


def summary_line(cells: list[Cell]) -> str:
    """The balance targets in one line, each over the player counts in the table: Normal's lowest
    and highest win rate; the smallest lead of Easy over Normal, of Normal over Challenge and of
    Challenge over Impossible; Impossible's highest rate at three and four players; and the largest
    distance of a fighter from the mean of its cell's fighters. Rates are fractions (0.12 is 12%)."""
    rate = {(cell.variant, cell.players): cell.win_rate for cell in cells}

    def gaps(higher: Variant, lower: Variant) -> list[float]:
        return [
            rate[(higher, k)] - rate[(lower, k)]
            for k in PLAYER_COUNTS
            if (higher, k) in rate and (lower, k) in rate
        ]

    normal = [rate[("normal", k)] for k in PLAYER_COUNTS if ("normal", k) in rate]
    impossible_34 = [rate[("impossible", k)] for k in (3, 4) if ("impossible", k) in rate]
    figures = {
        "normal_min": min(normal, default=0.0),
        "normal_max": max(normal, default=0.0),
        "easy_gap_min": min(gaps("easy", "normal"), default=0.0),
        "challenge_gap_min": min(gaps("normal", "challenge"), default=0.0),
        "impossible_gap_min": min(gaps("challenge", "impossible"), default=0.0),
        "impossible_max_34": max(impossible_34, default=0.0),
        "fighter_spread_max": max((fighter_spread(cell) for cell in cells), default=0.0),
    }
    return " ".join(f"{name}={value:.3f}" for name, value in figures.items())


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m rules.cell.simulate", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=200, help="games per cell of the table")
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, help="one player count (default: all)")
    parser.add_argument("--variant", choices=VARIANTS, help="one variant (default: all)")
    parser.add_argument("--all", action="store_true", help="every variant at every player count")
    parser.add_argument("--agent", choices=("random", "heuristic", "strong"), default="strong")
    parser.add_argument("--budget-ms", type=float, default=None, help="search budget per decision (strong)")
    parser.add_argument("--workers", type=int, default=1, help="processes to play games in")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game of every cell")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--by-fighter", action="store_true", help="also each fighter's win rate per cell")
    arguments = parser.parse_args(argv)
    if arguments.all and (arguments.players or arguments.variant):
        parser.error("--all plays every variant and player count; drop --players and --variant")
    return arguments


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    variants = [arguments.variant] if arguments.variant else list(VARIANTS)
    counts = [arguments.players] if arguments.players else list(PLAYER_COUNTS)
    cells = [(variant, players) for variant in variants for players in counts]
    budget = arguments.budget_ms if arguments.budget_ms is not None else default_budget(arguments.agent)
    started = time.perf_counter()
    table = simulate(
        arguments.agent,
        budget,
        cells,
        arguments.games,
        arguments.seed,
        arguments.workers,
        not arguments.quiet,
    )
    elapsed = time.perf_counter() - started
    budget_text = f", budget {budget:g} ms per decision" if arguments.agent == "strong" else ""
    last_seed = arguments.seed + arguments.games - 1
    print(f"agent {arguments.agent}{budget_text}, seeds {arguments.seed}..{last_seed}")
    for line in format_table(table):
        print(line)
    if arguments.by_fighter:
        print()
        for line in format_fighters(table):
            print(line)
    print(f"{sum(cell.games for cell in table)} games in {elapsed:.1f}s with {arguments.workers} worker(s)")
    print(summary_line(table))
    return 0


def default_budget(agent: str) -> float:
    from rules.cell.ai.search import DEFAULT_BUDGET_MS

    return float(DEFAULT_BUDGET_MS) if agent == "strong" else 0.0


if __name__ == "__main__":
    sys.exit(main())
