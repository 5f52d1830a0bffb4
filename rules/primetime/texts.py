"""Prime Time's words for players: what every card, technique, Joint Attack, passive, keyword,
affiliation bonus and rules term does, from ``data/texts.json``.

The numbers (range, BK, DMG, riders) stay in the content data; these texts say what the numbers do not.
They are the English: each language's are in ``data/locales/<language>.json``, as the fields of the
same items (a card's ``text`` and ``short``, a technique's ``text``...), read by the edge that shows them.

Loading checks the texts against the content, so a card, technique or keyword added without its text
(or a text left behind by one removed) fails at import, and every text is in words for people.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import get_args

from pydantic import BaseModel, Field, model_validator

from rules.primetime.cards import CardType, Window, cards, joint_attacks
from rules.primetime.content import BASICS, Family, Keyword, Passive, RiderOp, catalogue
from rules.primetime.state import Status

MENU_ROOM = 100
"""A menu option's description holds at most 100 characters (Discord's limit)."""
TECHNIQUE_FLAGS = ("pierce", "charged", "exhausting", "unopposed", "undeniable")
_CODE_WORD = re.compile(r"[A-Za-z]+_[A-Za-z]+")


class CardText(BaseModel, frozen=True):
    text: str = Field(min_length=10, max_length=300)
    """The whole effect, as the card shows it."""
    short: str | None = Field(default=None, max_length=MENU_ROOM)
    """The effect in a menu's room, when the whole text does not fit there."""

    @property
    def summary(self) -> str:
        return self.short or self.text

    @model_validator(mode="after")
    def _fits_a_menu(self) -> CardText:
        if self.short is None and len(self.text) > MENU_ROOM:
            raise ValueError(f"a text over {MENU_ROOM} characters needs a short one for menus: {self.text}")
        return self


class Texts(BaseModel, frozen=True):
    cards: dict[str, CardText]
    techniques: dict[str, str]
    joint_attacks: dict[str, str]
    passives: dict[str, str]
    keywords: dict[str, str]
    bonuses: dict[str, str]
    """Each affiliation's Power Phase BK bonus (3.1), by its bonus id."""
    terms: dict[str, str]
    """Technique families, riders and flags, statuses, card types and windows, and a few rules words."""


def _technique_ids() -> set[str]:
    found = {technique.id for character in catalogue().characters for technique in character.techniques}
    found |= {joint.technique.id for joint in joint_attacks().values() if joint.technique is not None}
    return found | BASICS


def _required_terms() -> set[str]:
    literals = (Family, RiderOp, CardType, Window, Status)
    return {term for literal in literals for term in get_args(literal)} | set(TECHNIQUE_FLAGS)


def checked(texts: Texts) -> Texts:
    expected = {
        "cards": set(cards()),
        "techniques": _technique_ids(),
        "joint_attacks": set(joint_attacks()),
        "passives": set(get_args(Passive)),
        "keywords": set(get_args(Keyword)),
        "bonuses": {affiliation.bonus for affiliation in catalogue().affiliations},
    }
    for section, ids in expected.items():
        written = set(getattr(texts, section))
        if written != ids:
            raise ValueError(
                f"texts.json {section}: missing {sorted(ids - written)}, unknown {sorted(written - ids)}"
            )
    missing_terms = _required_terms() - set(texts.terms)
    if missing_terms:
        raise ValueError(f"texts.json terms: missing {sorted(missing_terms)}")
    every = [text for section in expected for text in getattr(texts, section).values()]
    sentences = [text.text if isinstance(text, CardText) else text for text in every]
    sentences += [text.short for text in texts.cards.values() if text.short]
    sentences += list(texts.terms.values())
    for sentence in sentences:
        if _CODE_WORD.search(sentence) or not sentence.strip():
            raise ValueError(f"texts.json: not in words for people: {sentence!r}")
    return texts


@cache
def texts() -> Texts:
    raw = json.loads((Path(__file__).parent / "data" / "texts.json").read_text(encoding="utf-8"))
    return checked(Texts.model_validate(raw))


def card_text(card_id: str) -> CardText:
    return texts().cards[card_id]


def technique_text(technique_id: str) -> str:
    return texts().techniques[technique_id]


def term(name: str) -> str:
    return texts().terms[name]
