"""Acquire Powers and A Closer Look: Power Up Tiles (rulebook lines 65-66 and 77-85)."""

from __future__ import annotations

from rules.cell import board
from rules.cell.actions import CancelSelection, Choose, Confirm, EndTurn, Spend, StartSelection
from rules.cell.content import Face, PowerUpTile, catalogue
from rules.cell.state import CellState, Source
from tests.rules.cell.helpers import (
    act,
    amount,
    die_source,
    equip,
    fill_track,
    give_tokens,
    ops,
    pay,
    power_up_where,
    put_in_supply,
    put_threats,
    rejected,
    set_faces,
    set_hp,
    start,
    token_source,
)


def costed(tile: PowerUpTile, fill: Face = "attack") -> list[Face]:
    """Faces that pay the tile's activation cost, ``fill`` standing in for each wild."""
    return [fill if slot == "any" else slot for slot in tile.activation_cost]


def dice_sources(dice: list[int]) -> list[Source]:
    return [die_source(die) for die in dice]


def buyable(cost_at_most: int = 3) -> PowerUpTile:
    return power_up_where(f"costing {cost_at_most} or less", lambda tile: tile.purchase_cost <= cost_at_most)


def plain_damage_tile(dice_at_most: int = 3) -> PowerUpTile:
    return power_up_where(
        "plain damage",
        lambda tile: (
            ops(tile) == {"damage"}
            and not tile.once_per_turn
            and "any" not in tile.activation_cost
            and len(tile.activation_cost) <= dice_at_most
        ),
    )


def ready_to_buy(tile: PowerUpTile, fighter: str = "goku") -> tuple[CellState, list[int]]:
    state = start(fighter, "gohan")
    put_in_supply(state, tile.id)
    assists = set_faces(state, *["assist"] * tile.purchase_cost)  # type: ignore[list-item]
    return state, assists


# Acquiring.


def test_assists_acquire_a_tile_from_the_supply():
    """Line 66: "Assists can be spent to acquire face-up Power Up Tiles from the Power Supply. The cost
    ... is indicated by the number of Assists shown"."""
    tile = buyable()
    state, assists = ready_to_buy(tile)
    state = pay(state, 0, "buy", tile.id, dice_sources(assists))
    assert state.fighters[0].power_ups == [tile.id]
    assert tile.id not in state.power_supply
    assert all(state.dice[die].zone == "spent" for die in assists)


def test_a_purchase_is_paid_with_assists_only():
    """Line 66 and line 156: Assists acquire Power Up Tiles."""
    tile = buyable()
    state, _ = ready_to_buy(tile)
    attack = set_faces(state, "attack", *["assist"] * tile.purchase_cost)[0]  # type: ignore[list-item]
    state = act(state, StartSelection(player=0, purpose="buy", tile=tile.id))
    rejected(state, Choose(player=0, source=die_source(attack)), "wrong_face")


def test_a_tile_you_cannot_afford_cannot_be_started():
    """Line 80: acquire tiles "as long as you can afford them"."""
    tile = power_up_where("costing 2 or more", lambda tile: tile.purchase_cost >= 2)
    state, _ = ready_to_buy(tile)
    set_faces(state, *["assist"] * (tile.purchase_cost - 1), "attack")  # type: ignore[list-item]
    rejected(state, StartSelection(player=0, purpose="buy", tile=tile.id), "cannot_afford")


def test_only_face_up_supply_tiles_can_be_acquired():
    """Line 66: tiles are acquired "from the Power Supply"."""
    state = start("goku")
    set_faces(state, "assist", "assist", "assist", "assist", "assist")
    rejected(state, StartSelection(player=0, purpose="buy", tile=state.power_stack[-1]), "not_in_supply")
    rejected(state, StartSelection(player=0, purpose="buy", tile=99), "no_such_tile")


