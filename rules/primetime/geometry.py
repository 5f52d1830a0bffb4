"""The 30x30 grid of DESIGN.md 2.2: cells, grid points, distance, range and base contact.

Cell ``x,y`` (1-30) has its centre at ``(x - 0.5, y - 0.5)`` inches; grid points (objectives, terrain
corners) are whole inches 0-30. Distances are Euclidean. Range checks compare squared distances in
half-inch units, which are whole numbers, so "within 3"" never depends on float rounding.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import hypot

Cell = tuple[int, int]
Point = tuple[int, int]

BOARD_SIZE = 30

# An error far below any distance difference two cells can show, and far above float noise.
_EPSILON = 1e-9


def on_board(cell: Cell) -> bool:
    x, y = cell
    return 1 <= x <= BOARD_SIZE and 1 <= y <= BOARD_SIZE


def centre(cell: Cell) -> tuple[float, float]:
    return cell[0] - 0.5, cell[1] - 0.5


def distance(a: Cell, b: Cell) -> float:
    return hypot(a[0] - b[0], a[1] - b[1])


def distance_to_point(cell: Cell, point: Point) -> float:
    return hypot(cell[0] - 0.5 - point[0], cell[1] - 0.5 - point[1])


def _within_squared(doubled_dx: int, doubled_dy: int, inches: float) -> bool:
    """Whether a displacement given in half inches is at most ``inches`` long."""
    return doubled_dx * doubled_dx + doubled_dy * doubled_dy <= 4 * inches * inches + _EPSILON


def within(a: Cell, b: Cell, inches: float) -> bool:
    """2.2 Distance: "within X"" means at most X inches, centre to centre."""
    return _within_squared(2 * (a[0] - b[0]), 2 * (a[1] - b[1]), inches)


def point_within(cell: Cell, point: Point, inches: float) -> bool:
    """Whether a cell's centre is at most ``inches`` from a grid point (objective zones, Seize)."""
    return _within_squared(2 * cell[0] - 1 - 2 * point[0], 2 * cell[1] - 1 - 2 * point[1], inches)


def in_contact(a: Cell, b: Cell) -> bool:
    """2.2 Distance: base contact means adjacent cells, diagonals included."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def nearest_cell(cells: Iterable[Cell], to: tuple[float, float]) -> Cell | None:
    """The cell whose centre is nearest ``to``; 2.2 breaks ties by the lower y, then the lower x."""
    tx, ty = to

    def key(cell: Cell) -> tuple[float, int, int]:
        # Rounded so that two equal distances computed along different float paths still tie.
        return round((cell[0] - 0.5 - tx) ** 2 + (cell[1] - 0.5 - ty) ** 2, 9), cell[1], cell[0]

    return min(cells, key=key, default=None)


def cells_within(cell: Cell, inches: float) -> list[Cell]:
    """Every on-board cell within ``inches`` of ``cell`` (the cell itself included), by (y, x)."""
    if inches < 0:
        return []
    reach = int(inches + _EPSILON)  # no axis offset can exceed the distance
    found: list[Cell] = []
    for y in range(max(1, cell[1] - reach), min(BOARD_SIZE, cell[1] + reach) + 1):
        for x in range(max(1, cell[0] - reach), min(BOARD_SIZE, cell[0] + reach) + 1):
            if within(cell, (x, y), inches):
                found.append((x, y))
    return found
