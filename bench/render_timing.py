"""Times a board renderer the same way for every game; the benches in this folder call ``report``."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from quick import parse_arguments

from renderers.common import RenderedBoard


def renders_wanted(description: str) -> int:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--renders", type=int, default=50)
    return parse_arguments(parser, renders=3).renders


def report(render: Callable[[Any], RenderedBoard], board_view: Any, renders: int) -> None:
    """Prints the cold first render on its own, then ``render_ms_median=X png_kb=Y`` last."""
    started = time.perf_counter()
    board = render(board_view)
    first_ms = (time.perf_counter() - started) * 1000

    timings = []
    for _ in range(renders):
        started = time.perf_counter()
        board = render(board_view)
        timings.append((time.perf_counter() - started) * 1000)

    print(f"image {board.width}x{board.height}, alt text {len(board.alt_text)} characters")
    print(f"first render (cold caches) {first_ms:.1f} ms")
    print(f"min {min(timings):.1f} ms, max {max(timings):.1f} ms over {renders} renders")
    print(f"render_ms_median={statistics.median(timings):.1f} png_kb={len(board.png) / 1024:.1f}")
