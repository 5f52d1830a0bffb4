"""The twelve special powers, each flipped from a Dragon Ball in the reserve slot.

Seed: "Character-specific special powers can be activated by flipping a Dragon Ball token from the
reserve slot, providing unique advantages."
"""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.over9000.actions import Attack, Reveal, UsePower
from rules.over9000.content import TokenKind, catalogue
from rules.over9000.engine import apply, legal_actions
from rules.over9000.state import Over9000State
from rules.over9000.view import view
from tests.rules.over9000.helpers import duel, two_player_duel


def _rejected(state: Over9000State, action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)  # type: ignore[arg-type]
    return caught.value.code


def _opponent(character: str) -> str:
    return "goku" if character != "goku" else "vegeta"


def _attacker_with_power(pushed: TokenKind, revealed: TokenKind, character: str) -> Over9000State:
    characters = (character, _opponent(character))
    return two_player_duel(pushed, revealed, characters=characters, attacker_reserve="dragon_ball")


def _defender_with_power(pushed: TokenKind, revealed: TokenKind, character: str) -> Over9000State:
    characters = (_opponent(character), character)
    return two_player_duel(pushed, revealed, characters=characters, defender_reserve="dragon_ball")


def _defend_with_power(state: Over9000State, declared: str) -> Over9000State:
    state, _ = apply(state, Attack(player=0, slot=0, target=1, declared=declared))  # type: ignore[arg-type]
    state, _ = apply(state, UsePower(player=1))
    state, _ = apply(state, Reveal(player=1, slot=0))
    return state


def _levels(state: Over9000State) -> list[int]:
    return [player.power_level for player in state.players]


def test_every_character_has_a_power_built_from_registered_steps() -> None:
    characters = catalogue().characters
    assert len(characters) == 12
    assert len({character.power.name for character in characters}) == 12


def test_flipping_needs_a_dragon_ball_in_reserve_once_per_round() -> None:
    state = two_player_duel("kick", "punch", characters=("goku", "vegeta"))
    assert _rejected(state, UsePower(player=0)) == "no_dragon_ball"
    assert UsePower(player=0) not in legal_actions(state, 0)
    state = _attacker_with_power("kick", "punch", "goku")
    state, events = apply(state, UsePower(player=0))
    assert events[0].kind == "power_used" and events[0].visible_to is None
    assert state.players[0].reserve is None
    assert [face_up.token.kind for face_up in state.players[0].face_up] == ["dragon_ball"]
    assert _rejected(state, UsePower(player=0)) == "power_used"


def test_powers_keep_to_their_window() -> None:
    state = _defender_with_power("kick", "punch", "gohan")
    assert UsePower(player=1) not in legal_actions(state, 1)
    state, _ = apply(state, Attack(player=0, slot=0, target=1, declared="kick"))
    assert UsePower(player=1) in legal_actions(state, 1)
    attacker = _attacker_with_power("kick", "punch", "gohan")
    assert _rejected(attacker, UsePower(player=0)) == "wrong_window"


def test_goku_kamehameha_doubles_a_hit() -> None:
    state = _attacker_with_power("kick", "punch", "goku")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [6000, 5000]


def test_vegeta_scouter_shows_one_slot_to_vegeta_only() -> None:
    state = _attacker_with_power("kick", "blast_defense", "vegeta")
    assert _rejected(state, UsePower(player=0)) == "target_needed"
    assert _rejected(state, UsePower(player=0, target=1)) == "slot_needed"
    assert _rejected(state, UsePower(player=0, target=0, slot=0)) == "bad_target"
    state, events = apply(state, UsePower(player=0, target=1, slot=0))
    private = [event for event in events if event.visible_to is not None]
    assert [(event.visible_to, event.data["kind"]) for event in private] == [([0], "blast_defense")]
    assert all("blast" not in str(event.text).lower() for event in events if event.visible_to is None)


def test_gohan_hidden_potential_triples_a_block() -> None:
    state = _defend_with_power(_defender_with_power("kick", "kick_defense", "gohan"), "kick")
    assert _levels(state) == [3000, 8000]


