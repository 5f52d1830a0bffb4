"""The invariant harness: random legal playouts for 2-6 players, checked at every step.

Every legal action applies and leaves its input alone; a sample of illegal actions is rejected with
a typed error and an unchanged state; the state survives a JSON round trip; replaying the seed and
the actions gives the identical state; every game ends; tokens are conserved; bounds hold; and no
view but its owner's contains a hidden token, or changes when the owner's hidden tokens do.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.playout import (
    check_apply_leaves_input,
    check_rejected,
    check_replay,
    check_round_trip,
    pending_actions,
    random_playout,
)
from rules.over9000 import RULES
from rules.over9000.actions import Attack, Keep, Over9000Action, Place, Reveal, TakeBack, UsePower
from rules.over9000.content import ATTACKS, DRAW_SIZE, SLOT_COUNT, SLOT_DEPTH, TOKEN_KINDS, catalogue
from rules.over9000.engine import Over9000Options
from rules.over9000.state import Over9000State
from rules.over9000.view import Over9000View, view
from tests.rules.over9000.helpers import all_tokens, hidden_tokens

CHARACTERS = [character.id for character in catalogue().characters]
MAX_ACTIONS = 20000
OTHER_LEGAL_ACTIONS_TRIED = 3
ILLEGAL_ACTIONS_TRIED = 4


@cache
def _every_candidate(player_count: int, seat: int) -> list[Over9000Action]:
    """Every action of every shape for ``seat``, most of them illegal at any moment."""
    seats = range(-1, player_count + 1)
    slots = range(-1, SLOT_COUNT + 1)
    candidates: list[Over9000Action] = [TakeBack(player=seat), UsePower(player=seat)]
    for kind in TOKEN_KINDS:
        candidates.append(Keep(player=seat, kind=kind))
        candidates.extend(Place(player=seat, kind=kind, slot=slot) for slot in slots)
    for slot in slots:
        candidates.append(Reveal(player=seat, slot=slot))
        for target in seats:
            candidates.append(UsePower(player=seat, target=target, slot=slot))
            candidates.extend(
                Attack(player=seat, slot=slot, target=target, declared=declared) for declared in ATTACKS
            )
    candidates.extend(UsePower(player=seat, target=target) for target in seats)
    return candidates


def check_conservation(state: Over9000State) -> None:
    tokens = all_tokens(state)
    assert len({token.id for token in tokens}) == len(tokens), "a token is in two places"
    assert Counter(token.kind for token in tokens) == Counter(catalogue().settings.tokens)


def check_bounds(state: Over9000State) -> None:
    settings = catalogue().settings
    assert state.round >= 1
    for player in state.players:
        assert player.power_level >= settings.floor
        assert len(player.hand) <= DRAW_SIZE
        assert all(len(slot) <= SLOT_DEPTH for slot in player.slots)
        assert sum(1 for slot in player.slots if len(slot) == SLOT_DEPTH) <= 1
        if state.phase == "duel":
            assert not player.hand and player.placed
    assert (state.phase == "over") == (state.outcome is not None) == (state.prompt is None)
    if state.prompt is not None:
        assert state.prompt.seats, "someone must always be able to act"


def check_outcome(state: Over9000State) -> None:
    """Summary: "If only one player has achieved this, they are declared the winner" and play goes on
    "until one player clearly has a higher power level than all others, making them the winner"."""
    if state.outcome is None:
        return
    settings = catalogue().settings
    assert len(state.outcome.winners) == 1, "a victory is never shared"
    winner = state.players[state.outcome.winners[0]]
    others = [player for player in state.players if player is not winner]
    assert all(winner.power_level > other.power_level for other in others), "the winner is clearly ahead"
    if state.outcome.reason == "over_9000":
        assert winner.power_level > settings.over_threshold
        assert all(other.power_level <= settings.over_threshold for other in others)
    else:
        assert state.outcome.reason == "clearly_highest"
        assert state.round >= settings.sudden_death_round
        assert all(player.power_level <= settings.over_threshold for player in state.players)
        assert not state.last_crossing or winner.seat in state.last_crossing


def check_settlement(events: list[Event], state: Over9000State) -> None:
    """Summary: "all players who did so reset their power level to 5000, and a new round begins"."""
    kinds = [event.kind for event in events]
    if "levels_reset" in kinds:
        assert state.outcome is None and "game_won" not in kinds
        assert kinds.index("round_started") > kinds.index("levels_reset")


Views = dict[int | None, Over9000View]


def _views(state: Over9000State) -> Views:
    return {viewer: view(state, viewer) for viewer in [None, *range(state.player_count)]}


def check_no_leaks(state: Over9000State, views: Views) -> None:
    """Every hidden token id appears in its owner's view and in no other view."""
    texts = {viewer: seen.model_dump_json() for viewer, seen in views.items()}
    for seat in range(state.player_count):
        for token in hidden_tokens(state, seat):
            needle = json.dumps(token.id)
            assert needle in texts[seat], "a player cannot see their own token"
            for viewer, text in texts.items():
                if viewer != seat:
                    assert needle not in text, f"seat {seat}'s hidden token shows to {viewer}"


