"""Spending dice one at a time (rulebook lines 44-76, 101-111): heal, deal damage, fill the Dragon
Ball Meter and collect Dragon Ball tokens, with dice and with tokens."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.cell import board
from rules.cell.actions import EndTurn, Roll, Spend
from rules.cell.content import catalogue
from rules.cell.state import Source
from tests.rules.cell.helpers import (
    act,
    act_with_events,
    die_source,
    end_turns,
    fill_meter,
    fill_track,
    give_tokens,
    kinds,
    mat,
    put_threats,
    rejected,
    set_faces,
    set_hp,
    start,
    token_source,
)


def heal(seat: int, source: Source, target: int) -> Spend:
    return Spend(player=seat, source=source, use="heal", target=target)


def damage(seat: int, source: Source) -> Spend:
    return Spend(player=seat, source=source, use="damage")


# Heal Z-Fighters.


@pytest.mark.parametrize("face", ["dragon_ball", "assist"])
def test_dragon_balls_and_assists_heal_a_fighter_of_your_choice(face: str):
    """Line 59: "Dragon Balls and Assists can be spent to heal yourself or other Z-Fighters. For each
    die spent, an active Z-Fighter of your choice regains 1 HP Token"."""
    state = start("goku", "gohan")
    (die,) = set_faces(state, face)  # type: ignore[arg-type]
    set_hp(state, 1, 2)
    state, events = act_with_events(state, heal(0, die_source(die), 1))
    assert state.fighters[1].hp == 3
    assert state.dice[die].zone == "spent"
    (healed,) = [event for event in events if event.kind == "fighter_healed"]
    assert (healed.actor, healed.data["fighter"]) == (0, 1), "the healer made the move"


def test_a_fighter_can_heal_themself():
    """Line 59: "heal yourself or other Z-Fighters"."""
    state = start("goku")
    (die,) = set_faces(state, "assist")
    set_hp(state, 0, 4)
    assert act(state, heal(0, die_source(die), 0)).fighters[0].hp == 5


@pytest.mark.parametrize("face", ["attack", "super_attack"])
def test_attacks_do_not_heal(face: str):
    """Line 155: only Dragon Balls and Assists heal."""
    state = start("goku")
    (die,) = set_faces(state, face)  # type: ignore[arg-type]
    set_hp(state, 0, 4)
    rejected(state, heal(0, die_source(die), 0), "wrong_face")


def test_a_knocked_out_fighter_cannot_be_healed():
    """Line 60: "Any Z-Fighter who is currently KO'd cannot be healed"."""
    state = start("goku", "gohan")
    (die,) = set_faces(state, "assist")
    set_hp(state, 1, 0)
    rejected(state, heal(0, die_source(die), 1), "heal_ko")


def test_healing_a_fighter_at_full_health_is_refused():
    """CONTENT.md decision 8: healing a fighter at full health is rejected."""
    state = start("goku", "gohan")
    (die,) = set_faces(state, "dragon_ball")
    rejected(state, heal(0, die_source(die), 1), "heal_full")


@pytest.mark.parametrize("target", [None, 2, -1])
def test_healing_needs_a_fighter_in_the_game(target: int | None):
    """Line 59: "an active Z-Fighter of your choice"."""
    state = start("goku", "gohan")
    (die,) = set_faces(state, "assist")
    rejected(state, Spend(player=0, source=die_source(die), use="heal", target=target), "bad_target")


@pytest.mark.parametrize(
    ("use", "face"), [("damage", "attack"), ("meter", "dragon_ball"), ("collect", "dragon_ball")]
)
def test_uses_without_a_target_refuse_one(use: str, face: str):
    """Lines 62, 67 and 70: damage goes to Cell and Dragon Balls to the meter or the token pile, so a
    named target is a malformed action, refused rather than ignored."""
    state = start("goku", "gohan")
    (die,) = set_faces(state, face)  # type: ignore[arg-type]
    rejected(state, Spend(player=0, source=die_source(die), use=use, target=1), "bad_option")  # type: ignore[arg-type]


