"""TW-1's Activation Start window (A4, 2.9): the active player may play one card before the
activation's first action; the card is public, so the reactive player is then prompted (15 s,
default Pass) and may answer with one of its own; the window's cards then resolve LIFO."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import Move, PassWindow, PlayCard, Timeout
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import Placement, act_only, activated, board, kinds

GULDO_VS_GINYU = ("frieza_force", "ginyu_force")


def _guldo_binds() -> PrimeTimeState:
    """Guldo (seat 0) activates with Psychic Bind in hand; the Ginyu Force (seat 1) holds Assemble!."""
    placements: list[Placement] = [
        ("guldo", 0, (5, 5)),
        ("frieza", 0, (25, 25)),
        ("ginyu", 1, (5, 12)),
        ("recoome", 1, (14, 5)),
    ]
    state = activated(board(placements, rosters=GULDO_VS_GINYU), "guldo", 0)
    state.players[0].hand = ["psychic_bind"]
    state.players[1].hand = ["ginyu_force_assemble", "ginyu_force_assemble"]
    refresh_prompts(state)
    return state


def test_the_reactive_player_is_prompted_only_once_a_card_was_played() -> None:
    """2.9: "The reactive player is prompted only if a card was played, which is public"."""
    state = _guldo_binds()
    assert [(prompt.who, prompt.kind) for prompt in state.prompts] == [(0, "action")]
    bind = PlayCard(player=0, card="psychic_bind", unit="guldo-0", target="ginyu-1")
    state, events = act_only(state, bind)
    assert [(prompt.who, prompt.kind, prompt.default) for prompt in state.prompts] == [
        (1, "activation_start", "pass")
    ]
    played = next(event for event in events if event.kind == "card_played")
    assert played.visible_to is None and played.data["card"] == "psychic_bind"
    assert state.players[0].hand == [] and state.players[0].persistent == []  # it waits for the reply
    assert legal_actions(state, 0) == []
    assert PassWindow(player=1) in legal_actions(state, 1) and Timeout(player=1) in legal_actions(state, 1)


def test_ginyu_force_assemble_answers_psychic_bind_and_resolves_first() -> None:
    """TW-1 / A4: the reactive player answers in the Activation Start window (Ginyu Force, Assemble!
    answering Psychic Bind), and the window resolves LIFO: Recoome, the model Guldo binds, moves
    6" toward Guldo before the bind takes hold (resolved the other way round, he could not move)."""
    state = _guldo_binds()
    state, _ = act_only(state, PlayCard(player=0, card="psychic_bind", unit="guldo-0", target="recoome-1"))
    answer = PlayCard(player=1, card="ginyu_force_assemble", unit="recoome-1")
    assert answer in legal_actions(state, 1)
    state, events = act_only(state, answer)
    assert state.unit("recoome-1").cell == (8, 5) and "move" in kinds(events)
    assert state.players[0].persistent == [("psychic_bind", "recoome-1")]
    assert state.players[1].discard == ["ginyu_force_assemble"] and state.players[1].hand == [
        "ginyu_force_assemble"
    ]
    assert [(prompt.who, prompt.kind) for prompt in state.prompts] == [(0, "action")]
    with pytest.raises(IllegalAction):  # TW-3: one answer per window
        act_only(state, PlayCard(player=1, card="ginyu_force_assemble", unit="recoome-1"))


def test_the_reply_defaults_to_pass_and_the_card_then_resolves() -> None:
    """The 2.9 deadline table: Activation Start, reactive reply: default Pass."""
    placements: list[Placement] = [("goku", 0, (5, 5)), ("frieza", 1, (5, 12))]
    state = activated(board(placements, rosters=("z_fighters", "frieza_force")), "goku", 0)
    state.players[0].hand = ["focused_strike"]
    refresh_prompts(state)
    state, _ = act_only(state, PlayCard(player=0, card="focused_strike", unit="goku-0"))
    assert not state.unit("goku-0").modifiers  # not yet resolved
    state, events = act_only(state, Timeout(player=1))
    assert "timeout" in kinds(events) and "card_modifier" in kinds(events)
    assert state.unit("goku-0").modifiers[0].source == "focused_strike"
    assert state.prompts[0].kind == "action" and state.activation is not None
    assert state.activation.actions_left == 2  # the window costs no action
    state, _ = act_only(state, Move(player=0, to=(6, 5)))
    assert state.unit("goku-0").cell == (6, 5)


def test_a_card_that_can_no_longer_take_effect_does_nothing() -> None:
    """A4 / A13: a card resolving after its answer does nothing if it can no longer take effect
    (here the bound model has gone out of Guldo's 10"), and is still spent."""
    state = _guldo_binds()
    state, _ = act_only(state, PlayCard(player=0, card="psychic_bind", unit="guldo-0", target="ginyu-1"))
    state.unit("ginyu-1").cell = (5, 25)
    state, events = act_only(state, PassWindow(player=1))
    assert "card_fizzled" in kinds(events)
    assert state.players[0].persistent == [] and state.players[0].discard == ["psychic_bind"]


def test_the_reply_is_never_a_card_for_the_enemy_active_model() -> None:
    """A15 and TW-1: an Activation Start card for "this activation" is played on the player's own
    active model, so the reactive player cannot play one on the enemy's (a mirror's Kaio-ken)."""
    placements: list[Placement] = [("goku", 0, (5, 5)), ("goku", 1, (5, 12))]
    state = activated(board(placements, rosters=("z_fighters", "z_fighters")), "goku", 0)
    state.players[0].hand = ["focused_strike"]
    state.players[1].hand = ["kaioken_times_ten"]
    refresh_prompts(state)
    state, _ = act_only(state, PlayCard(player=0, card="focused_strike", unit="goku-0"))
    assert not any(isinstance(action, PlayCard) for action in legal_actions(state, 1))
    for unit in ("goku-0", "goku-1"):
        with pytest.raises(IllegalAction):
            act_only(state, PlayCard(player=1, card="kaioken_times_ten", unit=unit))
