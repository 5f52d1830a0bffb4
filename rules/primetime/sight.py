"""Line of sight and Cover (DESIGN.md 2.2 LOS and Cover, A16).

A line runs from cell centre to cell centre. It *crosses* a piece when it passes through the piece's
open interior: a line that only touches a corner or runs along an edge does not cross (A16). All the
tests are exact: in half-inch units every centre and every terrain edge is a whole number, so the
crossing test and the 2" Cover reach are integer arithmetic.

The crossing test is the separating-axis test for a segment and an open rectangle: they meet unless
the segment's x or y extent stays outside the rectangle's open extent, or all four corners lie on
one closed side of the segment's line.
"""

from __future__ import annotations

from functools import lru_cache

from rules.primetime.geometry import Cell
from rules.primetime.terrain import Terrain, TerrainKind, TerrainPiece

_COVER_REACH_SQUARED = 16
"""2" of Cover reach, squared, in half-inch units."""

_SOLID = frozenset({TerrainKind.SPIRE, TerrainKind.MESA})

# A piece in half-inch units: (piece, clearance, west, east, south, north).
_Bounds = tuple[TerrainPiece, int, int, int, int, int]


@lru_cache(maxsize=64)
def _solid_pieces(terrain: Terrain) -> tuple[_Bounds, ...]:
    """The pieces that can block LOS or give Cover from a line, with their doubled bounds."""
    return tuple(
        (
            piece,
            piece.clearance(),
            2 * piece.x,
            2 * (piece.x + piece.width),
            2 * piece.y,
            2 * (piece.y + piece.height),
        )
        for piece in terrain.pieces
        if piece.kind in _SOLID
    )


def _contains(bounds: _Bounds, px: int, py: int) -> bool:
    _, _, west, east, south, north = bounds
    return west < px < east and south < py < north


def _crosses(bounds: _Bounds, ax: int, ay: int, bx: int, by: int) -> bool:
    """Whether the segment from (ax, ay) to (bx, by), in half inches, enters the piece's open interior."""
    _, _, west, east, south, north = bounds
    if max(ax, bx) <= west or min(ax, bx) >= east or max(ay, by) <= south or min(ay, by) >= north:
        return False
    dx, dy = bx - ax, by - ay
    above = below = False
    for cx, cy in ((west, south), (east, south), (west, north), (east, north)):
        side = dx * (cy - ay) - dy * (cx - ax)
        above = above or side > 0
        below = below or side < 0
    return above and below


def _doubled_centre(cell: Cell) -> tuple[int, int]:
    return 2 * cell[0] - 1, 2 * cell[1] - 1


def line_of_sight(terrain: Terrain, a: Cell, a_level: int, b: Cell, b_level: int) -> bool:
    """2.2 LOS: no piece the line crosses has a clearance above the higher of the two models.

    Pieces containing either end are ignored, and models never block.
    """
    higher = max(a_level, b_level)
    ax, ay = _doubled_centre(a)
    bx, by = _doubled_centre(b)
    for bounds in _solid_pieces(terrain):
        if bounds[1] <= higher or _contains(bounds, ax, ay) or _contains(bounds, bx, by):
            continue
        if _crosses(bounds, ax, ay, bx, by):
            return False
    return True


def _near(bounds: _Bounds, px: int, py: int) -> bool:
    """Whether the piece's nearest point is within 2" of the point (half-inch units)."""
    _, _, west, east, south, north = bounds
    dx = max(west - px, 0, px - east)
    dy = max(south - py, 0, py - north)
    return dx * dx + dy * dy <= _COVER_REACH_SQUARED


def has_cover(terrain: Terrain, attacker: Cell, attacker_level: int, target: Cell, target_level: int) -> bool:
    """2.2 Cover against a ranged technique, whatever the attacker's altitude: only for a Ground
    target, standing in Ruins or behind a Spire or Mesa that the line crosses and whose nearest point
    is within 2" of the target's centre (a piece containing the attacker's cell is ignored).

    ``attacker_level`` is part of the question but never changes the answer: a Spire crossed from L1
    still gives Cover although it no longer blocks the line.
    """
    if target_level != 0:
        return False
    if any(piece.kind is TerrainKind.RUINS and piece.contains(target) for piece in terrain.pieces):
        return True
    ax, ay = _doubled_centre(attacker)
    tx, ty = _doubled_centre(target)
    return any(
        not _contains(bounds, ax, ay) and _near(bounds, tx, ty) and _crosses(bounds, ax, ay, tx, ty)
        for bounds in _solid_pieces(terrain)
    )
