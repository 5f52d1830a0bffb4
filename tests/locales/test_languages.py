"""Which language each Discord locale is, numbers written each language's way, and the catalogues read."""

from __future__ import annotations

import discord
import pytest

from locales.catalogues import BOT, translations
from locales.languages import TRANSLATED, Language, language_of
from locales.numbers import format_number


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("es-ES", Language.SPAIN_SPANISH),
        ("es-419", Language.LATIN_AMERICAN_SPANISH),
        ("pt-BR", Language.BRAZILIAN_PORTUGUESE),
        ("fr", Language.FRENCH),
        ("en-US", Language.ENGLISH),
        ("en-GB", Language.ENGLISH),
        ("de", Language.ENGLISH),
        ("ja", Language.ENGLISH),
        (None, Language.ENGLISH),
        (discord.Locale.latin_american_spanish, Language.LATIN_AMERICAN_SPANISH),
        (discord.Locale.french, Language.FRENCH),
        ("es_419", Language.LATIN_AMERICAN_SPANISH),
    ],
)
def test_each_discord_locale_is_one_of_our_languages(locale: object, language: Language) -> None:
    assert language_of(locale) is language


def test_every_language_is_a_locale_discord_has() -> None:
    discord_locales = {locale.value for locale in discord.Locale}
    assert {language.discord_locale for language in Language} <= discord_locales
    assert all(language_of(language.discord_locale) is language for language in Language)
    assert Language.ENGLISH not in TRANSLATED and len(TRANSLATED) == 4


@pytest.mark.parametrize(
    ("language", "seven_thousand", "one_and_a_half"),
    [
        (Language.ENGLISH, "7,000", "1.5"),
        (Language.SPAIN_SPANISH, "7.000", "1,5"),
        (Language.LATIN_AMERICAN_SPANISH, "7,000", "1.5"),
        (Language.BRAZILIAN_PORTUGUESE, "7.000", "1,5"),
        (Language.FRENCH, "7\u202f000", "1,5"),
    ],
)
def test_numbers_are_written_the_languages_way(
    language: Language, seven_thousand: str, one_and_a_half: str
) -> None:
    assert format_number(7000, language) == seven_thousand
    assert format_number(1.5, language) == one_and_a_half
    assert format_number(12, language) == "12"


def test_english_is_the_message_ids_and_an_unknown_domain_is_refused() -> None:
    assert translations(BOT, Language.ENGLISH).pgettext("command", "start") == "start"
    with pytest.raises(ValueError, match="no domain"):
        translations("dbz", Language.FRENCH)
