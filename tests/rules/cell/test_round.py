"""The round (rulebook lines 32-43), Cell Activates! (lines 118-125) and End of the Game (131-137)."""

from __future__ import annotations

from rules.cell.actions import EndTurn, Roll, Spend
from rules.cell.content import catalogue
from tests.rules.cell.helpers import (
    act,
    act_with_events,
    amount,
    die_source,
    end_turns,
    fill_meter,
    harmless,
    kinds,
    mat,
    only_fixed_faces,
    ops,
    put_threats,
    rejected,
    set_faces,
    set_hp,
    start,
    threat_where,
    threats_where,
)


def test_threats_are_revealed_before_the_first_turn():
    """Line 37: "after setup, game play begins with Threat Tiles being revealed before any Z-Fighter
    takes their turn"."""
    state = start("goku", "gohan", "vegeta")
    assert state.round == 1
    assert len(state.active_threats) == 3
    assert len(state.threat_stack) == 22 - 3
    assert not state.rolled and state.active_seat == 0


def test_each_round_reveals_one_threat_per_player():
    """Line 36: "reveal a number of Threat Tiles from the top of the stack equal to the number of players"."""
    state = start("goku", "gohan")
    put_threats(state)
    stack_top = state.threat_stack[-2:]
    state = end_turns(state, 2)
    assert state.round == 2
    assert [threat.tile for threat in state.active_threats] == list(reversed(stack_top))


def test_uncanceled_threats_stay_in_play():
    """Line 89: "Threat Tiles that have not been canceled remain in play from round to round"."""
    state = start("goku")
    tile = threat_where("harmless", lambda tile: harmless(tile) and "damage_all" not in ops(tile))
    put_threats(state, tile.id)
    state = end_turns(state, 1)
    assert state.active_threats[0].tile == tile.id
    assert len(state.active_threats) == 2


def test_fighters_take_turns_in_seat_order_then_cell_activates():
    """Lines 39-43: the start player first, then the others in order; then Cell activates."""
    state = start("goku", "gohan", "vegeta")
    put_threats(state)
    seats = []
    for _ in range(3):
        seats.append(state.active_seat)
        rejected(state, Roll(player=(state.active_seat + 1) % 3), "not_your_turn")
        state = act(state, Roll(player=state.active_seat))
        state, events = act_with_events(state, EndTurn(player=state.active_seat))
    assert seats == [0, 1, 2]
    assert "cell_activates" in kinds(events)
    assert state.round == 2


def test_the_first_seat_starts_every_round():
    """CONTENT.md decision 22: the first seat starts every round; seats follow join order."""
    state = start("goku", "gohan")
    put_threats(state)
    state = end_turns(state, 2)
    assert (state.round, state.active_seat) == (2, 0)


def test_a_turn_starts_by_rolling_every_die_on_the_mat():
    """Line 45: "To begin your turn, roll all of the dice that are on your Fighter Mat"."""
    state = start("goku", "gohan")
    rejected(state, EndTurn(player=0), "roll_first")
    state = act(state, Roll(player=0))
    assert all(die.face is not None for die in mat(state, 0))
    assert all(die.face is None for die in mat(state, 1))
    rejected(state, Roll(player=0), "already_rolled")


def test_canceled_threats_are_discarded_and_their_dice_return():
    """Line 121: "discard any Threat Tiles that the Z-Fighters have canceled ... Return those dice"."""
    state = start("goku")
    tile = threat_where("fixed", lambda tile: only_fixed_faces(tile) and len(tile.cost) <= 5)
    put_threats(state, tile.id)
    dice = set_faces(state, *tile.cost)
    for die in dice:
        state = act(state, Spend(player=0, source=die_source(die), use="cancel", target=tile.id))
    assert all(state.dice[die].zone == "threat" for die in dice)
    state, events = act_with_events(state, EndTurn(player=0))
    assert tile.id in state.discarded_threats
    assert tile.id not in [threat.tile for threat in state.active_threats]
    assert all(state.dice[die].zone == "mat" and state.dice[die].holder == 0 for die in dice)
    assert "threat_discarded" in kinds(events)


def test_remaining_threats_activate_in_reveal_order():
    """Line 123: "activate the effect listed on each remaining Threat Tile, one at a time";
    CONTENT.md decision 7: oldest first."""
    state = start("goku")
    tiles = threats_where(lambda tile: harmless(tile) and amount(tile, "damage_all") <= 1)[:3]
    put_threats(state, *(tile.id for tile in tiles))
    state = act(state, Roll(player=0))
    _, events = act_with_events(state, EndTurn(player=0))
    names = [tile.name for tile in tiles]
    acting = [
        str(event.text).split(":")[0]
        for event in events
        if event.kind in ("cell_healed", "fighter_damaged") and str(event.text).split(":")[0] in names
    ]
    assert list(dict.fromkeys(acting)) == names


