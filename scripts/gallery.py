"""Writes the gallery of sample Perfect Cell boards (PNG and alt text) to ``docs/images``.

The boards come from seeded random games (``renderers.cell.samples``), so the files are the same
on every run with the same Pillow.

    PYTHONPATH=. .venv/bin/python scripts/gallery.py [--out docs/images]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from renderers.cell import render_cell, samples
from rules.cell.state import CellState
from rules.cell.view import view

GALLERY: dict[str, Callable[[], CellState]] = {
    "cell-start-1p": lambda: samples.start_of_game(1),
    "cell-start-4p": lambda: samples.start_of_game(4),
    "cell-mid-1p": lambda: samples.mid_game(1),
    "cell-mid-4p": samples.knocked_out_mid_game,
    "cell-paying-4p": samples.paying_for_a_power_up,
    "cell-win-4p": lambda: samples.won(4),
    "cell-loss-1p": lambda: samples.lost(1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for name, make_state in GALLERY.items():
        board = render_cell(view(make_state(), None))
        (arguments.out / f"{name}.png").write_bytes(board.png)
        (arguments.out / f"{name}.txt").write_text(board.alt_text + "\n", encoding="utf-8")
        print(f"{name}: {board.width}x{board.height}, {len(board.png) // 1024} KB")


if __name__ == "__main__":
    main()