def test_several_tiles_may_be_acquired_in_one_turn():
    """Line 80: "you may acquire as many face-up Power Up Tiles from the Power Supply as you wish to"."""
    first, second = sorted(catalogue().power_ups, key=lambda tile: tile.purchase_cost)[:2]
    state = start("goku")
    put_in_supply(state, first.id, second.id)
    assists = set_faces(state, *["assist"] * (first.purchase_cost + second.purchase_cost))  # type: ignore[list-item]
    state = pay(state, 0, "buy", first.id, dice_sources(assists[: first.purchase_cost]))
    state = pay(state, 0, "buy", second.id, dice_sources(assists[first.purchase_cost :]))
    assert state.fighters[0].power_ups == [first.id, second.id]


def test_the_supply_refills_only_at_the_end_of_each_players_turn():
    """Line 80: "The Power Supply refills up to 3 only at the end of each player's turn"."""
    tile = buyable()
    state, assists = ready_to_buy(tile)
    next_tile = state.power_stack[-1]
    state = pay(state, 0, "buy", tile.id, dice_sources(assists))
    assert len(state.power_supply) == 2
    state = act(state, EndTurn(player=0))
    assert state.active_seat == 1
    assert len(state.power_supply) == 3 and next_tile in state.power_supply


def test_an_empty_power_stack_leaves_the_supply_short():
    """CONTENT.md decision 18: when the stack runs out, the supply stays short (no reshuffle)."""
    tile = buyable()
    state, assists = ready_to_buy(tile)
    state.power_discard.extend(state.power_stack)
    state.power_stack = []
    state = pay(state, 0, "buy", tile.id, dice_sources(assists))
    state = act(state, EndTurn(player=0))
    assert len(state.power_supply) == 2


def test_a_fourth_tile_forces_a_discard_that_leaves_the_game():
    """Line 81: "You can have a maximum of 3 Power Tiles equipped at a time. If you acquire another,
    you must immediately discard one that was previously equipped"; CONTENT.md decision 18: discards
    leave the game."""
    tile = buyable()
    state, assists = ready_to_buy(tile)
    held = state.power_stack[:3]
    equip(state, 0, *held)
    state = act(state, StartSelection(player=0, purpose="buy", tile=tile.id))
    for die in assists:
        state = act(state, Choose(player=0, source=die_source(die)))
    rejected(state, Confirm(player=0), "discard_needed")
    rejected(state, Confirm(player=0, discard=state.power_supply[-1]), "discard_needed")
    state = act(state, Confirm(player=0, discard=held[1]))
    assert state.fighters[0].power_ups == [held[0], held[2], tile.id]
    assert held[1] in state.power_discard
    state = act(state, EndTurn(player=0))
    assert held[1] not in state.power_supply + state.power_stack


def test_no_discard_while_there_is_room():
    """Line 81: a discard is needed only beyond 3 tiles."""
    tile = buyable()
    state, assists = ready_to_buy(tile)
    equip(state, 0, state.power_stack[0])
    state = act(state, StartSelection(player=0, purpose="buy", tile=tile.id))
    for die in assists:
        state = act(state, Choose(player=0, source=die_source(die)))
    rejected(state, Confirm(player=0, discard=state.fighters[0].power_ups[0]), "no_discard")


def test_tokens_pay_for_tiles_too():
    """Line 99-100: a Wild token is spent as any face, an Assist here; several tokens of one kind may
    pay one cost."""
    tile = power_up_where("costing 2 or more", lambda tile: tile.purchase_cost >= 2)
    state, _ = ready_to_buy(tile)
    set_faces(state)
    give_tokens(state, 0, *["wild"] * tile.purchase_cost)  # type: ignore[list-item]
    state = pay(state, 0, "buy", tile.id, [token_source("wild", "assist")] * tile.purchase_cost)
    assert state.fighters[0].power_ups == [tile.id]
    assert state.fighters[0].tokens == []
    assert state.token_discard == ["wild"] * tile.purchase_cost


# Using.


def test_a_tile_is_used_by_spending_its_whole_cost_at_once():
    """Line 79: "You must spend all of the required dice at once in order to use the effect"."""
    tile = plain_damage_tile()
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = act(state, StartSelection(player=0, purpose="activate", tile=tile.id))
    for die in dice[:-1]:
        state = act(state, Choose(player=0, source=die_source(die)))
    rejected(state, Confirm(player=0), "not_paid")
    rejected(state, EndTurn(player=0), "finish_selection")
    rejected(state, Spend(player=0, source=die_source(dice[-1]), use="damage"), "finish_selection")
    state = act(state, Choose(player=0, source=die_source(dice[-1])))
    rejected(state, Choose(player=0, source=die_source(dice[0])), "die_already_chosen")
    state = act(state, Confirm(player=0))
    assert state.cell_hp == 70 - amount(tile, "damage")


