"""Perfect Cell's content in every language: every fighter, threat and power up has its name and its
text in each language's file, with the English placeholders, and names follow each dub."""

from __future__ import annotations

import pytest

from locales.content import (
    ContentFields,
    content_path,
    content_text,
    missing_translations,
    read_content_translations,
)
from locales.languages import TRANSLATED, Language
from rules.cell.content import catalogue


def english_fields() -> ContentFields:
    box = catalogue()
    return {
        "fighters": {f.id: {"name": f.name, "ability_text": f.ability_text} for f in box.fighters},
        "threats": {str(t.id): {"name": t.name, "effect_text": t.effect_text} for t in box.threats},
        "power_ups": {str(p.id): {"name": p.name, "effect_text": p.effect_text} for p in box.power_ups},
    }


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_item_has_every_field(language: Language) -> None:
    translated = read_content_translations(content_path("cell", language))

    assert missing_translations(english_fields(), translated) == []


@pytest.mark.parametrize(
    ("language", "kind", "content_id", "name"),
    [
        (Language.SPAIN_SPANISH, "fighters", "krillin", "Krilin"),
        (Language.BRAZILIAN_PORTUGUESE, "fighters", "krillin", "Kuririn"),
        (Language.FRENCH, "fighters", "goku", "Son Goku"),
        (Language.LATIN_AMERICAN_SPANISH, "power_ups", "9", "Genkidama"),
        (Language.FRENCH, "power_ups", "10", "Haricot magique"),
        (Language.LATIN_AMERICAN_SPANISH, "threats", "21", "Dispersar las Esferas del Dragón"),
        (Language.SPAIN_SPANISH, "threats", "21", "Dispersar las Bolas de Dragón"),
        (Language.ENGLISH, "fighters", "trunks", "Future Trunks"),
    ],
)
def test_names_follow_the_languages_dub(language: Language, kind: str, content_id: str, name: str) -> None:
    english = english_fields()[kind][content_id]["name"]

    assert content_text("cell", language, kind, content_id, "name", english) == name
