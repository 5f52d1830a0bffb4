"""Technique riders and the characters' passives of 3.3: Push/Pull and a stopped Push (2.3), Blast,
Stagger, Time Stop's Frozen, Absorption Tail, Solar Flare, Space Mach Attack, Psychokinesis, the
Android discount, Exhausted and Breakthrough (KW-1), Charged, tier-only techniques and Acc sources."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import Move, React, UseTechnique
from rules.primetime.content import character
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import act, activated, board, kinds

CG = ("z_fighters", "cell_games")
GF = ("z_fighters", "ginyu_force")


def hit(
    state: PrimeTimeState, seat: int, technique: str, target: str, roll: int = 20, **extra
) -> PrimeTimeState:
    """``seat``'s active model uses ``technique``; the defender takes no reaction; the roll is forced."""
    state, _ = act(state, UseTechnique(player=seat, technique=technique, target=target, **extra))
    state, _ = act(state, React(player=1 - seat, choice="none"), dice=[roll])
    return state


def test_recoome_kick_pushes_3_inches_along_the_line() -> None:
    state = activated(board([("recoome", 1, (5, 5)), ("goku", 0, (5, 6))], rosters=GF), "recoome", 1)
    state = hit(state, 1, "recoome_kick", "goku-0")
    assert state.unit("goku-0").cell == (5, 9)
    assert state.unit("goku-0").hp == 14 - (5 - 1)


def test_a_push_stopped_by_a_model_costs_1_more_dmg() -> None:
    state = board([("recoome", 1, (5, 5)), ("goku", 0, (5, 6)), ("krillin", 0, (5, 8))], rosters=GF)
    state = hit(activated(state, "recoome", 1), 1, "recoome_kick", "goku-0")
    assert state.unit("goku-0").cell == (5, 7)
    assert state.unit("goku-0").hp == 14 - 4 - 1


def test_demon_hand_reaches_3_inches_and_pulls() -> None:
    state = activated(board([("piccolo", 0, (5, 5)), ("ginyu", 1, (5, 8))], rosters=GF), "piccolo", 0)
    state = hit(state, 0, "demon_hand", "ginyu-1")
    assert state.unit("ginyu-1").cell == (5, 6)


def test_psychokinesis_pushes_in_the_chosen_compass_direction() -> None:
    state = activated(board([("guldo", 1, (5, 5)), ("goku", 0, (10, 10))], rosters=GF), "guldo", 1)
    options = [
        a for a in legal_actions(state, 1) if isinstance(a, UseTechnique) and a.technique == "psychokinesis"
    ]
    assert len(options) == 8
    with pytest.raises(IllegalAction):
        act(state, UseTechnique(player=1, technique="psychokinesis", target="goku-0"))
    state = hit(state, 1, "psychokinesis", "goku-0", direction=(1, 0))
    assert state.unit("goku-0").cell == (14, 10)


def test_big_bang_attack_blasts_every_other_model_within_2_inches_ignoring_res() -> None:
    state = board(
        [("vegeta", 0, (5, 5)), ("recoome", 1, (5, 12)), ("jeice", 1, (6, 13)), ("krillin", 0, (5, 14))],
        rosters=GF,
    )
    state = hit(activated(state, "vegeta", 0), 0, "big_bang_attack", "recoome-1")
    assert state.unit("recoome-1").hp == 15 - max(1, 5 - 3 - 1)
    assert state.unit("jeice-1").hp == 12 - 2  # RES 1 ignored
    assert state.unit("krillin-0").hp == 11 - 2  # friends are caught too
    assert state.unit("vegeta-0").hp == 14


def test_blast_respects_absorb() -> None:
    state = board([("vegeta", 0, (5, 5)), ("jeice", 1, (5, 12)), ("recoome", 1, (6, 13))], rosters=GF)
    state = hit(activated(state, "vegeta", 0), 0, "big_bang_attack", "jeice-1")
    assert state.unit("recoome-1").hp == 15 - 1


def test_stagger_and_time_stop_freeze() -> None:
    state = activated(board([("ginyu", 1, (5, 5)), ("goku", 0, (5, 6))], rosters=GF), "ginyu", 1)
    state = hit(state, 1, "ginyu_strike", "goku-0")
    assert state.unit("goku-0").has_status("staggered")
    frozen = activated(board([("guldo", 1, (5, 5)), ("goku", 0, (5, 12))], rosters=GF), "guldo", 1)
    frozen = hit(frozen, 1, "time_stop", "goku-0")
    assert frozen.unit("goku-0").has_status("frozen") and frozen.unit("goku-0").hp == 14


def test_absorption_tail_heals_cell_by_the_damage_dealt() -> None:
    state = board([("cell", 1, (5, 5)), ("krillin", 0, (5, 6))], rosters=CG)
    state.unit("cell-1").hp = 5
    state = hit(activated(state, "cell", 1), 1, "absorption_tail", "krillin-0")
    assert state.unit("krillin-0").hp == 11 - 4 and state.unit("cell-1").hp == 5 + 4


def test_solar_flare_staggers_enemies_within_8_inches_in_sight_without_a_roll() -> None:
    state = board(
        [("krillin", 0, (5, 5)), ("ginyu", 1, (5, 12)), ("jeice", 1, (5, 14)), ("goku", 0, (6, 6))],
        rosters=GF,
    )
    state = activated(state, "krillin", 0)
    state, events = act(state, UseTechnique(player=0, technique="solar_flare"))
    assert state.unit("ginyu-1").has_status("staggered") and not state.unit("jeice-1").has_status("staggered")
    assert not state.unit("goku-0").has_status("staggered") and "rolled" not in kinds(events)


