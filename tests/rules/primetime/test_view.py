"""``view`` hides what the rules hide: hands, deck order, locked Ascension plans and the generator."""

from __future__ import annotations

from rules.primetime import RULES
from rules.primetime.rounds import PrimeTimeOptions
from tests.rules.primetime.helpers import edit, started_game


def test_hands_and_decks_are_hidden_from_everyone_but_their_owner() -> None:
    state = edit(started_game(PrimeTimeOptions(), 918_273_645))
    state.recent_events = []
    state.players[1].hand = state.players[1].deck = []
    state.players[0].hand = ["senzu_bean", "afterimage"]
    state.players[0].deck = ["ki_surge", "guard_up", "ki_sense"]
    own, other, public = (RULES.view(state, viewer) for viewer in (0, 1, None))
    assert own.players[0].hand == ["senzu_bean", "afterimage"]
    assert other.players[0].hand is None and public.players[0].hand is None
    assert other.players[0].hand_size == 2 and other.players[0].deck_size == 3
    for seen in (own, other, public):
        text = seen.model_dump_json()
        assert "ki_surge" not in text and "guard_up" not in text  # the deck order is nobody's
        assert "rng" not in seen.model_dump() and str(state.rng.seed) not in text
    assert "senzu_bean" not in other.model_dump_json() and "senzu_bean" not in public.model_dump_json()
