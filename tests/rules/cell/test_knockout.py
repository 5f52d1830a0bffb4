"""Getting Knocked Out (rulebook lines 112-117) and CONTENT.md decision 10."""

from __future__ import annotations

from rules.cell import RULES
from rules.cell.actions import ChangeFace, Choose, Confirm, EndTurn, GiveTile, Roll, Spend, StartSelection
from rules.cell.content import catalogue
from rules.cell.state import CellState
from tests.rules.cell.helpers import (
    act,
    act_with_events,
    amount,
    die_source,
    equip,
    fill_meter,
    give_tokens,
    harmless,
    kinds,
    mat,
    ops,
    put_threats,
    rejected,
    set_faces,
    set_hp,
    start,
    threat_where,
    token_source,
)


def knocked_out_turn(*fighters: str) -> CellState:
    """Seat 0 is KO'd and has rolled; seat 1 is standing and hurt."""
    state = start(*fighters)
    put_threats(state)
    set_hp(state, 0, 0)
    set_hp(state, 1, 2)
    return state


def test_a_fighter_at_zero_health_is_knocked_out():
    """Line 113: "A Z-Fighter is knocked out — or KO'd — when their health is reduced to zero"."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    set_hp(state, 0, 1)
    state = act(state, Roll(player=0), EndTurn(player=0), Roll(player=1))
    state, events = act_with_events(state, EndTurn(player=1))
    assert state.fighters[0].hp == 0 and state.fighters[0].knocked_out
    assert state.fighters[1].hp == state.fighters[1].max_hp - amount(tile, "damage_all")
    assert "fighter_ko" in kinds(events)


def test_a_knocked_out_fighter_still_rolls():
    """Line 114: "If a Z-Fighter has been KO'd, they still roll their dice on their turn"."""
    state = knocked_out_turn("goku", "gohan")
    state = act(state, Roll(player=0))
    assert state.rolled
    assert all(die.face is not None or die.zone == "meter" for die in state.dice if die.owner == 0)


def first_roll_with_dragon_balls(state: CellState, count: int = 1) -> tuple[CellState, list[str]]:
    """Seat 0's roll under the first generator seed that shows at least ``count`` Dragon Balls."""
    for seed in range(200):
        state.rng.seed = seed
        rolled, events = act_with_events(state, Roll(player=0))
        faces = next(event.data["faces"] for event in events if event.kind == "rolled")
        if faces.count("dragon_ball") >= count:
            return rolled, faces
    raise AssertionError(f"no roll with {count} Dragon Balls in 200 seeds")


def test_a_knocked_out_fighters_dragon_balls_go_to_the_meter():
    """Line 115: "Dragon Balls are automatically added to the Dragon Ball Meter"."""
    state, faces = first_roll_with_dragon_balls(knocked_out_turn("goku", "gohan"))
    assert len(state.dragon_ball_meter) == faces.count("dragon_ball")
    assert all(placement.placed_by == 0 for placement in state.dragon_ball_meter)
    assert not [die for die in mat(state, 0) if die.face == "dragon_ball"]


def test_with_the_meter_full_the_dragon_balls_stay_unused():
    """CONTENT.md decision 4: a KO'd fighter's Dragon Balls go to the meter while it has room; the rest
    stay on the mat, unused."""
    state = knocked_out_turn("goku", "gohan", "vegeta")
    room_for_one = catalogue().board.meter_size(3) - 1
    fill_meter(state, 2, 5)
    fill_meter(state, 1, room_for_one - 5)
    state, faces = first_roll_with_dragon_balls(state, count=2)
    assert len(state.dragon_ball_meter) == catalogue().board.meter_size(3)
    left = [die for die in mat(state, 0) if die.face == "dragon_ball"]
    assert len(left) == faces.count("dragon_ball") - 1
    rejected(state, Spend(player=0, source=die_source(left[0].id), use="meter"), "ko_share_only")


def test_a_knocked_out_fighter_can_only_share_assists():
    """Line 116: "Assists can only be shared with other Z-Fighters"."""
    state = knocked_out_turn("gohan", "vegeta")
    (assist,) = set_faces(state, "assist")
    rejected(state, Spend(player=0, source=die_source(assist), use="heal", target=1), "ko_share_only")
    state = act(state, Spend(player=0, source=die_source(assist), use="share", target=1))
    assert state.dice[assist].holder == 1


