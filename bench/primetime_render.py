"""Prime Time board image: time to draw and encode a mid-game board with eight models, the game's
terrain (the Location's Lake and eight layout pieces) and a reach highlight.

The first render fills the caches (fonts, the battlefield and panel background, the disc sprites,
the Dragon Balls and zone rings) and is reported on its own; the median covers the renders after
it, which is what the bot pays after every move. The last line printed is
``render_ms_median=X png_kb=Y``.

    PYTHONPATH=. .venv/bin/python bench/primetime_render.py [--renders 50] [--quick]
"""

from __future__ import annotations

from functools import partial

from render_timing import renders_wanted, report

from renderers.primetime import render_primetime
from renderers.primetime.samples import mid_game, reach_highlight
from rules.primetime.view import view


def main() -> None:
    renders = renders_wanted(__doc__.splitlines()[0])
    state = mid_game()
    assert len(state.units) == 8
    report(partial(render_primetime, highlight=reach_highlight(state)), view(state, None), renders)


if __name__ == "__main__":
    main()
