"""Fighter mat abilities (rulebook lines 26-29 and 82-83; CONTENT.md decisions 6 and 14-17)."""

from __future__ import annotations

import pytest

from rules.cell.actions import ChangeFace, Choose, Confirm, EndTurn, GiveTile, Roll, Spend, StartSelection
from rules.cell.content import FACES, Face, PowerUpTile, catalogue
from rules.cell.engine import MAX_EQUIPPED
from rules.cell.state import CellState
from tests.rules.cell.helpers import (
    act,
    amount,
    die_source,
    equip,
    legal,
    ops,
    pay,
    power_up_named,
    power_up_where,
    put_in_supply,
    put_threats,
    rejected,
    set_faces,
    start,
    threat_where,
)


def quiet_game(*fighters: str) -> CellState:
    state = start(*fighters)
    put_threats(state)
    return state


def block(state: CellState, restriction: str) -> None:
    tile = threat_where(restriction, lambda tile: restriction in tile.restrictions)
    put_threats(state, tile.id)


# Gohan.


def test_gohans_free_reroll_burns_nothing_and_takes_any_dice():
    """Line 26: Gohan — "1 free re-roll per turn"; CONTENT.md decision 15: a normal reroll of any of his
    rolled dice without burning one."""
    state = quiet_game("gohan")
    dice = set_faces(state, "assist", "attack", "dragon_ball")
    draws = state.rng.draws
    state = act(
        state,
        StartSelection(player=0, purpose="free_reroll"),
        Choose(player=0, source=die_source(dice[1])),
        Confirm(player=0),
    )
    assert state.rng.draws == draws + 1
    assert all(state.dice[die].zone == "mat" for die in dice)
    assert (state.dice[dice[0]].face, state.dice[dice[2]].face) == ("assist", "dragon_ball")


def test_gohans_free_reroll_is_once_per_turn():
    """Line 26: "1 free re-roll per turn"."""
    state = quiet_game("gohan")
    dice = set_faces(state, "assist", "attack")
    state = act(
        state,
        StartSelection(player=0, purpose="free_reroll"),
        Choose(player=0, source=die_source(dice[0])),
        Confirm(player=0),
    )
    rejected(state, StartSelection(player=0, purpose="free_reroll"), "free_reroll_used")
    state = act(state, EndTurn(player=0), Roll(player=0))
    assert legal(state, StartSelection(player=0, purpose="free_reroll"))


def test_gohans_free_reroll_is_blocked_by_a_no_reroll_threat():
    """CONTENT.md decision 15: Gohan's free reroll is blocked by no-reroll threats (line 88)."""
    state = start("gohan")
    block(state, "no_reroll")
    set_faces(state, "assist", "attack")
    rejected(state, StartSelection(player=0, purpose="free_reroll"), "no_reroll")


def test_only_gohan_has_a_free_reroll():
    """Line 26: the free reroll is Gohan's ability."""
    state = quiet_game("goku")
    set_faces(state, "assist", "attack")
    rejected(state, StartSelection(player=0, purpose="free_reroll"), "no_ability")
    rejected(state, StartSelection(player=0, purpose="free_reroll", burn=0), "no_burn")


# Piccolo.


def test_piccolo_changes_one_face_per_turn():
    """Line 27: Piccolo — "May change the face of one die per turn"."""
    state = quiet_game("piccolo")
    dragon_ball, other = set_faces(state, "dragon_ball", "dragon_ball")
    state = act(state, ChangeFace(player=0, die=dragon_ball, face="super_attack"))
    assert state.dice[dragon_ball].face == "super_attack"
    rejected(state, ChangeFace(player=0, die=other, face="super_attack"), "face_change_used")
    state = act(state, EndTurn(player=0), Roll(player=0))
    assert state.fighters[0].face_change_used is False


