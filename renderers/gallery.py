"""The gallery of sample boards: every game at its largest player count, the crowded and long-text
cases, and Prime Time's private zoom. ``scripts/gallery.py`` writes them to ``docs/images`` and
``bench/legibility.py`` reads them as a phone would show them.

The boards come from seeded games (each game's ``samples``), so they are the same on every run
with the same Pillow. ``QUICK`` names one board per game for a fast run. Each entry gives the
encoded board (PNG and alt text) and the image before encoding, which lists the texts drawn on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from renderers.cell import render_cell
from renderers.cell import samples as cell_samples
from renderers.cell.board import draw_cell
from renderers.common import RenderedBoard
from renderers.over9000 import render_over9000
from renderers.over9000 import samples as over9000_samples
from renderers.over9000.board import draw_over9000
from renderers.primetime import (
    Highlight,
    PrimeTimeBoard,
    PrimeTimeZoom,
    ZoomTarget,
    render_primetime,
    render_primetime_zoom,
)
from renderers.primetime import samples as primetime_samples
from renderers.primetime.board import draw_primetime
from renderers.primetime.zoom import draw_zoom
from rules.cell.state import CellState
from rules.cell.view import view as cell_view
from rules.over9000.state import Over9000State
from rules.over9000.view import view as over9000_view
from rules.primetime.state import PrimeTimeState
from rules.primetime.view import view as primetime_view

NAMES = ("Bulma", "Yamcha")
LONG_NAMES = ("Vegeta, Prince of all Saiyans", "Kakarot from the planet Earth")


@dataclass(frozen=True)
class Sample:
    """One gallery board: ``render()`` gives it as posted, ``draw()`` the image before encoding
    (``renderers.drawing.text_boxes`` reads the texts drawn on it)."""

    render: Callable[[], RenderedBoard]
    draw: Callable[[], Image.Image]


def _cell(make_state: Callable[[], CellState]) -> Sample:
    return Sample(
        render=lambda: render_cell(cell_view(make_state(), None)),
        draw=lambda: draw_cell(cell_view(make_state(), None)),
    )


def _over9000(make_state: Callable[[], Over9000State]) -> Sample:
    return Sample(
        render=lambda: render_over9000(over9000_view(make_state(), None)),
        draw=lambda: draw_over9000(over9000_view(make_state(), None)),
    )


def _primetime(make_board: Callable[[], PrimeTimeBoard]) -> Sample:
    return Sample(render=lambda: render_primetime(make_board()), draw=lambda: draw_primetime(make_board()))


def _zoom(targets: bool) -> Sample:
    return Sample(
        render=lambda: render_primetime_zoom(zoom_sample(targets)),
        draw=lambda: draw_zoom(zoom_sample(targets)),
    )


def _highlighted(
    make_state: Callable[[], PrimeTimeState], make_highlight: Callable[[PrimeTimeState], Highlight]
) -> Callable[[], PrimeTimeBoard]:
    def board() -> PrimeTimeBoard:
        state = make_state()
        return PrimeTimeBoard(view=primetime_view(state, None), names=NAMES, highlight=make_highlight(state))

    return board


def _plain(make_state: Callable[[], object], names: tuple[str, str] = NAMES) -> Callable[[], PrimeTimeBoard]:
    return lambda: PrimeTimeBoard(view=primetime_view(make_state(), None), names=names)  # type: ignore[arg-type]


def targets_zoom(state: PrimeTimeState) -> PrimeTimeZoom:
    """The active model's close-up with the targets of its technique, a chance to hit beside each."""
    highlight = primetime_samples.technique_highlight(state)
    chances = [
        ZoomTarget(unit=unit, label=f"{62 - 9 * index}%")
        for index, unit in enumerate(sorted(highlight.targets))
    ]
    return PrimeTimeZoom(board=PrimeTimeBoard(view=primetime_view(state, None), names=NAMES), targets=chances)


def zoom_sample(targets: bool) -> PrimeTimeZoom:
    """The active model's close-up: its reach with the nearest twelve cells lettered, or the targets
    of its technique with a chance to hit each."""
    if targets:
        return targets_zoom(primetime_samples.targeting())
    state = primetime_samples.mid_game()
    board = PrimeTimeBoard(view=primetime_view(state, None), names=NAMES)
    highlight = primetime_samples.reach_highlight(state)
    assert state.activation is not None
    here = state.unit(state.activation.unit).cell
    nearest = sorted(
        highlight.reach, key=lambda cell: (abs(cell[0] - here[0]) + abs(cell[1] - here[1]), cell)
    )
    return PrimeTimeZoom(board=board, reach=highlight.reach, lettered=nearest[:12])


GALLERY: dict[str, Sample] = {
    "cell-start-1p": _cell(lambda: cell_samples.start_of_game(1)),
    "cell-mid-4p": _cell(cell_samples.knocked_out_mid_game),
    "cell-paying-4p": _cell(cell_samples.paying_for_a_power_up),
    "cell-gifts-4p": _cell(cell_samples.many_gifts),
    "cell-win-4p": _cell(lambda: cell_samples.won(4)),
    "cell-loss-1p": _cell(lambda: cell_samples.lost(1)),
    "over9000-duel-6p": _over9000(lambda: over9000_samples.duel_in_progress(6)),
    "over9000-result-6p": _over9000(lambda: over9000_samples.after_a_duel(6)),
    "over9000-extremes-6p": _over9000(over9000_samples.extremes),
    "over9000-arranging-3p": _over9000(over9000_samples.arranging),
    "over9000-win-2p": _over9000(lambda: over9000_samples.finished(2)),
    "primetime-setup": _primetime(_plain(primetime_samples.setup)),
    "primetime-deploying": _primetime(_plain(primetime_samples.deploying)),
    "primetime-flyer-l2": _primetime(_plain(primetime_samples.flyer_at_l2)),
    "primetime-dazed": _primetime(_plain(primetime_samples.dazed)),
    "primetime-deflect": _primetime(_plain(primetime_samples.deflecting)),
    "primetime-reach": _primetime(
        _highlighted(primetime_samples.mid_game, primetime_samples.reach_highlight)
    ),
    "primetime-targets": _primetime(
        _highlighted(primetime_samples.targeting, primetime_samples.technique_highlight)
    ),
    "primetime-crowded": _primetime(_plain(primetime_samples.crowded, LONG_NAMES)),
    "primetime-final": _primetime(_plain(primetime_samples.final, LONG_NAMES)),
    "primetime-zoom-move": _zoom(targets=False),
    "primetime-zoom-targets": _zoom(targets=True),
}

QUICK = ("cell-mid-4p", "over9000-duel-6p", "primetime-crowded")
