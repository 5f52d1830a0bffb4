"""Acceptance 2: the full setup follows SU-1…9 in order, each step a prompt with legal actions and a
2.9 default; deployment outside the zone, or in contact with the enemy zone, is refused."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.core.rng import Rng
from rules.primetime.actions import (
    AcceptTerrain,
    ChooseFirstPlayer,
    ChooseSide,
    Deploy,
    PlaceObjective,
    PlaceTerrain,
    RemoveTerrain,
    RerollTerrain,
    Timeout,
)
from rules.primetime.engine import apply, legal_actions, refresh_prompts
from rules.primetime.placement import DEFAULT_ZONES, cleared_layout, generate_layout, settle_fixed
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.scenario import Zone
from rules.primetime.state import PrimeTimeState
from rules.primetime.terrain import TerrainKind, TerrainPiece
from rules.primetime.view import view
from tests.rules.primetime.helpers import act_only, edit, piece
from tests.rules.primetime.setup_helpers import full_game, scenario_game, until

SU_STEPS = ["SU-1", "SU-2", "SU-3", "SU-4", "SU-5", "SU-6", "SU-7", "SU-8", "SU-9"]


def _refused(state: PrimeTimeState, action: object, code: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert action not in legal_actions(state, action.player)  # type: ignore[attr-defined]
    return caught.value.message


@pytest.mark.parametrize("seed", range(6))
def test_the_setup_follows_the_su_order(seed: int) -> None:
    """SU-1…9 in order, each prompt kind in its step, then Round 1's Power Phase Start."""
    state = full_game(seed)
    assert state.phase == "setup" and {prompt.kind for prompt in state.prompts} == {"terrain"}
    kinds: list[str] = []
    steps: list[str] = []
    while state.phase == "setup":
        kinds.append(state.prompts[0].kind)
        state, events = apply(state, Timeout(player=state.prompts[0].who))
        steps.extend(event.kind for event in events if event.kind.startswith("SU-"))
    order = [kind for index, kind in enumerate(kinds) if index == 0 or kinds[index - 1] != kind]
    assert order in (
        ["terrain", "first_player", "side", "objective", "deploy"],
        ["terrain", "first_player", "side", "deploy"],  # First Contact's fixed objectives
    )
    assert sorted(set(steps), key=steps.index) == SU_STEPS
    assert steps == sorted(steps, key=SU_STEPS.index), "a step came before an earlier one"
    assert state.phase == "phase_start" and state.round == 1 and len(state.units) == 8
    assert [len(player.hand) for player in state.players] == [3, 3]  # SU-9


def test_a_later_step_is_refused_before_its_turn() -> None:
    state = full_game()
    _refused(state, ChooseFirstPlayer(player=0, choice="initiative"), "wrong_prompt")
    _refused(state, Deploy(player=0, unit="goku-0", to=(5, 3)), "wrong_prompt")
    _refused(state, PlaceObjective(player=0, point=(15, 15)), "wrong_prompt")


def test_both_players_must_accept_the_same_layout() -> None:
    state = full_game()
    state, _ = apply(state, AcceptTerrain(player=0))
    assert [prompt.who for prompt in state.prompts] == [1]
    _refused(state, AcceptTerrain(player=0), "not_your_turn")
    state, _ = apply(state, RemoveTerrain(player=1, index=0))
    assert len(state.terrain) == 5 and state.terrain_accepted == []
    assert {prompt.who for prompt in state.prompts} == {0, 1}, "an edit asks both to accept again"
    _refused(state, RemoveTerrain(player=0, index=0), "bad_terrain")  # SU-1: at least 5 pieces
    state, _ = apply(state, AcceptTerrain(player=1))
    state, _ = apply(state, AcceptTerrain(player=0))
    assert state.setup_step == "first_player"


