"""6: over many random games (random legal rosters, cards played whenever possible, quick and full
setups), no view and no event a player can see shows the opponent's hand, deck order, deck list,
blind Phase Start card, locked Ascension plan, or (during SU-1, before SU-2 reveals it) roster:
changing any of them changes nothing the other player (or the public) sees."""

from __future__ import annotations

import random

from rules.core.events import Event, events_for
from rules.primetime import RULES
from rules.primetime.actions import AcceptTerrain, PlayCard
from rules.primetime.engine import legal_actions
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from rules.primetime.view import view
from tests.rules.primetime.rosters import random_roster

GAMES = 6
MAX_ACTIONS = 3000
PRIVATE_KINDS = frozenset({"cards_drawn", "peek", "card_chosen", "ascension_locked"})


def _twin(state: PrimeTimeState, seat: int, chooser: random.Random) -> PrimeTimeState:
    """The same game with every secret of ``seat`` changed."""
    twin = state.model_copy(deep=True)
    secret = twin.players[seat]
    secret.hand = [f"other-{index}" for index, _ in enumerate(secret.hand)]
    secret.deck = [f"hidden-{index}" for index, _ in enumerate(secret.deck)]
    chooser.shuffle(secret.deck)
    if secret.ascension_plan:
        secret.ascension_plan = [(unit_id, "descend") for unit_id, _ in secret.ascension_plan]
    twin.phase_start_cards = [
        (owner, "ki_surge" if owner == seat else card_id, unit_id)
        for owner, card_id, unit_id in twin.phase_start_cards
    ]
    twin.recent_events = [event for event in twin.recent_events if event.visible_to != [seat]]
    if twin.setup_step == "terrain":
        secret.models, secret.unlocks = ["burter", "jeice"], ["burter"]
        secret.affiliation, secret.roster = "ginyu_force", "custom"
    return twin


def _check_events(events: list[Event]) -> None:
    for event in events:
        if event.kind in PRIVATE_KINDS:
            assert event.visible_to is not None and len(event.visible_to) == 1, event


def test_no_view_or_event_leaks_a_secret_over_many_games() -> None:
    for seed in range(GAMES):
        chooser = random.Random(seed)
        setup = "full" if seed % 2 else "quick"
        options = PrimeTimeOptions(rosters=(random_roster(chooser), random_roster(chooser)), setup=setup)
        state = RULES.new_game(options, seed)
        for _ in range(MAX_ACTIONS):
            if state.outcome is not None:
                break
            for seat in (0, 1):
                twin = _twin(state, seat, chooser)
                for viewer in (None, 1 - seat):
                    assert view(twin, viewer) == view(state, viewer), f"seat {viewer} sees seat {seat}"
            actions = [action for seat in (0, 1) for action in legal_actions(state, seat)]
            # Accept is one of thousands of SU-1 actions: favour it, as cards, so that setups finish.
            plays = [action for action in actions if isinstance(action, PlayCard | AcceptTerrain)]
            action = chooser.choice(plays) if plays and chooser.random() < 0.7 else chooser.choice(actions)
            state, events = RULES.apply(state, action)
            _check_events(events)
            for viewer in (None, 0, 1):
                assert all(
                    event.visible_to is None or viewer in event.visible_to
                    for event in events_for(events, viewer)
                )
        assert state.outcome is not None
