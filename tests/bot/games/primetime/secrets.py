"""The secret scan of a Prime Time game played through the fake Discord: every state a public message
was ever in (the fake tells the gateway about each), and every log line of the bot, checked against
what was secret in the states the game went through (replayed from its seed and logged actions).

Secret: the cards in a hand, the deck's content and order, and a locked Ascension plan until the
reveal. A card may be named in public only in a public event (played, revealed) or while it lies in
a public zone (discard pile, removed, Legacy, Persistent).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterator
from typing import Any

from bot.games.primetime.module import PrimeTimeModule
from rules.primetime import RULES, view
from rules.primetime.cards import cards
from rules.primetime.state import PrimeTimeState
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.fakediscord.fake import FakeDiscord

CARD_NAMES = {card.name for card in cards().values()}
CARD_IDS = set(cards())
PLAN_MARKS = ("lock_ascension", ":asc.", "locked plan")


class PublicMessages:
    def __init__(self, fake: FakeDiscord) -> None:
        self.snapshots: list[dict[str, Any]] = []
        forward = fake.gateway.dispatch_message_event

        async def record(event: str, data: dict[str, Any]) -> None:
            if event != "MESSAGE_DELETE":
                self.snapshots.append(copy.deepcopy(data))
            await forward(event, data)

        fake.gateway.dispatch_message_event = record  # type: ignore[method-assign]


def _controls(snapshot: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = list(snapshot.get("components", []))
    while stack:
        component = stack.pop()
        stack.extend(component.get("components", []))
        yield component


def texts(snapshot: dict[str, Any]) -> Iterator[str]:
    """Every piece of text a message shows, its controls' included."""
    yield snapshot.get("content") or ""
    for embed in snapshot.get("embeds", []):
        yield embed.get("title", "")
        yield embed.get("description", "")
        yield embed.get("footer", {}).get("text", "")
        for field in embed.get("fields", []):
            yield f"{field['name']} {field['value']}"
    for attachment in snapshot.get("attachments", []):
        yield attachment.get("description", "")
    for component in _controls(snapshot):
        yield component.get("label", "")
        yield component.get("placeholder", "")
        yield component.get("custom_id", "")
        for option in component.get("options", []):
            yield f"{option['label']} {option.get('description', '')} {option['value']}"


async def replay(table: PrimeTimeTable) -> list[PrimeTimeState]:
    record = await table.record()
    storage = table.bot.service.storage
    state = RULES.new_game(PrimeTimeModule().options(record.lobby), record.seed)
    states = [state]
    for logged in await storage.actions(record.id):
        state, _ = RULES.apply(state, RULES.parse_action(logged.action))
        states.append(state)
    assert RULES.dump_state(state) == record.state_json, "the replay differs from the saved game"
    return states


def check_secrets(
    snapshots: list[dict[str, Any]], states: list[PrimeTimeState], logs: list[logging.LogRecord]
) -> int:
    """Raises on any secret in public; returns how many public message states were scanned."""
    public_events: set[str] = set()
    public_cards: set[str] = set()
    held: set[str] = set()
    for state in states:
        public = view(state, None)
        public_events.update(str(event.text) for event in public.recent_events)
        for player in public.players:
            zones = [*player.discard, *player.removed, *(c for c, _ in player.legacy + player.persistent)]
            public_cards.update(cards()[card_id].name for card_id in zones)
        for player in state.players:
            held.update(cards()[card_id].name for card_id in player.hand + player.deck)
    assert held, "nobody ever held a card: the scan would prove nothing"
    assert snapshots
    for snapshot in snapshots:
        text = "\n".join(texts(snapshot))
        for event_text in sorted(public_events, key=len, reverse=True):
            text = text.replace(event_text, "")
        named = {name for name in CARD_NAMES if name in text}
        assert named <= public_cards, f"{named - public_cards} named in public:\n{text}"
        assert not any(card_id in text for card_id in CARD_IDS), text
        assert not any(mark in text for mark in PLAN_MARKS), text
    assert logs, "the bot logged nothing"
    for record in logs:
        line = record.getMessage()
        assert not any(name in line for name in CARD_NAMES | CARD_IDS), line
        assert not any(mark in line for mark in PLAN_MARKS), line
    return len(snapshots)
