"""Every card of 3.3 ① ② and 3.4 in the pool (``data/cards.json``): its effect, its position or
range limits, and a Dazed or wrong model where the card names one (A15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import EndActivation, EvadeMove, PlayCard, React, Timeout, UseTechnique
from rules.primetime.card_effects import REGISTRY
from rules.primetime.cards import EffectOp, cards
from rules.primetime.engine import legal_actions, refresh_prompts
from rules.primetime.state import Modifier, PrimeTimeState
from rules.primetime.stats import stat
from rules.primetime.targeting import cover_for
from tests.rules.primetime.helpers import Placement, act, act_only, activated, board, kinds

FF = ("z_fighters", "frieza_force")


def hold(state: PrimeTimeState, seat: int, *names: str) -> PrimeTimeState:
    state.players[seat].hand = list(names)
    refresh_prompts(state)
    return state


def acting(placements: list[Placement], name: str, seat: int, *hand: str) -> PrimeTimeState:
    state = activated(board(placements, rosters=FF), name, seat)
    return hold(state, seat, *hand)


def attack(state: PrimeTimeState, seat: int, technique: str, target: str, dice=()) -> PrimeTimeState:
    state, _ = act(state, UseTechnique(player=seat, technique=technique, target=target), dice=dice)
    return state


def play(state: PrimeTimeState, seat: int, name: str, dice=(), **extra) -> PrimeTimeState:
    state, _ = act(state, PlayCard(player=seat, card=name, **extra), dice=dice)
    return state


def test_every_effect_op_is_registered_and_every_card_is_tested() -> None:
    assert set(EffectOp.__args__) == set(REGISTRY)  # type: ignore[attr-defined]
    here = Path(__file__).parent
    text = "".join(path.read_text(encoding="utf-8") for path in here.glob("test_card*.py"))
    untested = [card_id for card_id in cards() if f'"{card_id}"' not in text]
    assert untested == []


# Open cards.


@pytest.mark.parametrize(
    ("name", "model", "hp", "healed"),
    [
        ("senzu_bean", "goku", 3, 14),
        ("korins_senzu", "goku", 3, 7),
        ("regrow_limb", "piccolo", 5, 8),
        ("perfect_regeneration", "cell", 5, 9),
    ],
)
def test_healing_cards(name: str, model: str, hp: int, healed: int) -> None:
    state = acting([(model, 0, (5, 5)), ("frieza", 1, (20, 20))], model, 0, name)
    unit = state.unit(f"{model}-0")
    unit.hp, unit.statuses = hp, ["staggered"]
    state = play(state, 0, name, unit=unit.id)
    assert state.unit(unit.id).hp == healed
    assert state.unit(unit.id).statuses == ([] if name == "regrow_limb" else ["staggered"])


def test_a_character_card_is_only_for_its_own_model_and_not_while_it_is_dazed() -> None:
    state = acting([("goku", 0, (5, 5)), ("cell", 0, (7, 5)), ("frieza", 1, (20, 20))], "goku", 0)
    state = hold(state, 0, "perfect_regeneration")
    with pytest.raises(IllegalAction):
        play(state, 0, "perfect_regeneration", unit="goku-0")
    state.unit("cell-0").dazed, state.unit("cell-0").hp = True, 0
    assert not any(isinstance(action, PlayCard) for action in legal_actions(state, 0))


def test_scouter_readout_shows_one_card_privately_and_draws() -> None:
    state = acting([("frieza", 0, (5, 5)), ("goku", 1, (20, 20))], "frieza", 0, "scouter_readout")
    state.players[1].hand = ["afterimage"]
    state.players[0].deck = ["ki_sense"]
    after, events = act(state, PlayCard(player=0, card="scouter_readout"))
    peek = next(event for event in events if event.kind == "peek")
    assert peek.visible_to == [0] and peek.data["card"] == "afterimage"
    assert after.players[0].hand == ["ki_sense"]


def test_ki_sense_draws_2_and_not_once_drawing_has_stopped() -> None:
    state = acting([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], "goku", 0, "ki_sense")
    state.players[0].deck = ["guard_up", "afterimage"]
    assert sorted(play(state, 0, "ki_sense").players[0].hand) == ["afterimage", "guard_up"]
    state.players[0].draw_stopped = True
    with pytest.raises(IllegalAction):  # A16
        play(state, 0, "ki_sense")


def test_lend_me_your_energy_counts_friends_within_6_inches_up_to_3() -> None:
    placements: list[Placement] = [
        ("goku", 0, (5, 5)),
        ("krillin", 0, (7, 5)),
        ("piccolo", 0, (5, 9)),
        ("kid_gohan", 0, (20, 5)),
        ("frieza", 1, (20, 20)),
    ]
    state = acting(placements, "goku", 0, "lend_me_your_energy")
    bk = state.players[0].bk
    assert play(state, 0, "lend_me_your_energy", unit="goku-0").players[0].bk == bk + 3
    state.unit("piccolo-0").cell = (5, 20)
    assert play(state, 0, "lend_me_your_energy", unit="goku-0").players[0].bk == bk + 2


def test_time_freeze_ends_the_active_enemys_activation() -> None:
    state = acting([("guldo", 0, (5, 5)), ("frieza", 1, (20, 20))], "frieza", 1)
    state = hold(state, 0, "time_freeze")
    after = play(state, 0, "time_freeze", unit="guldo-0")
    assert after.activation is None and after.players[0].removed == ["time_freeze"]
    own = hold(acting([("guldo", 0, (5, 5)), ("frieza", 1, (20, 20))], "guldo", 0), 0, "time_freeze")
    with pytest.raises(IllegalAction):  # only in an enemy activation
        play(own, 0, "time_freeze", unit="guldo-0")


def test_body_change_swaps_hp_with_a_non_android_enemy_in_range() -> None:
    state = acting([("ginyu", 0, (5, 5)), ("goku", 1, (5, 10)), ("android_16", 1, (6, 6))], "ginyu", 0)
    state = hold(state, 0, "body_change")
    state.unit("ginyu-0").hp = 2
    after = play(state, 0, "body_change", unit="ginyu-0", target="goku-1")
    assert after.unit("ginyu-0").hp == 13 and after.unit("goku-1").hp == 2  # capped at Ginyu's 13
    with pytest.raises(IllegalAction):
        play(state, 0, "body_change", unit="ginyu-0", target="android_16-1")
    state.unit("goku-1").cell = (5, 20)
    with pytest.raises(IllegalAction):  # beyond 8"
        play(state, 0, "body_change", unit="ginyu-0", target="goku-1")


def test_self_destruct_protocol_hits_everyone_within_3_inches_and_dazes_16() -> None:
    placements: list[Placement] = [
        ("android_16", 0, (5, 5)),
        ("android_17", 0, (6, 6)),
        ("goku", 1, (7, 5)),
        ("frieza", 1, (9, 5)),
    ]
    state = acting(placements, "android_16", 0, "self_destruct_protocol")
    after = play(state, 0, "self_destruct_protocol", unit="android_16-0")
    assert after.unit("android_16-0").dazed and after.unit("goku-1").hp == 8
    assert after.unit("android_17-0").hp == 6 and after.unit("frieza-1").hp == 15
    assert after.activation is None


def test_self_destruct_protocol_is_not_absorbed() -> None:
    """A16: Absorb reduces only damage from techniques and Blast; Self-Destruct Protocol's fixed 6
    is Undeniable and taken in full, even by Recoome (Absorb 1, or 2 below half HP)."""
    placements: list[Placement] = [("android_16", 0, (5, 5)), ("recoome", 1, (6, 5)), ("goku", 1, (20, 20))]
    state = activated(board(placements, rosters=("cell_games", "ginyu_force")), "android_16", 0)
    state = hold(state, 0, "self_destruct_protocol")
    after = play(state, 0, "self_destruct_protocol", unit="android_16-0")
    assert after.unit("recoome-1").hp == 15 - 6


# Activation Start cards.


def test_focused_strike_adds_2_to_the_skill() -> None:
    state = acting([("goku", 0, (5, 5)), ("frieza", 1, (5, 12))], "goku", 0, "focused_strike")
    state = play(state, 0, "focused_strike", unit="goku-0")
    declared, _ = act_only(state, UseTechnique(player=0, technique="kamehameha", target="frieza-1"))
    _, events = act_only(declared, React(player=1, choice="none"), dice=[10])
    total = next(event for event in events if event.kind == "attack_total")
    assert total.data["total"] == 10 + 5 + 2


def test_battle_aura_gives_res_1_until_the_next_hit_which_it_still_protects() -> None:
    state = acting([("goku", 0, (5, 5)), ("frieza", 1, (5, 12))], "goku", 0, "battle_aura")
    state = play(state, 0, "battle_aura", unit="goku-0")
    assert stat(state.unit("goku-0"), "res") == 2
    state, _ = act(state, EndActivation(player=0))
    state = activated(state, "frieza", 1)
    state = attack(state, 1, "ki_volley", "goku-0")
    state, _ = act(state, React(player=0, choice="none"), dice=[20])
    # Ki Volley 4 - 1 = 3, RES 1 + 1: 1 DMG; then the aura ends and its card is discarded.
    assert state.unit("goku-0").hp == 13 and stat(state.unit("goku-0"), "res") == 1
    assert state.players[0].persistent == [] and state.players[0].discard == ["battle_aura"]


def test_kaioken_times_ten_boosts_then_costs_2_undeniable() -> None:
    state = acting([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], "goku", 0, "kaioken_times_ten")
    state = play(state, 0, "kaioken_times_ten", unit="goku-0")
    goku = state.unit("goku-0")
    assert stat(goku, "imp") == 8 and stat(goku, "rfx") == 5
    state, _ = act(state, EndActivation(player=0))
    goku = state.unit("goku-0")
    assert goku.hp == 12 and stat(goku, "imp") == 6


def test_fastest_blitz_gives_mov_3_under_the_cap() -> None:
    """A16: MOV is a stat under ZR-7's ±3 cap, so Fastest Blitz gives MOV +3 (12" for Burter), and
    with another MOV +2 already on him he still moves 12"."""
    state = acting([("burter", 0, (5, 5)), ("goku", 1, (20, 20))], "burter", 0, "fastest_blitz")
    assert stat(play(state, 0, "fastest_blitz", unit="burter-0").unit("burter-0"), "mov") == 12
    state.unit("burter-0").modifiers.append(Modifier(stat="mov", amount=2, source="test"))
    assert stat(play(state, 0, "fastest_blitz", unit="burter-0").unit("burter-0"), "mov") == 12


