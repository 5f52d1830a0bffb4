"""One test per rule of the seed (``shared/seeds/002_c207ad2a5475875f.txt``) and per decision in
``rules/over9000/CONTENT.md``, quoting the line it checks."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.over9000.actions import Attack, Keep, Place, Reveal, TakeBack
from rules.over9000.content import Catalogue, catalogue
from rules.over9000.engine import apply, legal_actions
from rules.over9000.state import Over9000State
from tests.rules.over9000.helpers import (
    all_tokens,
    arrange,
    deal,
    down_to_one_token,
    duel,
    filler,
    start,
    two_player_duel,
)


def _rejected(state: Over9000State, action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)  # type: ignore[arg-type]
    return caught.value.code


# Setup and placement.


def test_each_player_draws_six_tokens_seen_only_by_them() -> None:
    """Seed: "Players then draw 6 power tokens from the central pile"."""
    state = start(["goku", "vegeta", "cell"])
    assert [len(player.hand) for player in state.players] == [6, 6, 6]
    draws = [event for event in state.recent_events if event.kind == "tokens_drawn"]
    assert [event.visible_to for event in draws] == [[0], [1], [2]]
    assert len(state.pile) == sum(catalogue().settings.tokens.values()) - 18


def test_everyone_arranges_at_the_same_time() -> None:
    """Decision: placement is simultaneous; every player with tokens in hand may act."""
    state = start(["goku", "vegeta", "cell"])
    assert state.prompt is not None and state.prompt.kind == "place"
    assert state.prompt.seats == [0, 1, 2]
    assert all(legal_actions(state, seat) for seat in range(3))


def test_reserve_holds_exactly_one_token() -> None:
    """Seed: "choosing to keep one token in their reserve slot"."""
    state = start(["goku", "vegeta"])
    kind = state.players[0].hand[0].kind
    state, _ = apply(state, Keep(player=0, kind=kind))
    other = state.players[0].hand[0].kind
    assert _rejected(state, Keep(player=0, kind=other)) == "reserve_full"


def test_five_tokens_fill_four_slots_with_one_stack_of_two() -> None:
    """Decision: the five tokens go into the four slots; exactly one slot holds two."""
    state, _ = deal(
        start(["goku", "vegeta"]), 0, ["dragon_ball", "kick", "punch", "blast", "power_up", "kick_defense"]
    )
    state, _ = apply(state, Keep(player=0, kind="dragon_ball"))
    for kind, slot in (("kick", 0), ("punch", 0), ("blast", 1), ("power_up", 2)):
        state, _ = apply(state, Place(player=0, kind=kind, slot=slot))
    assert _rejected(state, Place(player=0, kind="kick_defense", slot=0)) == "slot_full"
    assert _rejected(state, Place(player=0, kind="kick_defense", slot=1)) == "one_double_slot"
    state, _ = apply(state, Place(player=0, kind="kick_defense", slot=3))
    assert state.players[0].placed
    assert [len(slot) for slot in state.players[0].slots] == [2, 1, 1, 1]


def test_last_token_must_go_to_the_reserve() -> None:
    state = start(["goku", "vegeta"])
    state = state.model_copy(deep=True)
    player = state.players[0]
    last = player.hand.pop()
    for slot, token in enumerate(player.hand):
        player.slots[min(slot, 3)].append(token)
    player.hand = [last]
    assert _rejected(state, Place(player=0, kind=last.kind, slot=3)) == "reserve_needed"
    assert legal_actions(state, 0) == [Keep(player=0, kind=last.kind), TakeBack(player=0)]


def test_take_back_returns_every_placed_token_to_the_hand() -> None:
    state = start(["goku", "vegeta"])
    hand = sorted(token.id for token in state.players[0].hand)
    state, _ = apply(state, Keep(player=0, kind=state.players[0].hand[0].kind))
    state, _ = apply(state, Place(player=0, kind=state.players[0].hand[0].kind, slot=2))
    state, _ = apply(state, TakeBack(player=0))
    assert sorted(token.id for token in state.players[0].hand) == hand
    assert state.players[0].reserve is None and state.players[0].face_down_count == 0
    assert _rejected(state, TakeBack(player=0)) == "nothing_placed"


def test_an_arranged_player_waits_for_the_others() -> None:
    state = arrange(start(["goku", "vegeta"]), 0, "dragon_ball", filler("kick"))
    assert state.prompt is not None and state.prompt.seats == [1]
    assert legal_actions(state, 0) == []
    assert _rejected(state, TakeBack(player=0)) == "already_arranged"


def test_turn_order_is_lowest_power_level_first_ties_by_seat() -> None:
    """Seed: "Starting with the player with the lowest power level, players take turns"."""
    state = start(["goku", "vegeta", "cell", "nappa"], levels=(5000, 4000, 5000, 3000))
    for seat in range(4):
        state = arrange(state, seat, "power_up", filler("kick"))
    assert state.phase == "duel"
    assert state.turn_order == [3, 1, 0, 2]
    assert state.prompt is not None and state.prompt.kind == "attack" and state.prompt.seats == [3]


def test_tokens_cannot_be_rearranged_during_the_duels() -> None:
    state = two_player_duel("kick", "punch")
    assert _rejected(state, TakeBack(player=0)) == "not_placing"


# Duels.


def test_the_pushed_token_stays_secret_until_the_reveal() -> None:
    """Seed: "pushes the token forward, declaring their target and the attack type"."""
    state = two_player_duel("kick", "punch")
    state, events = apply(state, Attack(player=0, slot=0, target=1, declared="punch"))
    assert state.prompt is not None and state.prompt.kind == "reveal" and state.prompt.seats == [1]
    assert [event.data.get("declared") for event in events] == ["punch"]
    assert all("kick" not in str(event.data) and "Kick" not in str(event.text) for event in events)
    assert legal_actions(state, 0) == []
    assert _rejected(state, Attack(player=0, slot=1, target=1, declared="kick")) == "waiting_for_reveal"


def _three_player_duels() -> Over9000State:
    """Three players arranged; seat 0 is lowest and attacks first."""
    state = start(["goku", "vegeta", "cell"], levels=(4000, 5000, 6000))
    for seat in range(3):
        state = arrange(state, seat, "power_up", filler("kick"))
    return state


def test_attacks_need_a_face_down_token_on_both_sides() -> None:
    """Known fact: a player needs at least one face-down slotted token to take part in a duel."""
    state = down_to_one_token(two_player_duel("kick", "punch"), 0, slot=1)
    assert _rejected(state, Attack(player=0, slot=0, target=1, declared="kick")) == "slot_empty"
    assert _rejected(state, Attack(player=0, slot=1, target=0, declared="kick")) == "bad_target"
    three = _three_player_duels()
    three.pile.extend(token for slot in three.players[2].slots for token in slot)
    three.players[2].slots = [[], [], [], []]
    assert _rejected(three, Attack(player=0, slot=0, target=2, declared="kick")) == "target_out"
    assert all(action.target == 1 for action in legal_actions(three, 0) if isinstance(action, Attack))


def test_the_lower_token_of_a_stack_comes_up_next() -> None:
    before = two_player_duel("kick", "punch")
    lower = [before.players[seat].slots[0][0] for seat in (0, 1)]
    after = duel(before, "kick")
    assert [after.players[seat].slots[0] for seat in (0, 1)] == [[lower[0]], [lower[1]]]


def test_revealed_tokens_stay_face_up_and_turn_passes() -> None:
    """Decision: both revealed tokens stay face up in front of their owners for the round."""
    state = duel(two_player_duel("kick", "punch"), "kick")
    assert [face_up.slot for face_up in state.players[0].face_up] == [0]
    assert state.prompt is not None and state.prompt.seats == [1] and state.prompt.kind == "attack"


def test_the_round_ends_when_nobody_can_duel_and_tokens_go_back() -> None:
    """Decision: the round ends when fewer than two players have face-down tokens; every token,
    revealed or not, returns to the pile, which is reshuffled for the next draw."""
    state = two_player_duel("kick", "punch")
    state = down_to_one_token(down_to_one_token(state, 0), 1)
    ids = sorted(token.id for token in all_tokens(state))
    state = duel(state, "kick")
    assert state.round == 2 and state.phase == "placement"
    assert sorted(token.id for token in all_tokens(state)) == ids
    assert all(len(player.hand) == 6 and not player.face_up for player in state.players)


def test_leftover_face_down_tokens_go_back_unrevealed() -> None:
    """Decision: tokens still face down when the round ends return to the pile without being shown."""
    state = down_to_one_token(down_to_one_token(_three_player_duels(), 0), 1)
    state, _ = apply(state, Attack(player=0, slot=0, target=1, declared="kick"))
    state, events = apply(state, Reveal(player=1, slot=0))
    assert state.round == 2
    public = [event for event in events if event.visible_to is None]
    revealing = [event.kind for event in public if {"kind", "kinds", "pushed", "revealed"} & set(event.data)]
    assert revealing == ["duel_resolved"]


def test_power_levels_never_drop_below_the_floor() -> None:
    state = two_player_duel("kick", "kick_defense")
    state.players[0].power_level = 2000
    state = duel(state, "punch")
    assert state.players[0].power_level == catalogue().settings.floor


# Content validation.


def test_content_validation_refuses_broken_data() -> None:
    content = catalogue()
    characters = [character.model_dump() for character in content.characters]
    settings = content.settings.model_dump()
    with pytest.raises(ValueError, match="12 characters"):
        Catalogue(settings=settings, characters=characters[:11])
    odd = [dict(characters[0], start=4500), *characters[1:]]
    with pytest.raises(ValueError, match="whole number of steps"):
        Catalogue(settings=settings, characters=odd)
    unknown = dict(characters[0], power=dict(characters[0]["power"], effects=[{"op": "wish"}]))
    with pytest.raises(ValueError, match="unknown power step"):
        Catalogue(settings=settings, characters=[unknown, *characters[1:]])
    misplaced = dict(
        characters[0], power=dict(characters[0]["power"], effects=[{"op": "block_bonus", "amount": 1}])
    )
    with pytest.raises(ValueError, match="defense window"):
        Catalogue(settings=settings, characters=[misplaced, *characters[1:]])
    with pytest.raises(ValueError, match="six players"):
        Catalogue(
            settings=dict(settings, tokens=dict(settings["tokens"], kick=1, punch=1, blast=1)),
            characters=characters,
        )
