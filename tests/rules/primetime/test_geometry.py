"""The grid of DESIGN.md 2.2: cells, centres, Euclidean distance, "within", contact and tie-breaks."""

from __future__ import annotations

from math import sqrt

from hypothesis import given
from hypothesis import strategies as st

from rules.primetime.geometry import (
    BOARD_SIZE,
    cells_within,
    centre,
    distance,
    distance_to_point,
    in_contact,
    nearest_cell,
    on_board,
    point_within,
    within,
)

cells = st.tuples(st.integers(1, BOARD_SIZE), st.integers(1, BOARD_SIZE))


def test_grid_cells_run_one_to_thirty_with_centres_at_half_inches():
    """2.2 Grid: cells x,y are 1-30 and cell x,y has its centre at (x - 0.5, y - 0.5)"."""
    assert on_board((1, 1)) and on_board((30, 30))
    assert not on_board((0, 5)) and not on_board((31, 5)) and not on_board((5, 0)) and not on_board((5, 31))
    assert centre((1, 1)) == (0.5, 0.5)
    assert centre((15, 30)) == (14.5, 29.5)


def test_distance_is_euclidean_from_centre_to_centre_or_to_a_point():
    """2.2 Distance: Euclidean, centre to centre or to a grid point."""
    assert distance((5, 5), (8, 9)) == 5.0
    assert distance((1, 1), (2, 2)) == sqrt(2)
    assert distance_to_point((15, 15), (15, 15)) == sqrt(0.5)
    assert distance_to_point((1, 1), (3, 0.5)) == 2.5


def test_within_means_at_most_and_is_exact_on_the_boundary():
    """2.2 Distance: "within X"" means ≤ X, and a 3-4-5 triangle is within 5" exactly."""
    assert within((5, 5), (8, 9), 5)
    assert not within((5, 5), (8, 9), 4.99)
    assert within((1, 1), (2, 2), sqrt(2))
    assert within((3, 3), (3, 3), 0)
    assert point_within((15, 15), (15, 15), sqrt(0.5))
    assert point_within((14, 16), (15, 15), 3) and not point_within((12, 16), (15, 15), 3)


def test_base_contact_is_the_eight_neighbours():
    """2.2 Distance: base contact means adjacent cells, diagonals included, and never the cell itself."""
    assert in_contact((5, 5), (6, 6)) and in_contact((5, 5), (5, 4))
    assert not in_contact((5, 5), (5, 5))
    assert not in_contact((5, 5), (7, 5))


def test_nearest_cell_breaks_ties_by_lower_y_then_lower_x():
    """2.2 Distance [D]: ties go to the lower y, then the lower x."""
    around_the_point = [(16, 16), (15, 16), (16, 15), (15, 15)]
    assert nearest_cell(around_the_point, (15.0, 15.0)) == (15, 15)
    assert nearest_cell([(16, 16), (15, 16), (16, 15)], (15.0, 15.0)) == (16, 15)
    assert nearest_cell([(16, 16), (15, 16)], (15.0, 15.0)) == (15, 16)
    assert nearest_cell([], (1.0, 1.0)) is None


def test_cells_within_lists_the_board_cells_in_range_by_row():
    """2.2 Distance: every on-board cell within range, the cell itself included, sorted by (y, x)."""
    assert cells_within((1, 1), 1) == [(1, 1), (2, 1), (1, 2)]
    assert cells_within((1, 1), 1.5) == [(1, 1), (2, 1), (1, 2), (2, 2)]
    assert cells_within((5, 5), -1) == []


@given(cells, st.floats(0, 12))
def test_cells_within_agrees_with_within_over_the_whole_board(cell, inches):
    """2.2 Distance: the range listing is exactly the cells ``within`` accepts."""
    expected = [
        (x, y)
        for y in range(1, BOARD_SIZE + 1)
        for x in range(1, BOARD_SIZE + 1)
        if within(cell, (x, y), inches)
    ]
    assert cells_within(cell, inches) == expected


@given(cells, cells)
def test_distance_and_contact_are_symmetric(a, b):
    """2.2 Distance: measured the same way from either end."""
    assert distance(a, b) == distance(b, a)
    assert in_contact(a, b) == in_contact(b, a)
    assert within(a, b, distance(a, b))
