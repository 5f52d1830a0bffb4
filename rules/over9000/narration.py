"""How Over 9000's moves are told: the events a move appends, words their texts share, and the
recent events the state keeps for the board."""

from __future__ import annotations

from rules.core.events import Event
from rules.core.game import RECENT_EVENT_LIMIT
from rules.over9000.state import Over9000State


def say(
    events: list[Event],
    event_kind: str,
    text: str,
    actor: int | None = None,
    visible_to: list[int] | None = None,
    **data: object,
) -> None:
    events.append(Event(kind=event_kind, text=text, actor=actor, data=dict(data), visible_to=visible_to))


def slot_name(slot: int) -> str:
    return f"slot {slot + 1}"


def remember(state: Over9000State, events: list[Event]) -> None:
    state.recent_events = [*state.recent_events, *events][-RECENT_EVENT_LIMIT:]
