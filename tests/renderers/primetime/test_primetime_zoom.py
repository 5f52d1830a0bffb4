"""The private close-up's window: around its model by default, or centred on the cell the caller
names (a typed cell, or the middle of a move), kept on the battlefield."""

from __future__ import annotations

from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom, samples
from renderers.primetime.zoom import alt_text, draw_zoom
from rules.primetime import view


def _zoom(**fields: object) -> PrimeTimeZoom:
    state = samples.mid_game()
    return PrimeTimeZoom(board=PrimeTimeBoard(view=view(state, None)), **fields)  # type: ignore[arg-type]


def test_the_window_follows_the_focus_and_defaults_to_the_model() -> None:
    plain = _zoom()
    mover = next(unit for unit in plain.board.view.units if unit.id == plain.board.view.activation.unit)  # type: ignore[union-attr]
    assert draw_zoom(_zoom(focus=mover.cell)).tobytes() == draw_zoom(plain).tobytes()
    south_west, north_east = draw_zoom(_zoom(focus=(1, 1))), draw_zoom(_zoom(focus=(30, 30)))
    assert south_west.tobytes() != north_east.tobytes()
    # A focus past the edge shows the same window as the corner's.
    assert draw_zoom(_zoom(focus=(-5, 40))).tobytes() == draw_zoom(_zoom(focus=(1, 30))).tobytes()


def test_a_close_up_with_no_model_says_where_it_is() -> None:
    state = samples.mid_game()
    public = view(state, None).model_copy(update={"activation": None})
    zoom = PrimeTimeZoom(board=PrimeTimeBoard(view=public), focus=(4, 27), lettered=[(4, 27)])
    assert alt_text(zoom).startswith("Close-up of the battlefield around 4,27.")
    assert "A 4,27" in alt_text(zoom)
