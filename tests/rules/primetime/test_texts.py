"""The words players read for the content (``data/texts.json``): one text for every card, technique,
Joint Attack, passive, keyword and affiliation bonus, and each fits where the bot shows it."""

from __future__ import annotations

import pytest

from rules.primetime.cards import cards, joint_attacks
from rules.primetime.content import catalogue
from rules.primetime.texts import MENU_ROOM, CardText, Texts, card_text, checked, technique_text, term, texts


def test_every_card_has_its_text_and_a_menus_worth_of_it() -> None:
    for card_id in cards():
        text = card_text(card_id)
        assert text.text and len(text.summary) <= MENU_ROOM, card_id


def test_every_technique_passive_keyword_and_bonus_has_its_text() -> None:
    content = catalogue()
    for character in content.characters:
        for technique in character.all_techniques():
            assert technique_text(technique.id), (character.id, technique.id)
        for passive in character.passives:
            assert texts().passives[passive]
        for keyword in character.keywords:
            assert texts().keywords[keyword]
    for joint in joint_attacks().values():
        assert texts().joint_attacks[joint.id]
    for affiliation in content.affiliations:
        assert texts().bonuses[affiliation.bonus]
    for rider in ("push", "pull", "stagger", "blast", "freeze", "drain", "pierce", "charged"):
        assert term(rider)


def test_a_missing_or_unknown_text_is_refused() -> None:
    whole = texts().model_dump()
    missing = {**whole, "cards": {k: v for k, v in whole["cards"].items() if k != "senzu_bean"}}
    with pytest.raises(ValueError, match="senzu_bean"):
        checked(Texts.model_validate(missing))
    unknown = {**whole, "keywords": {**whole["keywords"], "cyborg": "Half machine."}}
    with pytest.raises(ValueError, match="cyborg"):
        checked(Texts.model_validate(unknown))


def test_texts_are_words_for_people_and_long_ones_have_a_short_form() -> None:
    whole = texts().model_dump()
    coded = {**whole, "terms": {**whole["terms"], "blast": "Deals blast_dmg to each model."}}
    with pytest.raises(ValueError, match="words for people"):
        checked(Texts.model_validate(coded))
    with pytest.raises(ValueError, match="short one"):
        CardText(text="x" * (MENU_ROOM + 1))