def test_scouter_network_gives_acc_1() -> None:
    state = acting([("frieza", 0, (5, 5)), ("goku", 1, (5, 12))], "frieza", 0, "scouter_network")
    state = play(state, 0, "scouter_network", unit="frieza-0")
    state = attack(state, 0, "death_beam", "goku-1")
    _, events = act(state, React(player=1, choice="none"), dice=[10])
    total = next(event for event in events if event.kind == "attack_total")
    assert total.data["total"] == 10 + 6 + 1


def test_hells_flash_reload_removes_charged() -> None:
    state = acting([("android_16", 0, (5, 5)), ("goku", 1, (5, 12))], "android_16", 0, "hells_flash_reload")
    state = play(state, 0, "hells_flash_reload", unit="android_16-0")
    state = attack(state, 0, "hells_flash", "goku-1")
    assert state.activation is not None and state.activation.actions_left == 1


def test_final_flash_overcharge_removes_charged_and_exhaustion() -> None:
    state = acting([("vegeta", 0, (5, 5)), ("goku", 1, (5, 12))], "vegeta", 0, "final_flash_overcharge")
    state.unit("vegeta-0").statuses = ["exhausted"]
    state = play(state, 0, "final_flash_overcharge", unit="vegeta-0")
    sk, bk = state.players[0].sk, state.players[0].bk
    state = attack(state, 0, "final_flash", "goku-1")
    assert state.players[0].bk == bk - 3 and state.players[0].sk == sk
    assert state.activation is not None and state.activation.actions_left == 1