def test_piccolos_face_change_is_not_a_reroll():
    """CONTENT.md decision 14: the face change is not a reroll, so no-reroll threats do not block it;
    it works any time in his turn after rolling."""
    state = start("piccolo")
    block(state, "no_reroll")
    attack, spent = set_faces(state, "attack", "attack")
    state = act(state, Spend(player=0, source=die_source(spent), use="damage"))
    state = act(state, ChangeFace(player=0, die=attack, face="assist"))
    assert state.dice[attack].face == "assist"


def test_piccolo_may_change_a_shared_die():
    """CONTENT.md decision 14: the face change works on any rolled die on his mat, his own or shared."""
    state = quiet_game("goku", "piccolo")
    (shared,) = set_faces(state, "attack")
    state = act(state, Spend(player=0, source=die_source(shared), use="share", target=1), EndTurn(player=0))
    assert set_faces(state, "attack")[0] == shared
    state = act(state, ChangeFace(player=1, die=shared, face="assist"))
    assert state.dice[shared].face == "assist"


def test_piccolos_face_change_needs_a_rolled_die_and_a_new_face():
    """Line 27: "change the face of one die" — one of his rolled dice, to another face."""
    state = quiet_game("piccolo", "goku")
    rejected(state, ChangeFace(player=0, die=0, face="attack"), "roll_first")
    (attack,) = set_faces(state, "attack")
    rejected(state, ChangeFace(player=0, die=attack, face="attack"), "not_opposite_face")
    rejected(state, ChangeFace(player=0, die=7, face="assist"), "die_not_yours")
    rejected(state, ChangeFace(player=0, die=4, face="assist"), "die_not_rolled")


@pytest.mark.parametrize(
    ("face", "opposite"),
    [
        ("dragon_ball", "super_attack"),
        ("super_attack", "dragon_ball"),
        ("assist", "attack"),
        ("attack", "assist"),
    ],
)
def test_piccolo_turns_a_die_over_to_its_opposite_face(face: Face, opposite: Face):
    """CONTENT.md decision 14: he turns the die over, so it shows the face printed opposite (a Dragon
    Ball becomes a Super Attack and back, an Assist an Attack and back) and no other."""
    state = quiet_game("piccolo")
    (die,) = set_faces(state, face)
    for other in FACES:
        if other not in (face, opposite):
            rejected(state, ChangeFace(player=0, die=die, face=other), "not_opposite_face")
    assert legal(state, ChangeFace(player=0, die=die, face=opposite))
    state = act(state, ChangeFace(player=0, die=die, face=opposite))
    assert state.dice[die].face == opposite


def test_only_piccolo_changes_faces():
    """Line 27: changing a face is Piccolo's ability."""
    state = quiet_game("goku")
    (attack,) = set_faces(state, "attack")
    rejected(state, ChangeFace(player=0, die=attack, face="assist"), "no_ability")


# Vegeta.


def test_vegetas_kamehameha_counts_toward_his_three_tiles():
    """Line 28 and CONTENT.md decision 16: Kamehameha counts toward his three equipped tiles (line 81)."""
    state = quiet_game("vegeta")
    kamehameha = power_up_named("Kamehameha").id
    cheap = power_up_where("costing 1", lambda tile: tile.purchase_cost == 1)
    others = [tile for tile in state.power_stack if tile != cheap.id][: MAX_EQUIPPED - 1]
    equip(state, 0, kamehameha, *others)
    put_in_supply(state, cheap.id)
    (assist,) = set_faces(state, "assist")
    state = act(
        state,
        StartSelection(player=0, purpose="buy", tile=cheap.id),
        Choose(player=0, source=die_source(assist)),
    )
    rejected(state, Confirm(player=0), "discard_needed")


def test_vegeta_can_fire_his_kamehameha():
    """Line 28: Vegeta "Starts with Kamehameha upgrade" — usable from his first turn."""
    tile = power_up_named("Kamehameha")
    state = start("vegeta", "goku", "gohan", "piccolo")
    put_threats(state)
    dice = set_faces(state, *[face if face != "any" else "attack" for face in tile.activation_cost])
    state = pay(state, 0, "activate", tile.id, [die_source(die) for die in dice])
    assert state.cell_hp == 70 - amount(tile, "damage")


# Goku.


