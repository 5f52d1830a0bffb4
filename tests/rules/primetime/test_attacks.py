"""Acceptance 3-6: damage, Pierce and Absorb (2.4 step 7, KW-2); Z-Evasion, Deflect and Brace (ZR-3,
ZR-4, ZR-6, A12); Clash (ZR-2, 2.4 step 4); Unopposed and Undeniable (KW-5, KW-6, 2.4 step 2)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import Deflect, EvadeMove, Intercept, React, UseTechnique
from rules.primetime.combat import declare
from rules.primetime.content import character
from rules.primetime.context import Ctx, Dice
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import stat
from tests.rules.primetime.helpers import act, activated, board, edit, kinds, piece

FF = ("z_fighters", "frieza_force")


def frieza_vs_goku(goku=(5, 12), frieza=(5, 5), others=()) -> PrimeTimeState:
    return activated(board([("goku", 0, goku), ("frieza", 1, frieza), *others], rosters=FF), "frieza", 1)


def attack(state: PrimeTimeState, technique: str, target: str = "goku-0", **extra) -> PrimeTimeState:
    after, _ = act(state, UseTechnique(player=1, technique=technique, target=target, **extra))
    return after


# Acceptance 3: damage.


def test_death_beam_on_goku_hits_for_its_designed_amount_with_pierce() -> None:
    state = attack(frieza_vs_goku(), "death_beam")
    assert state.players[1].bk == 9  # Death Beam costs 1 BK
    after, events = act(state, React(player=0, choice="none"), dice=[20])
    assert "hit" in kinds(events)
    goku = after.unit("goku-0")
    # DMG 5 at Base, Pierce ignores Goku's RES 1: 14 - 5.
    assert goku.hp == 9


def test_without_pierce_res_is_subtracted() -> None:
    state = attack(frieza_vs_goku(goku=(5, 9)), "ki_volley")
    after, _ = act(state, React(player=0, choice="none"), dice=[20])
    assert after.unit("goku-0").hp == 14 - (4 - 1 - 1)  # Ki Volley = DMG - 1, minus RES 1


def test_a_tier_adds_its_dmg_change_to_printed_dmg() -> None:
    state = frieza_vs_goku()
    state.units[1].tier = 2  # Third Form: DMG +1
    state = attack(state, "death_beam")
    after, _ = act(state, React(player=0, choice="none"), dice=[20])
    assert after.unit("goku-0").hp == 14 - 6


def test_recoomes_absorb_floors_damage_at_1() -> None:
    state = activated(board([("recoome", 1, (5, 9)), ("krillin", 0, (5, 5))], rosters=FF), "krillin", 0)
    state, _ = act(state, UseTechnique(player=0, technique="ki_volley", target="recoome-1"))
    after, _ = act(state, React(player=1, choice="none"), dice=[20])
    # Ki Volley 2 - RES 3 -> minimum 1; Absorb 1 -> still 1.
    assert after.unit("recoome-1").hp == 14


def test_recoomes_absorb_is_2_below_half_hp() -> None:
    state = activated(
        board([("recoome", 1, (5, 12)), ("frieza", 0, (5, 5))], rosters=("frieza_force", "ginyu_force")),
        "frieza",
        0,
    )
    state.units[0].hp = 7  # below half of 15
    state, _ = act(state, UseTechnique(player=0, technique="death_beam", target="recoome-1"))
    after, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert after.unit("recoome-1").hp == 7 - (5 - 2)


# Acceptance 4: Z-Evasion, Deflect, Brace.


def test_z_evasion_gives_1_bk_and_a_move_of_at_most_2_inches() -> None:
    state = activated(board([("krillin", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state = attack(state, "ki_volley", target="krillin-0")
    bk = state.players[0].bk
    # Total 2 + 6 = 8; evasion 10 + FOC 5 = 15 beats it, short of a critical (18).
    state, events = act(state, React(player=0, choice="z_evasion"), dice=[2, 10])
    assert "evaded" in kinds(events) and state.players[0].bk == bk + 1
    assert state.prompts[0].kind == "evade_move" and state.prompts[0].who == 0
    with pytest.raises(IllegalAction):
        act(state, EvadeMove(player=0, to=(5, 15)))
    after, _ = act(state, EvadeMove(player=0, to=(5, 14)))
    assert after.unit("krillin-0").cell == (5, 14) and after.unit("krillin-0").hp == 11
    assert after.attack is None


def test_fighting_spirit_adds_1_bk_once_per_round() -> None:
    state = attack(frieza_vs_goku(), "ki_volley")
    bk = state.players[0].bk
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[2, 10])
    assert state.players[0].bk == bk + 2
    assert "fighting_spirit" in state.unit("goku-0").used_this_round


def test_a_critical_evasion_deflects_a_ranged_attack_and_the_new_target_reacts() -> None:
    others = [("zarbon", 1, (7, 13))]
    state = attack(frieza_vs_goku(others=others), "death_beam")
    # Total 1 + 6 = 7; evasion 12 + 5 = 17 >= 7 + 10.
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 12])
    prompt = state.prompts[0]
    assert prompt.kind == "deflect" and "zarbon-1" in prompt.options and "frieza-1" not in prompt.options
    state, _ = act(state, Deflect(player=0, unit="zarbon-1"))
    assert state.prompts[0].kind == "evade_move"
    state, _ = act(state, EvadeMove(player=0, to=(4, 12)))
    prompt = state.prompts[0]
    assert prompt.who == 1 and prompt.kind == "reaction"
    assert prompt.options == ["z_evasion", "brace", "none", "card"]  # no Clash, Intercept or Deflect
    # Zarbon's Defense: 10 + RFX 4 + Vanity 1 = 15 against the original total 7: a miss.
    after, events = act(state, React(player=1, choice="none"))
    assert "missed" in kinds(events)
    state.attack.total = 20
    refresh_prompts(state)
    after, events = act(state, React(player=1, choice="none"))
    assert "hit" in kinds(events) and after.unit("zarbon-1").hp == 11 - 5


def test_the_evade_move_is_priced_as_a_path() -> None:
    """A16: the Z-Evasion move (A11) is a path with normal movement costs, up to its 2": a cell 2"
    away across a Crater costs 4" and is out of reach, while one Crater cell (2") is in it."""
    state = frieza_vs_goku()
    state.terrain = (piece("crater", 5, 10, 3, 3),)  # cells 6-8 by 11-13, east of Goku
    state = attack(state, "death_beam")
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[10, 12])  # 16 against 17
    options = state.prompts[0].options
    assert state.prompts[0].kind == "evade_move"
    assert "6,12" in options and "5,14" in options and "7,12" not in options
    with pytest.raises(IllegalAction) as caught:
        act(state, EvadeMove(player=0, to=(7, 12)))
    assert caught.value.message == '7,12 is 4" away by the shortest path; Goku evades up to 2".'


def test_a_deflect_with_no_eligible_model_is_a_plain_evasion() -> None:
    state = attack(frieza_vs_goku(goku=(5, 20), frieza=(5, 2)), "death_beam")
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 12])
    assert state.prompts[0].kind == "evade_move"


def test_a_melee_deflect_gives_rfx_minus_2_clamped_at_3() -> None:
    state = frieza_vs_goku(goku=(5, 6))
    frieza = state.unit("frieza-1")
    frieza.statuses = ["overloaded"]  # RFX -2 already
    state = attack(state, "rush")
    state, _ = act(state, React(player=0, choice="z_evasion"), dice=[1, 15])  # 6 vs 20
    state, _ = act(state, EvadeMove(player=0, to=(5, 6)))
    frieza = state.unit("frieza-1")
    assert any(modifier.source == "deflect" for modifier in frieza.modifiers)
    assert stat(frieza, "rfx") == 4 - 3  # -2 - 2 = -4, capped at -3 (ZR-7)


def test_brace_rolls_at_minus_6_and_a_failure_gives_res_plus_1() -> None:
    state = attack(frieza_vs_goku(goku=(5, 9)), "ki_volley")
    # Total 10 + 6 = 16 hits Defense 14; Brace 11 + 5 - 6 = 10 fails.
    state, events = act(state, React(player=0, choice="brace"), dice=[10, 11])
    assert "evasion_failed" in kinds(events) and "hit" in kinds(events)
    # Ki Volley 3 - (RES 1 + 1) = 1.
    assert state.unit("goku-0").hp == 13
    assert state.unit("goku-0").modifiers == []  # the RES +1 lasted for that attack only


def test_a_brace_success_needs_6_more() -> None:
    state = attack(frieza_vs_goku(goku=(5, 9)), "ki_volley")
    state, events = act(state, React(player=0, choice="brace"), dice=[1, 9])  # 7 vs 9 + 5 - 6 = 8
    assert "evaded" in kinds(events)


def test_android_17_braces_at_minus_3() -> None:
    state = activated(
        board([("android_17", 0, (5, 9)), ("frieza", 1, (5, 5))], rosters=("cell_games", "frieza_force")),
        "frieza",
        1,
    )
    state = attack(state, "ki_volley", target="android_17-0")
    _, events = act(state, React(player=0, choice="brace"), dice=[1, 4])  # 7 vs 4 + 4 - 3 = 5
    assert "evasion_failed" in kinds(events)
    _, events = act(state, React(player=0, choice="brace"), dice=[1, 7])  # 7 vs 8
    assert "evaded" in kinds(events)


def test_death_saucer_makes_evasion_2_harder() -> None:
    state = attack(frieza_vs_goku(goku=(5, 9)), "death_saucer")
    _, events = act(state, React(player=0, choice="z_evasion"), dice=[1, 4])  # 7 vs 4 + 5 - 2 = 7
    assert "evasion_failed" in kinds(events)


# Acceptance 5: Clash.


def test_a_clash_pays_the_bk_and_the_winner_lands() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "goku", 0)
    state, _ = act(state, UseTechnique(player=0, technique="kamehameha", target="frieza-1"))
    assert "clash:death_beam" in state.prompts[0].options
    assert "clash:death_saucer" not in state.prompts[0].options  # a Disc never Clashes
    bk = state.players[1].bk
    # Goku 2 + 5 = 7 against Frieza 10 + 6 = 16: Death Beam hits Goku.
    after, _ = act(state, React(player=1, choice="clash", technique="death_beam"), dice=[2, 10])
    assert after.players[1].bk == bk - 1
    assert after.unit("goku-0").hp == 14 - 5 and after.unit("frieza-1").hp == 15
    assert after.unit("goku-0").has_status("exhausted")  # Kamehameha still Exhausts
    after, _ = act(state, React(player=1, choice="clash", technique="death_beam"), dice=[15, 2])
    assert after.unit("frieza-1").hp == 15 - (6 - 2)  # Kamehameha 6 - RES 2


def test_a_clash_tie_negates_both_and_beams_detonate() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "goku", 0)
    state, _ = act(state, UseTechnique(player=0, technique="kamehameha", target="frieza-1"))
    after, events = act(
        state, React(player=1, choice="clash", technique="death_beam"), dice=[11, 10]
    )  # 16 v 16
    assert "detonation" in kinds(events)
    assert after.unit("goku-0").hp == 12 and after.unit("frieza-1").hp == 13


def test_a_melee_clash_tie_negates_both_without_detonation() -> None:
    state = activated(board([("goku", 0, (5, 6)), ("ginyu", 1, (5, 5))], rosters=FF), "goku", 0)
    state, _ = act(state, UseTechnique(player=0, technique="kaioken_barrage", target="ginyu-1"))
    after, events = act(
        state, React(player=1, choice="clash", technique="ginyu_strike"), dice=[9, 10]
    )  # 15 v 15
    assert "clash_tie" in kinds(events) and "detonation" not in kinds(events)
    assert after.unit("goku-0").hp == 14 and after.unit("ginyu-1").hp == 13


def test_basics_and_staggered_defenders_cannot_clash() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "goku", 0)
    volley, _ = act(state, UseTechnique(player=0, technique="ki_volley", target="frieza-1"))
    assert not any(option.startswith("clash") for option in volley.prompts[0].options)
    state.unit("frieza-1").statuses = ["staggered"]
    beam, _ = act(state, UseTechnique(player=0, technique="kamehameha", target="frieza-1"))
    assert not any(option.startswith("clash") for option in beam.prompts[0].options)


# Acceptance 6: Unopposed and Undeniable.


def test_an_unopposed_attack_skips_the_window() -> None:
    state = activated(board([("piccolo", 0, (5, 5)), ("frieza", 1, (5, 12))], rosters=FF), "piccolo", 0)
    after, events = act(
        state, UseTechnique(player=0, technique="hellzone_grenade", target="frieza-1"), dice=[20]
    )
    assert "hit" in kinds(events) and after.attack is None


def test_an_unopposed_attack_can_still_be_intercepted() -> None:
    others = [("android_16", 1, (6, 13))]
    state = activated(
        board(
            [("piccolo", 0, (5, 5)), ("android_17", 1, (5, 12)), *others],
            rosters=("z_fighters", "cell_games"),
        ),
        "piccolo",
        0,
    )
    state, _ = act(state, UseTechnique(player=0, technique="hellzone_grenade", target="android_17-1"))
    assert state.prompts[0].options == ["none", "intercept:android_16-1"]
    after, events = act(state, Intercept(player=1, unit="android_16-1"), dice=[20])
    assert "hit" in kinds(events)
    assert after.unit("android_16-1").hp < 14 and after.unit("android_17-1").hp == 12


def test_an_undeniable_attack_skips_the_window_and_cannot_be_intercepted() -> None:
    state = activated(
        board(
            [("piccolo", 0, (5, 5)), ("android_17", 1, (5, 12)), ("android_16", 1, (6, 13))],
            rosters=("z_fighters", "cell_games"),
        ),
        "piccolo",
        0,
    )
    working = edit(state)
    ctx = Ctx(working, roller=Dice([20]))
    piccolo = working.unit("piccolo-0")
    undeniable = character("piccolo").technique("demon_hand").model_copy(update={"undeniable": True})
    declare(ctx, piccolo, undeniable, working.unit("android_17-1"))
    assert "hit" in kinds(ctx.events) and working.attack is not None
    assert working.attack.stage == "on_hit" and working.attack.target == "android_17-1"
    assert working.unit("android_16-1").hp == 14


def test_gentle_giant_intercepts_a_melee_attack_by_swapping_cells() -> None:
    state = activated(
        board(
            [("goku", 0, (5, 5)), ("android_17", 1, (5, 6)), ("android_16", 1, (6, 7))],
            rosters=("z_fighters", "cell_games"),
        ),
        "goku",
        0,
    )
    state, _ = act(state, UseTechnique(player=0, technique="rush", target="android_17-1"))
    state, _ = act(state, Intercept(player=1, unit="android_16-1"))
    assert state.unit("android_16-1").cell == (5, 6) and state.unit("android_17-1").cell == (6, 7)
    assert state.prompts[0].who == 1 and not any(o.startswith("intercept") for o in state.prompts[0].options)
    assert "gentle_giant" in state.unit("android_16-1").used_this_round


def test_a_frozen_target_faces_an_unopposed_attack_once() -> None:
    state = frieza_vs_goku()
    state.unit("goku-0").statuses = ["frozen"]
    refresh_prompts(state)
    after, events = act(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"), dice=[1])
    assert "missed" in kinds(events) and not after.unit("goku-0").has_status("frozen")


def test_an_illegal_reaction_is_refused() -> None:
    state = attack(frieza_vs_goku(), "ki_volley")
    with pytest.raises(IllegalAction):
        act(state, React(player=0, choice="clash", technique="kamehameha"))
    assert React(player=0, choice="z_evasion") in legal_actions(state, 0)
    assert legal_actions(state, 1) == []