def test_ultra_fighting_bomber_gives_eraser_gun_blast_2() -> None:
    placements: list[Placement] = [("recoome", 0, (5, 5)), ("goku", 1, (5, 12)), ("frieza", 1, (6, 13))]
    state = acting(placements, "recoome", 0, "ultra_fighting_bomber")
    state = play(state, 0, "ultra_fighting_bomber", unit="recoome-0")
    state = attack(state, 0, "eraser_gun", "goku-1")
    state, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("frieza-1").hp == 13


def test_death_ball_gives_the_next_technique_blast_3_and_2_dmg() -> None:
    placements: list[Placement] = [("frieza", 0, (5, 5)), ("goku", 1, (5, 12)), ("krillin", 1, (7, 13))]
    state = acting(placements, "frieza", 0, "death_ball")
    state = play(state, 0, "death_ball", unit="frieza-0")
    state = attack(state, 0, "death_beam", "goku-1")
    state, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("goku-1").hp == 14 - 7 and state.unit("krillin-1").hp == 11 - 2
    assert state.activation is not None and "death_ball" not in state.activation.flags
    assert state.players[0].removed == ["death_ball"]


def test_unlimited_energy_makes_techniques_free() -> None:
    state = acting([("android_18", 0, (5, 5)), ("goku", 1, (5, 12))], "android_18", 0, "unlimited_energy")
    bk = state.players[0].bk
    state = play(state, 0, "unlimited_energy", unit="android_18-0")
    assert attack(state, 0, "power_blitz", "goku-1").players[0].bk == bk


