"""Prime Time's content as the events and rejections name it: a ``Name`` (``rules.core.text``) the
edge translates from the content's translations (``data/locales``), and the words for a seat and a
point, which are the same in every language ("Seat 1" is replaced by the player's name, see
``seat_words``; a point is its two coordinates)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.text import Name, Text
from rules.primetime.cards import card, joint_attacks
from rules.primetime.content import Technique, catalogue, character
from rules.primetime.scenario import location
from rules.primetime.state import Unit
from rules.primetime.terrain import TerrainKind


def fighter(unit: Unit) -> Name:
    """The unit's character, by its name."""
    return character_name(unit.character)


def character_name(character_id: str) -> Name:
    return Name(kind="characters", id=character_id, english=character(character_id).name)


def card_name(card_id: str) -> Name:
    return Name(kind="cards", id=card_id, english=card(card_id).name)


def joint_name(joint_id: str) -> Name:
    return Name(kind="joint_attacks", id=joint_id, english=joint_attacks()[joint_id].name)


def technique_name(technique: Technique) -> Name:
    return Name(kind="techniques", id=technique.id, english=technique.name)


def tier_name(character_id: str, tier: int) -> Name:
    """A tier from 1 (the character's first transformation)."""
    return Name(
        kind="tiers", id=f"{character_id}-{tier}", english=character(character_id).tiers[tier - 1].name
    )


def seat_word(seat: int) -> str:
    """A seat from 0, as ``seat_words.with_names`` finds it."""
    return f"Seat {seat + 1}"


def point_word(point: Sequence[int]) -> str:
    return f"{point[0]},{point[1]}"


def affiliation_name(affiliation_id: str) -> Name:
    return Name(kind="affiliations", id=affiliation_id, english=catalogue().affiliation(affiliation_id).name)


def in_a_list(items: Sequence[Text | Name]) -> Text | Name:
    """Several words as one, "A, B, C" (each language may join them its own way)."""
    joined = items[0]
    for item in items[1:]:
        joined = Text("{earlier}, {next}", earlier=joined, next=item)
    return joined


def terrain_name(kind: TerrainKind) -> Name:
    return Name(kind="terrain", id=kind.value, english=kind.label)


def location_name(location_id: str) -> Name:
    return Name(kind="locations", id=location_id, english=location(location_id).name)


def signed(number: int) -> str:
    """A change with its sign, "+2" or "-1", as the stats' changes are written in every language."""
    return f"{number:+d}"
