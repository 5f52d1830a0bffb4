"""The engine's events name players by seat ("Seat 1", "seat 2"); ``with_names`` puts the players'
names in their place, in every event a game says."""

from __future__ import annotations

import re

from rules.primetime import RULES
from rules.primetime.ai import choose_action
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.seat_words import SEAT, with_names

NAMES = ("Bulma", "Yamcha")
BY_NUMBER = re.compile(r"\b(seat|player|side)s? *\d", re.IGNORECASE)
"""A player called by a number in any wording."""


def test_each_seat_number_becomes_its_players_name() -> None:
    assert with_names("Seat 1 takes the left side; seat 2 has the initiative", NAMES) == (
        "Bulma takes the left side; Yamcha has the initiative"
    )
    assert with_names("Goku activates", NAMES) == "Goku activates"


def test_no_event_of_a_whole_game_names_a_player_by_number_once_worded() -> None:
    state = RULES.new_game(PrimeTimeOptions(setup="full"), 3)
    said = list(state.recent_events)
    while state.outcome is None:
        seat = state.prompts[0].who
        state, events = RULES.apply(state, choose_action(state, seat, seed=seat))
        said += events
    assert any(SEAT.search(str(event.text)) for event in said), "the engine words seats"
    worded = [with_names(str(event.text), NAMES) for event in said]
    assert [text for text in worded if BY_NUMBER.search(text)] == []
    assert any(NAMES[0] in text for text in worded) and any(NAMES[1] in text for text in worded)