def test_a_knocked_out_fighter_cannot_attack_reroll_or_use_power_ups():
    """Line 117: "Attacks and Super Attacks cannot be spent, dice cannot be rerolled, and that fighter's
    Power Up Tiles cannot be used"; CONTENT.md decision 10: nor bought."""
    state = knocked_out_turn("vegeta", "gohan")
    kamehameha = state.fighters[0].power_ups[0]
    attack, super_attack, assist = set_faces(state, "attack", "super_attack", "assist")
    rejected(state, Spend(player=0, source=die_source(attack), use="damage"), "ko_share_only")
    rejected(state, Spend(player=0, source=die_source(super_attack), use="damage"), "ko_share_only")
    rejected(state, StartSelection(player=0, purpose="reroll", burn=assist), "ko_no_reroll")
    rejected(state, StartSelection(player=0, purpose="activate", tile=kamehameha), "ko_no_power_ups")
    rejected(state, StartSelection(player=0, purpose="buy", tile=state.power_supply[0]), "ko_no_power_ups")


def test_a_knocked_out_fighter_cannot_cancel_threats_or_spend_tokens():
    """CONTENT.md decision 10: no Dragon Ball tokens, no healing; only sharing is left for dice."""
    tile = threat_where("with a single wild", lambda tile: "any" in tile.cost)
    state = knocked_out_turn("goku", "gohan")
    put_threats(state, tile.id)
    give_tokens(state, 0, "wild")
    (attack,) = set_faces(state, "attack")
    rejected(state, Spend(player=0, source=die_source(attack), use="cancel", target=tile.id), "ko_share_only")
    rejected(
        state, Spend(player=0, source=token_source("wild", "assist"), use="heal", target=1), "ko_no_tokens"
    )


def test_a_knocked_out_fighters_assists_are_stuck_under_a_no_share_threat():
    """CONTENT.md decision 10: a no-share threat leaves a KO'd fighter's Assists unused."""
    tile = threat_where("no sharing", lambda tile: "no_share" in tile.restrictions)
    state = knocked_out_turn("gohan", "vegeta")
    put_threats(state, tile.id)
    set_faces(state, "assist", "assist")
    assert [action.type for action in RULES.legal_actions(state, 0)] == ["end_turn"]


def test_a_knocked_out_fighter_may_burn_a_die_to_retrieve():
    """CONTENT.md decision 10: a KO'd fighter may burn a die to retrieve dice."""
    state = knocked_out_turn("goku", "gohan")
    fill_meter(state, 1, 1)
    on_meter = state.dragon_ball_meter[0].die
    assert on_meter is not None
    (attack,) = set_faces(state, "attack")
    state = act(
        state,
        StartSelection(player=0, purpose="retrieve", burn=attack),
        Choose(player=0, source=die_source(on_meter)),
        Confirm(player=0),
    )
    assert (state.dice[on_meter].zone, state.dice[on_meter].holder) == ("mat", 1)


def test_a_knocked_out_goku_may_share_any_die():
    """CONTENT.md decision 10: a KO'd Goku may share any die."""
    state = knocked_out_turn("goku", "gohan")
    (attack,) = set_faces(state, "attack")
    state = act(state, Spend(player=0, source=die_source(attack), use="share", target=1))
    assert state.dice[attack].holder == 1


def test_a_knocked_out_piccolo_cannot_change_a_face():
    """CONTENT.md decision 10 and decision 14: a KO'd Piccolo cannot change a face."""
    state = knocked_out_turn("piccolo", "gohan")
    (attack,) = set_faces(state, "attack")
    rejected(state, ChangeFace(player=0, die=attack, face="assist"), "ko_no_ability")


def test_a_knocked_out_krillin_may_give_tiles_even_to_a_knocked_out_fighter():
    """CONTENT.md decision 10 and decision 17: a KO'd fighter may give Power Ups (Krillin), also to a
    KO'd fighter, and be given them."""
    state = knocked_out_turn("krillin", "gohan", "goku")
    set_hp(state, 2, 0)
    equip(state, 0, state.power_supply[0], state.power_supply[1])
    first, second = state.fighters[0].power_ups
    set_faces(state, "attack")
    state = act(state, GiveTile(player=0, tile=first, to=2), GiveTile(player=0, tile=second, to=1))
    assert state.fighters[2].power_ups == [first]
    assert state.fighters[1].power_ups == [second]


def test_knocked_out_fighters_take_no_more_damage():
    """Line 113: health is "reduced to zero" and no lower."""
    tile = threat_where("damage_all only", lambda tile: harmless(tile) and ops(tile) == {"damage_all"})
    state = knocked_out_turn("goku", "gohan")
    put_threats(state, tile.id)
    set_hp(state, 1, state.fighters[1].max_hp)
    state = act(state, Roll(player=0), EndTurn(player=0), Roll(player=1), EndTurn(player=1))
    assert state.fighters[0].hp == 0


def test_a_knocked_out_fighter_cannot_buy_with_krillins_discount_either():
    """CONTENT.md decision 10: no Power Ups are bought by a KO'd fighter, Krillin included."""
    state = knocked_out_turn("krillin", "gohan")
    tile = state.power_supply[0]
    set_faces(state, "assist", "assist", "assist")
    rejected(state, StartSelection(player=0, purpose="buy", tile=tile), "ko_no_power_ups")