def test_destructo_disc_mastery_is_a_legacy_disc_discount_and_acc() -> None:
    state = acting([("krillin", 0, (5, 5)), ("goku", 1, (5, 12))], "krillin", 0, "destructo_disc_mastery")
    state = play(state, 0, "destructo_disc_mastery", unit="krillin-0")
    bk = state.players[0].bk
    state = attack(state, 0, "destructo_disc", "goku-1")
    assert state.players[0].bk == bk - 1
    _, events = act(state, React(player=1, choice="none"), dice=[10])
    total = next(event for event in events if event.kind == "attack_total")
    assert total.data["total"] == 10 + 5 + 1
    assert state.unit("krillin-0").legacy == ["destructo_disc_mastery"]


def test_turtle_school_discipline_is_a_permanent_foc_and_rfx_1() -> None:
    state = acting([("krillin", 0, (5, 5)), ("goku", 1, (20, 20))], "krillin", 0, "turtle_school_discipline")
    krillin = play(state, 0, "turtle_school_discipline", unit="krillin-0").unit("krillin-0")
    assert stat(krillin, "foc") == 6 and stat(krillin, "rfx") == 6


def test_a_legacy_card_goes_only_beside_a_human() -> None:
    state = acting([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], "goku", 0, "turtle_school_discipline")
    assert not any(isinstance(action, PlayCard) for action in legal_actions(state, 0))


# Z-Reaction cards.


def goku_attacks(
    defender: str, cell=(5, 12), technique: str = "kamehameha", *others: Placement
) -> PrimeTimeState:
    placements: list[Placement] = [("goku", 0, (5, 5)), (defender, 1, cell), *others]
    state = activated(board(placements, rosters=FF), "goku", 0)
    return attack(state, 0, technique, f"{defender}-1")


def test_elite_squadron_evades_at_2_for_2_bk() -> None:
    """A16: Elite Squadron's success gives 2 BK in all, not 2 on top of the usual 1."""
    state = hold(goku_attacks("jeice"), 1, "elite_squadron")
    bk = state.players[1].bk
    # Total 1 + 5 = 6; Jeice 2 + FOC 5 + 2 = 9.
    after = play(state, 1, "elite_squadron", dice=[1, 2])
    assert after.players[1].bk == bk + 2 and after.prompts[0].kind == "evade_move"


