"""Acceptance 11: the invariant harness. Random legal playouts of every preset pairing (mirrors
included), checked at every step: legal actions apply and leave their input alone; a sample of
illegal ones is refused with a typed error and the state untouched, in words for people (as is
every event's text: no snake_case, ids, rule ids or reprs); the state survives a JSON round
trip; replaying the seed and the actions gives the identical state; one model per cell; HP within
[0, max]; BK and SK never negative (SK at most 10); activation tokens conserved; no view shows
another player's hand or locked Ascension plan (nor, during SU-1, the opponent's roster); and every
game ends. Acceptance 8: the same over random full setups (SU-1…9 with random draws and edits).
"""

from __future__ import annotations

import json
import random
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.playout import (
    Playout,
    check_apply_leaves_input,
    check_rejected,
    check_replay,
    check_round_trip,
    pending_actions,
    random_playout,
)
from rules.primetime import RULES
from rules.primetime.actions import PlayCard, PrimeTimeAction
from rules.primetime.cards import cards
from rules.primetime.content import PRESET_IDS, character
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import hp_max
from rules.primetime.view import view
from tests.rules.primetime.playouts import Aggressive, CardHappy, candidates
from tests.rules.primetime.rosters import random_roster
from tests.rules.primetime.words import word_problems

PAIRINGS = list(product(PRESET_IDS, repeat=2))
MAX_ACTIONS = 3000
OTHER_LEGAL_ACTIONS_TRIED = 2
ILLEGAL_ACTIONS_TRIED = 4


def check_bounds(state: PrimeTimeState) -> None:
    cells = [unit.cell for unit in state.units if not unit.dazed]
    assert len(cells) == len(set(cells)), "two models share a cell"
    for unit in state.units:
        assert 0 <= unit.hp <= hp_max(unit), f"{unit.id} has {unit.hp} HP"
        assert unit.dazed == (unit.hp == 0), f"{unit.id} is Dazed exactly at 0 HP"
        assert 0 <= unit.level <= 2 and 0 <= unit.tier <= character(unit.character).max_tier
        assert unit.activations <= 2
        assert unit.level == 0 or character(unit.character).has("fly")
    for player in state.players:
        assert player.bk >= 0 and 0 <= player.sk <= 10, f"seat {player.seat}: {player.bk} BK, {player.sk} SK"
    if state.phase == "setup":
        check_setup(state)
    assert 1 <= state.round <= 4
    assert (state.outcome is None) == bool(state.prompts), "someone must act until the game is over"


def check_setup(state: PrimeTimeState) -> None:
    """SU-1…8: the layout stays legal, objectives keep A14 and models stay in their own zone."""
    if state.setup_step == "terrain":
        assert 5 <= len(state.terrain) <= 8
        assert all(a.overlaps(b) == (a is b) for a in state.terrain for b in state.terrain)
    for x, y in state.objectives:
        assert 0 <= x <= 30 and 0 <= y <= 30
    for unit in state.units:
        assert state.zones[unit.seat].contains_cell(unit.cell), f"{unit.id} deployed outside its zone"
        assert not state.zones[1 - unit.seat].touches_cell(unit.cell)
        assert unit.level in (0, 1)


def check_tokens(state: PrimeTimeState) -> None:
    """PW-1's Order Pool is conserved: unused named tokens, bonus and Fallen Order tokens and the
    tokens spent always add up to what was generated."""
    if state.phase != "activation":
        return
    for player in state.players:
        named = sum(1 for unit in state.units_of(player.seat) if not unit.dazed and unit.activations == 0)
        spent = player.tokens_spent
        held = named + player.bonus_tokens + player.fallen_tokens
        assert held + spent == player.tokens_generated, f"seat {player.seat} lost or gained a token"
        assert player.bonus_tokens >= 0 and player.fallen_tokens >= 0


def check_views(state: PrimeTimeState) -> None:
    """Only its owner sees a hand or a locked plan, and changing them changes no other view."""
    for seat, player in enumerate(state.players):
        for viewer in (None, 0, 1):
            seen = view(state, viewer).players[seat]
            own = viewer == seat
            assert (seen.hand is not None) == own
            assert seen.ascension_plan == (player.ascension_plan if own else None)
        twin = state.model_copy(deep=True)
        secret = twin.players[seat]
        secret.hand = [f"other-{index}" for index, _ in enumerate(secret.hand)]
        if secret.ascension_plan:
            secret.ascension_plan = [(unit_id, "descend") for unit_id, _ in secret.ascension_plan]
        if state.setup_step == "terrain":
            # SU-2: the roster is revealed only once the terrain is accepted.
            secret.models = ["burter", "jeice"]
            secret.unlocks, secret.affiliation, secret.roster = ["burter"], "ginyu_force", "custom"
        for viewer in (None, 1 - seat):
            assert view(twin, viewer) == view(state, viewer), f"seat {viewer} sees seat {seat}'s secrets"


def check_state(state: PrimeTimeState) -> None:
    check_round_trip(RULES, state)
    check_bounds(state)
    check_tokens(state)
    check_views(state)