def test_space_mach_attack_dashes_into_contact_first() -> None:
    state = activated(board([("burter", 1, (5, 5)), ("goku", 0, (5, 10))], rosters=GF), "burter", 1)
    state = hit(state, 1, "space_mach_attack", "goku-0")
    assert state.unit("burter-1").cell == (5, 9) and state.unit("goku-0").hp == 14 - 3
    far = activated(board([("burter", 1, (5, 5)), ("goku", 0, (5, 11))], rosters=GF), "burter", 1)
    assert not any(
        isinstance(a, UseTechnique) and a.technique == "space_mach_attack" for a in legal_actions(far, 1)
    )


def test_an_android_pays_1_bk_less_once_per_activation() -> None:
    state = activated(board([("android_18", 1, (5, 5)), ("goku", 0, (5, 12))], rosters=CG), "android_18", 1)
    state = hit(state, 1, "power_blitz", "goku-0", roll=1)
    assert state.players[1].bk == 10 - 1
    state = hit(state, 1, "power_blitz", "goku-0", roll=1)
    assert state.players[1].bk == 10 - 1 - 2


def test_exhausted_models_use_0_bk_techniques_or_break_through_for_2_sk() -> None:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (5, 12))], rosters=("z_fighters", "frieza_force"))
    state.unit("goku-0").statuses = ["exhausted"]
    state.unit("frieza-1").statuses = ["exhausted"]
    goku = activated(state, "goku", 0)
    goku = hit(goku, 0, "kamehameha", "frieza-1", roll=1)
    assert goku.players[0].sk == 5 - 2 and goku.players[0].bk == 10
    frieza = activated(state, "frieza", 1)
    techniques = {a.technique for a in legal_actions(frieza, 1) if isinstance(a, UseTechnique)}
    assert techniques == {"ki_volley"}  # Frieza has no Breakthrough


def test_a_charged_technique_takes_both_actions() -> None:
    state = activated(
        board([("goku", 0, (5, 5)), ("frieza", 1, (5, 20))], rosters=("z_fighters", "frieza_force")),
        "goku",
        0,
    )
    moved, _ = act(state, Move(player=0, to=(5, 6)))
    assert not any(
        isinstance(a, UseTechnique) and a.technique == "spirit_bomb" for a in legal_actions(moved, 0)
    )
    after = hit(state, 0, "spirit_bomb", "frieza-1", roll=1)
    assert after.activation is None and after.unit("goku-0").has_status("exhausted")


def test_tier_only_techniques() -> None:
    state = board([("zarbon", 1, (5, 5)), ("goku", 0, (5, 6))], rosters=("z_fighters", "frieza_force"))
    base = activated(state, "zarbon", 1)
    assert not any(
        isinstance(a, UseTechnique) and a.technique == "monster_crush" for a in legal_actions(base, 1)
    )
    state.unit("zarbon-1").tier = 1
    monstrous = activated(state, "zarbon", 1)
    assert any(
        isinstance(a, UseTechnique) and a.technique == "monster_crush" for a in legal_actions(monstrous, 1)
    )


def test_brutal_duo_and_sibling_sync_add_acc_after_the_partner_attacked() -> None:
    state = board([("jeice", 1, (5, 5)), ("goku", 0, (5, 12))], rosters=GF)
    state.unit("goku-0").attacked_by = ["burter"]
    state = activated(state, "jeice", 1)
    state, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"))
    _, events = act(state, React(player=0, choice="none"), dice=[8])
    total = next(event.data["total"] for event in events if event.kind == "attack_total")
    assert total == 8 + 5 + 1


def test_rage_charge_gains_acc_2_when_a_friend_is_dazed() -> None:
    state = board([("kid_gohan", 0, (5, 5)), ("krillin", 0, (9, 9)), ("ginyu", 1, (5, 6))], rosters=GF)
    state.unit("krillin-0").hp, state.unit("krillin-0").dazed = 0, True
    state = activated(state, "kid_gohan", 0)
    state, _ = act(state, UseTechnique(player=0, technique="rage_charge", target="ginyu-1"))
    _, events = act(state, React(player=1, choice="none"), dice=[8])
    total = next(event.data["total"] for event in events if event.kind == "attack_total")
    assert total == 8 + 3 + 2


def test_attacking_a_lower_target_gives_plus_2() -> None:
    state = board([("frieza", 1, (5, 5)), ("goku", 0, (5, 12))], rosters=("z_fighters", "frieza_force"))
    state.unit("frieza-1").level = 1
    state = activated(state, "frieza", 1)
    state, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"))
    _, events = act(state, React(player=0, choice="none"), dice=[8])
    total = next(event.data["total"] for event in events if event.kind == "attack_total")
    assert total == 8 + 6 + 2


def test_melee_reaches_across_one_level_only() -> None:
    state = board([("goku", 0, (5, 5)), ("frieza", 1, (5, 6))], rosters=("z_fighters", "frieza_force"))
    state.unit("frieza-1").level = 2
    far = activated(state, "goku", 0)
    assert not any(isinstance(a, UseTechnique) and a.technique == "rush" for a in legal_actions(far, 0))
    state.unit("frieza-1").level = 1
    near = activated(state, "goku", 0)
    assert UseTechnique(player=0, technique="rush", target="frieza-1") in legal_actions(near, 0)


def test_krillin_has_the_first_balance_passs_hp_and_res() -> None:
    """3.3's Krillin, tuned (CONTENT.md, balance): HP 9 -> 11 (T1 12) in the first pass; the later
    RES 1 / HP 12 change was dropped with the full setup, so he stays at RES 0, HP 11, T1 12."""
    krillin = character("krillin")
    assert (krillin.base.hp, krillin.base.res, krillin.hp_max(1)) == (11, 0, 12)
