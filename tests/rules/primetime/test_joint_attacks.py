"""Joint Attacks (JA-1…3, 3.5): partners, position, cost, once per round, a Dazed partner, one
action of the active partner, and Purple Spiral Flash's Beam-only Clash (A16)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import EndActivation, Intercept, JointAttack, React
from rules.primetime.cards import joint_attacks
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.helpers import Placement, act, activated, board, kinds
from tests.rules.primetime.test_cards import attack

ZF = ("z_fighters", "frieza_force")
FLASH = joint_attacks()["purple_spiral_flash"].technique
assert FLASH is not None
FLASH_DMG = FLASH.dmg
GZ = ("ginyu_force", "z_fighters")

BACK_TO_BACK = JointAttack(
    player=0,
    joint="back_to_back",
    technique="rush",
    target="frieza-1",
    partner_technique="ki_volley",
    partner_target="zarbon-1",
)


def goku_and_krillin(krillin=(8, 5)) -> PrimeTimeState:
    placements: list[Placement] = [
        ("goku", 0, (5, 5)),
        ("krillin", 0, krillin),
        ("frieza", 1, (5, 6)),
        ("zarbon", 1, (8, 14)),
    ]
    return activated(board(placements, rosters=ZF), "goku", 0)


def joints(state: PrimeTimeState, seat: int = 0) -> list[JointAttack]:
    return [action for action in legal_actions(state, seat) if isinstance(action, JointAttack)]


def totals(events) -> list[int]:
    return [event.data["total"] for event in events if event.kind == "attack_total"]


def test_back_to_back_is_two_basic_attacks_at_acc_2_for_one_action_and_1_bk() -> None:
    state = goku_and_krillin()
    assert BACK_TO_BACK in joints(state)
    bk = state.players[0].bk
    state, _ = act(state, BACK_TO_BACK)
    assert state.players[0].bk == bk - 1 and state.activation is not None
    assert state.activation.actions_left == 1
    state, events = act(state, React(player=1, choice="none"), dice=[10])
    assert totals(events) == [10 + 6 + 2]  # Goku's Rush: IMP 6, Acc +2
    assert state.attack is not None and state.attack.attacker == "krillin-0"
    state, events = act(state, React(player=1, choice="none"), dice=[10])
    assert totals(events) == [10 + 5 + 2]  # Krillin's Ki Volley: FOC 5, Acc +2
    assert state.unit("frieza-1").hp == 15 - (4 - 2) and state.unit("zarbon-1").hp == 11 - (3 - 1 - 1)


def test_back_to_back_is_once_per_round() -> None:
    state, _ = act(goku_and_krillin(), BACK_TO_BACK)
    state, _ = act(state, React(player=1, choice="none"), dice=[1])
    state, _ = act(state, React(player=1, choice="none"), dice=[1])
    assert joints(state) == []
    with pytest.raises(IllegalAction) as caught:
        act(state, BACK_TO_BACK)
    assert caught.value.code == "joint_attack"


def test_back_to_back_needs_both_partners_within_4_inches_and_not_dazed() -> None:
    assert joints(goku_and_krillin(krillin=(10, 5))) == []  # 5" apart
    state = goku_and_krillin()
    state.unit("krillin-0").dazed, state.unit("krillin-0").hp = True, 0
    assert joints(state) == []
    with pytest.raises(IllegalAction):
        act(state, BACK_TO_BACK)


def test_a_joint_attack_is_an_action_of_one_of_its_partners() -> None:
    placements: list[Placement] = [
        ("goku", 0, (5, 5)),
        ("krillin", 0, (8, 5)),
        ("piccolo", 0, (6, 5)),
        ("frieza", 1, (5, 6)),
        ("zarbon", 1, (8, 14)),
    ]
    state = activated(board(placements, rosters=ZF), "piccolo", 0)
    assert joints(state) == []
    with pytest.raises(IllegalAction):
        act(state, BACK_TO_BACK)


def piccolo_and_gohan(gohan=(10, 5)) -> PrimeTimeState:
    placements: list[Placement] = [("piccolo", 0, (5, 5)), ("kid_gohan", 0, gohan), ("frieza", 1, (8, 15))]
    return activated(board(placements, rosters=ZF), "piccolo", 0)


def test_special_beam_cover_fires_masenko_at_0_bk_and_lets_piccolo_intercept_until_cleanup() -> None:
    state = piccolo_and_gohan()
    bk = state.players[0].bk
    state, _ = act(state, JointAttack(player=0, joint="special_beam_cover", target="frieza-1"))
    assert state.players[0].bk == bk - 1  # the card's 1 BK; Masenko itself is free
    assert state.attack is not None and state.attack.attacker == "kid_gohan-0"
    state, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("frieza-1").hp == 15 - (5 - 2)
    state, _ = act(state, EndActivation(player=0))
    state = activated(state, "frieza", 1)
    for _ in range(2):  # not used up: Piccolo may Intercept every attack on Gohan
        state.players[1].bk = 10
        declared = attack(state, 1, "death_beam", "kid_gohan-0")
        assert Intercept(player=0, unit="piccolo-0") in legal_actions(declared, 0)
        after, _ = act(declared, Intercept(player=0, unit="piccolo-0"))
        assert after.attack is not None and after.attack.target == "piccolo-0"
    state.unit("kid_gohan-0").cell = (12, 5)  # 7" from Piccolo
    declared = attack(state, 1, "death_beam", "kid_gohan-0")
    assert Intercept(player=0, unit="piccolo-0") not in legal_actions(declared, 0)


def test_purple_spiral_flash_deals_the_balanced_5() -> None:
    """3.5's [D] effect, tuned (CONTENT.md, balance): DMG 7 left the Frieza Force at 32.5% against
    the Ginyu Force and DMG 6 at 38-40%, so the Flash deals a fixed 5, Pierce, whatever the tiers."""
    assert FLASH is not None and (FLASH.dmg, FLASH.fixed_dmg, FLASH.pierce) == (5, True, True)
    state = burter_and_jeice()
    state.unit("burter-0").tier = state.unit("jeice-0").tier = 1
    state, _ = act(state, JointAttack(player=0, joint="purple_spiral_flash", target="goku-1"))
    state, _ = act(state, React(player=1, choice="none"), dice=[20])
    assert state.unit("goku-1").hp == 14 - 5


def test_special_beam_cover_names_piccolo_the_character_not_the_affiliation() -> None:
    """A16 (JA-3): "Piccolo (Z-Fighter)" names the character, so a roster declaring another
    affiliation that fields Piccolo and Gohan still has Special Beam Cover."""
    state = piccolo_and_gohan()
    state.players[0].affiliation = "frieza_force"
    assert [action.joint for action in joints(state)] == ["special_beam_cover"]


def test_special_beam_cover_needs_piccolo_within_6_inches_of_gohan() -> None:
    assert joints(piccolo_and_gohan(gohan=(12, 5))) == []
    assert len(joints(piccolo_and_gohan(gohan=(11, 5)))) == 1


def burter_and_jeice(target: str = "goku", jeice=(7, 5)) -> PrimeTimeState:
    placements: list[Placement] = [("burter", 0, (5, 5)), ("jeice", 0, jeice), (target, 1, (6, 15))]
    return activated(board(placements, rosters=GZ), "burter", 0)


def test_purple_spiral_flash_totals_the_higher_foc_plus_2_for_a_fixed_dmg_with_pierce() -> None:
    state = burter_and_jeice()
    state.unit("jeice-0").tier = 1  # Red Magma: DMG +1, which the Flash ignores
    bk = state.players[0].bk
    state, _ = act(state, JointAttack(player=0, joint="purple_spiral_flash", target="goku-1"))
    assert state.players[0].bk == bk - 2
    state, events = act(state, React(player=1, choice="none"), dice=[10])
    assert totals(events) == [10 + 6 + 2]  # Jeice's FOC at T1 is 6, higher than Burter's 4
    assert state.unit("goku-1").hp == 14 - FLASH_DMG  # Pierce: RES ignored


def test_purple_spiral_flash_is_measured_from_either_partner() -> None:
    state = burter_and_jeice(jeice=(6, 26))  # Burter is 10" away, Jeice beyond 6": too far apart
    assert joints(state) == []
    state = burter_and_jeice(jeice=(6, 10))
    state.unit("goku-1").cell = (6, 28)  # 23" from Burter, 18" from Jeice
    assert JointAttack(player=0, joint="purple_spiral_flash", target="goku-1") in joints(state)


def test_only_a_beam_can_clash_purple_spiral_flash() -> None:
    state = burter_and_jeice("vegeta")
    state, _ = act(state, JointAttack(player=0, joint="purple_spiral_flash", target="vegeta-1"))
    options = state.prompts[0].options
    assert "clash:galick_gun" in options and "clash:big_bang_attack" not in options
    state, events = act(state, React(player=1, choice="clash", technique="galick_gun"), dice=[1, 20])
    assert "clash" in kinds(events) and state.unit("jeice-0").hp == 12 - (6 - 1)


def test_a_dazed_partner_cannot_join_purple_spiral_flash() -> None:
    state = burter_and_jeice()
    state.unit("jeice-0").dazed, state.unit("jeice-0").hp = True, 0
    with pytest.raises(IllegalAction):
        act(state, JointAttack(player=0, joint="purple_spiral_flash", target="goku-1"))
