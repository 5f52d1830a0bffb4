"""Writes the gallery of sample boards (PNG and alt text) to ``docs/images``: Perfect Cell,
Over 9000 and Prime Time.

The boards come from seeded games (``renderers.cell.samples``, ``renderers.over9000.samples``,
``renderers.primetime.samples``), so the files are the same on every run with the same Pillow.

    PYTHONPATH=. .venv/bin/python scripts/gallery.py [--out docs/images] [--only over9000]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from renderers.cell import render_cell, samples
from renderers.common import RenderedBoard
from renderers.over9000 import render_over9000
from renderers.over9000 import samples as over9000_samples
from renderers.primetime import Highlight, render_primetime
from renderers.primetime import samples as primetime_samples
from rules.cell.state import CellState
from rules.cell.view import view
from rules.over9000.state import Over9000State
from rules.over9000.view import view as over9000_view
from rules.primetime.state import PrimeTimeState
from rules.primetime.view import view as primetime_view


def _cell(make_state: Callable[[], CellState]) -> Callable[[], RenderedBoard]:
    return lambda: render_cell(view(make_state(), None))


def _over9000(make_state: Callable[[], Over9000State]) -> Callable[[], RenderedBoard]:
    return lambda: render_over9000(over9000_view(make_state(), None))


def _primetime(
    make_state: Callable[[], PrimeTimeState],
    make_highlight: Callable[[PrimeTimeState], Highlight] | None = None,
) -> Callable[[], RenderedBoard]:
    def make_board() -> RenderedBoard:
        state = make_state()
        highlight = make_highlight(state) if make_highlight is not None else None
        return render_primetime(primetime_view(state, None), highlight)

    return make_board


GALLERY: dict[str, Callable[[], RenderedBoard]] = {
    "cell-start-1p": _cell(lambda: samples.start_of_game(1)),
    "cell-start-4p": _cell(lambda: samples.start_of_game(4)),
    "cell-mid-1p": _cell(lambda: samples.mid_game(1)),
    "cell-mid-4p": _cell(samples.knocked_out_mid_game),
    "cell-paying-4p": _cell(samples.paying_for_a_power_up),
    "cell-win-4p": _cell(lambda: samples.won(4)),
    "cell-loss-1p": _cell(lambda: samples.lost(1)),
    "over9000-duel-6p": _over9000(lambda: over9000_samples.duel_in_progress(6)),
    "over9000-arranging-3p": _over9000(over9000_samples.arranging),
    "over9000-win-2p": _over9000(lambda: over9000_samples.finished(2)),
    "primetime-setup": _primetime(primetime_samples.setup),
    "primetime-deploying": _primetime(primetime_samples.deploying),
    "primetime-flyer-l2": _primetime(primetime_samples.flyer_at_l2),
    "primetime-dazed": _primetime(primetime_samples.dazed),
    "primetime-deflect": _primetime(primetime_samples.deflecting),
    "primetime-reach": _primetime(primetime_samples.mid_game, primetime_samples.reach_highlight),
    "primetime-targets": _primetime(primetime_samples.mid_game, primetime_samples.technique_highlight),
    "primetime-final": _primetime(primetime_samples.final),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--only", default="", help="write only the boards whose names start with this")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for name, make_board in GALLERY.items():
        if not name.startswith(arguments.only):
            continue
        board = make_board()
        (arguments.out / f"{name}.png").write_bytes(board.png)
        (arguments.out / f"{name}.txt").write_text(board.alt_text + "\n", encoding="utf-8")
        print(f"{name}: {board.width}x{board.height}, {len(board.png) // 1024} KB")


if __name__ == "__main__":
    main()
