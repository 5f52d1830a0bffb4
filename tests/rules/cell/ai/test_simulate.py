"""The balance simulation: its table, its summary line, and runs that repeat exactly."""

from __future__ import annotations

import re

import pytest

from rules.cell.ai.runner import GameRecord
from rules.cell.content import catalogue
from rules.cell.simulate import Cell, main, simulate, summary_line, wilson_interval

NUMBER = r"-?\d\.\d{3}"
SUMMARY = re.compile(
    rf"^normal_min={NUMBER} normal_max={NUMBER} easy_gap_min={NUMBER} challenge_gap_min={NUMBER} "
    rf"impossible_gap_min={NUMBER} impossible_max_34={NUMBER} fighter_spread_max={NUMBER}$"
)


def test_a_run_over_the_whole_table_ends_with_the_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--all", "--games", "1", "--agent", "heuristic", "--quiet"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.match(lines[-1]), lines[-1]
    rows = [line for line in lines if re.match(r"^(normal|easy|challenge|impossible)\s+\d", line)]
    assert len(rows) == 16
    assert "95% interval" in lines[1]


def test_one_cell_of_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "2", "--players", "2", "--variant", "easy", "--agent", "random", "--quiet"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("easy")]
    assert len(rows) == 1 and rows[0].split()[1:3] == ["2", "2"]


def test_each_fighter_s_win_rate_is_listed_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "--games",
            "6",
            "--players",
            "2",
            "--variant",
            "normal",
            "--agent",
            "heuristic",
            "--quiet",
            "--by-fighter",
        ]
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.match(lines[-1]), lines[-1]
    rows = [line.split() for line in lines if re.match(r"^normal\s+2\s+[A-Z]", line)]
    names = {fighter.name.split()[-1] for fighter in catalogue().fighters}
    assert rows and {row[-3] for row in rows} <= names
    assert sum(int(row[-2]) for row in rows) == 6 * 2, "every seat of every game is counted once"


def test_runs_repeat_exactly_with_any_number_of_workers() -> None:
    cells = [("challenge", 2)]
    alone = simulate("heuristic", 0, cells, games=3, first_seed=40, workers=1)  # type: ignore[arg-type]
    shared = simulate("heuristic", 0, cells, games=3, first_seed=40, workers=2)  # type: ignore[arg-type]
    assert alone[0].records == shared[0].records


def test_the_interval_is_the_wilson_score_interval() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-3) and high == pytest.approx(0.7634, abs=1e-3)
    assert wilson_interval(0, 20)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 0.0)


def _cell(variant: str, players: int, wins: int, games: int = 10) -> Cell:
    fighters = [f.id for f in catalogue().fighters][:players]
    records = [
        GameRecord(seed, players, variant, tuple(fighters), seed < wins, "", 1, 0, 1)  # type: ignore[arg-type]
        for seed in range(games)
    ]
    return Cell(variant, players, records)  # type: ignore[arg-type]


def test_the_summary_line_measures_each_target_over_the_player_counts() -> None:
    """The issue's targets: Normal's band, Easy's, Challenge's and Impossible's smallest gaps over the
    four counts, Impossible at three and four players, and the widest fighter spread."""
    wins = {
        "easy": [9, 8, 8, 9],
        "normal": [5, 4, 6, 5],
        "challenge": [3, 3, 4, 2],
        "impossible": [1, 2, 1, 0],
    }
    cells = [_cell(v, k, wins[v][k - 1]) for v in wins for k in (1, 2, 3, 4)]
    assert summary_line(cells) == (
        "normal_min=0.400 normal_max=0.600 easy_gap_min=0.200 challenge_gap_min=0.100 "
        "impossible_gap_min=0.100 impossible_max_34=0.100 fighter_spread_max=0.000"
    )


def test_the_fighter_spread_is_the_largest_distance_from_the_cell_mean() -> None:
    records = [
        GameRecord(1, 1, "normal", ("goku",), True, "", 1, 0, 1),
        GameRecord(2, 1, "normal", ("goku",), True, "", 1, 0, 1),
        GameRecord(3, 1, "normal", ("gohan",), False, "", 1, 0, 1),
        GameRecord(4, 1, "normal", ("piccolo",), True, "", 1, 0, 1),
        GameRecord(5, 1, "normal", ("piccolo",), False, "", 1, 0, 1),
    ]
    # Goku 100%, Gohan 0%, Piccolo 50%: the mean is 50%, so the spread is 0.5.
    assert summary_line([Cell("normal", 1, records)]).endswith("fighter_spread_max=0.500")
