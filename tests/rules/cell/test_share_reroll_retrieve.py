"""Share (rulebook line 72), Reroll Dice (line 74) and Retrieve Dice (line 76), with burning (line 57)."""

from __future__ import annotations

from rules.cell.actions import CancelSelection, Choose, Confirm, EndTurn, Roll, Spend, StartSelection
from rules.cell.content import FACES
from rules.cell.state import CellState
from tests.rules.cell.helpers import (
    act,
    act_with_events,
    die_source,
    fill_meter,
    give_tokens,
    harmless,
    kinds,
    mat,
    only_fixed_faces,
    put_threats,
    rejected,
    set_faces,
    set_hp,
    start,
    threat_where,
    token_source,
)


def share(seat: int, die: int, to: int) -> Spend:
    return Spend(player=seat, source=die_source(die), use="share", target=to)


def reroll(state: CellState, seat: int, burn: int, *dice: int) -> tuple[CellState, list[str]]:
    state = act(state, StartSelection(player=seat, purpose="reroll", burn=burn))
    for die in dice:
        state = act(state, Choose(player=seat, source=die_source(die)))
    state, events = act_with_events(state, Confirm(player=seat))
    return state, kinds(events)


def retrieve(state: CellState, seat: int, burn: int, *dice: int) -> CellState:
    state = act(state, StartSelection(player=seat, purpose="retrieve", burn=burn))
    for die in dice:
        state = act(state, Choose(player=seat, source=die_source(die)))
    return act(state, Confirm(player=seat))


def quiet_game(*fighters: str) -> CellState:
    state = start(*fighters)
    put_threats(state)
    return state


# Share.


def test_a_shared_assist_goes_to_the_receivers_mat_and_is_rolled_on_their_turn():
    """Line 72: "give it to that player, who puts it on their Fighter Mat. That player will roll it,
    along with the rest of their dice, on their turn"."""
    state = quiet_game("goku", "gohan")
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1))
    die = state.dice[assist]
    assert (die.zone, die.holder, die.owner, die.face) == ("mat", 1, 0, None)
    state = act(state, EndTurn(player=0), Roll(player=1))
    assert len(mat(state, 1)) == 6
    assert state.dice[assist].face is not None


def test_a_spent_shared_die_returns_to_its_owner():
    """Line 72: "That player can spend it just like any other die they have. Once spent, the shared die
    is returned to the original owner"; CONTENT.md decision 9: at the end of that turn (decision 1)."""
    state = quiet_game("goku", "gohan")
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1), EndTurn(player=0))
    assert set_faces(state, "assist")[0] == assist
    set_hp(state, 1, 3)
    state = act(state, Spend(player=1, source=die_source(assist), use="heal", target=1))
    assert state.dice[assist].zone == "spent"
    state = act(state, EndTurn(player=1))
    assert (state.dice[assist].zone, state.dice[assist].holder) == ("mat", 0)


def test_a_shared_die_on_a_threat_returns_to_its_owner_when_discarded():
    """Line 72 and line 121: dice return "to the corresponding Z-Fighters" when a threat is discarded."""
    tile = threat_where(
        "harmless, with an Assist and single wilds at most",
        lambda tile: harmless(tile) and "assist" in tile.cost and not {"same", "different"} & set(tile.cost),
    )
    rest = [slot if slot in FACES else "attack" for slot in tile.cost]
    rest.remove("assist")
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1), EndTurn(player=0))
    faced = set_faces(state, "assist", *rest)  # type: ignore[arg-type]
    assert faced[0] == assist
    for die in faced:
        state = act(state, Spend(player=1, source=die_source(die), use="cancel", target=tile.id))
    state = act(state, EndTurn(player=1))
    assert tile.id in state.discarded_threats
    assert (state.dice[assist].zone, state.dice[assist].holder) == ("mat", 0)


def test_only_assists_can_be_shared():
    """Line 72: "Instead of spending an Assist, you may share it"; line 156."""
    state = quiet_game("gohan", "goku")
    (attack,) = set_faces(state, "attack")
    rejected(state, share(0, attack, 1), "share_assist_only")


