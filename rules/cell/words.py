"""Perfect Cell's words as data (``rules.core.text``), for the rules' events and refusals: the bot
says them in each table's language.

Content (fighters, threats, Power Ups) is named by a ``Name`` that the translation takes from the
content translations (``data/locales``); the rule words (die faces, token kinds, dice colours) are
messages of their own, with an article where a sentence needs one, since each language chooses its
article by the noun's gender.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cell.content import catalogue
from rules.cell.state import CellState
from rules.core.text import Name, Param, Text

FACES: dict[str, Text] = {
    "dragon_ball": Text.in_context("die face", "Dragon Ball"),
    "assist": Text.in_context("die face", "Assist"),
    "attack": Text.in_context("die face", "Attack"),
    "super_attack": Text.in_context("die face", "Super Attack"),
}
A_FACE: dict[str, Text] = {
    "dragon_ball": Text("a Dragon Ball"),
    "assist": Text("an Assist"),
    "attack": Text("an Attack"),
    "super_attack": Text("a Super Attack"),
}
A_FACE_FIRST: dict[str, Text] = {
    "dragon_ball": Text.in_context("at a sentence's start", "A Dragon Ball"),
    "assist": Text.in_context("at a sentence's start", "An Assist"),
    "attack": Text.in_context("at a sentence's start", "An Attack"),
    "super_attack": Text.in_context("at a sentence's start", "A Super Attack"),
}
A_TOKEN: dict[str, Text] = {
    "attack": Text("an Attack token"),
    "super_attack": Text("a Super Attack token"),
    "wild": Text("a Wild token"),
}
TOKEN: dict[str, Text] = {
    "attack": Text("Attack token"),
    "super_attack": Text("Super Attack token"),
    "wild": Text("Wild token"),
}
COLOURS: dict[str, Text] = {
    "orange": Text.in_context("dice colour", "orange"),
    "yellow": Text.in_context("dice colour", "yellow"),
    "blue": Text.in_context("dice colour", "blue"),
    "teal": Text.in_context("dice colour", "teal"),
}


def fighter(state: CellState, seat: int) -> Name:
    chosen = state.fighters[seat]
    return Name(kind="fighters", id=chosen.fighter, english=chosen.name)


def threat(tile: int) -> Name:
    return Name(kind="threats", id=str(tile), english=catalogue().threats[tile].name)


def threat_effect(tile: int) -> Name:
    return Name(
        kind="threats", id=str(tile), english=catalogue().threats[tile].effect_text, field="effect_text"
    )


def power_up(tile: int) -> Name:
    return Name(kind="power_ups", id=str(tile), english=catalogue().power_ups[tile].name)


VARIANTS: dict[str, Text] = {
    "easy": Text.in_context("difficulty", "easy"),
    "normal": Text.in_context("difficulty", "normal"),
    "challenge": Text.in_context("difficulty", "challenge"),
    "impossible": Text.in_context("difficulty", "impossible"),
}


def face(name: str) -> Text:
    return FACES[name]


def colour(name: str) -> Param:
    """A dice colour's word; a colour the words do not know (none today) is shown as it is named."""
    return COLOURS.get(name, name)


def listed(items: Sequence[Param], empty: Param = "") -> Param:
    """``items`` as one list ("Attack, Assist, Dragon Ball"), each item translated on its own."""
    if not items:
        return empty
    joined: Param = items[0]
    for item in items[1:]:
        joined = Text("{earlier}, {next}", earlier=joined, next=item)
    return joined
