"""The cards that grant something beyond a number: the free-ascend cards at Ascension Phase Start
(A10), Intercept grants (Namekian Resolve), binds (Psychic Bind, A16), moves (Elegant Assassin,
Relentless, Ginyu Force, Assemble!), attacks (Z Warrior Teamwork, Relentless: A13) and Purple Spiral
Formation; each with its position limits and a wrong or Dazed model."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import (
    ChangeAltitude,
    EndActivation,
    Intercept,
    JointAttack,
    Move,
    PlayCard,
    React,
    Timeout,
)
from rules.primetime.ascension import choice_cost, deciding_units
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import hp_max, stat, tier_value
from tests.rules.primetime.helpers import Placement, act, act_only, activated, board, kinds
from tests.rules.primetime.test_cards import FF, acting, attack, hit_prompt, hold, phase_start, play
from tests.rules.primetime.test_joint_attacks import FLASH_DMG

GF = ("ginyu_force", "z_fighters")


# Ascension Phase Start: free-ascend cards (A10).


def ascension_start(placements: list[Placement], card: str, **extra) -> PrimeTimeState:
    state = phase_start("ascension", placements, (card,))
    return play(state, 0, card, **extra)


def both_ready(state: PrimeTimeState) -> PrimeTimeState:
    state, _ = act(state, Timeout(player=1))
    return state


def test_legendary_eruption_ascends_for_free_heals_and_is_that_models_ascension() -> None:
    placements: list[Placement] = [("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]
    state = phase_start("ascension", placements, ("legendary_eruption",))
    goku = state.unit("goku-0")
    goku.tier, goku.hp = 1, 3
    sk = state.players[0].sk
    state = both_ready(play(state, 0, "legendary_eruption", unit="goku-0"))
    goku = state.unit("goku-0")
    assert goku.tier == 2 and goku.hp == hp_max(goku) == 16
    assert state.phase == "ascension" and deciding_units(state, 0) == []  # no Tax, no second tier
    assert state.players[0].sk == sk and state.players[0].removed == ["legendary_eruption"]


def test_a_free_ascend_card_is_refused_at_the_top_tier_and_in_another_phase() -> None:
    placements: list[Placement] = [("cell", 0, (5, 5)), ("goku", 1, (20, 20))]
    state = phase_start("ascension", placements, ("perfect_form_achieved",))
    state.unit("cell-0").tier = 3
    with pytest.raises(IllegalAction):
        play(state, 0, "perfect_form_achieved", unit="cell-0")
    power = phase_start("power", placements, ("perfect_form_achieved",))
    with pytest.raises(IllegalAction):
        play(power, 0, "perfect_form_achieved", unit="cell-0")


def test_perfect_form_achieved_gives_2_bk_only_on_reaching_t2() -> None:
    placements: list[Placement] = [("cell", 0, (5, 5)), ("goku", 1, (20, 20))]
    state = phase_start("ascension", placements, ("perfect_form_achieved",))
    bk = state.players[0].bk
    low = both_ready(play(state, 0, "perfect_form_achieved", unit="cell-0"))
    assert low.unit("cell-0").tier == 1 and low.players[0].bk == bk
    state.unit("cell-0").tier = 1
    high = both_ready(play(state, 0, "perfect_form_achieved", unit="cell-0"))
    assert high.unit("cell-0").tier == 2 and high.players[0].bk == bk + 2


def test_full_power_100_also_waives_next_rounds_tax() -> None:
    placements: list[Placement] = [("frieza", 0, (5, 5)), ("goku", 1, (20, 20))]
    state = both_ready(ascension_start(placements, "full_power_100", unit="frieza-0"))
    frieza = state.unit("frieza-0")
    assert frieza.tier == 1 and frieza.tax_waived_through == state.round + 1
    state.round += 1
    assert choice_cost(state, frieza, "hold") == 0 and choice_cost(state, frieza, "ascend") == 1
    state.round += 1
    assert choice_cost(state, frieza, "hold") == 1


def test_hidden_power_unleashed_needs_a_friend_down_and_gives_imp_1() -> None:
    placements: list[Placement] = [("kid_gohan", 0, (5, 5)), ("krillin", 0, (7, 5)), ("frieza", 1, (20, 20))]
    state = phase_start("ascension", placements, ("hidden_power_unleashed",))
    with pytest.raises(IllegalAction):
        play(state, 0, "hidden_power_unleashed", unit="kid_gohan-0")
    state.unit("krillin-0").hp = 5  # 5 x 2 < 11: below half
    state = both_ready(play(state, 0, "hidden_power_unleashed", unit="kid_gohan-0"))
    gohan = state.unit("kid_gohan-0")
    assert gohan.tier == 1 and stat(gohan, "imp") == tier_value(gohan, "imp") + 1


# Namekian Resolve and Psychic Bind (Persistent, Activation Start).


def test_namekian_resolve_intercepts_for_a_friend_within_6_inches_once() -> None:
    placements: list[Placement] = [
        ("piccolo", 0, (5, 5)),
        ("krillin", 0, (8, 8)),
        ("goku", 0, (15, 5)),
        ("frieza", 1, (8, 16)),
    ]
    state = acting(placements, "piccolo", 0, "namekian_resolve")
    state = play(state, 0, "namekian_resolve", unit="piccolo-0")
    assert state.players[0].persistent == [("namekian_resolve", "piccolo-0")]
    state, _ = act(state, EndActivation(player=0))
    state = activated(state, "frieza", 1)
    far = attack(state, 1, "death_beam", "goku-0")
    assert not any(isinstance(action, Intercept) for action in legal_actions(far, 0))  # 10" away
    near = attack(state, 1, "death_beam", "krillin-0")
    assert Intercept(player=0, unit="piccolo-0") in legal_actions(near, 0)
    after, _ = act(near, Intercept(player=0, unit="piccolo-0"))
    assert after.attack is not None and after.attack.target == "piccolo-0"
    assert after.players[0].persistent == [] and after.players[0].discard == ["namekian_resolve"]


def test_psychic_bind_stops_every_move_until_guldo_is_dazed() -> None:
    placements: list[Placement] = [("guldo", 0, (5, 5)), ("goku", 1, (5, 12)), ("krillin", 1, (5, 25))]
    state = acting(placements, "guldo", 0, "psychic_bind")
    with pytest.raises(IllegalAction):  # 20" away
        play(state, 0, "psychic_bind", unit="guldo-0", target="krillin-1")
    state = play(state, 0, "psychic_bind", unit="guldo-0", target="goku-1")
    assert state.players[0].persistent == [("psychic_bind", "goku-1")]
    state, _ = act(state, EndActivation(player=0))
    state = activated(state, "goku", 1)
    options = legal_actions(state, 1)
    assert not any(isinstance(action, Move | ChangeAltitude) for action in options)
    state.unit("guldo-0").hp = 1
    state = attack(state, 1, "ki_volley", "guldo-0")
    state, events = act(state, React(player=0, choice="none"), dice=[20])
    assert state.unit("guldo-0").dazed and "persistent_ended" in kinds(events)
    assert state.players[0].discard == ["psychic_bind"]
    assert any(isinstance(action, Move) for action in legal_actions(state, 1))


# Moves and attacks granted On Hit.


def test_elegant_assassin_staggers_and_moves_zarbon_up_to_2_inches() -> None:
    state = activated(board([("zarbon", 0, (5, 5)), ("goku", 1, (5, 12))], rosters=FF), "zarbon", 0)
    state = hit_prompt(hold(attack(state, 0, "elegant_blaster", "goku-1"), 0, "elegant_assassin"), 0)
    with pytest.raises(IllegalAction):  # 3" away
        act_only(state, PlayCard(player=0, card="elegant_assassin", to=(5, 8)))
    state, _ = act_only(state, PlayCard(player=0, card="elegant_assassin", to=(6, 6)))
    state, _ = act_only(state, Timeout(player=1))
    assert state.unit("zarbon-0").cell == (6, 6) and state.unit("goku-1").has_status("staggered")


def test_relentless_rushes_in_contact_without_a_window() -> None:
    state = activated(board([("android_17", 0, (5, 5)), ("goku", 1, (5, 6))], rosters=FF), "android_17", 0)
    state = hit_prompt(hold(attack(state, 0, "android_barrage", "goku-1"), 0, "relentless"), 0)
    with pytest.raises(IllegalAction):  # in contact it rushes: no cell
        act_only(state, PlayCard(player=0, card="relentless", to=(4, 4)))
    state, _ = act_only(state, PlayCard(player=0, card="relentless"))
    state, _ = act_only(state, Timeout(player=1))
    assert state.unit("goku-1").hp == 14 - (5 - 1)
    assert state.prompts[0].kind == "reaction" and state.attack is not None
    assert state.attack.technique == "rush" and not state.attack.hit_window
    state, _ = act_only(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("goku-1").hp == 10 - (3 - 1) and state.attack is None  # no On Hit prompt
    assert state.activation is not None and state.activation.actions_left == 1  # [Free]


def test_relentless_moves_up_to_3_inches_out_of_contact() -> None:
    state = activated(board([("android_17", 0, (5, 5)), ("goku", 1, (5, 12))], rosters=FF), "android_17", 0)
    state = hit_prompt(hold(attack(state, 0, "photon_flash", "goku-1"), 0, "relentless"), 0)
    with pytest.raises(IllegalAction):  # out of contact it moves: a cell
        act_only(state, PlayCard(player=0, card="relentless"))
    state, _ = act_only(state, PlayCard(player=0, card="relentless", to=(5, 8)))
    state, _ = act_only(state, Timeout(player=1))
    assert state.unit("android_17-0").cell == (5, 8) and state.attack is None


def test_z_warrior_teamwork_gives_another_friend_within_6_inches_a_free_attack() -> None:
    placements: list[Placement] = [
        ("goku", 0, (5, 5)),
        ("krillin", 0, (7, 10)),
        ("piccolo", 0, (25, 5)),
        ("frieza", 1, (5, 12)),
    ]
    state = activated(board(placements, rosters=FF), "goku", 0)
    state = hit_prompt(hold(attack(state, 0, "kamehameha", "frieza-1"), 0, "z_warrior_teamwork"), 0)
    with pytest.raises(IllegalAction):  # Piccolo is not within 6" of Frieza
        act_only(
            state, PlayCard(player=0, card="z_warrior_teamwork", unit="piccolo-0", technique="ki_volley")
        )
    with pytest.raises(IllegalAction):  # not the attacker itself
        act_only(state, PlayCard(player=0, card="z_warrior_teamwork", unit="goku-0", technique="ki_volley"))
    with pytest.raises(IllegalAction):  # Krillin is not in contact for a Rush
        act_only(state, PlayCard(player=0, card="z_warrior_teamwork", unit="krillin-0", technique="rush"))
    state, _ = act_only(
        state, PlayCard(player=0, card="z_warrior_teamwork", unit="krillin-0", technique="ki_volley")
    )
    state, _ = act_only(state, Timeout(player=1))
    assert state.unit("frieza-1").hp == 15 - (6 - 2)
    assert state.attack is not None and state.attack.attacker == "krillin-0"
    state, _ = act_only(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("frieza-1").hp == 11 - 1 and state.attack is None


def test_a_granted_attack_is_lost_if_its_target_is_dazed_first() -> None:
    placements: list[Placement] = [("goku", 0, (5, 5)), ("krillin", 0, (7, 10)), ("frieza", 1, (5, 12))]
    state = activated(board(placements, rosters=FF), "goku", 0)
    state.unit("frieza-1").hp = 2
    state = hit_prompt(hold(attack(state, 0, "kamehameha", "frieza-1"), 0, "z_warrior_teamwork"), 0)
    state, _ = act_only(
        state, PlayCard(player=0, card="z_warrior_teamwork", unit="krillin-0", technique="ki_volley")
    )
    state, events = act_only(state, Timeout(player=1))
    assert state.unit("frieza-1").dazed and "attack_lost" in kinds(events) and state.attack is None


def test_ginyu_force_assemble_moves_a_ginyu_model_6_inches_toward_the_active_model() -> None:
    placements: list[Placement] = [
        ("ginyu", 0, (5, 5)),
        ("recoome", 0, (15, 5)),
        ("burter", 0, (25, 5)),
        ("goku", 1, (20, 25)),
    ]
    state = activated(board(placements, rosters=GF), "ginyu", 0)
    state = hold(state, 0, "ginyu_force_assemble")
    with pytest.raises(IllegalAction):  # beyond 12"
        play(state, 0, "ginyu_force_assemble", unit="burter-0")
    with pytest.raises(IllegalAction):  # not another model
        play(state, 0, "ginyu_force_assemble", unit="ginyu-0")
    assert play(state, 0, "ginyu_force_assemble", unit="recoome-0").unit("recoome-0").cell == (9, 5)


def test_ginyu_force_assemble_is_only_for_ginyu_force_models() -> None:
    placements: list[Placement] = [("ginyu", 0, (5, 5)), ("zarbon", 0, (12, 5)), ("goku", 1, (20, 25))]
    state = hold(activated(board(placements, rosters=GF), "ginyu", 0), 0, "ginyu_force_assemble")
    with pytest.raises(IllegalAction):
        play(state, 0, "ginyu_force_assemble", unit="zarbon-0")


def test_purple_spiral_formation_makes_the_flash_free_and_2_dmg_stronger() -> None:
    placements: list[Placement] = [("burter", 0, (5, 5)), ("jeice", 0, (7, 5)), ("goku", 1, (6, 15))]
    state = hold(activated(board(placements, rosters=GF), "burter", 0), 0, "purple_spiral_formation")
    state = play(state, 0, "purple_spiral_formation")
    bk = state.players[0].bk
    state, _ = act(state, JointAttack(player=0, joint="purple_spiral_flash", target="goku-1"))
    assert state.players[0].bk == bk
    state, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("goku-1").hp == 14 - (FLASH_DMG + 2)
