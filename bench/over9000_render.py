"""Over 9000 board image: time to draw and encode a six-player board in the middle of a duel.

The first render fills the caches (fonts, token tiles, panels, scouters, the background) and is
reported on its own; the median covers the renders after it, which is what the bot pays after
every move. The last line printed is ``render_ms_median=X png_kb=Y``.

    PYTHONPATH=. .venv/bin/python bench/over9000_render.py [--renders 50]
"""

from __future__ import annotations

import argparse
import statistics
import time

from renderers.over9000 import render_over9000
from renderers.over9000.samples import duel_in_progress
from rules.over9000.view import view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=50)
    arguments = parser.parse_args()

    board_view = view(duel_in_progress(6), None)
    started = time.perf_counter()
    board = render_over9000(board_view)
    first_ms = (time.perf_counter() - started) * 1000

    timings = []
    for _ in range(arguments.renders):
        started = time.perf_counter()
        board = render_over9000(board_view)
        timings.append((time.perf_counter() - started) * 1000)

    print(f"image {board.width}x{board.height}, alt text {len(board.alt_text)} characters")
    print(f"first render (cold caches) {first_ms:.1f} ms")
    print(f"min {min(timings):.1f} ms, max {max(timings):.1f} ms over {arguments.renders} renders")
    print(f"render_ms_median={statistics.median(timings):.1f} png_kb={len(board.png) / 1024:.1f}")


if __name__ == "__main__":
    main()
