"""Acceptance 1: Move actions are exactly the Dijkstra reach (2.2 Move), terrain and altitude (AL-3)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import ChangeAltitude, Move
from rules.primetime.engine import legal_actions
from rules.primetime.movement import reachable
from rules.primetime.terrain import terrain_of
from tests.rules.primetime.helpers import act, activated, board, piece


def move_cells(state) -> set[tuple[int, int]]:
    return {action.to for action in legal_actions(state, 0) if isinstance(action, Move)}


def test_goku_at_5_5_reaches_exactly_the_dijkstra_set() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("krillin", 0, (6, 6)), ("frieza", 1, (7, 5))]), "goku", 0)
    expected = reachable(
        terrain_of(()), (5, 5), 0, 70, enemies=frozenset({(7, 5)}), friends=frozenset({(6, 6)})
    )
    assert move_cells(state) == set(expected) - {(5, 5)}
    # Frieza at 7,5 blocks the straight line: 12,5 is 7" east, but the detour costs 7.8".
    assert (12, 5) not in move_cells(state)
    assert (5, 12) in move_cells(state) and (5, 13) not in move_cells(state)


def test_a_spire_blocks_goku_at_ground_but_not_at_l1() -> None:
    spire = piece("spire", 6, 4, 2, 2)  # cells 7-8 x 5-6
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], [spire]), "goku", 0)
    assert (7, 5) not in move_cells(state)
    flying, _ = act(state, ChangeAltitude(player=0, level=1))
    assert (7, 5) in move_cells(flying)
    assert (12, 5) in move_cells(flying)


def test_a_crater_doubles_the_cost_of_each_cell_entered() -> None:
    crater = piece("crater", 5, 1, 8, 8)  # cells 6-13 x 2-9
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], [crater]), "goku", 0)
    cells = move_cells(state)
    assert (7, 5) in cells and (8, 5) in cells  # 3 cells at 2" each
    assert (9, 5) not in cells
    open_ground = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    assert (12, 5) in move_cells(open_ground)


def test_a_second_altitude_change_in_one_activation_is_refused() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    state, _ = act(state, ChangeAltitude(player=0, level=1))
    assert not any(isinstance(action, ChangeAltitude) for action in legal_actions(state, 0))
    with pytest.raises(IllegalAction) as caught:
        act(state, ChangeAltitude(player=0, level=2))
    assert caught.value.code == "altitude"


def test_the_altitude_step_is_free_and_one_level_and_only_for_fly() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    with pytest.raises(IllegalAction):
        act(state, ChangeAltitude(player=0, level=2))
    state, _ = act(state, ChangeAltitude(player=0, level=1))
    assert state.activation is not None and state.activation.actions_left == 2
    guldo = activated(
        board([("guldo", 1, (5, 5)), ("goku", 0, (20, 20))], rosters=("z_fighters", "ginyu_force")),
        "guldo",
        1,
    )
    assert not any(isinstance(action, ChangeAltitude) for action in legal_actions(guldo, 1))


def test_no_descent_into_a_cell_impassable_at_the_lower_level() -> None:
    spire = piece("spire", 6, 4, 2, 2)
    state = board([("goku", 0, (7, 5)), ("frieza", 1, (20, 20))], [spire])
    state.units[0].level = 1
    state = activated(state, "goku", 0)
    assert ChangeAltitude(player=0, level=0) not in legal_actions(state, 0)
    assert ChangeAltitude(player=0, level=2) in legal_actions(state, 0)


def test_a_move_outside_the_reach_is_refused_with_the_state_untouched() -> None:
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as caught:
        act(state, Move(player=0, to=(5, 13)))
    assert caught.value.code == "unreachable"
    assert state.model_dump_json() == before


def _refusal(state, to: tuple[int, int]) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(state, Move(player=0, to=to))
    return caught.value.message


def test_a_refused_move_quotes_the_path_when_it_costs_more_than_the_straight_line() -> None:
    """2.2 Move: a move pays its path (1.0" a step, 1.4" a diagonal), so the refusal quotes that."""
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    # 3 east and 6 north: 6.7" in a straight line, 3 diagonals and 3 steps (7.2") by the grid.
    assert _refusal(state, (8, 11)) == '8,11 is 7.2" away by the shortest path; Goku has MOV 7".'
    assert _refusal(state, (5, 13)) == '5,13 is 8" away; Goku has MOV 7".'
    # Frieza at 7,5 blocks the straight line east: the detour costs 7.8".
    blocked = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (7, 5))]), "goku", 0)
    assert _refusal(blocked, (12, 5)) == '12,5 is 7.8" away by the shortest path; Goku has MOV 7".'
    assert _refusal(blocked, (7, 5)) == "Frieza stands on 7,5."


@pytest.mark.parametrize("cell", [(31, 5), (0, 4), (5, 0), (5, 31)])
def test_a_move_off_the_board_says_so(cell: tuple[int, int]) -> None:
    """2.2 Grid: cells are 1-30 each way; a cell beyond is off the board, not merely out of reach."""
    state = activated(board([("goku", 0, (29, 5)), ("frieza", 1, (20, 20))]), "goku", 0)
    assert _refusal(state, cell) == f"{cell[0]},{cell[1]} is off the board: cells run from 1 to 30 each way."


def test_a_move_into_impassable_terrain_or_under_heavy_gravity_says_why() -> None:
    """2.2 terrain table and 3.6 Heavy Gravity: the refusal names the piece, or what MOV is left."""
    spire = piece("spire", 6, 4, 2, 2)  # cells 7-8 x 5-6
    state = activated(board([("goku", 0, (5, 5)), ("frieza", 1, (20, 20))], [spire]), "goku", 0)
    assert _refusal(state, (7, 5)) == "7,5 is inside a Spire, impassable at Ground."
    heavy = state.model_copy(deep=True)
    heavy.condition = "heavy_gravity"
    assert _refusal(heavy, (5, 12)) == (
        '5,12 is 7" away; Goku can move 6" (MOV 7", -1" under Heavy Gravity).'
    )
