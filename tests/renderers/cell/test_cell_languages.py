"""The Perfect Cell board in every language: the text layout checks (nothing overlapping, cut off,
too small or off the image) on the crowded sample boards and on states of random games, the alt
text within Discord's limit, and the board's words and the content's names in the table's
language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from locales.languages import Language
from renderers.cell import render_cell, samples
from renderers.cell.board import draw_cell
from renderers.cell.language import in_language
from renderers.common import ALT_TEXT_LIMIT
from renderers.drawing import text_boxes
from rules.cell.state import CellState
from rules.cell.view import view
from tests.renderers.text_layout import layout_problems

SAMPLES: dict[str, Callable[[], CellState]] = {
    "start-1p": lambda: samples.start_of_game(1),
    "start-4p": lambda: samples.start_of_game(4),
    "mid-4p-knocked-out": samples.knocked_out_mid_game,
    "paying-4p": samples.paying_for_a_power_up,
    "gifts-4p": samples.many_gifts,
    "long-threats-4p": samples.long_threat_names,
    "win-4p": lambda: samples.won(4),
    "loss-1p": lambda: samples.lost(1),
}
LANGUAGES = list(Language)
PLAYOUTS = settings(
    max_examples=8,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_board_lays_out_its_texts_in_every_language(name: str, language: Language) -> None:
    image = draw_cell(in_language(view(SAMPLES[name](), None), language))
    assert text_boxes(image)
    assert layout_problems(image) == []


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language is not Language.ENGLISH])
@PLAYOUTS
@given(seed=st.integers(min_value=0, max_value=10_000), moves=st.integers(min_value=0, max_value=120))
def test_random_boards_lay_out_their_texts_in_every_language(
    language: Language, seed: int, moves: int
) -> None:
    state = samples.state_at(1 + seed % 4, seed, moves)
    assert layout_problems(draw_cell(in_language(view(state, None), language))) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_alt_text_fits_discord_in_every_language(name: str, language: Language) -> None:
    board = render_cell(in_language(view(SAMPLES[name](), None), language))
    assert len(board.alt_text) <= ALT_TEXT_LIMIT


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (Language.SPAIN_SPANISH, ("Krilin", "Ronda")),
        (Language.LATIN_AMERICAN_SPANISH, ("Krilin", "Ronda")),
        (Language.BRAZILIAN_PORTUGUESE, ("Kuririn", "Rodada")),
        (Language.FRENCH, ("Krilin", "Manche")),
    ],
)
def test_the_board_speaks_the_tables_language(language: Language, words: tuple[str, ...]) -> None:
    state = samples.start_of_game(4)
    drawn = " ".join(box.text for box in text_boxes(draw_cell(in_language(view(state, None), language))))
    alt = render_cell(in_language(view(state, None), language)).alt_text
    english = " ".join(box.text for box in text_boxes(draw_cell(view(state, None))))
    assert "DAMAGE TRACK" in english and "DAMAGE TRACK" not in drawn
    assert "Round" not in drawn and "Round" not in alt
    for word in words:
        assert word in drawn or word in alt, word