def test_piccolo_regeneration_brings_back_the_last_slot_token() -> None:
    """The token named by the event lay face up in every view before, so naming it is no leak; the
    text says so, since "face down" alone would read as a secret again."""
    state = two_player_duel(
        "kick",
        "punch",
        characters=("piccolo", "vegeta"),
        attacker_reserve="dragon_ball",
        defender_reserve="kick",
    )
    assert _rejected(state, UsePower(player=0)) == "nothing_to_regenerate"
    state = duel(state, "kick")
    state = duel(state, "kick", attacker=1, defender=0)
    face_down = state.players[0].face_down_count
    public_before = view(state, None).players[0].face_up
    assert (public_before[-1].kind, public_before[-1].slot) == ("power_up", 0)
    state, events = apply(state, UsePower(player=0))
    assert state.players[0].face_down_count == face_down + 1
    regenerated = next(event for event in events if event.kind == "regenerated")
    assert regenerated.visible_to is None
    assert str(regenerated.text) == (
        "Piccolo regenerates: the Power-Up everyone saw revealed from slot 1 goes back on top of slot 1, "
        "face down but no secret"
    )
    assert [face_up.token.kind for face_up in state.players[0].face_up] == ["kick", "dragon_ball"]
    assert state.turn is not None and [step.op for step in state.turn.armed] == ["success_bonus"]


def test_krillin_destructo_disc_cannot_be_blocked_and_doubles_the_hit() -> None:
    state = _attacker_with_power("kick", "kick_defense", "krillin")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [6000, 5000]


def test_a_feint_stays_a_feint_under_destructo_disc() -> None:
    state = _attacker_with_power("punch_defense", "kick_defense", "krillin")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [4000, 5000]


def test_trunks_sees_the_pushed_token_before_revealing() -> None:
    state = _defender_with_power("blast", "blast", "trunks")
    state, _ = apply(state, Attack(player=0, slot=0, target=1, declared="kick"))
    state, events = apply(state, UsePower(player=1))
    seen = [event for event in events if event.kind == "attack_seen"]
    assert [(event.visible_to, event.data["kind"]) for event in seen] == [([1], "blast")]
    state, _ = apply(state, Reveal(player=1, slot=0))
    assert _levels(state) == [3000, 7000]


def test_frieza_death_beam_drains_the_defender_on_a_hit() -> None:
    state = _attacker_with_power("kick", "punch", "frieza")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [5000, 3000]


def test_cell_absorption_takes_from_the_defender_on_a_hit() -> None:
    state = _attacker_with_power("kick", "punch", "cell")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [6000, 3000]


def test_cell_absorption_does_nothing_when_blocked() -> None:
    state = _attacker_with_power("kick", "kick", "cell")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [3000, 6000]


def test_buu_loses_nothing_when_blocked_after_candy_beam() -> None:
    state = _attacker_with_power("kick", "kick", "buu")
    state, _ = apply(state, UsePower(player=0, target=1, slot=1))
    assert _levels(duel(state, "punch")) == [4000, 6000]


def test_nappa_drains_the_defender_on_a_hit() -> None:
    state = _attacker_with_power("kick", "punch", "nappa")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "kick")) == [5000, 4000]


def test_buu_candy_beam_turns_a_token_face_up() -> None:
    state = _attacker_with_power("kick", "punch", "buu")
    state, events = apply(state, UsePower(player=0, target=1, slot=0))
    assert [face_up.token.kind for face_up in state.players[1].face_up] == ["punch"]
    assert state.players[1].face_down_count == 4
    assert any(event.data.get("kind") == "punch" and event.visible_to is None for event in events)


def test_android_18_barrier_blocks_with_any_defense() -> None:
    state = _defend_with_power(_defender_with_power("kick", "blast_defense", "android18"), "kick")
    assert _levels(state) == [3000, 6000]


def test_nappa_saiyan_armor_makes_a_blocked_bluff_free() -> None:
    state = _attacker_with_power("kick", "kick_defense", "nappa")
    state, _ = apply(state, UsePower(player=0))
    assert _levels(duel(state, "punch")) == [4000, 6000]


def test_ginyu_body_change_swaps_tokens_and_tells_each_owner() -> None:
    state = _attacker_with_power("kick", "punch", "ginyu")
    mine, theirs = state.players[0].slots[0][-1], state.players[1].slots[0][-1]
    state, events = apply(state, UsePower(player=0, target=1, slot=0))
    assert state.players[0].slots[0][-1] == theirs and state.players[1].slots[0][-1] == mine
    private = {event.visible_to[0]: event.data["kind"] for event in events if event.visible_to}
    assert private == {0: "punch", 1: "kick"}
    assert all("kick" not in str(event.data) for event in events if event.visible_to is None)


def test_an_immediate_power_that_ends_the_duels_ends_the_round() -> None:
    state = _attacker_with_power("kick", "punch", "buu")
    player = state.players[1]
    state.pile.extend(token for slot in player.slots[1:] for token in slot)
    player.slots = [player.slots[0][-1:], [], [], []]
    state, _ = apply(state, UsePower(player=0, target=1, slot=0))
    assert state.round == 2 and state.phase == "placement"