def test_threat_damage_hits_every_fighter():
    """Line 123: "When Cell deals damage from a Threat Tile effect, he deals that amount of damage to
    each Z-Fighter"."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    state = end_turns(state, 2)
    for fighter in state.fighters:
        assert fighter.hp == fighter.max_hp - amount(tile, "damage_all")


def test_threat_healing_moves_cell_up():
    """Line 123: "When Cell regains health from a Threat Tile effect, adjust the HP Marker"."""
    tile = threat_where("a Cell heal", lambda tile: harmless(tile) and ops(tile) == {"heal_cell"})
    state = start("goku")
    put_threats(state, tile.id)
    state.cell_hp = 40
    state = end_turns(state, 1)
    assert state.cell_hp == 40 + amount(tile, "heal_cell")


def test_cell_never_heals_above_his_starting_health():
    """Line 123: "Cell can never go above his starting health"."""
    tile = threat_where("a Cell heal", lambda tile: harmless(tile) and ops(tile) == {"heal_cell"})
    state = start("goku")
    put_threats(state, tile.id)
    state.cell_hp = 69
    state = end_turns(state, 1)
    assert state.cell_hp == 70


def test_a_full_meter_revives_and_heals_everyone_then_returns_its_dice():
    """Line 125: "If it is full, revive any KO'd Z-Fighters and heal all Z-Fighters to their maximum
    health, then return the dice from the Dragon Ball Meter"; line 68."""
    state = start("goku", "gohan")
    put_threats(state)
    capacity = catalogue().board.meter_size(2)
    fill_meter(state, 1, 3)
    fill_meter(state, 0, capacity - 3)
    set_hp(state, 0, 0)
    set_hp(state, 1, 2)
    state, events = act_with_events(end_turns(state, 1), Roll(player=1))
    state, events = act_with_events(state, EndTurn(player=1))
    assert [fighter.hp for fighter in state.fighters] == [fighter.max_hp for fighter in state.fighters]
    assert state.dragon_ball_meter == []
    assert all(die.zone == "mat" and die.holder == die.owner for die in state.dice)
    assert "wish_granted" in kinds(events)


def test_a_meter_that_is_not_full_does_nothing():
    """Line 125: "If the Dragon Ball Meter is not full, nothing happens"."""
    state = start("goku", "gohan")
    put_threats(state)
    fill_meter(state, 1, 2)
    set_hp(state, 0, 3)
    state = end_turns(state, 2)
    assert state.fighters[0].hp == 3
    assert len(state.dragon_ball_meter) == 2


def test_the_meter_is_checked_after_the_threats_act():
    """Lines 122-125: threats act second, the meter is checked third, so a full meter heals the
    damage a threat just dealt."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = start("goku")
    put_threats(state, tile.id)
    fill_meter(state, 0, catalogue().board.meter_size(1))
    set_faces(state)
    state = act(state, EndTurn(player=0))
    assert state.fighters[0].hp == state.fighters[0].max_hp


def test_the_game_is_won_at_once_when_cell_reaches_zero():
    """Lines 132-133 and 136: the game ends immediately when Cell's health is reduced to zero."""
    state = start("goku", "gohan")
    put_threats(state)
    state.cell_hp = 1
    dice = set_faces(state, "attack", "attack")
    state, events = act_with_events(state, Spend(player=0, source=die_source(dice[0]), use="damage"))
    assert state.outcome is not None
    assert (state.outcome.result, state.outcome.reason) == ("win", "cell_defeated")
    assert state.cell_hp == 0
    assert "game_won" in kinds(events)
    rejected(state, Spend(player=0, source=die_source(dice[1]), use="damage"), "game_over")
    rejected(state, EndTurn(player=0), "game_over")


def test_the_game_is_lost_when_every_fighter_is_knocked_out():
    """Line 134: "All Z-Fighters are currently KO'd" ends the game (line 137: a loss)."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    set_hp(state, 0, 1)
    set_hp(state, 1, 1)
    state = end_turns(state, 2)
    assert state.outcome is not None
    assert (state.outcome.result, state.outcome.reason) == ("loss", "all_knocked_out")
    assert state.round == 1


def test_all_knocked_out_with_a_full_meter_is_still_a_loss():
    """CONTENT.md decision 20: the literal "ends immediately" stands, before the meter check."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = start("goku")
    put_threats(state, tile.id)
    fill_meter(state, 0, catalogue().board.meter_size(1))
    set_hp(state, 0, 1)
    set_faces(state)
    state = act(state, EndTurn(player=0))
    assert state.outcome is not None and state.outcome.reason == "all_knocked_out"
    assert state.fighters[0].hp == 0


def test_the_game_is_lost_when_a_threat_must_be_drawn_from_an_empty_stack():
    """Line 135: "You need to draw a Threat Tile but the stack is empty"."""
    state = start("goku")
    put_threats(state)
    state.discarded_threats.extend(state.threat_stack)
    state.threat_stack = []
    state = end_turns(state, 1)
    assert state.outcome is not None
    assert (state.outcome.result, state.outcome.reason) == ("loss", "threat_stack_empty")


def test_running_out_partway_through_a_reveal_loses_at_once():
    """CONTENT.md decision 21: an empty stack partway through a reveal loses the game at once."""
    state = start("goku", "gohan", "vegeta")
    put_threats(state)
    state.discarded_threats.extend(state.threat_stack[1:])
    state.threat_stack = state.threat_stack[:1]
    last = state.threat_stack[0]
    state = end_turns(state, 3)
    assert state.outcome is not None and state.outcome.reason == "threat_stack_empty"
    assert [threat.tile for threat in state.active_threats] == [last]
    rejected(state, Roll(player=0), "game_over")


def test_the_four_sturdiest_fighters_all_start_at_full_health_from_the_boxs_tokens():
    """Lines 12 and 21: each player takes HP tokens equal to their maximum health from the box's 25;
    the content is made so even the four sturdiest fighters all start at full health."""
    sturdiest = sorted(catalogue().fighters, key=lambda fighter: -fighter.max_hp)[:4]
    state = start(*(fighter.id for fighter in sturdiest))
    assert all(fighter.hp == fighter.max_hp for fighter in state.fighters)
    assert sum(fighter.hp for fighter in state.fighters) <= catalogue().board.hp_tokens