# Deal damage.


def test_an_attack_deals_1_and_a_super_attack_2():
    """Line 62: "Each Attack deals 1 damage, and each Super Attack deals 2 damage"."""
    state = start("goku", "gohan", "vegeta", "piccolo")
    attack, super_attack = set_faces(state, "attack", "super_attack")
    state = act(state, damage(0, die_source(attack)))
    assert state.cell_hp == 69
    state = act(state, damage(0, die_source(super_attack)))
    assert state.cell_hp == 67


@pytest.mark.parametrize("face", ["dragon_ball", "assist"])
def test_only_attacks_deal_damage(face: str):
    """Line 62: "Attacks and Super Attacks can be spent to deal damage to Cell"."""
    state = start("goku")
    (die,) = set_faces(state, face)  # type: ignore[arg-type]
    rejected(state, damage(0, die_source(die)), "wrong_face")


def test_damage_dice_fill_the_track_in_order():
    """Line 102: "You must always place your die on the bottom and leftmost available space of the
    track, filling the track from left to right, bottom to top"."""
    state = start("goku", "gohan", "vegeta", "piccolo")
    dice = set_faces(state, "attack", "super_attack", "attack")
    for die in dice:
        state = act(state, damage(0, die_source(die)))
    assert [placement.die for placement in state.damage_track] == dice
    assert all(state.dice[die].zone == "track" for die in dice)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_completing_a_row_deals_its_bonus_at_once(players: int):
    """Line 104: "When you place the final die in a row on the Damage Track, you immediately deal
    bonus damage to Cell"; line 111: row sizes follow the player count (CONTENT.md decision 3)."""
    fighters = [fighter.id for fighter in catalogue().fighters if fighter.ability != "first_strike"]
    state = start(*fighters[:players])
    rows = catalogue().board.track_rows(players)
    first_row = len(rows[0].slots)
    fill_track(state, first_row - 1)
    (die,) = set_faces(state, "attack")
    state.cell_hp = 60
    state, events = act_with_events(state, damage(0, die_source(die)))
    assert state.cell_hp == 60 - 1 - rows[0].bonus
    assert any("row 1 complete" in str(event.text) for event in events)


def test_the_top_row_bonus_too():
    """Line 108: the top row carries +5."""
    state = start("goku")
    capacity = board.track_capacity(state)
    fill_track(state, capacity - 1)
    (die,) = set_faces(state, "super_attack")
    state.cell_hp = 60
    state = act(state, damage(0, die_source(die)))
    assert state.cell_hp == 60 - 2 - catalogue().board.damage_track[-1].bonus


def test_a_full_track_refuses_more_damage():
    """CONTENT.md decision 2: when every active slot is full, further attacks are rejected until the
    track clears."""
    state = start("goku")
    fill_track(state, board.track_capacity(state))
    (die,) = set_faces(state, "attack")
    rejected(state, damage(0, die_source(die)), "track_full")


def test_the_track_is_shared_by_the_round_and_clears_when_cell_activates():
    """CONTENT.md decision 2: all players' dice of a round fill one shared track; at Cell's activation
    its dice go back to their owners and its tokens to the discard."""
    state = start("goku", "gohan")
    put_threats(state)
    give_tokens(state, 0, "attack")
    (first,) = set_faces(state, "attack")
    state = act(
        state,
        damage(0, die_source(first)),
        damage(0, token_source("attack")),
        EndTurn(player=0),
    )
    assert len(state.damage_track) == 2
    assert state.dice[first].zone == "track"
    (second,) = set_faces(state, "super_attack")
    state = act(state, damage(1, die_source(second)))
    assert [placement.placed_by for placement in state.damage_track] == [0, 0, 1]
    state = act(state, EndTurn(player=1))
    assert state.damage_track == []
    assert state.dice[first].zone == "mat" and state.dice[first].holder == 0
    assert state.dice[second].zone == "mat" and state.dice[second].holder == 1
    assert state.token_discard == ["attack"]


