"""Cancel Threats (rulebook lines 63-64), the wild icons (92-96) and threat restrictions (88)."""

from __future__ import annotations

from rules.cell import RULES
from rules.cell.actions import CancelSelection, Choose, Confirm, EndTurn, Spend, StartSelection
from rules.cell.content import FACES, Face, ThreatTile
from rules.cell.state import CellState
from tests.rules.cell.helpers import (
    act,
    die_source,
    give_tokens,
    harmless,
    legal,
    only_fixed_faces,
    put_threats,
    rejected,
    set_faces,
    start,
    threat_where,
    token_source,
)


def cancel(seat: int, die: int, tile: int) -> Spend:
    return Spend(player=seat, source=die_source(die), use="cancel", target=tile)


def fixed_faces(tile: ThreatTile) -> set[str]:
    return {slot for slot in tile.cost if slot in FACES}


def place(state: CellState, tile: ThreatTile, *faces: Face) -> CellState:
    """The active fighter rolls ``faces`` (plus nothing else) and puts each on the tile."""
    dice = set_faces(state, *faces)
    for die in dice:
        state = act(state, cancel(state.active_seat, die, tile.id))
    return state


def canceled(state: CellState, tile: ThreatTile) -> bool:
    (threat,) = [threat for threat in RULES.view(state, None).active_threats if threat.tile == tile.id]
    return threat.canceled


# Fixed icons.


def exact_tile() -> ThreatTile:
    return threat_where("only fixed icons", lambda tile: only_fixed_faces(tile) and len(tile.cost) >= 2)


def test_a_threat_is_canceled_by_its_exact_icons():
    """Line 64: "Each Threat Tile requires a specific combination of dice ... When all of the required
    dice have been added to a Threat Tile, that threat has been canceled"."""
    tile = exact_tile()
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, *tile.cost)  # type: ignore[arg-type]
    assert canceled(state, tile)
    extra = set_faces(state, tile.cost[0])[0]  # type: ignore[arg-type]
    rejected(state, cancel(0, extra, tile.id), "threat_canceled")


def test_a_face_the_tile_does_not_show_is_refused():
    """Line 64: a threat takes only its "specific combination of dice"."""
    tile = exact_tile()
    wrong = next(face for face in FACES if face not in tile.cost)
    state = start("goku")
    put_threats(state, tile.id)
    (die,) = set_faces(state, wrong)
    rejected(state, cancel(0, die, tile.id), "threat_mismatch")


def test_an_icon_already_covered_is_refused():
    """Line 64: each icon takes one die."""
    tile = exact_tile()
    face = tile.cost[0]
    surplus = tile.cost.count(face) + 1
    state = start("goku")
    put_threats(state, tile.id)
    dice = set_faces(state, *[face] * surplus)  # type: ignore[list-item]
    for die in dice[:-1]:
        state = act(state, cancel(0, die, tile.id))
    rejected(state, cancel(0, dice[-1], tile.id), "threat_mismatch")


def test_several_fighters_may_contribute_to_one_threat():
    """Line 64: "Multiple Z-Fighters can contribute dice to any Threat Tile"."""
    tile = exact_tile()
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    state = place(state, tile, tile.cost[0])  # type: ignore[arg-type]
    state = act(state, EndTurn(player=0))
    state = place(state, tile, *tile.cost[1:])  # type: ignore[arg-type]
    threat = state.active_threat(tile.id)
    assert threat is not None
    assert {p.placed_by for p in threat.placed} == {0, 1}
    assert canceled(state, tile)


def test_dice_on_an_unfinished_threat_stay_there_from_round_to_round():
    """Line 121: "The dice on any Threat Tile remain until it is discarded or until a Z-Fighter burns a
    die to retrieve them"; line 45: the owner then rolls fewer dice."""
    tile = threat_where(
        "harmless with fixed icons",
        lambda tile: harmless(tile) and only_fixed_faces(tile) and len(tile.cost) >= 2,
    )
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, tile.cost[0])  # type: ignore[arg-type]
    state = act(state, EndTurn(player=0))
    threat = state.active_threat(tile.id)
    assert threat is not None and len(threat.placed) == 1
    assert sum(1 for die in state.dice if die.zone == "mat") == 4


