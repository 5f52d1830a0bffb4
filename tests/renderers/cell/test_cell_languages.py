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
from renderers.cell.language import in_language, words
from renderers.cell.layout import (
    CELL_PANEL_WIDTH,
    GAP,
    INNER,
    PAD,
    TEXT,
    THREAT_COLUMNS,
    TILE_GAP,
    mat_columns,
)
from renderers.cell.mats import tag
from renderers.cell.tiles import canceled_tag, restriction_tag
from renderers.common import ALT_TEXT_LIMIT, Colour, font
from renderers.drawing import text_boxes
from rules.cell.content import catalogue
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
TITLE_GAP = 12
"""The least room between a title and the number beside it."""
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
    ("language", "expected"),
    [
        (Language.SPAIN_SPANISH, ("Krilin", "Ronda")),
        (Language.LATIN_AMERICAN_SPANISH, ("Krilin", "Ronda")),
        (Language.BRAZILIAN_PORTUGUESE, ("Kuririn", "Rodada")),
        (Language.FRENCH, ("Krilin", "Manche")),
    ],
)
def test_the_board_speaks_the_tables_language(language: Language, expected: tuple[str, ...]) -> None:
    state = samples.start_of_game(4)
    drawn = " ".join(box.text for box in text_boxes(draw_cell(in_language(view(state, None), language))))
    alt = render_cell(in_language(view(state, None), language)).alt_text
    english = " ".join(box.text for box in text_boxes(draw_cell(view(state, None))))
    for heading in ("THREATS", "POWER SUPPLY"):
        assert heading in english and heading not in drawn
    assert "Round" not in drawn and "round" not in alt
    for word in expected:
        assert word in drawn or word in alt, word


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cell_panels_titles_fit_beside_their_numbers(language: Language) -> None:
    """The Cell panel's titles are painted once on its cached art (so the layout checks above, which
    read the texts drawn on the board itself, do not see them): the Damage Track's fits the panel, the
    Dragon Ball Meter's leaves room for the meter's count (7 / 7 at most) drawn at its right."""
    _ = words(language).gettext
    bold = font(TEXT, True)
    room = CELL_PANEL_WIDTH - 2 * PAD
    widest_count = max(catalogue().board.meter_size(players) for players in range(1, 5))
    count = bold.getlength(f"{widest_count} / {widest_count}")
    assert bold.getlength(_("DAMAGE TRACK")) <= room
    assert bold.getlength(_("DRAGON BALLS")) + TITLE_GAP + count <= room


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tags_fit_their_tiles_and_mats(language: Language) -> None:
    """The tags are sprites with their words painted in (so the layout checks do not read them):
    each fits the narrowest tile or mat that shows it."""
    _ = words(language).gettext
    threat_room = (INNER - (THREAT_COLUMNS - 1) * TILE_GAP) // THREAT_COLUMNS - 2 * PAD
    mat_room = (INNER - GAP) // mat_columns(4) - 2 * PAD
    for restriction in ("no_share", "no_reroll"):
        assert restriction_tag(restriction, language).width <= threat_room
    assert canceled_tag(language).width <= threat_room
    assert tag(_("KNOCKED OUT"), Colour.VERMILLION, "cross").width <= mat_room
    assert tag("▶ " + _("TURN"), Colour.YELLOW).width <= mat_room