def test_cancelling_a_payment_spends_nothing():
    """Line 79: the effect is used only when all of the required dice are spent."""
    tile = plain_damage_tile()
    state = start("goku")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = act(state, StartSelection(player=0, purpose="activate", tile=tile.id))
    state = act(state, Choose(player=0, source=die_source(dice[0])), CancelSelection(player=0))
    assert state.selection is None
    assert all(state.dice[die].zone == "mat" and state.dice[die].face is not None for die in dice)
    assert state.cell_hp == 70


def test_the_wrong_face_is_not_part_of_the_cost():
    """Line 85: the Activation Cost is "the dice spent to use its effect"."""
    tile = plain_damage_tile()
    wrong: Face = next(
        face for face in ("dragon_ball", "assist", "attack") if face not in tile.activation_cost
    )
    state = start("goku")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile), wrong)
    state = act(state, StartSelection(player=0, purpose="activate", tile=tile.id))
    rejected(state, Choose(player=0, source=die_source(dice[-1])), "wrong_face")
    for die in dice[:-1]:
        state = act(state, Choose(player=0, source=die_source(die)))
    rejected(state, Choose(player=0, source=die_source(dice[-1])), "paid_in_full")


def test_only_equipped_tiles_can_be_used():
    """Line 78: Power Ups are used once acquired."""
    tile = plain_damage_tile()
    state = start("goku")
    set_faces(state, *costed(tile))
    rejected(state, StartSelection(player=0, purpose="activate", tile=tile.id), "not_equipped")


def test_a_tile_can_be_used_again_by_paying_again():
    """Line 79: "By spending the required dice multiple times, you can use a single Power Up Tile
    multiple times per turn"."""
    tile = plain_damage_tile(dice_at_most=2)
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile) * 2)
    size = len(tile.activation_cost)
    state = pay(state, 0, "activate", tile.id, dice_sources(dice[:size]))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice[size:]))
    bonus = sum(
        row_bonus for row_end, row_bonus in board.track_row_ends(state) if row_end <= len(state.damage_track)
    )
    assert state.cell_hp == 70 - 2 * amount(tile, "damage") - bonus


def test_a_once_per_turn_tile_is_used_once_per_turn():
    """Line 79: "(unless stated otherwise)" — a tile marked once per turn."""
    tile = power_up_where("once per turn damage", lambda tile: tile.once_per_turn and ops(tile) == {"damage"})
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    give_tokens(state, 0, *["wild"] * len(tile.activation_cost))  # type: ignore[list-item]
    rejected(state, StartSelection(player=0, purpose="activate", tile=tile.id), "once_per_turn")
    state = act(state, EndTurn(player=0))
    assert state.fighters[0].power_ups_used == []


def test_damage_dice_go_on_the_track():
    """Line 103: "Make sure you always place dice used to deal damage to Cell on the Damage Track";
    CONTENT.md decision 23."""
    tile = plain_damage_tile()
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    assert [placement.die for placement in state.damage_track] == dice
    assert all(state.dice[die].zone == "track" for die in dice)


def test_a_damage_tile_needs_room_on_the_track():
    """CONTENT.md decision 23: a Power Up that deals damage needs that many free slots."""
    tile = power_up_where(
        "plain damage with two dice or more", lambda t: ops(t) == {"damage"} and len(t.activation_cost) >= 2
    )
    state = start("goku")
    equip(state, 0, tile.id)
    fill_track(state, board.track_capacity(state) - 1)
    set_faces(state, *costed(tile))
    rejected(state, StartSelection(player=0, purpose="activate", tile=tile.id), "track_full")


