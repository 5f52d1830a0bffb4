"""Every bench still runs: each one found in ``bench/`` runs with ``--quick`` and ends with its
``key=value`` line. The figures of a quick run are not judged (benchmarks are run by hand)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
# A bench is a script; the other modules of the folder are what the benches share.
BENCHES = sorted(path for path in (PROJECT / "bench").glob("*.py") if "__main__" in path.read_text())
# Programs a bench needs beyond the project's packages; without them the bench is skipped, since
# installing them takes the system's package manager and the network.
PROGRAMS = {"legibility.py": ("tesseract", "scripts/tesseract.sh installs it")}
QUICK_RUN_TIMEOUT = 90
FIGURE = re.compile(r"[a-z][a-z0-9_]*=-?\d+(?:\.\d+)?")


def test_the_benches_are_found() -> None:
    assert {"cell_bot.py", "load.py", "storage_save.py"} <= {bench.name for bench in BENCHES}


@pytest.mark.parametrize("bench", BENCHES, ids=[bench.stem for bench in BENCHES])
def test_a_quick_run_of_the_bench_ends_with_its_figures(bench: Path) -> None:
    program, where = PROGRAMS.get(bench.name, (None, ""))
    if program is not None and shutil.which(program) is None:
        pytest.skip(f"bench/{bench.name} needs {program}, which is not installed ({where})")
    run = subprocess.run(
        [sys.executable, str(bench), "--quick"],
        cwd=PROJECT,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
        capture_output=True,
        text=True,
        timeout=QUICK_RUN_TIMEOUT,
    )
    assert run.returncode == 0, f"bench/{bench.name} --quick failed:\n{run.stderr[-4000:]}"
    lines = run.stdout.strip().splitlines()
    assert lines, f"bench/{bench.name} --quick printed nothing"
    figures = lines[-1].split()
    assert figures and all(FIGURE.fullmatch(figure) for figure in figures), (
        f"bench/{bench.name} --quick did not end with key=value figures: {lines[-1]!r}"
    )
