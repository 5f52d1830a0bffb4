"""Where the Prime Time battlefield sits on the board image, and how inches become pixels.

The battlefield is 30" at 24 px per inch (DESIGN.md 4.2), framed by a margin that carries the
coordinates on all four sides, with the side panel to its right: 1,150 x 780 px in all. North is up:
cell ``x,y`` is ``x`` cells from the west edge and ``y`` cells from the south edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.common import RGB, Colour, Rect, blend
from rules.primetime.geometry import BOARD_SIZE, Cell

INCH = 24
"""Pixels per inch of battlefield."""

MARGIN = 30
"""The frame around the battlefield holding the coordinates."""

BOARD_PIXELS = BOARD_SIZE * INCH
FIELD_PIXELS = BOARD_PIXELS + 2 * MARGIN
"""The battlefield layer is this many pixels square, frame included."""

WIDTH = 1150
HEIGHT = FIELD_PIXELS
PANEL = Rect(FIELD_PIXELS + 4, 10, WIDTH - FIELD_PIXELS - 14, HEIGHT - 20)
"""The side panel: round, phase, both players, the mission and the last events."""

SIDE_COLOURS: tuple[RGB, RGB] = (Colour.BLUE, Colour.ORANGE)
"""The two sides' colours, an Okabe-Ito pair that stays distinct for colour-blind players."""

GROUND = (58, 54, 47)
"""The battlefield's bare earth: dark, so light labels and the sides' tints read on it."""

ZONE_TINT = 0.36
"""How far a deployment zone is tinted from the bare earth toward its side's colour."""


def zone_fill(side: int) -> RGB:
    return blend(GROUND, SIDE_COLOURS[side], ZONE_TINT)


@dataclass(frozen=True)
class Zone:
    """A deployment zone: a rectangle between whole-inch grid points, anchored at its south-west one."""

    x: int
    y: int
    width: int
    height: int


def point_pixel(point: tuple[float, float]) -> tuple[int, int]:
    """The pixel of a grid point (or any position in inches) on the battlefield layer."""
    return round(MARGIN + point[0] * INCH), round(MARGIN + (BOARD_SIZE - point[1]) * INCH)


def cell_box(cell: Cell) -> tuple[int, int, int, int]:
    """A cell's square on the battlefield layer: left, top, right, bottom (inclusive)."""
    left, top = point_pixel((cell[0] - 1, cell[1]))
    return left, top, left + INCH - 1, top + INCH - 1


def cell_centre_pixel(cell: Cell) -> tuple[int, int]:
    return point_pixel((cell[0] - 0.5, cell[1] - 0.5))