# Fill the Dragon Ball Meter.


def test_dragon_balls_fill_the_meter():
    """Line 67: "Dragon Balls can be added to the Dragon Ball Meter. They will remain there until the
    meter is filled"."""
    state = start("goku", "gohan")
    put_threats(state)
    (die,) = set_faces(state, "dragon_ball")
    state = act(state, Spend(player=0, source=die_source(die), use="meter"))
    assert state.dice[die].zone == "meter"
    state = end_turns(state, 2)
    assert state.dice[die].zone == "meter"


def test_only_dragon_balls_fill_the_meter():
    """Line 155: Dragon Balls fill the Dragon Ball Meter."""
    state = start("goku")
    (die,) = set_faces(state, "assist")
    rejected(state, Spend(player=0, source=die_source(die), use="meter"), "wrong_face")


def test_a_full_meter_takes_no_more_dragon_balls():
    """CONTENT.md decision 4: a Dragon Ball cannot be placed on a full meter."""
    state = start("goku", "gohan")
    fill_meter(state, 1, catalogue().board.meter_size(2))
    (die,) = set_faces(state, "dragon_ball")
    rejected(state, Spend(player=0, source=die_source(die), use="meter"), "meter_full")


def test_a_wild_token_may_fill_a_meter_slot():
    """CONTENT.md decision 4: a Wild token spent as a Dragon Ball may fill a meter slot; decision 13:
    it occupies the slot like a die."""
    state = start("goku")
    give_tokens(state, 0, "wild")
    set_faces(state)
    state = act(state, Spend(player=0, source=token_source("wild", "dragon_ball"), use="meter"))
    assert [(p.token, p.face) for p in state.dragon_ball_meter] == [("wild", "dragon_ball")]
    assert state.fighters[0].tokens == []


# Collect Dragon Ball tokens.


def test_a_dragon_ball_collects_the_top_token():
    """Line 70: "For each die spent, collect 1 Dragon Ball Token at random from the face-down pile"."""
    state = start("goku")
    (die,) = set_faces(state, "dragon_ball")
    top = state.token_pile[-1]
    state = act(state, Spend(player=0, source=die_source(die), use="collect"))
    assert state.fighters[0].tokens == [top]
    assert len(state.token_pile) == 23
    assert state.dice[die].zone == "spent"


def test_only_dragon_balls_collect_tokens():
    """Line 155: Dragon Balls collect Dragon Ball Tokens."""
    state = start("goku")
    (die,) = set_faces(state, "assist")
    rejected(state, Spend(player=0, source=die_source(die), use="collect"), "wrong_face")


def test_the_discards_are_reshuffled_when_the_pile_runs_out():
    """Line 70: "If the pile runs out, reshuffle the discarded tokens to form a new face-down pile"."""
    state = start("goku")
    state.token_discard = state.token_pile[:3]
    state.fighters[0].tokens = state.token_pile[3:]
    state.token_pile = []
    (die,) = set_faces(state, "dragon_ball")
    state, events = act_with_events(state, Spend(player=0, source=die_source(die), use="collect"))
    assert "tokens_reshuffled" in kinds(events)
    assert len(state.fighters[0].tokens) == 22
    assert (len(state.token_pile), state.token_discard) == (2, [])


def test_collecting_with_no_token_left_anywhere_is_refused():
    """CONTENT.md decision 13: collecting a token when the pile and the discard are both empty is
    rejected."""
    state = start("goku")
    state.fighters[0].tokens, state.token_pile = state.token_pile, []
    (die,) = set_faces(state, "dragon_ball")
    rejected(state, Spend(player=0, source=die_source(die), use="collect"), "no_tokens_left")


