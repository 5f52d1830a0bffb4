"""Prime Time board image: time to draw and encode a mid-game board with eight models, the game's
terrain (the Location's Lake and eight layout pieces), both players' names and a reach highlight;
then the same for the private zoom around the active model.

The first render fills the caches (fonts, the battlefield and panel background, the disc sprites,
the Dragon Balls and zone rings) and is reported on its own; the median covers the renders after
it, which is what the bot pays after every move. The last line printed is the board's
``render_ms_median=X png_kb=Y``.

    PYTHONPATH=. .venv/bin/python bench/primetime_render.py [--renders 50] [--quick]
"""

from __future__ import annotations

from render_timing import renders_wanted, report

from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom, render_primetime, render_primetime_zoom
from renderers.primetime.samples import mid_game, reach_highlight
from rules.primetime.view import view


def main() -> None:
    renders = renders_wanted(__doc__.splitlines()[0])
    state = mid_game()
    assert len(state.units) == 8
    highlight = reach_highlight(state)
    board = PrimeTimeBoard(view=view(state, None), names=("Bulma", "Captain Ginyu"), highlight=highlight)
    print("private zoom:")
    report(render_primetime_zoom, PrimeTimeZoom(board=board, reach=highlight.reach), renders)
    print("board:")
    report(render_primetime, board, renders)


if __name__ == "__main__":
    main()