def test_cancelling_needs_a_threat_in_play():
    """Line 63: dice are added to active (face-up) Threat Tiles."""
    state = start("goku")
    put_threats(state)
    (die,) = set_faces(state, "attack")
    rejected(state, cancel(0, die, state.threat_stack[-1]), "no_such_threat")
    rejected(state, Spend(player=0, source=die_source(die), use="cancel"), "no_such_threat")


# Wild icons.


def test_a_single_wild_takes_any_face():
    """Line 94: single wild icon — "You may use any dice icon you want to cancel this threat"."""
    tile = threat_where(
        "one wild and fixed icons", lambda tile: tile.cost.count("any") == 1 and len(tile.cost) > 1
    )
    fixed = fixed_faces(tile)
    for face in FACES:
        state = start("goku")
        put_threats(state, tile.id)
        state = place(state, tile, face)
        if face in fixed:
            continue
        other = next(f for f in FACES if f not in fixed)
        (die,) = set_faces(state, other)
        rejected(state, cancel(0, die, tile.id), "threat_mismatch")


def linked_tile() -> ThreatTile:
    return threat_where(
        "linked wilds only",
        lambda tile: "same" in tile.cost and not {"any", "different"} & set(tile.cost),
    )


def test_linked_wilds_must_all_show_the_same_face():
    """Line 95: two linked wild icons — "Once a dice icon is placed, all other dice icons placed must be
    the same"."""
    tile = linked_tile()
    free = [face for face in FACES if face not in fixed_faces(tile)]
    first, second = free[0], free[1]
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, first)
    (die,) = set_faces(state, second)
    rejected(state, cancel(0, die, tile.id), "threat_mismatch")
    state = place(state, tile, *[first] * (tile.cost.count("same") - 1))
    state = place(state, tile, *[slot for slot in tile.cost if slot in FACES])  # type: ignore[misc]
    assert canceled(state, tile)


def test_retrieving_linked_dice_frees_the_choice_again():
    """CONTENT.md decision 7: linked wilds are bound by the dice on the tile now; retrieving them frees
    the choice again."""
    tile = linked_tile()
    free = [face for face in FACES if face not in fixed_faces(tile)]
    first, second = free[0], free[1]
    state = start("goku")
    put_threats(state, tile.id)
    dice = set_faces(state, first, "attack", second)
    state = act(
        state,
        cancel(0, dice[0], tile.id),
        StartSelection(player=0, purpose="retrieve", burn=dice[1]),
        Choose(player=0, source=die_source(dice[0])),
        Confirm(player=0),
    )
    threat = state.active_threat(tile.id)
    assert threat is not None and threat.placed == []
    assert legal(state, cancel(0, dice[2], tile.id))
    act(state, cancel(0, dice[2], tile.id))


def separated_tile_with_fixed_icon() -> ThreatTile:
    return threat_where(
        "separated wilds with a fixed icon",
        lambda tile: "different" in tile.cost and bool(fixed_faces(tile)),
    )


def test_separated_wilds_need_every_die_different():
    """Line 96: separated wild icon — "All dice icons placed on this threat must be different"."""
    tile = threat_where("separated wilds only", lambda tile: set(tile.cost) == {"different"})
    faces = list(FACES[: len(tile.cost)])
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, faces[0])
    (die,) = set_faces(state, faces[0])
    rejected(state, cancel(0, die, tile.id), "threat_mismatch")
    state = place(state, tile, *faces[1:])
    assert canceled(state, tile)


def test_separated_wilds_count_the_fixed_icons_too():
    """CONTENT.md decision 7: on a tile with separated wilds every die must differ, fixed icons
    included."""
    tile = separated_tile_with_fixed_icon()
    (fixed,) = fixed_faces(tile)
    others = [face for face in FACES if face != fixed]
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, fixed)  # type: ignore[arg-type]
    (again,) = set_faces(state, fixed)  # type: ignore[arg-type]
    rejected(state, cancel(0, again, tile.id), "threat_mismatch")
    state = place(state, tile, *others[: len(tile.cost) - 1])
    assert canceled(state, tile)