def test_terrain_edits_keep_the_layout_legal() -> None:
    """SU-1: an added piece has a standard shape, stays on the board and overlaps no other piece;
    each refusal says why in words, numbering the pieces from 1 as players see them."""
    state = full_game()
    off_board = PlaceTerrain(player=0, kind=TerrainKind.SPIRE, x=29, y=4, width=2, height=2)
    _refused(state, off_board, "bad_terrain")
    odd_shape = PlaceTerrain(player=0, kind=TerrainKind.SPIRE, x=3, y=8, width=5, height=5)
    message = _refused(state, odd_shape, "bad_terrain")
    assert message == (
        "Pieces come in standard shapes only: Spire 2x2, Mesa 3x3, Ruins 4x2 or 2x4, Crater 3x2 or 2x3."
    )
    first = state.terrain[0]
    overlapping = PlaceTerrain(player=0, kind=TerrainKind.MESA, x=first.x, y=first.y, width=3, height=3)
    assert _refused(state, overlapping, "bad_terrain") == (
        f"It would overlap piece 1, the {first.kind.label} at {first.x},{first.y}."
    )
    placed = next(action for action in legal_actions(state, 0) if isinstance(action, PlaceTerrain))
    after, _ = apply(state, placed)
    assert len(after.terrain) == 7 and after.terrain[-1].kind == placed.kind


def test_a_removal_names_the_pieces_from_1() -> None:
    """SU-1: "remove 9" and "remove 0" (indexes 8 and -1) name the valid numbers."""
    state = full_game()
    assert len(state.terrain) == 6
    for index, number in ((8, 9), (-1, 0)):
        message = _refused(state, RemoveTerrain(player=0, index=index), "bad_terrain")
        assert message == f"There is no piece {number}: the pieces are numbered 1 to 6."
    after, events = apply(state, RemoveTerrain(player=0, index=0))
    first = state.terrain[0]
    changed = next(event for event in events if event.kind == "terrain_changed")
    assert str(changed.text) == f"Seat 1 removes piece 1, the {first.kind.label} at {first.x},{first.y}"
    assert after.terrain == state.terrain[1:]


def test_rerolls_are_shared_and_run_out() -> None:
    state = full_game()
    layouts = {state.terrain}
    for seat in (0, 1, 0):
        state, _ = apply(state, RerollTerrain(player=seat))
        layouts.add(state.terrain)
    assert len(layouts) == 4 and state.rerolls_left == 0
    _refused(state, RerollTerrain(player=1), "no_rerolls")
    assert "reroll" not in state.prompts[0].options


@pytest.mark.parametrize("seed", range(40))
def test_the_seeded_layout_is_legal_and_mirror_symmetric(seed: int) -> None:
    """SU-1 / A14: 6 pieces, none in the default zones, none overlapping, symmetric about 15,15."""
    layout = generate_layout(Rng(seed=seed))
    assert len(layout) == 6
    for one in layout:
        assert not any(zone.overlaps(one) for zone in DEFAULT_ZONES)
        assert sum(one.overlaps(other) for other in layout) == 1  # itself only
        mirrored = (30 - one.x - one.width, 30 - one.y - one.height, one.width, one.height, one.kind)
        assert mirrored in {(p.x, p.y, p.width, p.height, p.kind) for p in layout}


def test_the_opponents_roster_is_hidden_until_su_2() -> None:
    state = full_game()
    assert view(state, 0).players[1].models == [] and view(state, None).players[0].models == []
    assert view(state, 0).players[0].models == ["goku", "vegeta", "piccolo", "krillin"]
    state, events = until(state, "first_player")
    assert view(state, 0).players[1].models == ["frieza", "zarbon", "recoome", "guldo"]
    assert [event.kind for event in events].index("SU-2") < [event.kind for event in events].index("rolled")


def test_the_roll_off_rerolls_ties_and_the_higher_roller_chooses() -> None:
    state = apply(full_game(), AcceptTerrain(player=0))[0]
    state, events = act_only(state, AcceptTerrain(player=1), dice=[12, 12, 3, 17])
    assert [event.data["value"] for event in events if event.kind == "rolled"] == [12, 12, 3, 17]
    assert state.prompts[0].who == 1 and state.prompts[0].kind == "first_player"
    assert state.prompts[0].default == "initiative"


