"""Setting Up the Game (rulebook lines 14-23) and the components it uses."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from rules.cell.content import catalogue
from rules.cell.engine import CellOptions
from tests.rules.cell.helpers import mat, power_up_named, start


def test_threats_are_the_22_tiles_shuffled():
    """Line 16: "Shuffle the 22 Threat Tiles and place them in a face-down stack"."""
    state = start("goku", "gohan")
    in_play = state.threat_stack + [threat.tile for threat in state.active_threats]
    assert sorted(in_play) == list(range(22))
    other_seed = start("goku", "gohan", seed=2)
    assert other_seed.threat_stack != state.threat_stack


def test_power_ups_are_the_18_tiles_shuffled_with_a_supply_of_3():
    """Lines 17-18: "Shuffle the 18 Power Up Tiles ... flip the top 3 face up ... the Power Supply"."""
    state = start("goku")
    assert len(state.power_supply) == 3
    assert sorted(state.power_stack + state.power_supply) == list(range(18))
    assert start("goku", seed=2).power_stack != state.power_stack


def test_24_dragon_ball_tokens_12_attack_8_super_4_wild():
    """Line 19: "Shuffle the 24 Dragon Ball Tokens"; line 98: Attack (12x), Super Attack (8x), Wild (4x)."""
    state = start("goku")
    assert Counter(state.token_pile) == {"attack": 12, "super_attack": 8, "wild": 4}
    assert start("goku", seed=2).token_pile != state.token_pile
    assert all(not fighter.tokens for fighter in state.fighters)


def test_each_player_has_5_unrolled_dice_of_their_own():
    """Line 21: "Give each player a set of 5 dice"."""
    state = start("goku", "gohan", "vegeta", "piccolo")
    assert len(state.dice) == 20
    for seat in range(4):
        dice = mat(state, seat)
        assert len(dice) == 5
        assert all(die.owner == seat and die.face is None for die in dice)


def test_fighters_start_at_their_maximum_health():
    """Line 21: "HP Tokens equal to their maximum health"."""
    state = start("goku", "krillin", "trunks")
    for fighter in state.fighters:
        assert fighter.hp == fighter.max_hp == catalogue().fighter(fighter.fighter).max_hp


def test_cell_starts_at_70():
    """Line 22: "Mark Cell's maximum health by placing the Cell HP Marker at "70"."""
    state = start("goku")
    assert state.cell_hp == state.cell_max_hp == 70


def test_vegetas_kamehameha_is_taken_out_of_the_power_stack():
    """Line 28: Vegeta "Starts with Kamehameha upgrade"; CONTENT.md decision 16: it is one of the 18,
    removed from the stack before the supply is dealt, and counts toward his three tiles."""
    kamehameha = power_up_named("Kamehameha").id
    for seed in range(10):
        state = start("vegeta", "goku", seed=seed)
        assert state.fighters[0].power_ups == [kamehameha]
        assert kamehameha not in state.power_stack + state.power_supply
        assert len(state.power_stack) == 14
    without_vegeta = start("goku")
    assert kamehameha in without_vegeta.power_stack + without_vegeta.power_supply


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players(players: int):
    """CONTENT.md decision 5: 1 to 4 players (20 dice, 5 each); solo play is allowed."""
    fighters = [fighter.id for fighter in catalogue().fighters][:players]
    state = start(*fighters)
    assert state.players == players
    assert [fighter.seat for fighter in state.fighters] == list(range(players))


@pytest.mark.parametrize("count", [0, 5])
def test_more_than_four_or_no_players_are_refused(count: int):
    """CONTENT.md decision 5: at most 4 players (the box has 20 dice)."""
    fighters = [fighter.id for fighter in catalogue().fighters][:count]
    with pytest.raises(ValidationError):
        CellOptions(fighters=fighters)


def test_a_fighter_can_be_chosen_once():
    """Line 20: "Each player selects which Z-Fighter they would like to play" (each mat once)."""
    with pytest.raises(ValidationError, match="one player only"):
        CellOptions(fighters=["goku", "goku"])