def test_sharing_needs_another_fighter():
    """Line 72: "share it with another Z-Fighter"."""
    state = quiet_game("goku", "gohan")
    (assist,) = set_faces(state, "assist")
    rejected(state, share(0, assist, 0), "share_self")
    rejected(state, share(0, assist, 2), "bad_target")


def test_a_die_shared_with_a_fighter_who_already_played_waits_for_their_next_turn():
    """CONTENT.md decision 9: a die may be shared with a fighter who already played this round; it waits
    on their mat until their next turn."""
    state = quiet_game("goku", "gohan")
    state = act(state, Roll(player=0), EndTurn(player=0))
    (assist,) = set_faces(state, "assist")
    state = act(state, share(1, assist, 0), EndTurn(player=1))
    assert (state.round, state.active_seat) == (2, 0)
    assert state.dice[assist].holder == 0
    state = act(state, Roll(player=0))
    assert len([die for die in mat(state, 0) if die.face is not None]) == 6


def test_a_shared_die_may_be_shared_again_and_still_belongs_to_its_owner():
    """CONTENT.md decision 9: a shared die may be shared again by its holder; it always returns to its
    original owner."""
    state = quiet_game("gohan", "vegeta", "piccolo")
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1), EndTurn(player=0))
    assert set_faces(state, "assist")[0] == assist
    state = act(state, share(1, assist, 2))
    assert (state.dice[assist].holder, state.dice[assist].owner) == (2, 0)


def test_a_knocked_out_fighter_may_receive_shared_dice():
    """CONTENT.md decision 9 and decision 10: a KO'd fighter may receive shared dice."""
    state = quiet_game("goku", "gohan")
    set_hp(state, 1, 0)
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1))
    assert state.dice[assist].holder == 1


def test_a_burned_shared_die_returns_to_its_owner_at_the_end_of_that_turn():
    """CONTENT.md decision 9: a shared die that its holder burns returns to its owner at the end of
    that turn, like any spent die; decision 11: a shared die may be the burned die."""
    state = quiet_game("goku", "gohan")
    (assist,) = set_faces(state, "assist")
    state = act(state, share(0, assist, 1), EndTurn(player=0))
    shared, *others = set_faces(state, "assist", "attack", "attack")
    assert shared == assist
    state, _ = reroll(state, 1, assist, *others)
    assert state.dice[assist].zone == "spent"
    state = act(state, EndTurn(player=1))
    assert (state.dice[assist].zone, state.dice[assist].holder) == ("mat", 0)


# Reroll.


def test_burning_one_die_rerolls_any_of_the_rest():
    """Line 74: "you must burn a die of any type from your current pool. You may now reroll as many of
    your remaining dice as you wish"; line 57: a burned die is out of play for the turn."""
    state = quiet_game("goku")
    burn, first, second, kept = set_faces(state, "assist", "attack", "attack", "dragon_ball")
    draws = state.rng.draws
    state, events = reroll(state, 0, burn, first, second)
    assert "rerolled" in events
    assert state.rng.draws == draws + 2
    assert state.dice[burn].zone == "spent"
    assert state.dice[kept].face == "dragon_ball"
    assert all(state.dice[die].face is not None for die in (first, second))


def test_rerolling_can_be_repeated_while_there_are_dice_to_burn():
    """Line 74: "You may repeat this action as many times as you wish, as long as you have additional
    dice to burn"."""
    state = quiet_game("goku")
    dice = set_faces(state, "assist", "assist", "attack")
    state, _ = reroll(state, 0, dice[0], dice[1], dice[2])
    state, _ = reroll(state, 0, dice[1], dice[2])
    rejected(state, StartSelection(player=0, purpose="reroll", burn=dice[2]), "nothing_to_reroll")


