"""Every game's board, crowded and with long texts, read back from the text boxes the renderers
leave on the image: no text over another, none cut short with an ellipsis, none smaller than a
phone can read, none off the image, and no Prime Time tag or terrain name over a model."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from renderers.cell import samples as cell_samples
from renderers.cell.board import draw_cell
from renderers.drawing import text_boxes
from renderers.gallery import LONG_NAMES, NAMES, targets_zoom, zoom_sample
from renderers.over9000 import samples as over9000_samples
from renderers.over9000.board import draw_over9000
from renderers.primetime import PrimeTimeBoard
from renderers.primetime import samples as primetime_samples
from renderers.primetime.board import draw_primetime
from renderers.primetime.layout import BOARD
from renderers.primetime.models import tag_text
from renderers.primetime.zoom import draw_zoom
from rules.cell.view import view as cell_view
from rules.over9000.view import view as over9000_view
from rules.primetime.stats import char
from rules.primetime.view import view as primetime_view
from tests.renderers.text_layout import layout_problems, texts_over_models


def _cell(make: Callable[[], object]) -> Callable[[], Image.Image]:
    return lambda: draw_cell(cell_view(make(), None))  # type: ignore[arg-type]


def _over9000(make: Callable[[], object]) -> Callable[[], Image.Image]:
    return lambda: draw_over9000(over9000_view(make(), None))  # type: ignore[arg-type]


def _primetime(make: Callable[[], object], names: tuple[str, str] = LONG_NAMES) -> Callable[[], Image.Image]:
    return lambda: draw_primetime(PrimeTimeBoard(view=primetime_view(make(), None), names=names))  # type: ignore[arg-type]


BEYOND_SEED = 2
"""Piccolo's Special Beam Cannon reaches Jeice and Recoome beyond the close-up's 15 cells."""


def _beyond_zoom() -> Image.Image:
    return draw_zoom(targets_zoom(primetime_samples.targeting(BEYOND_SEED)))


PRIMETIME_STATES = {
    "setup": primetime_samples.setup,
    "deploying": primetime_samples.deploying,
    "flyer-l2": primetime_samples.flyer_at_l2,
    "dazed": primetime_samples.dazed,
    "deflect": primetime_samples.deflecting,
    "mid-game": primetime_samples.mid_game,
    "crowded": primetime_samples.crowded,
    "final": primetime_samples.final,
    "final-tie-break": primetime_samples.final_on_tiebreak,
}

BOARDS: dict[str, Callable[[], Image.Image]] = {
    "cell-start-1p": _cell(lambda: cell_samples.start_of_game(1)),
    "cell-mid-4p": _cell(cell_samples.knocked_out_mid_game),
    "cell-paying-4p": _cell(cell_samples.paying_for_a_power_up),
    "cell-gifts-4p": _cell(cell_samples.many_gifts),
    "cell-long-threats-4p": _cell(cell_samples.long_threat_names),
    "cell-win-4p": _cell(lambda: cell_samples.won(4)),
    "cell-loss-1p": _cell(lambda: cell_samples.lost(1)),
    "over9000-duel-6p": _over9000(lambda: over9000_samples.duel_in_progress(6)),
    "over9000-last-duel-6p": _over9000(lambda: over9000_samples.after_a_duel(6)),
    "over9000-extremes-6p": _over9000(over9000_samples.extremes),
    "over9000-extremes-last-duel-6p": _over9000(over9000_samples.extremes_after_a_duel),
    "over9000-arranging-3p": _over9000(over9000_samples.arranging),
    "over9000-win-2p": _over9000(lambda: over9000_samples.finished(2)),
    **{f"primetime-{name}": _primetime(make) for name, make in PRIMETIME_STATES.items()},
    "primetime-crowded-short-names": _primetime(primetime_samples.crowded, NAMES),
    "primetime-zoom-move": lambda: draw_zoom(zoom_sample(targets=False)),
    "primetime-zoom-targets": lambda: draw_zoom(zoom_sample(targets=True)),
    "primetime-zoom-targets-beyond": lambda: draw_zoom(
        targets_zoom(primetime_samples.targeting(BEYOND_SEED))
    ),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_text_is_clear_whole_readable_and_on_the_image(name: str) -> None:
    image = BOARDS[name]()
    assert text_boxes(image), "the board records the texts it draws"
    assert layout_problems(image) == []


@pytest.mark.parametrize("name", sorted(PRIMETIME_STATES))
def test_prime_time_tags_and_terrain_names_cover_no_model(name: str) -> None:
    view = primetime_view(PRIMETIME_STATES[name](), None)
    image = draw_primetime(PrimeTimeBoard(view=view, names=LONG_NAMES))
    tags = {tag_text(unit) for unit in view.units}
    assert tags <= {text.text for text in text_boxes(image)}, "every model's tag is drawn"
    assert texts_over_models(image, view.units, BOARD) == []


def test_a_long_final_status_line_is_wrapped_whole() -> None:
    image = BOARDS["primetime-final-tie-break"]()
    words = " ".join(text.text for text in text_boxes(image))
    assert "more Threat Dazed" in words


def test_the_close_up_labels_every_target_even_beyond_its_window() -> None:
    zoom = targets_zoom(primetime_samples.targeting(BEYOND_SEED))
    image = draw_zoom(zoom)
    units = {unit.id: unit for unit in zoom.board.view.units}
    labels = {text.text for text in text_boxes(image)}
    beyond = [
        target for target in zoom.targets if f"{char(units[target.unit]).code} {target.label}" in labels
    ]
    beside = [target for target in zoom.targets if target.label in labels]
    assert len(beyond) >= 1 and len(beyond) + len(beside) == len(zoom.targets), "each target labelled once"