def test_unknown_fighters_are_refused():
    """Line 7: the box holds 6 Z-Fighter mats; no other fighter can be chosen."""
    with pytest.raises(ValidationError, match="unknown Z-Fighter"):
        CellOptions(fighters=["goku", "frieza"])


def test_the_box_holds_six_fighters_with_their_mat_abilities():
    """Lines 26-29 name Gohan, Piccolo, Vegeta and Goku's abilities; CONTENT.md decision 6 adds the
    mat data the rulebook leaves out (Krillin and a sixth fighter, Future Trunks)."""
    abilities = {fighter.id: fighter.ability for fighter in catalogue().fighters}
    assert abilities == {
        "goku": "share_any",
        "gohan": "free_reroll",
        "vegeta": "starting_tile",
        "piccolo": "change_face",
        "krillin": "discount_and_gift",
        "trunks": "first_strike",
    }
    assert all(fighter.max_hp > 0 for fighter in catalogue().fighters)


def test_the_setup_example_tiles_match_the_rulebook():
    """Lines 30-31: Masenko costs two Assists and deals 4 damage for two Attacks; Destructo Disc
    costs one Assist and deals 3 damage for a Dragon Ball."""
    masenko, disc = power_up_named("Masenko"), power_up_named("Destructo Disc")
    assert (masenko.purchase_cost, masenko.activation_cost) == (2, ["attack", "attack"])
    assert [(step.op, step.amount) for step in masenko.effects] == [("damage", 4)]
    assert (disc.purchase_cost, disc.activation_cost) == (1, ["dragon_ball"])
    assert [(step.op, step.amount) for step in disc.effects] == [("damage", 3)]


def test_the_die_has_every_face():
    """Lines 47-51: rolled faces are Dragon Balls, Assists, Attacks and Super Attacks."""
    faces = catalogue().board.die_faces
    assert len(faces) == 6
    assert set(faces) == {"dragon_ball", "assist", "attack", "super_attack"}


def test_damage_track_bonuses_are_the_printed_ones():
    """Line 108: rows carry bonus damage of +1, +2, +2, +3, +3 and +5 (from bottom to top)."""
    assert [row.bonus for row in catalogue().board.damage_track] == [1, 2, 2, 3, 3, 5]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_track_and_meter_ignore_slots_numbered_above_the_player_count(players: int):
    """Lines 111 and 130: "Ignore any dice slots with numbers higher than the number of players";
    CONTENT.md decision 3 (geometry) and decision 4 (meter size)."""
    board = catalogue().board
    rows = board.track_rows(players)
    for printed, used in zip(board.damage_track, rows, strict=True):
        assert used.slots == [slot for slot in printed.slots if slot <= players]
        assert used.slots, "every row is playable with any number of players (line 108: base section)"
    assert board.meter_size(players) == sum(1 for slot in board.dragon_ball_meter if slot <= players)
    if players > 1:
        fewer = board.track_rows(players - 1)
        assert all(len(a.slots) >= len(b.slots) for a, b in zip(rows, fewer, strict=True))
        assert board.meter_size(players) >= board.meter_size(players - 1)


def test_the_full_meter_holds_the_seven_dragon_balls():
    """CONTENT.md "The Dragon Ball Meter": 7 slots with 3 or 4 players (the seven Dragon Balls)."""
    assert catalogue().board.meter_size(4) == catalogue().board.meter_size(3) == 7


def test_the_catalogue_holds_every_wild_kind():
    """Lines 92-96: threat tiles use single, linked and separated wild icons (CONTENT.md decision 7)."""
    slots = {slot for tile in catalogue().threats for slot in tile.cost}
    assert {"any", "same", "different"} <= slots
    restrictions = {r for tile in catalogue().threats for r in tile.restrictions}
    assert restrictions == {"no_share", "no_reroll"}