def test_a_reroll_needs_a_burned_die_from_your_mat():
    """Line 74: "you must burn a die of any type from your current pool"; CONTENT.md decision 11: the
    burned die is a rolled die on the mat, and tokens cannot be burned or rerolled."""
    state = quiet_game("goku", "gohan")
    dice = set_faces(state, "assist", "attack")
    give_tokens(state, 0, "attack")
    rejected(state, StartSelection(player=0, purpose="reroll"), "burn_needed")
    rejected(state, StartSelection(player=0, purpose="reroll", burn=7), "die_not_yours")
    rejected(state, StartSelection(player=0, purpose="reroll", burn=99), "no_such_die")
    rejected(state, StartSelection(player=0, purpose="reroll", burn=dice[0], tile=0), "bad_option")
    state = act(state, StartSelection(player=0, purpose="reroll", burn=dice[0]))
    rejected(state, Choose(player=0, source=die_source(dice[0])), "burned_die")
    rejected(state, Choose(player=0, source=token_source("attack")), "reroll_dice_only")
    rejected(state, Confirm(player=0), "nothing_chosen")
    rejected(state, Confirm(player=0, target=1), "bad_option")


def test_rerolls_are_allowed_at_any_time_in_the_turn():
    """CONTENT.md decision 11: rerolls may be made at any time during the turn after rolling."""
    state = quiet_game("goku")
    dice = set_faces(state, "attack", "assist", "attack")
    state = act(state, Spend(player=0, source=die_source(dice[0]), use="damage"))
    state, events = reroll(state, 0, dice[1], dice[2])
    assert "rerolled" in events


def test_an_unrolled_die_cannot_be_spent():
    """CONTENT.md decision 1: a die that comes back to the active player mid-turn is rolled at the
    start of their next turn, so it cannot be used that turn."""
    state = quiet_game("goku")
    dice = set_faces(state, "dragon_ball", "assist")
    state = act(state, Spend(player=0, source=die_source(dice[0]), use="meter"))
    state = retrieve(state, 0, dice[1], dice[0])
    assert (state.dice[dice[0]].zone, state.dice[dice[0]].face) == ("mat", None)
    rejected(state, Spend(player=0, source=die_source(dice[0]), use="meter"), "die_not_rolled")


# Retrieve.


def test_burning_one_die_retrieves_any_dice_from_threats_and_the_meter_to_their_owners():
    """Line 76: "Burning a die of any type allows you to retrieve as many dice (including other
    players' dice) as you wish from Threat Tiles or the Dragon Ball Meter. All retrieved dice are
    returned to their original owners"; CONTENT.md decision 12: unrolled."""
    tile = threat_where("fixed and harmless", lambda tile: only_fixed_faces(tile) and harmless(tile))
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    fill_meter(state, 1, 2)
    on_meter = [placement.die for placement in state.dragon_ball_meter]
    faced = set_faces(state, tile.cost[0], "assist")  # type: ignore[arg-type]
    state = act(state, Spend(player=0, source=die_source(faced[0]), use="cancel", target=tile.id))
    state = retrieve(state, 0, faced[1], faced[0], on_meter[0])
    assert state.dragon_ball_meter[0].die == on_meter[1]
    threat = state.active_threat(tile.id)
    assert threat is not None and threat.placed == []
    back_home = [state.dice[faced[0]], state.dice[on_meter[0]]]  # type: ignore[index]
    assert [(die.zone, die.holder, die.face) for die in back_home] == [("mat", 0, None), ("mat", 1, None)]
    assert state.dice[faced[1]].zone == "spent"


def test_only_placed_dice_can_be_retrieved():
    """Line 76: dice are retrieved "from Threat Tiles or the Dragon Ball Meter" (not the Damage Track)."""
    state = quiet_game("goku", "gohan")
    fill_meter(state, 1, 1)
    dice = set_faces(state, "attack", "assist", "attack")
    state = act(state, Spend(player=0, source=die_source(dice[0]), use="damage"))
    state = act(state, StartSelection(player=0, purpose="retrieve", burn=dice[1]))
    rejected(state, Choose(player=0, source=die_source(dice[0])), "not_placed")
    rejected(state, Choose(player=0, source=die_source(dice[2])), "not_placed")
    state = act(state, CancelSelection(player=0))
    assert state.dice[dice[1]].zone == "mat"


def test_retrieving_needs_something_placed():
    """Line 76: retrieval takes dice from Threat Tiles or the Dragon Ball Meter."""
    state = quiet_game("goku")
    dice = set_faces(state, "attack")
    rejected(state, StartSelection(player=0, purpose="retrieve", burn=dice[0]), "nothing_to_retrieve")
