"""How Over 9000's moves are told: the events a move appends, the content names and lists their
words share, and the recent events the state keeps for the board.

Every sentence is a ``Text`` (``rules.core.text``) so the bot can say it in each table's and each
player's language: characters, powers and tokens are ``Name`` parameters, translated from the
content's translations (``data/locales``), and power levels plain numbers, written the language's
way.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT
from rules.core.text import Name, Plural, Text
from rules.over9000.content import TOKEN_NAMES, catalogue
from rules.over9000.state import Over9000State, PlayerState


def say(
    events: list[Event],
    event_kind: str,
    text: Text | Plural,
    actor: int | None = None,
    visible_to: list[int] | None = None,
    **data: object,
) -> None:
    events.append(Event(kind=event_kind, text=text, actor=actor, data=dict(data), visible_to=visible_to))


def fighter(player: PlayerState) -> Name:
    """A player named by their character, as every sentence of the game names them."""
    return Name(kind="characters", id=player.character, english=player.name)


def token(kind: str) -> Name:
    return Name(kind="tokens", id=kind, english=TOKEN_NAMES[kind])


def power(character_id: str) -> Name:
    """A character's special power (the content translations key powers by their character)."""
    return Name(kind="powers", id=character_id, english=catalogue().character(character_id).power.name)


def listing(items: Sequence[Name | Text]) -> Name | Text:
    """Several names or phrases as one list ("Goku, Vegeta, Nappa")."""
    assert items, "a list names at least one thing"
    if len(items) == 1:
        return items[0]
    return Text("{first}, {rest}", first=items[0], rest=listing(items[1:]))


def with_level(player: PlayerState) -> Text:
    """A player and their power level: "Goku (5,000)"."""
    return Text("{fighter} ({level})", fighter=fighter(player), level=player.power_level)


def remember(state: Over9000State, events: list[Event]) -> None:
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]
