"""Over 9000 board image: time to draw and encode a six-player board in the middle of a duel.

The first render fills the caches (fonts, token tiles, panels, scouters, the background) and is
reported on its own; the median covers the renders after it, which is what the bot pays after
every move. The last line printed is ``render_ms_median=X png_kb=Y``.

    PYTHONPATH=. .venv/bin/python bench/over9000_render.py [--renders 50] [--quick]
"""

from __future__ import annotations

from render_timing import renders_wanted, report

from renderers.over9000 import render_over9000
from renderers.over9000.samples import duel_in_progress
from rules.over9000.view import view


def main() -> None:
    renders = renders_wanted(__doc__.splitlines()[0])
    report(render_over9000, view(duel_in_progress(6), None), renders)


if __name__ == "__main__":
    main()
