"""Perfect Cell board image: time to draw and encode a 4-player mid-game board.

The first render fills the caches (fonts, sprites, tile faces, the background) and is reported on
its own; the median covers the renders after it, which is what the bot pays after every move. The
last line printed is ``render_ms_median=X png_kb=Y``.

    PYTHONPATH=. .venv/bin/python bench/cell_render.py [--renders 50] [--quick]
"""

from __future__ import annotations

from render_timing import renders_wanted, report

from renderers.cell import render_cell
from renderers.cell.samples import knocked_out_mid_game
from rules.cell.view import view


def main() -> None:
    renders = renders_wanted(__doc__.splitlines()[0])
    report(render_cell, view(knocked_out_mid_game(), None), renders)


if __name__ == "__main__":
    main()