def test_tactical_withdrawal_evades_at_3_and_moves_up_to_6() -> None:
    state = hold(goku_attacks("jeice"), 1, "tactical_withdrawal")
    after = play(state, 1, "tactical_withdrawal", dice=[1, 1])  # 1 + 5 + 3 = 9 > 6
    assert "5,18" in after.prompts[0].options
    after, _ = act(after, EvadeMove(player=1, to=(5, 18)))
    assert after.unit("jeice-1").cell == (5, 18)


def test_never_give_up_braces_at_minus_2() -> None:
    state = activated(board([("goku", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state = hold(attack(state, 1, "death_beam", "goku-0"), 0, "never_give_up")
    # Total 1 + 6 = 7; Brace 5 + 5 - 2 = 8 (at -6 it would fail).
    _, events = act(state, PlayCard(player=0, card="never_give_up"), dice=[1, 5])
    assert "evaded" in kinds(events)


def test_monstrous_reveal_braces_at_minus_2_and_gives_imp_1() -> None:
    state = hold(goku_attacks("zarbon"), 1, "monstrous_reveal")
    after, events = act(state, PlayCard(player=1, card="monstrous_reveal"), dice=[1, 5])  # 7 > 6
    assert "evaded" in kinds(events) and stat(after.unit("zarbon-1"), "imp") == 5


def test_guard_up_takes_3_off_and_stops_the_push() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("recoome", 1, (5, 6))], rosters=FF), "recoome", 1)
    state = hold(attack(state, 1, "recoome_kick", "goku-0"), 0, "guard_up")
    after, events = act(state, PlayCard(player=0, card="guard_up"), dice=[20])  # no defender roll
    assert after.unit("goku-0").hp == 14 - 1 and "forced_move" not in kinds(events)


def test_unbreakable_is_absorb_3() -> None:
    state = hold(goku_attacks("recoome"), 1, "unbreakable")
    after = play(state, 1, "unbreakable", dice=[20])
    assert after.unit("recoome-1").hp == 15 - 1  # 6 - RES 3 = 3, Absorb 3: minimum 1


def test_barrier_makes_a_ranged_attack_deal_exactly_1_and_is_refused_against_melee() -> None:
    state = hold(goku_attacks("android_17"), 1, "barrier")
    assert play(state, 1, "barrier", dice=[20]).unit("android_17-1").hp == 11
    melee = hold(goku_attacks("android_17", (5, 6), "rush"), 1, "barrier")
    with pytest.raises(IllegalAction):
        play(melee, 1, "barrier")


def test_princes_pride_clashes_at_3_for_1_bk_less() -> None:
    state = activated(board([("vegeta", 0, (5, 12)), ("frieza", 1, (5, 5))], rosters=FF), "frieza", 1)
    state = hold(attack(state, 1, "death_beam", "vegeta-0"), 0, "princes_pride")
    bk = state.players[0].bk
    # Frieza 10 + 6 = 16; Vegeta 10 + 6 + 3 = 19: Galick Gun hits Frieza for 6 - 2.
    after = play(state, 0, "princes_pride", dice=[10, 10], technique="galick_gun")
    assert after.players[0].bk == bk - 1 and after.unit("frieza-1").hp == 15 - 4


def test_hurricane_counter_clashes_a_melee_attack_at_0_bk_and_2() -> None:
    state = hold(goku_attacks("burter", (5, 6), "kaioken_barrage"), 1, "hurricane_counter")
    bk = state.players[1].bk
    after = play(state, 1, "hurricane_counter", dice=[5, 10], technique="space_mach_attack")
    assert after.players[1].bk == bk and after.unit("goku-0").hp == 14 - 3  # 10 + 4 + 2 beats 11
    ranged = hold(goku_attacks("burter"), 1, "hurricane_counter")
    with pytest.raises(IllegalAction):
        play(ranged, 1, "hurricane_counter", technique="space_mach_attack")


def test_expendable_soldier_intercepts_within_3_inches_with_absorb_1() -> None:
    state = hold(
        goku_attacks("frieza", (5, 12), "kamehameha", ("zarbon", 1, (7, 13))), 1, "expendable_soldier"
    )
    after = play(state, 1, "expendable_soldier", dice=[20], unit="zarbon-1")
    assert after.unit("frieza-1").hp == 15 and after.unit("zarbon-1").hp == 11 - (6 - 1 - 1)
    far = hold(goku_attacks("frieza", (5, 12), "kamehameha", ("zarbon", 1, (9, 16))), 1, "expendable_soldier")
    with pytest.raises(IllegalAction):
        play(far, 1, "expendable_soldier", unit="zarbon-1")


def test_android_backup_intercepts_with_an_android_within_4_inches() -> None:
    state = hold(
        goku_attacks("android_17", (5, 12), "kamehameha", ("android_16", 1, (8, 13))), 1, "android_backup"
    )
    after = play(state, 1, "android_backup", dice=[20], unit="android_16-1")
    assert after.unit("android_16-1").hp == 14 - (6 - 2) and after.unit("android_17-1").hp == 12


# On Hit cards.


def hit_prompt(state: PrimeTimeState, seat: int, dice=(20,)) -> PrimeTimeState:
    state, _ = act_only(state, React(player=1 - seat, choice="none"), dice=dice)
    assert state.prompts[0].kind == "on_hit" and state.prompts[0].who == seat
    return state


def on_hit(state: PrimeTimeState, seat: int, name: str) -> PrimeTimeState:
    state, _ = act_only(state, PlayCard(player=seat, card=name))
    state, _ = act_only(state, Timeout(player=1 - seat))
    return state


def test_masenko_ha_adds_2_dmg_and_staggers() -> None:
    state = activated(board([("kid_gohan", 0, (5, 5)), ("frieza", 1, (5, 12))], rosters=FF), "kid_gohan", 0)
    state = hold(attack(state, 0, "masenko", "frieza-1"), 0, "masenko_ha")
    after = on_hit(hit_prompt(state, 0), 0, "masenko_ha")
    assert after.unit("frieza-1").hp == 15 - (5 + 2 - 2) and after.unit("frieza-1").has_status("staggered")


def test_crusher_ball_barrage_adds_2_dmg_and_a_2_inch_blast() -> None:
    placements: list[Placement] = [("jeice", 0, (5, 5)), ("goku", 1, (5, 12)), ("krillin", 1, (5, 14))]
    state = activated(board(placements, rosters=FF), "jeice", 0)
    state = hold(attack(state, 0, "crusher_ball", "goku-1"), 0, "crusher_ball_barrage")
    after = on_hit(hit_prompt(state, 0), 0, "crusher_ball_barrage")
    assert after.unit("goku-1").hp == 14 - (5 + 2 - 1) and after.unit("krillin-1").hp == 11 - 2


def test_aerial_combo_pushes_3_and_staggers_only_on_her_melee_hit() -> None:
    state = activated(board([("android_18", 0, (5, 5)), ("goku", 1, (5, 6))], rosters=FF), "android_18", 0)
    state = hold(attack(state, 0, "aerial_kick", "goku-1"), 0, "aerial_combo")
    after = on_hit(hit_prompt(state, 0), 0, "aerial_combo")
    assert after.unit("goku-1").cell == (5, 9) and after.unit("goku-1").has_status("staggered")
    ranged = activated(board([("android_18", 0, (5, 5)), ("goku", 1, (5, 12))], rosters=FF), "android_18", 0)
    ranged = hit_prompt(hold(attack(ranged, 0, "power_blitz", "goku-1"), 0, "aerial_combo"), 0)
    with pytest.raises(IllegalAction):
        act_only(ranged, PlayCard(player=0, card="aerial_combo"))


def test_perfect_absorption_heals_the_attacker_by_the_damage_dealt() -> None:
    state = activated(board([("cell", 0, (5, 5)), ("goku", 1, (5, 12))], rosters=FF), "cell", 0)
    state.unit("cell-0").hp = 4
    state = hold(attack(state, 0, "kamehameha", "goku-1"), 0, "perfect_absorption")
    after = on_hit(hit_prompt(state, 0), 0, "perfect_absorption")
    assert after.unit("goku-1").hp == 14 - 5 and after.unit("cell-0").hp == 4 + 5


# Phase Start cards.


def phase_start(phase: str, placements: list[Placement], hand: tuple[str, ...]) -> PrimeTimeState:
    state = board(placements, rosters=FF)
    state.phase, state.phase_start = "phase_start", phase  # type: ignore[assignment]
    for player in state.players:
        player.passed = True
    return hold(state, 0, *hand)


@pytest.mark.parametrize(("name", "bk"), [("ki_surge", 2), ("planet_trade_tribute", 3)])
def test_power_phase_start_cards_give_bk(name: str, bk: int) -> None:
    placements: list[Placement] = [("frieza", 0, (5, 5)), ("goku", 1, (20, 20))]
    state = phase_start("power", placements, (name,))
    ready = phase_start("power", placements, ())
    played, _ = act(play(state, 0, name), Timeout(player=1))
    waited, _ = act(ready, Timeout(player=0))
    waited, _ = act(waited, Timeout(player=1))
    assert played.players[0].bk == waited.players[0].bk + bk


def test_special_fighting_pose_gives_ginyu_models_rfx_1() -> None:
    placements: list[Placement] = [("ginyu", 0, (5, 5)), ("zarbon", 0, (25, 5)), ("goku", 1, (20, 20))]
    state = play(
        phase_start("activation", placements, ("special_fighting_pose",)), 0, "special_fighting_pose"
    )
    state, _ = act(state, Timeout(player=1))
    assert stat(state.unit("ginyu-0"), "rfx") == 4 and stat(state.unit("zarbon-0"), "rfx") == 5  # Vanity


def test_ginyu_force_pose_gives_res_1_within_6_inches_and_the_opponent_1_bk() -> None:
    placements: list[Placement] = [
        ("ginyu", 0, (5, 5)),
        ("recoome", 0, (7, 5)),
        ("burter", 0, (20, 5)),
        ("goku", 1, (20, 20)),
    ]
    state = phase_start("activation", placements, ("ginyu_force_pose",))
    bk = state.players[1].bk
    state = play(state, 0, "ginyu_force_pose", unit="ginyu-0")
    state, _ = act(state, Timeout(player=1))
    assert stat(state.unit("recoome-0"), "res") == 4 and stat(state.unit("burter-0"), "res") == 1
    assert state.players[1].bk == bk + 1


def test_the_games_begin_removes_enemy_cover() -> None:
    placements: list[Placement] = [("cell", 0, (15, 3)), ("goku", 1, (15, 9))]
    state = phase_start("activation", placements, ("the_games_begin",))
    state = play(state, 0, "the_games_begin")
    state, _ = act(state, Timeout(player=1))
    assert state.players[0].flags == ["no_enemy_cover"]
    assert not cover_for(state, (15, 3), 0, state.unit("cell-0"), state.unit("goku-1"))


def test_world_broadcast_scores_2_glory_for_more_dazes() -> None:
    placements: list[Placement] = [("cell", 0, (5, 5)), ("goku", 1, (20, 20))]
    state = phase_start("cleanup", placements, ("world_broadcast",))
    state.players[0].dazed_enemies_this_round = 1
    state = play(state, 0, "world_broadcast")
    state, _ = act(state, Timeout(player=1))
    assert state.players[0].glory == 2 and state.players[0].removed == ["world_broadcast"]
    even = phase_start("cleanup", placements, ("world_broadcast",))
    even = play(even, 0, "world_broadcast")
    even, _ = act(even, Timeout(player=1))
    assert even.players[0].glory == 0