def test_power_up_dice_complete_rows():
    """CONTENT.md decision 23: the activation dice on the track can complete rows (line 104)."""
    tile = plain_damage_tile()
    state = start("goku")
    equip(state, 0, tile.id)
    first_row_end, first_bonus = board.track_row_ends(state)[0]
    fill_track(state, first_row_end - 1)
    dice = set_faces(state, *costed(tile))
    state.cell_hp = 60
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    bonuses = sum(
        bonus
        for end, bonus in board.track_row_ends(state)
        if first_row_end - 1 < end <= len(state.damage_track)
    )
    assert bonuses >= first_bonus
    assert state.cell_hp == 60 - amount(tile, "damage") - bonuses


def test_other_tiles_spend_their_dice_for_the_turn():
    """CONTENT.md decision 23 and decision 1: dice paying a non-damage Power Up are spent and return to
    their owner at the end of the turn."""
    tile = power_up_where("heal all", lambda tile: ops(tile) == {"heal_all"})
    state = start("goku", "gohan")
    put_threats(state)
    equip(state, 0, tile.id)
    set_hp(state, 0, 1)
    set_hp(state, 1, 0)
    dice = set_faces(state, *costed(tile))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    assert state.fighters[0].hp == 1 + amount(tile, "heal_all")
    assert state.fighters[1].hp == 0
    assert all(state.dice[die].zone == "spent" for die in dice)
    state = act(state, EndTurn(player=0))
    assert all(state.dice[die].zone == "mat" for die in dice)


def test_a_healing_tile_heals_the_fighter_you_choose():
    """Power Up effect "a Z-Fighter of your choice regains HP" (CONTENT.md: effect ``heal``); a KO'd or
    full-health fighter can't be chosen (line 60, decision 8)."""
    tile = power_up_where("heal a chosen fighter", lambda tile: tile.needs_target)
    state = start("goku", "gohan", "vegeta")
    equip(state, 0, tile.id)
    set_hp(state, 1, 1)
    set_hp(state, 2, 0)
    dice = set_faces(state, *costed(tile))
    paying = act(state, StartSelection(player=0, purpose="activate", tile=tile.id))
    for die in dice:
        paying = act(paying, Choose(player=0, source=die_source(die)))
    rejected(paying, Confirm(player=0), "bad_target")
    rejected(paying, Confirm(player=0, target=2), "heal_ko")
    rejected(paying, Confirm(player=0, target=0), "heal_full")
    healed = act(paying, Confirm(player=0, target=1))
    assert healed.fighters[1].hp == min(healed.fighters[1].max_hp, 1 + amount(tile, "heal"))


def test_a_token_tile_collects_tokens():
    """Power Up effect ``collect_tokens`` (CONTENT.md)."""
    tile = power_up_where("collect tokens", lambda tile: ops(tile) == {"collect_tokens"})
    state = start("goku")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    assert len(state.fighters[0].tokens) == amount(tile, "collect_tokens")


def test_a_self_damaging_tile_costs_the_user_health():
    """Power Up effect ``self_damage`` (CONTENT.md)."""
    tile = power_up_where("self damage", lambda tile: "self_damage" in ops(tile))
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    dice = set_faces(state, *costed(tile))
    state = pay(state, 0, "activate", tile.id, dice_sources(dice))
    assert state.fighters[0].hp == state.fighters[0].max_hp - amount(tile, "self_damage")
    assert state.cell_hp == 70 - amount(tile, "damage")


def test_tokens_of_one_kind_can_pay_a_whole_activation():
    """Line 99: "You may spend as many of your collected Dragon Ball Tokens as you wish on a turn"."""
    tile = power_up_where(
        "plain damage paid in Attacks",
        lambda t: ops(t) == {"damage"} and set(t.activation_cost) == {"attack"},
    )
    state = start("goku", "gohan", "vegeta", "piccolo")
    equip(state, 0, tile.id)
    set_faces(state, "assist")
    give_tokens(state, 0, *["attack"] * len(tile.activation_cost))  # type: ignore[list-item]
    state = pay(state, 0, "activate", tile.id, [token_source("attack")] * len(tile.activation_cost))
    assert state.cell_hp == 70 - amount(tile, "damage")
    assert [placement.token for placement in state.damage_track] == ["attack"] * len(tile.activation_cost)