def check_views_ignore_hidden_kinds(
    state: Over9000State, views: Views, seat: int, shuffler: random.Random
) -> None:
    """Shuffling which hidden token of ``seat`` is which changes no other player's view."""
    twin = Over9000State.model_validate(state.model_dump())
    hidden = hidden_tokens(twin, seat)
    kinds = [token.kind for token in hidden]
    shuffler.shuffle(kinds)
    for token, kind in zip(hidden, kinds, strict=True):
        token.kind = kind
    for viewer, seen in views.items():
        if viewer != seat:
            assert view(twin, viewer) == seen, f"seat {viewer}'s view depends on seat {seat}'s secrets"


def check_event_visibility(events: list[Event], state: Over9000State) -> None:
    for event in events:
        if event.visible_to is not None:
            assert all(0 <= seat < state.player_count for seat in event.visible_to)


def check_state(state: Over9000State, shuffler: random.Random) -> None:
    check_round_trip(RULES, state)
    check_conservation(state)
    check_bounds(state)
    check_outcome(state)
    views = _views(state)
    check_no_leaks(state, views)
    check_views_ignore_hidden_kinds(state, views, shuffler.randrange(state.player_count), shuffler)


def check_actions(state: Over9000State, shuffler: random.Random) -> None:
    legal = pending_actions(RULES, state, state.player_count)
    for action in shuffler.sample(legal, min(OTHER_LEGAL_ACTIONS_TRIED, len(legal))):
        check_apply_leaves_input(RULES, state, action)
    seat = shuffler.randrange(-1, state.player_count + 1)
    legal_here = set(RULES.legal_actions(state, seat)) if 0 <= seat < state.player_count else set()
    illegal = [action for action in _every_candidate(state.player_count, seat) if action not in legal_here]
    for action in shuffler.sample(illegal, min(ILLEGAL_ACTIONS_TRIED, len(illegal))):
        check_rejected(RULES, state, action)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_keep_every_invariant(players: int, seed: int) -> None:
    chooser = random.Random(seed)
    options = Over9000Options(characters=chooser.sample(CHARACTERS, players))
    state = RULES.new_game(options, seed)
    check_state(state, chooser)

    def on_step(
        before: Over9000State, action: Over9000Action, after: Over9000State, events: list[Event]
    ) -> None:
        check_actions(before, chooser)
        check_event_visibility(events, after)
        check_settlement(events, after)
        check_state(after, chooser)

    playout = random_playout(RULES, state, players, chooser, MAX_ACTIONS, on_step)
    assert RULES.outcome(playout.final) is not None, "the game did not end"
    assert pending_actions(RULES, playout.final, players) == []
    check_replay(RULES, options, seed, playout.actions, playout.final)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_legal_action_applies_in_two_player_games(seed: int) -> None:
    chooser = random.Random(seed)
    state = RULES.new_game(Over9000Options(characters=chooser.sample(CHARACTERS, 2)), seed)

    def on_step(
        before: Over9000State, action: Over9000Action, after: Over9000State, events: list[Event]
    ) -> None:
        for legal in pending_actions(RULES, before, 2):
            RULES.apply(before, legal)

    playout = random_playout(RULES, state, 2, chooser, MAX_ACTIONS, on_step)
    assert RULES.outcome(playout.final) is not None


def test_saved_games_from_another_schema_are_refused() -> None:
    state = RULES.new_game(Over9000Options(characters=["goku", "vegeta"]), 5)
    document = json.loads(RULES.dump_state(state))
    document["schema_version"] = 99
    with pytest.raises(IllegalAction) as caught:
        RULES.load_state(json.dumps(document))
    assert caught.value.code == "unknown_schema"
