"""Where the Prime Time battlefield sits on the board image, and how inches become pixels.

The board is drawn for a phone: 1,080 px wide, so its smallest text (30 px) is 10 px when Discord
shows it 360 px wide. The 30" battlefield takes 20 px per inch, framed by a margin that carries
every fifth coordinate; the side panel is to its right. The private zoom (``renderers.primetime.zoom``)
draws the same battlefield at 54 px per inch and crops it around a model. North is up: cell
``x,y`` is ``x`` cells from the west edge and ``y`` cells from the south edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.common import RGB, Colour, Rect, blend, smallest_text
from rules.primetime.geometry import BOARD_SIZE, Cell


@dataclass(frozen=True)
class Scale:
    """Pixels per inch of battlefield, and the frame around it that holds the coordinates."""

    inch: int
    margin: int
    text: int
    """The smallest text drawn at this scale."""
    every: int = 5
    """Which coordinates the frame carries: every fifth on the board; none in the zoom's layer,
    whose crop is framed with its own."""

    @property
    def board_pixels(self) -> int:
        return BOARD_SIZE * self.inch

    @property
    def field_pixels(self) -> int:
        """The battlefield layer is this many pixels square, frame included."""
        return self.board_pixels + 2 * self.margin

    @property
    def disc_radius(self) -> int:
        """A 1" base, leaving the cell's grid lines visible around it."""
        return round(self.inch * 0.46)

    def point_pixel(self, point: tuple[float, float]) -> tuple[int, int]:
        """The pixel of a grid point (or any position in inches) on the battlefield layer."""
        return round(self.margin + point[0] * self.inch), round(
            self.margin + (BOARD_SIZE - point[1]) * self.inch
        )

    def cell_box(self, cell: Cell) -> tuple[int, int, int, int]:
        """A cell's square on the battlefield layer: left, top, right, bottom (inclusive)."""
        left, top = self.point_pixel((cell[0] - 1, cell[1]))
        return left, top, left + self.inch - 1, top + self.inch - 1

    def cell_centre_pixel(self, cell: Cell) -> tuple[int, int]:
        return self.point_pixel((cell[0] - 0.5, cell[1] - 0.5))

    def footprint(self, cell: Cell) -> tuple[int, int, int, int]:
        """A model's base in ``cell`` with the ring or brackets that may be drawn round it: what a
        terrain name keeps clear of."""
        x, y = self.cell_centre_pixel(cell)
        reach = self.inch // 2 + 4
        return x - reach, y - reach, x + reach, y + reach


WIDTH = 1080
TEXT = smallest_text(WIDTH)
"""30 px: the smallest text on the board."""
BOARD = Scale(inch=20, margin=36, text=TEXT)
FIELD_PIXELS = BOARD.field_pixels
PANEL = Rect(FIELD_PIXELS + 6, 8, WIDTH - FIELD_PIXELS - 14, FIELD_PIXELS - 16)
"""The side panel: round, phase, both players, the mission and the last events."""

SIDE_COLOURS: tuple[RGB, RGB] = (Colour.BLUE, Colour.ORANGE)
"""The two sides' colours, an Okabe-Ito pair that stays distinct for colour-blind players; the
sides' shapes (square bases and tags for the first seat, round ones for the second) tell them
apart without colour."""

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
