"""TW-1…4, A4, A6, A13, CT-1…5, CL-3: windows, one card per window per player, LIFO and blind
priority, a Z-Reaction card as the player's reaction, and what becomes of each card type."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import (
    Discard,
    EndActivation,
    Move,
    Pass,
    PassWindow,
    PlayCard,
    React,
    Timeout,
    UseTechnique,
)
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import act, act_only, activated, board, kinds, settle

FF = ("z_fighters", "frieza_force")


def hold(state: PrimeTimeState, seat: int, *cards: str) -> PrimeTimeState:
    state.players[seat].hand = list(cards)
    refresh_prompts(state)
    return state


def goku_acting(*others) -> PrimeTimeState:
    return activated(board([("goku", 0, (5, 5)), ("frieza", 1, (5, 12)), *others], rosters=FF), "goku", 0)


def frieza_beams_goku(goku=(5, 12)) -> PrimeTimeState:
    state = activated(board([("goku", 0, goku), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="death_beam", target="goku-0"))
    return state


def test_open_cards_are_for_either_player_and_one_per_window() -> None:
    state = goku_acting()
    state.unit("goku-0").hp = state.unit("frieza-1").hp = 5
    state = hold(state, 0, "korins_senzu", "korins_senzu")
    state = hold(state, 1, "ki_sense")
    assert PlayCard(player=1, card="ki_sense") in legal_actions(state, 1)  # the inactive player too
    state, _ = act(state, PlayCard(player=0, card="korins_senzu", unit="goku-0"))
    assert state.unit("goku-0").hp == 9
    with pytest.raises(IllegalAction):  # TW-3: one card per window per player
        act(state, PlayCard(player=0, card="korins_senzu", unit="goku-0"))
    state, _ = act(state, Move(player=0, to=(6, 5)))  # the window closes; a new one opens
    state, _ = act(state, PlayCard(player=0, card="korins_senzu", unit="goku-0"))
    assert state.unit("goku-0").hp == 13


def test_activation_start_closes_with_the_first_action() -> None:
    state = hold(goku_acting(), 0, "focused_strike", "battle_aura")
    state, _ = act(state, PlayCard(player=0, card="battle_aura", unit="goku-0"))
    with pytest.raises(IllegalAction):  # one Activation Start card
        act(state, PlayCard(player=0, card="focused_strike", unit="goku-0"))
    state, _ = act(state, Move(player=0, to=(6, 5)))
    with pytest.raises(IllegalAction):  # after the first action
        act(state, PlayCard(player=0, card="focused_strike", unit="goku-0"))


def test_a_card_outside_its_window_is_refused() -> None:
    state = hold(goku_acting(), 1, "afterimage", "crushing_blow")
    for card in ("afterimage", "crushing_blow"):
        with pytest.raises(IllegalAction) as caught:
            act(state, PlayCard(player=1, card=card))
        assert caught.value.code == "card"
    with pytest.raises(IllegalAction):  # not in the hand
        act(state, PlayCard(player=1, card="senzu_bean", unit="frieza-1"))


def test_a_z_reaction_card_is_the_reaction_and_excludes_z_evasion() -> None:
    state = hold(frieza_beams_goku(), 0, "afterimage")
    bk = state.players[0].bk
    # Afterimage: Z-Evasion at +4. Total 1 + 6 = 7; evasion 2 + FOC 5 + 4 = 11 beats it.
    state, events = act(state, PlayCard(player=0, card="afterimage"), dice=[1, 2])
    assert "evaded" in kinds(events) and state.players[0].bk == bk + 2  # Fighting Spirit too
    assert state.prompts[0].kind == "evade_move"
    assert not any(isinstance(action, React) for action in legal_actions(state, 0))  # TW-4
    assert state.players[0].discard == ["afterimage"]


def test_an_unopposed_attack_opens_no_z_reaction_card_window() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state.unit("goku-0").statuses = ["frozen"]
    state = hold(state, 0, "afterimage")
    state, _ = act_only(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"), dice=[20])
    assert state.prompts[0].kind == "on_hit"
    assert PlayCard(player=0, card="afterimage") not in legal_actions(state, 0)


def test_on_hit_and_on_damage_resolve_lifo_active_player_first() -> None:
    state = hold(frieza_beams_goku(), 1, "perfect_absorption", "crushing_blow")
    state = hold(state, 0, "second_wind")
    state.unit("frieza-1").hp = 5
    state, _ = act_only(state, React(player=0, choice="none"), dice=[20])
    assert state.prompts[0].kind == "on_hit" and state.prompts[0].who == 1  # the active player first
    with pytest.raises(IllegalAction):
        act_only(state, PlayCard(player=0, card="second_wind"))
    state, _ = act_only(state, PlayCard(player=1, card="crushing_blow"))
    with pytest.raises(IllegalAction):  # one card per player in this window
        act_only(state, PlayCard(player=1, card="perfect_absorption"))
    assert state.prompts[0].who == 0
    state, events = act_only(state, PlayCard(player=0, card="second_wind"))
    # Crushing Blow: 5 + 2 = 7 (Pierce); Second Wind: +2.
    assert state.unit("goku-0").hp == 14 - 7 + 2 and state.attack is None
    assert "heal" in kinds(events)


def test_lifo_the_later_card_resolves_first() -> None:
    state = hold(frieza_beams_goku(), 1, "no_survivors")
    state = hold(state, 0, "second_wind")
    state.unit("goku-0").hp = 5
    state, _ = act_only(state, React(player=0, choice="none"), dice=[20])
    state, _ = act_only(state, PlayCard(player=1, card="no_survivors"))
    sk = state.players[1].sk
    state, events = act_only(state, PlayCard(player=0, card="second_wind"))
    # The hit Dazes Goku (5 DMG); Second Wind (last played) resolves first and does nothing on a
    # Dazed model; No Survivors then finds him Dazed: +1 SK (beside the Daze's own +1) and +1 BK.
    assert state.unit("goku-0").dazed and state.players[1].sk == min(10, sk + 2)
    assert "card_sk" in kinds(events) and "heal" not in kinds(events)


def test_phase_start_is_blind_and_the_initiative_holder_resolves_first() -> None:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    for seat in (0, 1):
        state.players[seat].passed = True
    state.first_seat = 1
    state.phase, state.phase_start = "phase_start", "power"
    state = hold(state, 0, "ki_surge")
    state = hold(state, 1, "planet_trade_tribute")
    state, events = act(state, PlayCard(player=0, card="ki_surge"))
    chosen = next(event for event in events if event.kind == "card_chosen")
    assert chosen.visible_to == [0] and state.players[0].hand == ["ki_surge"]  # still secret
    state, events = act(state, PlayCard(player=1, card="planet_trade_tribute"))
    played = [event.actor for event in events if event.kind == "card_played"]
    assert played == [1, 0]  # A4: the initiative holder's card resolves first
    assert state.phase_start == "ascension" and state.players[0].discard == ["ki_surge"]


def test_ready_is_the_phase_start_default() -> None:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state.phase, state.phase_start = "phase_start", "activation"
    state.players[0].passed = state.players[1].passed = False
    refresh_prompts(state)
    assert {prompt.kind for prompt in state.prompts} == {"phase_start"}
    state, _ = act(state, Timeout(player=0))
    state, _ = act(state, PassWindow(player=1))
    assert state.phase == "activation"


def test_hand_limit_discards_are_a_prompt_at_cl_3() -> None:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF)
    state = hold(state, 0, "ki_sense", "afterimage", "guard_up", "crushing_blow", "ki_surge")
    state, _ = act(state, Pass(player=0))
    state, _ = act(state, Pass(player=1))
    events = []
    while state.phase == "phase_start":
        state, more = act(state, Timeout(player=state.prompts[0].who))
        events.extend(more)
    assert state.phase == "discard" and "CL-2" in kinds(events) and "CL-3" not in kinds(events)
    assert [prompt.who for prompt in state.prompts] == [0]
    with pytest.raises(IllegalAction):  # R1's limit is 3: exactly two go
        act(state, Discard(player=0, cards=("ki_sense",)))
    after, events = act(state, Discard(player=0, cards=("ki_sense", "guard_up")))
    assert after.players[0].hand == ["afterimage", "crushing_blow", "ki_surge"]
    assert "CL-3" in kinds(events) and after.round == 2
    timed_out, _ = act(state, Timeout(player=0))
    assert timed_out.players[0].hand == ["ki_sense", "afterimage", "guard_up"]  # the newest go


def test_opg_cards_leave_the_game_and_legacy_cards_leave_the_cycle() -> None:
    state = activated(board([("krillin", 0, (5, 5)), ("frieza", 1, (20, 20))], rosters=FF), "krillin", 0)
    state.unit("krillin-0").hp = 2
    state = hold(state, 0, "senzu_bean", "turtle_school_discipline")
    state, _ = act(state, PlayCard(player=0, card="senzu_bean", unit="krillin-0"))
    state, _ = act(state, PlayCard(player=0, card="turtle_school_discipline", unit="krillin-0"))
    player = state.players[0]
    assert player.removed == ["senzu_bean"] and player.legacy == [("turtle_school_discipline", "krillin-0")]
    assert player.discard == [] and state.unit("krillin-0").hp == 11
    state, _ = act(state, EndActivation(player=0))
    assert state.unit("krillin-0").legacy == ["turtle_school_discipline"]


def test_a_persistent_card_ends_when_its_condition_is_met_or_at_cl_2() -> None:
    state = hold(goku_acting(), 0, "battle_aura")
    state, _ = act(state, PlayCard(player=0, card="battle_aura", unit="goku-0"))
    assert state.players[0].persistent == [("battle_aura", "goku-0")]
    state, _ = act(state, EndActivation(player=0))
    state, _ = act(state, Pass(player=1))
    state, events = settle(state)
    assert state.players[0].persistent == [] and state.players[0].discard == ["battle_aura"]
    assert "CL-2" in kinds(events)