# Dragon Ball tokens as one-use faces.


def test_a_token_is_spent_like_a_die_of_its_face_and_used_once():
    """Line 99: "Each Dragon Ball Token can be spent exactly like a rolled die face of that type, but it
    must be discarded after a single use"."""
    state = start("goku", "gohan", "vegeta", "piccolo")
    give_tokens(state, 0, "super_attack", "attack")
    set_faces(state)
    state = act(state, damage(0, token_source("super_attack")), damage(0, token_source("attack")))
    assert state.cell_hp == 67
    assert state.fighters[0].tokens == []
    rejected(state, damage(0, token_source("attack")), "no_such_token")


@pytest.mark.parametrize(
    ("use", "face", "target"),
    [
        ("heal", "assist", 0),
        ("heal", "dragon_ball", 0),
        ("damage", "super_attack", None),
        ("collect", "dragon_ball", None),
    ],
)
def test_a_wild_token_is_any_face(use: str, face: str, target: int | None):
    """Line 100: "Wild Dragon Ball Tokens can be spent as any type of dice face"."""
    state = start("goku")
    give_tokens(state, 0, "wild")
    set_faces(state)
    set_hp(state, 0, 3)
    spend = Spend(player=0, source=token_source("wild", face), use=use, target=target)  # type: ignore[arg-type]
    state = act(state, spend)
    assert "wild" not in state.fighters[0].tokens
    assert "wild" in state.token_discard + [p.token for p in state.damage_track]


def test_a_plain_token_cannot_pose_as_another_face():
    """Line 99: a token is spent "exactly like a rolled die face of that type"."""
    with pytest.raises(ValidationError):
        Source(token="attack", face="super_attack")


def test_any_number_of_tokens_may_be_spent_in_a_turn():
    """Line 99: "You may spend as many of your collected Dragon Ball Tokens as you wish on a turn"."""
    state = start("goku", "gohan", "vegeta", "piccolo")
    give_tokens(state, 0, "attack", "attack", "attack")
    set_faces(state)
    for _ in range(3):
        state = act(state, damage(0, token_source("attack")))
    assert state.cell_hp == 67


def test_tokens_cannot_be_shared():
    """CONTENT.md decision 9: tokens cannot be shared."""
    state = start("goku", "gohan")
    give_tokens(state, 0, "wild")
    set_faces(state)
    rejected(
        state, Spend(player=0, source=token_source("wild", "assist"), use="share", target=1), "share_token"
    )


# When spent dice come back.


def test_dice_spent_on_things_that_do_not_hold_them_return_at_the_end_of_the_turn():
    """CONTENT.md decision 1: a die spent on healing or collecting waits out the turn and returns to
    its owner's mat, unrolled, when the turn ends."""
    state = start("goku", "gohan")
    put_threats(state)
    set_hp(state, 0, 3)
    heal_die, collect_die = set_faces(state, "assist", "dragon_ball")
    state = act(
        state,
        heal(0, die_source(heal_die), 0),
        Spend(player=0, source=die_source(collect_die), use="collect"),
    )
    assert {state.dice[heal_die].zone, state.dice[collect_die].zone} == {"spent"}
    state = act(state, EndTurn(player=0))
    for die in (heal_die, collect_die):
        assert (state.dice[die].zone, state.dice[die].holder, state.dice[die].face) == ("mat", 0, None)
    assert len(mat(state, 0)) == 5


def test_unspent_dice_stay_on_the_mat_and_are_rolled_again():
    """Line 45: a turn rolls "all of the dice that are on your Fighter Mat"; CONTENT.md decision 1."""
    state = start("goku")
    put_threats(state)
    state = act(state, Roll(player=0), EndTurn(player=0))
    assert all(die.face is None for die in mat(state, 0))
    state = act(state, Roll(player=0))
    assert all(die.face is not None for die in mat(state, 0))
