"""Over 9000's rules pages say the content's numbers, and every page is a message of the game's
catalogue, translated in every language."""

from __future__ import annotations

import pytest

from bot.games.over9000.guide import HELP_TEXT, RULE_PAGES
from locales.catalogues import translations
from locales.languages import TRANSLATED, Language
from locales.numbers import format_number
from rules.over9000.content import catalogue


def test_the_pages_say_the_contents_numbers() -> None:
    settings = catalogue().settings
    text = " ".join(body for _, body in RULE_PAGES.pages)
    starts = sorted(character.start for character in catalogue().characters)
    assert f"between {starts[0]:,} and {starts[-1]:,}" in text
    assert f"your next {settings.exposed_attacks} attacks" in text
    assert f"they drop to {settings.reset_level:,}" in text
    assert f"From round {settings.sudden_death_round}," in text
    assert f"+{settings.power_step:,} to the attacker" in text


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_page_and_the_command_list_are_translated(language: Language) -> None:
    words = translations("over9000", language)
    for heading, body in RULE_PAGES.pages:
        assert words.gettext(heading) != heading or heading == "Duels"
        assert words.gettext(body) != body
    assert words.gettext(HELP_TEXT) != HELP_TEXT
    the_end = words.gettext(RULE_PAGES.pages[-1][1])
    assert format_number(catalogue().settings.reset_level, language) in the_end
