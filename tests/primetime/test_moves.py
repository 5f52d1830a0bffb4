"""Acceptance 1: Move actions are exactly the Dijkstra reach (2.2 Move), terrain and altitude (AL-3)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.primetime.actions import ChangeAltitude, Move
from rules.primetime.engine import legal_actions
from rules.primetime.movement import reachable
from rules.primetime.terrain import terrain_of
from tests.primetime.helpers import act, activated, board, piece


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
