"""The private close-up in every language: its texts (the models' tags, the terrain's names, the
targets' labels, the frame's numbers) lie clear of each other, whole and on the image as in English,
and its words, drawn and in the alt text, are the language's, with no sentence of the English left."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from locales.languages import TRANSLATED, Language
from renderers.drawing import text_boxes
from renderers.gallery import targets_zoom, zoom_sample
from renderers.primetime import PrimeTimeZoom, render_primetime_zoom, samples
from renderers.primetime.models import tag_text
from renderers.primetime.words import terrain_name
from renderers.primetime.zoom import CELLS, draw_zoom, window_corner
from rules.primetime.terrain import TerrainKind
from tests.renderers.primetime.test_primetime_languages import english_left
from tests.renderers.text_layout import layout_problems

ZOOMS: dict[str, Callable[[], PrimeTimeZoom]] = {
    "reach": lambda: zoom_sample(False),
    "targets": lambda: zoom_sample(True),
    "crowded targets": lambda: targets_zoom(samples.crowded()),
}
CASES = [(name, language) for name in ZOOMS for language in TRANSLATED]
IDS = [f"{name}-{language}" for name, language in CASES]


def _in(language: Language, name: str) -> PrimeTimeZoom:
    zoom = ZOOMS[name]()
    return zoom.model_copy(update={"board": zoom.board.model_copy(update={"language": language})})


def _inside(zoom: PrimeTimeZoom, cell: tuple[int, int]) -> bool:
    west, south = window_corner(zoom)
    return 0 <= cell[0] - west < CELLS and 0 <= cell[1] - south < CELLS


@pytest.mark.parametrize(("name", "language"), CASES, ids=IDS)
def test_the_close_up_lays_out_its_texts_in_every_language(name: str, language: Language) -> None:
    image = draw_zoom(_in(language, name))

    assert text_boxes(image), "the close-up records the texts it draws"
    assert layout_problems(image) == []


@pytest.mark.parametrize(("name", "language"), CASES, ids=IDS)
def test_the_close_up_draws_its_words_in_its_language(name: str, language: Language) -> None:
    zoom = _in(language, name)
    drawn = {box.text for box in text_boxes(draw_zoom(zoom))}
    shown = [unit for unit in zoom.board.view.units if not unit.dazed and _inside(zoom, unit.cell)]
    english = {box.text for box in text_boxes(draw_zoom(_in(Language.ENGLISH, name)))}

    assert shown, "the close-up shows models"
    assert {tag_text(unit, language) for unit in shown} <= drawn
    left_english = {terrain_name(kind, Language.ENGLISH) for kind in TerrainKind}
    left_english -= {terrain_name(kind, language) for kind in TerrainKind}
    assert not left_english & drawn, "no terrain is named in English"
    assert drawn - english, "some words differ from the English close-up's"


@pytest.mark.parametrize(("name", "language"), CASES, ids=IDS)
def test_the_close_ups_alt_text_speaks_its_language(name: str, language: Language) -> None:
    alt = render_primetime_zoom(_in(language, name)).alt_text
    english = render_primetime_zoom(_in(Language.ENGLISH, name)).alt_text

    assert alt != english
    assert english_left(alt, language) == []
    assert english_left(english, language), "the scan finds the English close-up's words"
