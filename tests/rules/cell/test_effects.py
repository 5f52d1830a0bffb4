"""The effect steps threat and Power Up tiles are made of (CONTENT.md "Threat tiles and Power Up
tiles"; rulebook line 123 for threats acting on the Z-Fighters)."""

from __future__ import annotations

from rules.cell.actions import EndTurn, Spend
from rules.cell.content import EffectStep, catalogue
from rules.cell.effects import POWER_UP_OPS, THREAT_OPS, EffectContext
from rules.cell.state import CellState
from tests.rules.cell.helpers import (
    act,
    amount,
    die_source,
    equip,
    fill_meter,
    give_tokens,
    ops,
    pay,
    power_up_where,
    put_threats,
    set_faces,
    set_hp,
    start,
    threat_where,
)


def run_threat_step(state: CellState, op: str, how_much: int) -> None:
    THREAT_OPS[op](
        EffectContext(state=state, events=[], source_name="Test"), EffectStep(op=op, amount=how_much)
    )


def test_every_effect_in_the_data_is_registered():
    """CONTENT.md: effects are steps interpreted by the registry in rules/cell/effects.py."""
    for tile in catalogue().threats:
        assert ops(tile) <= THREAT_OPS.keys()
    for power_up in catalogue().power_ups:
        assert ops(power_up) <= POWER_UP_OPS.keys()


def test_threat_damage_hits_every_standing_fighter():
    """Line 123: "When Cell deals damage from a Threat Tile effect, he deals that amount of damage to
    each Z-Fighter"; a KO'd fighter has nothing left to lose (line 113)."""
    state = start("goku", "piccolo", "gohan")
    set_hp(state, 0, 5)
    set_hp(state, 1, 0)
    set_hp(state, 2, 3)
    run_threat_step(state, "damage_all", 2)
    assert [fighter.hp for fighter in state.fighters] == [3, 0, 1]


def test_discarding_tokens_drops_the_latest_ones():
    """CONTENT.md: ``discard_tokens`` — each fighter loses their most recently collected tokens."""
    state = start("goku", "gohan")
    give_tokens(state, 0, "attack", "wild", "super_attack")
    give_tokens(state, 1, "attack")
    run_threat_step(state, "discard_tokens", 2)
    assert state.fighters[0].tokens == ["attack"]
    assert state.fighters[1].tokens == []
    assert sorted(state.token_discard) == ["attack", "super_attack", "wild"]


def test_discarding_more_tokens_than_held_drops_them_all():
    """CONTENT.md: ``discard_tokens`` never takes more than a fighter holds, nor fewer."""
    state = start("goku")
    give_tokens(state, 0, "attack", "wild")
    run_threat_step(state, "discard_tokens", 3)
    assert state.fighters[0].tokens == []
    assert sorted(state.token_discard) == ["attack", "wild"]


def test_draining_the_meter_returns_the_latest_dice_to_their_owners():
    """CONTENT.md: ``drain_meter`` — the most recently placed Dragon Balls return to their owners."""
    state = start("goku", "gohan")
    fill_meter(state, 0, 2)
    fill_meter(state, 1, 1)
    first, _, last = (placement.die for placement in state.dragon_ball_meter)
    run_threat_step(state, "drain_meter", 2)
    assert [placement.die for placement in state.dragon_ball_meter] == [first]
    assert (state.dice[last].zone, state.dice[last].holder, state.dice[last].face) == ("mat", 1, None)


def test_draining_more_than_the_meter_holds_empties_it():
    """CONTENT.md: ``drain_meter`` never takes more than the meter holds, nor fewer."""
    state = start("goku")
    fill_meter(state, 0, 2)
    run_threat_step(state, "drain_meter", 3)
    assert state.dragon_ball_meter == []
    assert all(die.zone == "mat" for die in state.dice)


def test_a_token_discarding_threat_acts_when_cell_activates():
    """Line 123: each remaining threat's effect acts when Cell activates."""
    tile = threat_where(
        "discarding tokens", lambda tile: "discard_tokens" in ops(tile) and not tile.restrictions
    )
    state = start("goku")
    put_threats(state, tile.id)
    give_tokens(state, 0, "attack", "attack", "wild")
    set_faces(state)
    state = act(state, EndTurn(player=0))
    assert len(state.fighters[0].tokens) == max(0, 3 - amount(tile, "discard_tokens"))


def test_retrieving_your_own_dice_takes_them_from_threats_and_the_meter_rolled():
    """CONTENT.md, decision 24: Power Up effect ``retrieve_own`` returns the user's dice from Threat
    tiles and the Dragon Ball Meter, leaving everyone else's, and rolls them, ready to spend."""
    tile = power_up_where("retrieving own dice", lambda tile: ops(tile) == {"retrieve_own"})
    threat = threat_where(
        "with a single wild", lambda threat: "any" in threat.cost and not threat.restrictions
    )
    state = start("goku", "gohan")
    put_threats(state, threat.id)
    equip(state, 0, tile.id)
    fill_meter(state, 1, 1)
    fill_meter(state, 0, 1)
    own_on_meter = state.dragon_ball_meter[-1].die
    assert own_on_meter is not None
    faces = ["super_attack", *[face if face != "any" else "assist" for face in tile.activation_cost]]
    on_threat, *paying = set_faces(state, *faces)  # type: ignore[arg-type]
    state = act(state, Spend(player=0, source=die_source(on_threat), use="cancel", target=threat.id))
    state = pay(state, 0, "activate", tile.id, [die_source(die) for die in paying])
    active = state.active_threat(threat.id)
    assert active is not None and active.placed == []
    assert [state.dice[p.die].owner for p in state.dragon_ball_meter if p.die is not None] == [1]
    for die in (on_threat, own_on_meter):
        assert (state.dice[die].zone, state.dice[die].holder) == ("mat", 0)
        assert state.dice[die].face is not None
    state.fighters[0].hp -= 1
    face = state.dice[on_threat].face
    spend = (
        Spend(player=0, source=die_source(on_threat), use="damage")
        if face in ("attack", "super_attack")
        else Spend(player=0, source=die_source(on_threat), use="heal", target=0)
    )
    assert act(state, spend).dice[on_threat].zone != "mat"


def test_instant_transmission_works_under_a_no_reroll_threat():
    """CONTENT.md, decision 24: rolling the retrieved dice is not a reroll."""
    tile = power_up_where("retrieving own dice", lambda tile: ops(tile) == {"retrieve_own"})
    blocker = threat_where("forbidding rerolls", lambda threat: "no_reroll" in threat.restrictions)
    state = start("goku")
    put_threats(state, blocker.id)
    equip(state, 0, tile.id)
    fill_meter(state, 0, 1)
    parked = state.dragon_ball_meter[-1].die
    assert parked is not None
    cost = [face if face != "any" else "assist" for face in tile.activation_cost]
    paying = set_faces(state, *cost)  # type: ignore[arg-type]
    state = pay(state, 0, "activate", tile.id, [die_source(die) for die in paying])
    assert state.dice[parked].zone == "mat" and state.dice[parked].face is not None