def test_taking_the_initiative_leaves_the_side_to_the_other_player() -> None:
    state, _ = until(full_game(), "first_player")
    winner = state.active_seat
    state, _ = apply(state, ChooseFirstPlayer(player=winner, choice="initiative"))
    assert state.first_seat == winner
    assert state.prompts[0].who == 1 - winner and state.prompts[0].kind == "side"
    state, _ = apply(state, ChooseSide(player=1 - winner, side="north"))
    assert state.side_chooser == 1 - winner
    assert state.zones[1 - winner] == state.zones[1 - winner]  # set for both seats
    assert (
        state.zones[winner].y < state.zones[1 - winner].y or state.zones[winner].x < state.zones[1 - winner].x
    )


def test_choosing_a_side_gives_the_initiative_to_the_other_player() -> None:
    state, _ = until(full_game(), "first_player")
    winner = state.active_seat
    state, events = apply(state, ChooseFirstPlayer(player=winner, choice="south"))
    assert state.first_seat == 1 - winner and state.side_chooser == winner
    kinds = [event.kind for event in events]
    assert kinds.index("SU-4") < kinds.index("SU-5") < kinds.index("SU-6"), "revealed together, in order"
    assert state.location and len(state.missions) == 3 and state.condition


def test_objectives_alternate_from_the_side_chooser_with_their_limits() -> None:
    """SU-7 / 3.6: Scouter Sweep's 4 objectives, >= 6" apart and outside the zones."""
    state = scenario_game(("scouter_sweep", "hold_the_centre", "last_stand"))
    chooser = state.side_chooser
    assert [seat for seat, _ in state.placements] == [chooser, 1 - chooser, chooser, 1 - chooser]
    assert state.prompts[0].who == chooser and state.prompts[0].kind == "objective"
    _refused(state, PlaceObjective(player=chooser, point=(15, 5)), "bad_objective")  # in the south zone
    state, _ = apply(state, PlaceObjective(player=chooser, point=(15, 15)))
    _refused(state, PlaceObjective(player=1 - chooser, point=(19, 18)), "bad_objective")  # 5" away
    state, _ = apply(state, PlaceObjective(player=1 - chooser, point=(21, 15)))
    assert state.objectives == [(15, 15), (21, 15)]


def test_no_objective_on_a_spire_and_fixed_points_move_off_it() -> None:
    """A14: a point in or on the edge of impassable terrain is refused; a fixed one moves."""
    state = scenario_game(("scouter_sweep", "hold_the_centre", "last_stand"))
    working = edit(state)
    working.terrain = (*working.terrain, piece("spire", 4, 14, 2, 2))
    refresh_prompts(working)
    _refused(working, PlaceObjective(player=working.prompts[0].who, point=(6, 16)), "bad_objective")
    working.objectives = []
    working.terrain = (piece("mesa", 14, 14, 3, 3),)
    assert settle_fixed(working, (15, 15)) == (15, 13)  # nearest free point, lower y first


def test_dragon_ball_hunt_places_its_extras_last_from_the_other_player() -> None:
    state = scenario_game(("dragon_radar", "hold_the_centre", "dragon_ball_hunt"))
    chooser = state.side_chooser
    assert state.placements == [
        (chooser, "objective"),
        (1 - chooser, "objective"),
        (chooser, "objective"),
        (1 - chooser, "dragon_ball"),
        (chooser, "dragon_ball"),
    ]
    for _ in range(3):
        state, _ = apply(state, Timeout(player=state.prompts[0].who))
    near_zone = PlaceObjective(player=1 - chooser, point=(3, 11))  # 3" from the south zone
    _refused(state, near_zone, "bad_objective")
    state, _ = apply(state, Timeout(player=1 - chooser))
    ball = state.dragon_balls[0]
    assert all(zone.distance_to_point(ball) >= 6 for zone in state.zones)


def _at_deployment(seed: int = 1) -> PrimeTimeState:
    state = scenario_game(("first_contact", "hold_the_centre", "last_stand"), seed=seed)
    assert state.setup_step == "deploy"
    return state


def test_deployment_outside_the_zone_is_refused() -> None:
    state = _at_deployment()
    seat = state.prompts[0].who
    unit = state.prompts[0].options[0]
    zone = state.zones[seat]
    outside = (15, zone.y + zone.height + 1) if zone.y == 0 else (15, zone.y)
    _refused(state, Deploy(player=seat, unit=unit, to=outside), "bad_deployment")
    inside = next(cell for cell in zone.cells() if cell[1] == (zone.y + 1))
    after, _ = apply(state, Deploy(player=seat, unit=unit, to=inside))
    assert after.unit(unit).cell == inside and after.prompts[0].who == 1 - seat