def test_separated_wilds_keep_a_place_for_the_fixed_icon():
    """Line 96 with CONTENT.md decision 7: a die is accepted only while the dice on the tile can still
    be assigned to distinct slots, so the wilds can't take the fixed icon's place."""
    tile = separated_tile_with_fixed_icon()
    (fixed,) = fixed_faces(tile)
    others = [face for face in FACES if face != fixed]
    wilds = tile.cost.count("different")
    state = start("goku")
    put_threats(state, tile.id)
    state = place(state, tile, *others[:wilds])
    (die,) = set_faces(state, others[wilds])
    rejected(state, cancel(0, die, tile.id), "threat_mismatch")


def test_a_token_counts_toward_cancelling_and_cannot_be_retrieved():
    """CONTENT.md decision 13: tokens spent on board areas occupy the slot like a die, count toward
    cancelling a threat, go to the discard when the area clears, and cannot be retrieved."""
    tile = threat_where(
        "single wilds only", lambda tile: "any" in tile.cost and not {"same", "different"} & set(tile.cost)
    )
    rest = list(tile.cost)
    rest.remove("any")
    faces = [slot if slot in FACES else "super_attack" for slot in rest]
    state = start("goku")
    put_threats(state, tile.id)
    give_tokens(state, 0, "wild")
    *dice, burn = set_faces(state, *faces, "assist")  # type: ignore[arg-type]
    wild = token_source("wild", "super_attack")
    state = act(state, Spend(player=0, source=wild, use="cancel", target=tile.id))
    for die in dice:
        state = act(state, cancel(0, die, tile.id))
    assert canceled(state, tile)
    state = act(state, StartSelection(player=0, purpose="retrieve", burn=burn))
    rejected(state, Choose(player=0, source=wild), "retrieve_dice_only")
    state = act(state, CancelSelection(player=0), EndTurn(player=0))
    assert tile.id in state.discarded_threats
    assert state.token_discard == ["wild"]


# Restrictions.


def restricted_tile(restriction: str) -> ThreatTile:
    return threat_where(
        f"only {restriction}",
        lambda tile: tile.restrictions == [restriction] and only_fixed_faces(tile) is False,
    )


def test_a_no_share_threat_blocks_sharing_even_once_canceled():
    """Line 88: "Any such limitation remains in effect as long as the Threat Tile has not been
    discarded (i.e., even if all required dice have been placed on the Threat Tile"."""
    tile = restricted_tile("no_share")
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    faces = [slot if slot in FACES else "attack" for slot in tile.cost]
    state = place(state, tile, *faces)  # type: ignore[arg-type]
    (die,) = set_faces(state, "assist")
    rejected(state, Spend(player=0, source=die_source(die), use="share", target=1), "no_share")


def test_a_no_share_threat_stops_blocking_once_discarded():
    """Line 88: the limitation lasts until the tile is discarded (line 121: discarded when Cell activates)."""
    tile = restricted_tile("no_share")
    state = start("goku", "gohan")
    put_threats(state, tile.id)
    faces = [slot if slot in FACES else "attack" for slot in tile.cost]
    state = place(state, tile, *faces)  # type: ignore[arg-type]
    state = act(state, EndTurn(player=0))
    set_faces(state)
    state = act(state, EndTurn(player=1))
    put_threats(state)
    (die,) = set_faces(state, "assist")
    assert legal(state, Spend(player=0, source=die_source(die), use="share", target=1))


def test_a_no_reroll_threat_blocks_rerolls_even_once_canceled():
    """Line 88: "Some Threat Tiles prevent dice from being ... rerolled ... even if all required dice
    have been placed"."""
    tile = restricted_tile("no_reroll")
    state = start("goku")
    put_threats(state, tile.id)
    faces = [slot if slot in FACES else "attack" for slot in tile.cost]
    state = place(state, tile, *faces)  # type: ignore[arg-type]
    dice = set_faces(state, "attack", "assist")
    rejected(state, StartSelection(player=0, purpose="reroll", burn=dice[0]), "no_reroll")
    state = act(state, EndTurn(player=0))
    put_threats(state)
    dice = set_faces(state, "attack", "assist")
    assert legal(state, StartSelection(player=0, purpose="reroll", burn=dice[0]))
