"""Decisions as prompts in the state and the Timeout defaults of DESIGN.md 2.9; R2-R4 initiative (2.7)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import (
    ChooseInitiative,
    Deflect,
    EndActivation,
    Pass,
    PlayCard,
    React,
    Timeout,
    UseTechnique,
)
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import SETTLED_KINDS, act, activated, board, kinds, settle

FF = ("z_fighters", "frieza_force")


def test_the_reaction_prompt_defaults_to_z_evasion() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    prompt = state.prompts[0]
    assert (prompt.who, prompt.kind, prompt.default) == (0, "reaction", "z_evasion")
    assert Timeout(player=0) in legal_actions(state, 0)
    _, events = act(state, Timeout(player=0), dice=[15, 2])
    assert "timeout" in kinds(events) and "evasion_failed" in kinds(events)


def _deflecting(others) -> PrimeTimeState:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5)), *others], rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 12])
    return state


def test_deflect_default_prefers_the_nearest_enemy() -> None:
    """2.9 deadline table, "Deflect target": the eligible enemy model nearest the defender."""
    state = _deflecting([("zarbon", 1, (8, 13)), ("krillin", 0, (6, 12)), ("ginyu", 1, (5, 15))])
    prompt = state.prompts[0]
    assert prompt.kind == "deflect" and prompt.default == "ginyu-1"
    assert sorted(prompt.options) == ["decline", "ginyu-1", "krillin-0", "zarbon-1"]
    state, _ = act(state, Timeout(player=0))
    assert state.prompts[0].kind == "evade_move" and state.attack.deflect_to == "ginyu-1"


def test_deflect_default_declines_when_only_friends_are_in_reach() -> None:
    """2.4 step 4 and the 2.9 deadline table: with no eligible enemy the default declines, and the
    attack is simply evaded (it never turns on the defender's own model by default)."""
    state = _deflecting([("krillin", 0, (6, 12)), ("piccolo", 0, (5, 16))])
    assert state.prompts[0].default == "decline"
    after, events = act(state, Timeout(player=0))
    assert "deflect_declined" in kinds(events) and after.attack.deflect_to is None
    after, events = act(after, Timeout(player=0))  # the evade move stays
    assert after.attack is None and after.unit("krillin-0").hp == 11 and "hit" not in kinds(events)


def test_a_deflect_may_be_declined_even_with_an_enemy_in_reach() -> None:
    """ZR-6 / 2.4 step 4: the defender may decline and simply evade; a friend stays a legal choice."""
    state = _deflecting([("zarbon", 1, (8, 13)), ("krillin", 0, (6, 12))])
    offered = legal_actions(state, 0)
    assert Deflect(player=0, unit=None) in offered and Deflect(player=0, unit="krillin-0") in offered
    after, events = act(state, Deflect(player=0, unit=None))
    assert "deflect_declined" in kinds(events) and after.prompts[0].kind == "evade_move"
    after, _ = act(after, Timeout(player=0))
    assert after.attack is None and after.unit("zarbon-1").hp == 11


def test_a_deflect_at_a_friend_still_redirects_the_attack() -> None:
    """ZR-6: a friend is an eligible Deflect target when the player chooses it."""
    state = _deflecting([("krillin", 0, (6, 12)), ("piccolo", 0, (5, 16))])
    after, _ = act(state, Deflect(player=0, unit="krillin-0"))
    after, _ = act(after, Timeout(player=0))  # the evade move stays
    assert after.unit("goku-0").cell == (5, 12)
    assert after.prompts[0].who == 0 and after.prompts[0].kind == "reaction"


def test_the_activation_prompt_has_no_timeout() -> None:
    state = board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF)
    assert state.prompts[0].kind == "activation" and state.prompts[0].default is None
    with pytest.raises(IllegalAction) as caught:
        act(state, Timeout(player=0))
    assert caught.value.code == "no_timeout"
    with pytest.raises(IllegalAction) as caught:
        act(state, Pass(player=1))
    assert caught.value.code == "not_your_turn"


def _to_round_2(glory: tuple[int, int], first: int) -> PrimeTimeState:
    state = board([("goku", 0, (5, 12)), ("frieza", 1, (25, 25))], rosters=FF)
    state.first_seat = first
    for player, points in zip(state.players, glory, strict=True):
        player.glory = points
    state.active_seat = first
    refresh_prompts(state)
    while state.round == 1:
        prompt = state.prompts[0]
        if prompt.kind in SETTLED_KINDS:
            state, _ = settle(state)
            continue
        action = EndActivation(player=prompt.who) if prompt.kind == "action" else Pass(player=prompt.who)
        state, _ = act(state, action)
    return settle(state)[0]


def test_the_player_with_less_glory_chooses_the_initiative() -> None:
    state = _to_round_2((3, 1), first=0)
    prompt = state.prompts[0]
    assert state.phase == "initiative" and (prompt.who, prompt.kind, prompt.default) == (
        1,
        "initiative",
        "first",
    )
    chosen, _ = act(state, ChooseInitiative(player=1, first=False))
    chosen, _ = settle(chosen)  # the Power Phase Start window (A4)
    assert chosen.first_seat == 0 and chosen.phase == "ascension"
    timed_out, _ = act(state, Timeout(player=1))
    assert timed_out.first_seat == 1


def test_on_a_glory_tie_last_rounds_second_player_starts() -> None:
    state = _to_round_2((0, 0), first=0)
    assert state.phase == "ascension" and state.first_seat == 1


@pytest.mark.parametrize(("chooser_first", "holder"), [(False, 0), (True, 1)])
def test_the_initiative_holder_of_a_later_phase_start_is_who_activates_first(
    chooser_first: bool, holder: int
) -> None:
    """A16 (A4): at the R2-R4 Phase Starts the "initiative holder", whose card resolves first, is
    the player who activates first that round, whatever the round before."""
    state = _to_round_2((3, 1), first=0)
    state, _ = act(state, ChooseInitiative(player=1, first=chooser_first))
    assert state.phase == "phase_start" and state.phase_start == "power" and state.first_seat == holder
    state.players[0].hand, state.players[1].hand = ["ki_surge"], ["planet_trade_tribute"]
    refresh_prompts(state)
    state, _ = act(state, PlayCard(player=0, card="ki_surge"))
    _, events = act(state, PlayCard(player=1, card="planet_trade_tribute"))
    assert [event.actor for event in events if event.kind == "card_played"] == [holder, 1 - holder]
