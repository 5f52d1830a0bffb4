"""The balance simulation: its table, its summary line, and runs that repeat exactly."""

from __future__ import annotations

import re

import pytest

from rules.cell.content import catalogue
from rules.cell.simulate import main, simulate, wilson_interval

SUMMARY = re.compile(
    r"^normal_win_rate_min=\d\.\d{3} normal_win_rate_max=\d\.\d{3} "
    r"easy_minus_normal_min=-?\d\.\d{3} impossible_win_rate=\d\.\d{3}$"
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