def test_goku_can_share_any_die():
    """Line 29: Goku — "Can share any dice, not just assists"."""
    state = quiet_game("goku", "gohan")
    dice = set_faces(state, "attack", "super_attack", "dragon_ball")
    for die in dice:
        state = act(state, Spend(player=0, source=die_source(die), use="share", target=1))
    assert all(state.dice[die].holder == 1 for die in dice)


# Krillin.


def cost_at_least(cost: int) -> PowerUpTile:
    return power_up_where(f"costing {cost}+", lambda tile: tile.purchase_cost >= cost)


def test_krillin_buys_for_one_assist_less():
    """Line 83: Krillin may "purchase Power Up Tiles for less"; CONTENT.md decision 17: 1 Assist less."""
    tile = cost_at_least(2)
    state = quiet_game("krillin")
    put_in_supply(state, tile.id)
    assists = set_faces(state, *["assist"] * (tile.purchase_cost - 1))  # type: ignore[list-item]
    state = pay(state, 0, "buy", tile.id, [die_source(die) for die in assists])
    assert state.fighters[0].power_ups == [tile.id]


def test_krillins_discount_never_makes_a_tile_free():
    """CONTENT.md decision 17: the discount is 1 Assist, minimum 1."""
    tile = power_up_where("costing 1", lambda tile: tile.purchase_cost == 1)
    state = quiet_game("krillin")
    put_in_supply(state, tile.id)
    set_faces(state, "attack")
    rejected(state, StartSelection(player=0, purpose="buy", tile=tile.id), "cannot_afford")
    (assist,) = set_faces(state, "assist")
    state = act(state, StartSelection(player=0, purpose="buy", tile=tile.id))
    rejected(state, Confirm(player=0), "not_paid")
    state = act(state, Choose(player=0, source=die_source(assist)), Confirm(player=0))
    assert state.fighters[0].power_ups == [tile.id]


def test_krillin_may_buy_a_tile_for_another_fighter():
    """Line 83: "he can also give purchased tiles directly to another Z-Fighter"."""
    tile = cost_at_least(1)
    state = quiet_game("krillin", "gohan")
    put_in_supply(state, tile.id)
    assists = set_faces(state, *["assist"] * max(1, tile.purchase_cost - 1))  # type: ignore[list-item]
    state = pay(state, 0, "buy", tile.id, [die_source(die) for die in assists], give_to=1)
    assert state.fighters[1].power_ups == [tile.id]
    assert state.fighters[0].power_ups == []


def test_krillin_at_three_tiles_may_buy_straight_for_someone_else():
    """Line 83: "If Krillin reaches the maximum 3 Power Up Tiles and wants to purchase another one, he
    may give one of his old tiles to another Z-Fighter. Likewise, he can also give purchased tiles
    directly"."""
    tile = cost_at_least(1)
    state = quiet_game("krillin", "gohan")
    put_in_supply(state, tile.id)
    held = [other for other in state.power_stack if other != tile.id][:MAX_EQUIPPED]
    equip(state, 0, *held)
    assists = set_faces(state, *["assist"] * max(1, tile.purchase_cost - 1))  # type: ignore[list-item]
    gifted = pay(state, 0, "buy", tile.id, [die_source(die) for die in assists], give_to=1)
    assert gifted.fighters[0].power_ups == held
    assert gifted.fighters[1].power_ups == [tile.id]
    passed_on = act(state, GiveTile(player=0, tile=held[0], to=1))
    kept = pay(passed_on, 0, "buy", tile.id, [die_source(die) for die in assists])
    assert kept.fighters[0].power_ups == [held[1], held[2], tile.id]
    assert kept.fighters[1].power_ups == [held[0]]


