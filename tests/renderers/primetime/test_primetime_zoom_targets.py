"""The close-up with a target beyond its 15 cells: a long-ranged technique reaches further than any
window around the model shows, so that target's label sits where its range line leaves the window,
naming the model; shown with the suggested cells of a move, the window keeps every letter."""

from __future__ import annotations

from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom, ZoomTarget, render_primetime_zoom
from renderers.primetime.zoom import CELLS, ZOOM, _target_mark, _window_with, window_corner
from rules.primetime import view
from tests.rules.primetime.helpers import activated, board


def _zoom() -> PrimeTimeZoom:
    state = board([("goku", 0, (4, 4)), ("frieza", 1, (26, 26)), ("zarbon", 1, (8, 6))])
    state = activated(state, "goku", 0)
    targets = [ZoomTarget(unit="frieza-1", label="40%"), ZoomTarget(unit="zarbon-1", label="35%")]
    return PrimeTimeZoom(board=PrimeTimeBoard(view=view(state, None)), targets=targets)


def test_a_target_beyond_every_window_is_labelled_at_its_edge() -> None:
    zoom = _zoom()
    units = {unit.id: unit for unit in zoom.board.view.units}
    west, south = _window_with((4, 4), [(26, 26), (8, 6)])
    assert not (west <= 26 < west + CELLS and south <= 26 < south + CELLS)
    left, top = ZOOM.cell_box((west, south + CELLS - 1))[:2]
    window = (left, top, left + CELLS * ZOOM.inch, top + CELLS * ZOOM.inch)

    rendered = render_primetime_zoom(zoom)

    assert "40%" in rendered.alt_text and "35%" in rendered.alt_text
    sprite, tag = _target_mark(zoom.targets[0], units["frieza-1"], units["goku-0"], window)
    assert window[0] < tag.anchor[0] < window[2] and window[1] < tag.anchor[1] < window[3]
    near, _ = _target_mark(zoom.targets[1], units["zarbon-1"], units["goku-0"], window)
    assert sprite.width > near.width, "the far target's label names its model"


def test_with_the_suggested_cells_of_a_move_the_window_keeps_every_letter() -> None:
    # Goku's letters lie south-west of him, the far target north-east: the targets alone would pull
    # the window off the letters.
    lettered = [(1, 1), (2, 8), (8, 1), (9, 9)]
    zoom = _zoom().model_copy(update={"lettered": lettered, "reach": frozenset(lettered)})
    west, south = window_corner(zoom)
    assert all(west <= x < west + CELLS and south <= y < south + CELLS for x, y in lettered)
    alone = window_corner(_zoom())
    assert not all(alone[0] <= x < alone[0] + CELLS and alone[1] <= y < alone[1] + CELLS for x, y in lettered)
    assert "Suggested cells: A 1,1" in render_primetime_zoom(zoom).alt_text