def check_actions(state: PrimeTimeState, shuffler: random.Random) -> None:
    legal = pending_actions(RULES, state, 2)
    for action in shuffler.sample(legal, min(OTHER_LEGAL_ACTIONS_TRIED, len(legal))):
        check_apply_leaves_input(RULES, state, action)
    seat = shuffler.randrange(2)
    legal_here = set(RULES.legal_actions(state, seat))
    illegal = [action for action in candidates(state, seat, shuffler) if action not in legal_here]
    for action in shuffler.sample(illegal, min(ILLEGAL_ACTIONS_TRIED, len(illegal))):
        message = check_rejected(RULES, state, action).message
        assert word_problems(message) == [], f"{message!r} is not in words for people"


def check_events(events: list[Event]) -> None:
    """Events go to seats that exist, and their text is in words for people (the bot shows it)."""
    for event in events:
        assert event.visible_to is None or set(event.visible_to) <= {0, 1}
        assert word_problems(event.text) == [], f"{event.kind}: {event.text!r} is not in words for people"


def play_checking_every_step(
    options: PrimeTimeOptions, seed: int, chooser: Aggressive
) -> Playout[PrimeTimeState, PrimeTimeAction]:
    """Plays a game from ``seed`` with ``chooser``, checking every invariant before the first action
    and after each; the game must end and replay from its seed."""
    state = RULES.new_game(options, seed)
    check_state(state)

    def on_step(
        before: PrimeTimeState, action: PrimeTimeAction, after: PrimeTimeState, events: list[Event]
    ) -> None:
        check_actions(before, chooser)
        check_events(events)
        check_state(after)

    playout = random_playout(RULES, state, 2, chooser, MAX_ACTIONS, on_step)
    assert RULES.outcome(playout.final) is not None, "the game did not end"
    check_replay(RULES, options, seed, playout.actions, playout.final)
    return playout


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairing=st.sampled_from(PAIRINGS), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_keep_every_invariant(pairing: tuple[str, str], seed: int) -> None:
    playout = play_checking_every_step(PrimeTimeOptions(rosters=pairing), seed, Aggressive(seed))
    assert pending_actions(RULES, playout.final, 2) == []


@pytest.mark.parametrize("pairing", PAIRINGS)
def test_every_pairing_plays_to_the_end(pairing: tuple[str, str]) -> None:
    options = PrimeTimeOptions(rosters=pairing)
    seed = PAIRINGS.index(pairing)
    playout = random_playout(RULES, RULES.new_game(options, seed), 2, Aggressive(seed), MAX_ACTIONS)
    assert RULES.outcome(playout.final) is not None
    check_replay(RULES, options, seed, playout.actions, playout.final)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_legal_action_applies(seed: int) -> None:
    chooser = Aggressive(seed)
    state = RULES.new_game(PrimeTimeOptions(rosters=chooser.choice(PAIRINGS)), seed)

    def on_step(
        before: PrimeTimeState, action: PrimeTimeAction, after: PrimeTimeState, events: list[Event]
    ) -> None:
        for legal in pending_actions(RULES, before, 2):
            RULES.apply(before, legal)

    playout = random_playout(RULES, state, 2, chooser, MAX_ACTIONS, on_step)
    assert RULES.outcome(playout.final) is not None


def test_saved_games_from_another_schema_are_refused() -> None:
    state = RULES.new_game(PrimeTimeOptions(), 5)
    document = json.loads(RULES.dump_state(state))
    document["schema_version"] = 99
    with pytest.raises(IllegalAction) as caught:
        RULES.load_state(json.dumps(document))
    assert caught.value.code == "unknown_schema"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_rosters_keep_every_invariant(seed: int) -> None:
    """Random legal rosters (3.2, A9) with their decks, from the full setup of this engine."""
    chooser = Aggressive(seed)
    options = PrimeTimeOptions(rosters=(random_roster(chooser), random_roster(chooser)))
    play_checking_every_step(options, seed, chooser)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    pairing=st.sampled_from([*PAIRINGS, None]),
)
def test_random_full_setups_keep_every_invariant(seed: int, pairing: tuple[str, str] | None) -> None:
    """Acceptance 8: SU-1…9 with random draws, random edits and answers, presets or random rosters,
    then the whole game; every invariant holds at every step and the game replays from its seed."""
    chooser = Aggressive(seed)
    rosters = pairing or (random_roster(chooser), random_roster(chooser))
    options = PrimeTimeOptions(rosters=rosters, setup="full")
    assert RULES.new_game(options, seed).phase == "setup"
    play_checking_every_step(options, seed, chooser)


@pytest.mark.parametrize("pairing", [("z_fighters", "cell_games"), ("frieza_force", "ginyu_force")])
def test_every_card_of_the_pool_keeps_every_invariant(pairing: tuple[str, str]) -> None:
    """Both decks hold the whole pool (every card, whatever its owner), replenished each round, and
    cards are played whenever possible."""
    played: set[str] = set()
    for seed in range(3):
        chooser = CardHappy(seed)
        state = RULES.new_game(PrimeTimeOptions(rosters=pairing), seed).model_copy(deep=True)
        for player in state.players:
            player.deck = sorted(cards()) * 2
            chooser.shuffle(player.deck)
        for _ in range(MAX_ACTIONS):
            if state.outcome is not None:
                break
            legal = pending_actions(RULES, state, 2)
            action = chooser.choice(legal)
            if isinstance(action, PlayCard):
                played.add(action.card)
            check_apply_leaves_input(RULES, state, action)
            state, events = RULES.apply(state, action)
            check_events(events)
            check_bounds(state)
            check_views(state)
        assert state.outcome is not None
    # Character cards need their character on the board; the presets field 13 of the 16.
    assert len(played) >= 15, sorted(set(cards()) - played)