def test_deployment_in_contact_with_the_enemy_zone_is_refused() -> None:
    """SU-8: with zones 1" apart (a hand-made Location), the row touching the enemy zone is refused."""
    state = edit(_at_deployment())
    seat = state.prompts[0].who
    state.zones[seat] = Zone(x=0, y=0, width=30, height=8)
    state.zones[1 - seat] = Zone(x=0, y=8, width=30, height=6)
    refresh_prompts(state)
    unit = state.prompts[0].options[0]
    _refused(state, Deploy(player=seat, unit=unit, to=(15, 8)), "bad_deployment")
    assert apply(state, Deploy(player=seat, unit=unit, to=(15, 7)))[0].unit(unit).cell == (15, 7)


def test_models_deploy_at_ground_or_with_fly_at_l1() -> None:
    state = _at_deployment()
    seat = state.prompts[0].who
    zone = state.zones[seat]
    cell = zone.cells()[0]
    flyer = next(unit for unit in state.prompts[0].options if not unit.startswith("guldo"))
    assert apply(state, Deploy(player=seat, unit=flyer, to=cell, level=1))[0].unit(flyer).level == 1
    _refused(state, Deploy(player=seat, unit=flyer, to=cell, level=2), "bad_deployment")
    _refused(state, Deploy(player=seat, unit="nobody-0", to=cell), "bad_deployment")


def test_deployment_alternates_from_the_initiative_player() -> None:
    state = _at_deployment()
    order = []
    while state.phase == "setup":
        order.append(state.prompts[0].who)
        state, _ = apply(state, Timeout(player=state.prompts[0].who))
    first = order[0]
    assert order == [first, 1 - first] * 4


def test_su_4_clears_the_terrain_each_location_overlaps() -> None:
    """A14: pieces over the zones, the Ring or the Location's own terrain are removed."""
    lake_cover = piece("ruins", 13, 12, 4, 2)
    ring_rock = piece("spire", 10, 18, 2, 2)
    corner = piece("mesa", 5, 8, 3, 3)
    crater_cover = piece("crater", 17, 11, 2, 2)
    side = piece("ruins", 3, 12, 2, 4)
    layout = (lake_cover, ring_rock, corner, crater_cover, side)
    assert cleared_layout("namek_plains", layout)[1] == [lake_cover]
    assert cleared_layout("cell_games_arena", layout)[1] == [lake_cover, ring_rock, crater_cover]
    assert cleared_layout("rocky_wasteland", layout)[1] == [corner]
    assert cleared_layout("crash_site", layout)[1] == [lake_cover, corner, crater_cover, side]


@pytest.mark.parametrize(
    ("location", "south_zone", "feature"),
    [
        ("namek_plains", Zone(x=0, y=0, width=30, height=8), piece("lake", 12, 13, 6, 4)),
        ("cell_games_arena", Zone(x=0, y=0, width=30, height=6), None),
        ("rocky_wasteland", Zone(x=0, y=0, width=10, height=10), piece("spire", 14, 9, 2, 2)),
        ("crash_site", Zone(x=0, y=0, width=8, height=30), piece("crater", 12, 12, 6, 6)),
    ],
)
def test_each_location_sets_its_zones_and_terrain(
    location: str, south_zone: Zone, feature: TerrainPiece | None
) -> None:
    state = scenario_game(("first_contact", "last_stand", "last_stand"), location=location)
    south = state.side_chooser
    assert state.zones[south] == south_zone and state.zones[1 - south] != south_zone
    if feature is not None:
        assert feature in state.terrain
    while state.phase == "setup":
        state, _ = apply(state, Timeout(player=state.prompts[0].who))
    for unit in state.units:
        assert state.zones[unit.seat].contains_cell(unit.cell)


def test_quick_games_still_start_at_round_1() -> None:
    from rules.primetime.engine import new_game

    state = new_game(PrimeTimeOptions(), 3)
    assert state.phase == "phase_start" and state.setup_step is None and len(state.units) == 8
