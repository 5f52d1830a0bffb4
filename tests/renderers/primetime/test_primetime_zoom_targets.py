"""The close-up with targets beyond its 15 cells: a 12" Ki Volley reaches further than the window
shows, so such a target's label sits where its range line leaves the window, naming the model."""

from __future__ import annotations

from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom, ZoomTarget, render_primetime_zoom
from renderers.primetime.zoom import CELLS, ZOOM, _target_anchor, _target_words, _window
from rules.primetime import view
from tests.rules.primetime.helpers import activated, board


def _zoom() -> PrimeTimeZoom:
    state = board([("goku", 0, (10, 5)), ("frieza", 1, (10, 17)), ("zarbon", 1, (22, 5))])
    state = activated(state, "goku", 0)
    targets = [ZoomTarget(unit="frieza-1", label="40%"), ZoomTarget(unit="zarbon-1", label="35%")]
    return PrimeTimeZoom(board=PrimeTimeBoard(view=view(state, None)), targets=targets)


def test_targets_beyond_the_window_are_labelled_at_its_edge_with_their_names() -> None:
    zoom = _zoom()
    west, south = _window((10, 5))
    assert not (west <= 10 < west + CELLS and south <= 17 < south + CELLS)
    rendered = render_primetime_zoom(zoom)
    assert rendered.width == 864 and "Frieza 40%" in rendered.alt_text and "Zarbon 35%" in rendered.alt_text
    units = {unit.id: unit for unit in zoom.board.view.units}
    left, top = ZOOM.cell_box((west, south + CELLS - 1))[:2]
    window = (left, top, left + CELLS * ZOOM.inch, top + CELLS * ZOOM.inch)
    start = ZOOM.cell_centre_pixel((10, 5))
    for target in zoom.targets:
        words = _target_words(target, units[target.unit], window)
        assert words.endswith(target.label) and words != target.label
        x, y = _target_anchor(units[target.unit], window, start)
        assert window[0] < x < window[2] and window[1] < y < window[3]
