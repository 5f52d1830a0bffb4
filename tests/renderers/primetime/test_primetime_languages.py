"""The Prime Time board in every language: the gallery's states, crowded and with long names, and
states of random games lay out their texts in each language as in English (nothing over another,
cut short, off the image or over a model), and neither the words drawn nor the alt text leave a
sentence of the English board."""

from __future__ import annotations

import re
import string
from collections import deque
from collections.abc import Callable
from functools import cache
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from locales.catalogues import catalogue_path, read_catalogue, template_path, translations
from locales.languages import TRANSLATED, Language
from renderers.drawing import text_boxes
from renderers.gallery import LONG_NAMES, NAMES
from renderers.primetime import PrimeTimeBoard, render_primetime, samples
from renderers.primetime.board import draw_primetime
from renderers.primetime.layout import BOARD
from renderers.primetime.models import tag_text
from rules.primetime.state import PrimeTimeState
from rules.primetime.view import view
from tests.renderers.text_layout import layout_problems, texts_over_models

STATES: dict[str, Callable[[], PrimeTimeState]] = {
    "setup": samples.setup,
    "deploying": samples.deploying,
    "flyer-l2": samples.flyer_at_l2,
    "dazed": samples.dazed,
    "deflect": samples.deflecting,
    "mid-game": samples.mid_game,
    "crowded": samples.crowded,
    "final": samples.final,
    "final-tie-break": samples.final_on_tiebreak,
}
CASES = [(name, language) for name in STATES for language in TRANSLATED]


def _after(seed: int, moves: int) -> PrimeTimeState:
    """The state ``moves`` into the sample game ``seed``, or its last when it ends sooner."""
    return deque(islice(samples.playout(seed), moves + 1), maxlen=1)[0]


@cache
def _state(name: str) -> PrimeTimeState:
    return STATES[name]()


def _board(name: str, language: Language, names: tuple[str, str] = LONG_NAMES) -> PrimeTimeBoard:
    return PrimeTimeBoard(view=view(_state(name), None), names=names, language=language)


@cache
def english_phrases(language: Language) -> frozenset[str]:
    """The English board's phrases a translated board must not show: each stretch of two words or
    more between the placeholders of a message, where the language's translation does not have
    the same words."""
    words = translations("primetime", language)
    found = set()
    for message in read_catalogue(template_path("primetime")):
        if not message.id or isinstance(message.id, tuple) or message.context:
            continue
        shown = words.gettext(message.id)
        for literal, *_ in string.Formatter().parse(message.id):
            phrase = literal.strip(" .,:;()·")
            if len(phrase.split()) >= 2 and phrase not in shown:
                found.add(phrase)
    return frozenset(found)


def english_left(text: str, language: Language) -> list[str]:
    return sorted(
        phrase for phrase in english_phrases(language) if re.search(rf"\b{re.escape(phrase)}\b", text)
    )


@pytest.mark.parametrize(("name", "language"), CASES, ids=[f"{name}-{language}" for name, language in CASES])
def test_every_text_is_clear_whole_readable_and_on_the_image(name: str, language: Language) -> None:
    image = draw_primetime(_board(name, language))

    assert text_boxes(image), "the board records the texts it draws"
    assert layout_problems(image) == []


@pytest.mark.parametrize(("name", "language"), CASES, ids=[f"{name}-{language}" for name, language in CASES])
def test_tags_and_terrain_names_cover_no_model_in_any_language(name: str, language: Language) -> None:
    board = _board(name, language)
    image = draw_primetime(board)

    tags = {tag_text(unit, language) for unit in board.view.units}
    assert tags <= {text.text for text in text_boxes(image)}, "every model's tag is drawn"
    assert texts_over_models(image, board.view.units, BOARD) == []


@pytest.mark.parametrize(("name", "language"), CASES, ids=[f"{name}-{language}" for name, language in CASES])
def test_no_english_is_left_on_the_board_or_in_its_alt_text(name: str, language: Language) -> None:
    board = _board(name, language, NAMES)
    drawn = " ".join(text.text for text in text_boxes(draw_primetime(board)))
    alt = render_primetime(board).alt_text

    assert english_left(drawn, language) == []
    assert english_left(alt, language) == []


@settings(
    max_examples=16,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(language=st.sampled_from(TRANSLATED), seed=st.integers(0, 10_000), moves=st.integers(0, 300))
def test_random_boards_lay_out_their_texts_in_every_language(
    language: Language, seed: int, moves: int
) -> None:
    board_view = view(_after(seed, moves), None)
    board = PrimeTimeBoard(view=board_view, names=LONG_NAMES, language=language)
    image = draw_primetime(board)

    assert layout_problems(image) == []
    assert texts_over_models(image, board_view.units, BOARD) == []
    assert english_left(render_primetime(board).alt_text, language) == []


def test_the_scan_finds_english_on_an_english_board() -> None:
    """The scan above reads the English board's own phrases: an English board is full of them."""
    alt = render_primetime(_board("final", Language.ENGLISH, NAMES)).alt_text

    assert english_left(alt, Language.SPAIN_SPANISH)


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_the_board_speaks_the_tables_language(language: Language) -> None:
    english = render_primetime(_board("mid-game", Language.ENGLISH))
    translated = render_primetime(_board("mid-game", language))
    glory = translations("primetime", language).gettext("Glory")

    assert translated.png != english.png
    assert glory in " ".join(text.text for text in text_boxes(draw_primetime(_board("mid-game", language))))
    assert read_catalogue(catalogue_path("primetime", language), language)["Glory"].string == glory


def test_a_board_in_another_language_is_another_board_for_the_painter() -> None:
    """The painter keeps boards by the input's JSON: the language is part of it."""
    first = _board("setup", Language.ENGLISH).model_dump_json()
    second = _board("setup", Language.FRENCH).model_dump_json()

    assert first != second
    assert PrimeTimeBoard.model_validate_json(second).language is Language.FRENCH
