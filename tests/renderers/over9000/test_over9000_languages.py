"""The Over 9000 board in every language: crowded and long-worded boards lay out their texts (none
over another, cut short or off the image), the alt text says the board in the table's language
within Discord's limit, power levels are written the language's way, and the painter keeps one
image per language."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from locales.content import content_text
from locales.languages import Language
from locales.numbers import format_number
from renderers.common import ALT_TEXT_LIMIT
from renderers.drawing import text_boxes
from renderers.over9000 import Over9000Board, render_over9000, samples
from renderers.over9000.board import draw_over9000
from rules.over9000.state import Over9000State
from rules.over9000.view import view
from tests.renderers.text_layout import layout_problems

SAMPLES: dict[str, Callable[[], Over9000State]] = {
    "duel-6p": lambda: samples.duel_in_progress(6),
    "last-duel-6p": lambda: samples.after_a_duel(6),
    "extremes-6p": samples.extremes,
    "extremes-last-duel-6p": samples.extremes_after_a_duel,
    "arranging-3p": samples.arranging,
    "win-2p": lambda: samples.finished(2),
    "win-6p": lambda: samples.finished(6),
}
LANGUAGES = list(Language)


def board(state: Over9000State, language: Language) -> Over9000Board:
    return Over9000Board.of(view(state, None), language)


@pytest.mark.parametrize("language", LANGUAGES, ids=str)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_text_is_clear_whole_readable_and_on_the_image(name: str, language: Language) -> None:
    image = draw_over9000(board(SAMPLES[name](), language))
    assert text_boxes(image), "the board records the texts it draws"
    assert layout_problems(image) == []


PLAYOUTS = settings(
    max_examples=8,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@PLAYOUTS
@given(
    language=st.sampled_from(LANGUAGES),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10_000),
    moves=st.integers(0, 200),
)
def test_random_boards_lay_out_their_texts_in_every_language(
    language: Language, players: int, seed: int, moves: int
) -> None:
    state = deque(islice(samples.playout(players, seed), moves + 1), maxlen=1)[0]
    assert layout_problems(draw_over9000(board(state, language))) == []


@pytest.mark.parametrize("language", LANGUAGES, ids=str)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_alt_text_names_everyone_in_the_language(name: str, language: Language) -> None:
    state = SAMPLES[name]()
    text = render_over9000(board(state, language)).alt_text
    assert len(text) <= ALT_TEXT_LIMIT
    for player in state.players:
        name_there = content_text("over9000", language, "characters", player.character, "name", player.name)
        assert f"{name_there} {format_number(player.power_level, language)}" in text


def test_the_board_speaks_its_language() -> None:
    state = samples.duel_in_progress(6)
    english = {box.text for box in text_boxes(draw_over9000(view(state, None)))}
    for language in Language:
        drawn = {box.text for box in text_boxes(draw_over9000(board(state, language)))}
        key = {"en": "KEY", "es_ES": "LEYENDA", "es_419": "LEYENDA", "pt_BR": "LEGENDA", "fr": "LÉGENDE"}
        assert key[language.value] in drawn
        if language is not Language.ENGLISH:
            assert "KEY" not in drawn and drawn != english
        alt = render_over9000(board(state, language)).alt_text
        opening = {
            "en": "Over 9000 board, round 3",
            "es_ES": "Tablero de Over 9000, ronda 3",
            "es_419": "Tablero de Over 9000, ronda 3",
            "pt_BR": "Tabuleiro do Over 9000, rodada 3",
            "fr": "Plateau d'Over 9000, manche 3",
        }
        assert alt.startswith(opening[language.value])


def test_a_plain_public_view_is_drawn_in_english() -> None:
    state = samples.finished(2)
    assert render_over9000(view(state, None)) == render_over9000(board(state, Language.ENGLISH))


def test_each_language_is_its_own_painting() -> None:
    """The painter keys its cache by the whole input: the language is part of it."""
    state = samples.arranging()
    keys = {board(state, language).model_dump_json() for language in Language}
    assert len(keys) == len(Language)


@pytest.mark.parametrize("language", LANGUAGES, ids=str)
def test_the_winners_shout_is_the_dubs_line(language: Language) -> None:
    shouts = {
        "en": "It's over 9000!",
        "es_ES": "¡Más de 8000!",
        "es_419": "¡Es de más de 8000!",
        "pt_BR": "É mais de 8000!",
        "fr": "Plus de 8000 !",
    }
    state = samples.finished(2)
    assert state.outcome is not None and state.outcome.reason == "over_9000"
    drawn = " ".join(box.text for box in text_boxes(draw_over9000(board(state, language))))
    assert shouts[language.value] in drawn
