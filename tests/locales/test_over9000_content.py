"""Over 9000's content in every language: every character, power and token has its name (and every
power its text) in each language's file, with the English placeholders and amounts, and names follow
each dub."""

from __future__ import annotations

import re

import pytest

from locales.content import (
    ContentFields,
    content_path,
    content_text,
    missing_translations,
    read_content_translations,
)
from locales.languages import TRANSLATED, Language
from locales.numbers import format_number
from rules.over9000.content import TOKEN_NAMES, catalogue

ENGLISH_AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})*")
TRANSLATED_AMOUNT = re.compile(r"\d+(?:[.,\u202f]\d{3})*")
"""An amount as English writes it (2,000), and as the other languages do (2.000, 2,000, 2\u202f000)."""


def english_fields() -> ContentFields:
    characters = catalogue().characters
    return {
        "characters": {c.id: {"name": c.name} for c in characters},
        "powers": {c.id: {"name": c.power.name, "text": c.power.text} for c in characters},
        "tokens": {kind: {"name": name} for kind, name in TOKEN_NAMES.items()},
    }


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_item_has_every_field(language: Language) -> None:
    translated = read_content_translations(content_path("over9000", language))

    assert missing_translations(english_fields(), translated) == []


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_power_texts_give_the_english_amounts_written_the_languages_way(language: Language) -> None:
    for character_id, fields in english_fields()["powers"].items():
        amounts = [int(number.replace(",", "")) for number in ENGLISH_AMOUNT.findall(fields["text"])]
        translated = content_text("over9000", language, "powers", character_id, "text", "")

        written = TRANSLATED_AMOUNT.findall(translated)

        assert written == [format_number(amount, language) for amount in amounts], character_id


@pytest.mark.parametrize(
    ("language", "kind", "content_id", "name"),
    [
        (Language.SPAIN_SPANISH, "characters", "frieza", "Freezer"),
        (Language.LATIN_AMERICAN_SPANISH, "characters", "frieza", "Freezer"),
        (Language.FRENCH, "characters", "frieza", "Freezer"),
        (Language.BRAZILIAN_PORTUGUESE, "characters", "frieza", "Freeza"),
        (Language.SPAIN_SPANISH, "characters", "krillin", "Krilin"),
        (Language.BRAZILIAN_PORTUGUESE, "characters", "krillin", "Kuririn"),
        (Language.FRENCH, "characters", "goku", "Son Goku"),
        (Language.LATIN_AMERICAN_SPANISH, "characters", "buu", "Majin Boo"),
        (Language.SPAIN_SPANISH, "characters", "android18", "C-18"),
        (Language.LATIN_AMERICAN_SPANISH, "characters", "android18", "Androide 18"),
        (Language.BRAZILIAN_PORTUGUESE, "characters", "trunks", "Trunks do Futuro"),
        (Language.FRENCH, "characters", "ginyu", "Capitaine Ginyu"),
        (Language.SPAIN_SPANISH, "powers", "goku", "Kamehameha"),
        (Language.BRAZILIAN_PORTUGUESE, "powers", "krillin", "Kienzan"),
        (Language.LATIN_AMERICAN_SPANISH, "powers", "vegeta", "Rastreador"),
        (Language.LATIN_AMERICAN_SPANISH, "powers", "nappa", "Armadura saiyajin"),
        (Language.SPAIN_SPANISH, "tokens", "dragon_ball", "Bola de Dragón"),
        (Language.LATIN_AMERICAN_SPANISH, "tokens", "dragon_ball", "Esfera del Dragón"),
        (Language.BRAZILIAN_PORTUGUESE, "tokens", "dragon_ball", "Esfera do Dragão"),
        (Language.FRENCH, "tokens", "dragon_ball", "Boule de cristal"),
        (Language.ENGLISH, "characters", "frieza", "Frieza"),
    ],
)
def test_names_follow_the_languages_dub(language: Language, kind: str, content_id: str, name: str) -> None:
    english = english_fields()[kind][content_id]["name"]

    assert content_text("over9000", language, kind, content_id, "name", english) == name
