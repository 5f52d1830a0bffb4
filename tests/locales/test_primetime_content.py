"""Prime Time's content in every language: every character, tier, technique, card, Joint Attack,
affiliation, preset, Location, Mission, Condition and terrain kind has its name in each language's
file, and names follow each dub; every card, technique, Joint Attack and Condition has its effect text, and
every passive, keyword, affiliation bonus and rules term its explanation (``data/texts.json``), with
a card's menu summary within a menu option's room."""

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
from rules.primetime.cards import cards, joint_attacks
from rules.primetime.content import catalogue
from rules.primetime.scenario import scenario
from rules.primetime.terrain import TerrainKind
from rules.primetime.texts import MENU_ROOM, texts


def technique_names() -> dict[str, str]:
    """Every technique by id (the basics and the combined Joint Attack technique included): a
    technique two characters share, like the Kamehameha, is one item with one name."""
    names: dict[str, str] = {}
    techniques = [t for c in catalogue().characters for t in c.all_techniques()]
    techniques += [joint.technique for joint in joint_attacks().values() if joint.technique is not None]
    for technique in techniques:
        assert names.setdefault(technique.id, technique.name) == technique.name, technique.id
    return names


def english_fields() -> ContentFields:
    box = catalogue()
    places = scenario()

    def names(items: dict[str, str]) -> dict[str, dict[str, str]]:
        return {item_id: {"name": name} for item_id, name in items.items()}

    words = texts()

    def with_texts(named: dict[str, dict[str, str]], explained: dict[str, str]) -> dict[str, dict[str, str]]:
        return {item_id: {**fields, "text": explained[item_id]} for item_id, fields in named.items()}

    def explained(items: dict[str, str]) -> dict[str, dict[str, str]]:
        return {item_id: {"text": text} for item_id, text in items.items()}

    card_fields = {
        card.id: {"name": card.name, "text": words.cards[card.id].text}
        | ({"short": short} if (short := words.cards[card.id].short) else {})
        for card in cards().values()
    }
    return {
        "characters": names({c.id: c.name for c in box.characters}),
        "tiers": names(
            {f"{c.id}-{number}": tier.name for c in box.characters for number, tier in enumerate(c.tiers, 1)}
        ),
        "techniques": with_texts(names(technique_names()), words.techniques),
        "cards": card_fields,
        "joint_attacks": with_texts(
            names({joint.id: joint.name for joint in joint_attacks().values()}), words.joint_attacks
        ),
        "affiliations": names({a.id: a.name for a in box.affiliations}),
        "presets": names({p.id: p.name for p in box.presets}),
        "locations": names({place.id: place.name for place in places.locations}),
        "missions": names({mission.id: mission.name for mission in places.missions}),
        "conditions": with_texts(
            names({condition.id: condition.name for condition in places.conditions}),
            {condition.id: condition.text for condition in places.conditions},
        ),
        "terrain": names({kind.value: kind.label for kind in TerrainKind}),
        "passives": explained(words.passives),
        "keywords": explained(words.keywords),
        "bonuses": explained(words.bonuses),
        "terms": explained(words.terms),
    }


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_item_has_its_name(language: Language) -> None:
    translated = read_content_translations(content_path("primetime", language))

    assert missing_translations(english_fields(), translated) == []


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_a_cards_summary_fits_a_menu_option(language: Language) -> None:
    """A menu shows a card's short text, or its whole text when it has none (``CardText.summary``):
    in every language that stays within a menu option's room, and the whole text within a card's."""
    translated = read_content_translations(content_path("primetime", language))

    for card_id, english in texts().cards.items():
        whole = translated.text("cards", card_id, "text") or ""
        summary = translated.text("cards", card_id, "short") or whole
        assert len(summary) <= MENU_ROOM, f"{card_id}: {summary!r}"
        assert len(whole) <= 300, f"{card_id}: {whole!r}"
        assert english.short is None or summary != whole, card_id


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
        (Language.SPAIN_SPANISH, "characters", "android_18", "C-18"),
        (Language.LATIN_AMERICAN_SPANISH, "characters", "android_18", "Androide 18"),
        (Language.FRENCH, "characters", "android_16", "C-16"),
        (Language.LATIN_AMERICAN_SPANISH, "affiliations", "ginyu_force", "Fuerzas Especiales Ginyu"),
        (Language.BRAZILIAN_PORTUGUESE, "affiliations", "ginyu_force", "Forças Especiais Ginyu"),
        (Language.FRENCH, "affiliations", "ginyu_force", "Commando Ginyu"),
        (Language.FRENCH, "affiliations", "cell_games", "Cell Game"),
        (Language.LATIN_AMERICAN_SPANISH, "tiers", "goku-2", "Super Saiyajin"),
        (Language.FRENCH, "tiers", "vegeta-2", "Super Saïyen"),
        (Language.SPAIN_SPANISH, "techniques", "special_beam_cannon", "Makankosappo"),
        (Language.FRENCH, "techniques", "destructo_disc", "Kienzan"),
        (Language.BRAZILIAN_PORTUGUESE, "techniques", "spirit_bomb", "Genki Dama"),
        (Language.LATIN_AMERICAN_SPANISH, "techniques", "kamehameha", "Kamehameha"),
        (Language.SPAIN_SPANISH, "techniques", "death_beam", "Rayo mortal"),
        (Language.LATIN_AMERICAN_SPANISH, "techniques", "death_beam", "Rayo de la muerte"),
        (Language.BRAZILIAN_PORTUGUESE, "cards", "senzu_bean", "Semente dos Deuses"),
        (Language.FRENCH, "cards", "senzu_bean", "Haricot magique"),
        (Language.SPAIN_SPANISH, "missions", "dragon_ball_hunt", "Caza de las Bolas de Dragón"),
        (
            Language.LATIN_AMERICAN_SPANISH,
            "missions",
            "dragon_ball_hunt",
            "Cacería de las Esferas del Dragón",
        ),
        (Language.FRENCH, "missions", "dragon_ball_hunt", "Chasse aux boules de cristal"),
        (Language.LATIN_AMERICAN_SPANISH, "locations", "namek_plains", "Llanuras de Namekusei"),
        (Language.SPAIN_SPANISH, "locations", "namek_plains", "Llanuras de Namek"),
        (Language.ENGLISH, "characters", "ginyu", "Capt. Ginyu"),
    ],
)
def test_names_follow_the_languages_dub(language: Language, kind: str, content_id: str, name: str) -> None:
    english = english_fields()[kind][content_id]["name"]

    assert content_text("primetime", language, kind, content_id, "name", english) == name


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_a_shared_name_is_translated_alike(language: Language) -> None:
    """The Purple Spiral Flash is a Joint Attack card and the technique it fires; a preset is named
    after its affiliation: each pair reads the same in every language."""
    translated = read_content_translations(content_path("primetime", language))

    assert translated.text("joint_attacks", "purple_spiral_flash", "name") == translated.text(
        "techniques", "purple_spiral_flash", "name"
    )
    for preset in catalogue().presets:
        assert translated.text("presets", preset.id, "name") == translated.text(
            "affiliations", preset.affiliation, "name"
        )