def test_a_full_recipient_discards_one_of_theirs():
    """CONTENT.md decision 17: a recipient with 3 tiles discards one of theirs, chosen with the gift."""
    state = quiet_game("krillin", "gohan")
    gift, *full = state.power_stack[:4]
    equip(state, 0, gift)
    equip(state, 1, *full)
    set_faces(state, "attack")
    rejected(state, GiveTile(player=0, tile=gift, to=1), "discard_needed")
    rejected(state, GiveTile(player=0, tile=gift, to=1, discard=gift), "discard_needed")
    state = act(state, GiveTile(player=0, tile=gift, to=1, discard=full[0]))
    assert state.fighters[1].power_ups == [full[1], full[2], gift]
    assert full[0] in state.power_discard


def test_krillins_gifts_ignore_no_share_threats():
    """CONTENT.md decision 17: a no-share threat does not block gifts: tiles are not dice."""
    state = start("krillin", "gohan")
    block(state, "no_share")
    tile = state.power_stack[0]
    equip(state, 0, tile)
    set_faces(state, "attack")
    state = act(state, GiveTile(player=0, tile=tile, to=1))
    assert state.fighters[1].power_ups == [tile]


def test_only_krillin_gives_tiles_and_only_his_own_to_someone_else():
    """Line 83: giving Power Ups is Krillin's ability."""
    state = quiet_game("goku", "krillin")
    tile = state.power_stack[0]
    equip(state, 0, tile)
    set_faces(state, "attack")
    rejected(state, GiveTile(player=0, tile=tile, to=1), "no_ability")
    state = quiet_game("krillin", "goku")
    equip(state, 0, tile)
    rejected(state, GiveTile(player=0, tile=tile, to=1), "roll_first")
    set_faces(state, "attack")
    rejected(state, GiveTile(player=0, tile=tile, to=0), "bad_target")
    rejected(state, GiveTile(player=0, tile=tile, to=2), "bad_target")
    rejected(state, GiveTile(player=0, tile=state.power_stack[-1], to=1), "not_equipped")


def test_only_krillin_buys_for_others():
    """Line 83: buying for another fighter is Krillin's ability."""
    tile = cost_at_least(1)
    state = quiet_game("goku", "krillin")
    put_in_supply(state, tile.id)
    assists = set_faces(state, *["assist"] * tile.purchase_cost)  # type: ignore[list-item]
    state = act(state, StartSelection(player=0, purpose="buy", tile=tile.id))
    for die in assists:
        state = act(state, Choose(player=0, source=die_source(die)))
    rejected(state, Confirm(player=0, give_to=1), "no_ability")


# Future Trunks.


def test_trunks_first_die_on_the_track_each_turn_deals_one_more():
    """CONTENT.md decision 6: Future Trunks' Burning Attack — the first die he places on the Damage
    Track each turn deals +1 damage."""
    state = quiet_game("trunks", "goku", "gohan", "vegeta")
    first, second = set_faces(state, "attack", "attack")
    state = act(state, Spend(player=0, source=die_source(first), use="damage"))
    assert state.cell_hp == 70 - 2
    state = act(state, Spend(player=0, source=die_source(second), use="damage"))
    assert state.cell_hp == 70 - 3
    state = act(state, EndTurn(player=0))
    assert state.fighters[0].struck_first is False


def test_trunks_bonus_applies_once_to_a_power_up_too():
    """CONTENT.md decision 6 with decision 23: Power Up damage dice go on the track, so the first of them
    carries the +1, once."""
    tile = power_up_where(
        "plain damage with two fixed dice",
        lambda t: ops(t) == {"damage"} and len(t.activation_cost) == 2 and "any" not in t.activation_cost,
    )
    state = quiet_game("trunks", "goku", "gohan", "vegeta")
    equip(state, 0, tile.id)
    dice = set_faces(state, *tile.activation_cost)  # type: ignore[arg-type]
    state = pay(state, 0, "activate", tile.id, [die_source(die) for die in dice])
    assert state.cell_hp == 70 - amount(tile, "damage") - 1


def test_every_fighter_ability_is_known_to_the_engine():
    """CONTENT.md decision 6: each of the six mats has an ability the engine implements."""
    assert {fighter.ability for fighter in catalogue().fighters} == {
        "free_reroll",
        "change_face",
        "starting_tile",
        "share_any",
        "discount_and_gift",
        "first_strike",
    }
