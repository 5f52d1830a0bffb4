"""Terrain pieces and the per-layout lookups of DESIGN.md 2.2's terrain table.

| Type  | Clearance | Ground movement              | LOS                     | Cover         |
| Spire | L1        | impassable                   | blocks below clearance  | yes           |
| Mesa  | L2        | impassable (also at L1)      | blocks below clearance  | yes           |
| Ruins | Ground    | difficult                    | never                   | models inside |
| Crater| Ground    | difficult                    | never                   | no            |
| Lake  | Ground    | difficult (not for Namekians)| never                   | no            |

A piece is impassable exactly at the levels below its clearance: a Spire at Ground, a Mesa at Ground
and L1 (2.2 Altitude: at L1 a model ignores Ruins, Craters, Lakes and Spires; at L2 all terrain).
Difficult terrain only slows Ground models.

``Terrain`` answers "what is here" from flat lookup tables built once per layout, because movement
and sight ask it thousands of times inside ``legal_actions``. Cells are indexed on a grid padded by
one off-board cell on every side, so a neighbour's index never wraps onto another row.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from pydantic import BaseModel, Field, model_validator

from rules.primetime.geometry import BOARD_SIZE, Cell

LEVELS = (0, 1, 2)
"""Ground, L1 (Hovering) and L2 (High Air), AL-1."""

GRID_STRIDE = BOARD_SIZE + 2
"""Width of the padded index grid: columns 0 and 31 (and rows 0 and 31) are off the board."""


class TerrainKind(StrEnum):
    SPIRE = "spire"
    MESA = "mesa"
    RUINS = "ruins"
    CRATER = "crater"
    LAKE = "lake"

    @property
    def label(self) -> str:
        """The kind's name for people, as the board labels it (a player types it in lower case)."""
        return self.value.capitalize()


_CLEARANCE = {
    TerrainKind.SPIRE: 1,
    TerrainKind.MESA: 2,
    TerrainKind.RUINS: 0,
    TerrainKind.CRATER: 0,
    TerrainKind.LAKE: 0,
}

_DIFFICULT = frozenset({TerrainKind.RUINS, TerrainKind.CRATER, TerrainKind.LAKE})


class TerrainPiece(BaseModel, frozen=True):
    """A rectangle of whole cells, 2-8" a side (2.2 Terrain), anchored at its south-west grid point."""

    kind: TerrainKind
    x: int = Field(ge=0, le=BOARD_SIZE)
    y: int = Field(ge=0, le=BOARD_SIZE)
    width: int = Field(ge=2, le=8)
    height: int = Field(ge=2, le=8)

    @model_validator(mode="after")
    def _on_board(self) -> TerrainPiece:
        if self.x + self.width > BOARD_SIZE or self.y + self.height > BOARD_SIZE:
            raise ValueError(f"a {self.width}x{self.height} piece at {self.x},{self.y} leaves the board")
        return self

    def contains(self, cell: Cell) -> bool:
        """Cells ``x+1..x+width`` by ``y+1..y+height``: the cells whose squares the rectangle covers."""
        return self.x < cell[0] <= self.x + self.width and self.y < cell[1] <= self.y + self.height

    def clearance(self) -> int:
        """The lowest level that passes over the piece and sees over it."""
        return _CLEARANCE[self.kind]

    def cells(self) -> list[Cell]:
        return [
            (x, y)
            for y in range(self.y + 1, self.y + self.height + 1)
            for x in range(self.x + 1, self.x + self.width + 1)
        ]

    def distance_to(self, point: tuple[float, float]) -> float:
        """Distance from ``point`` to the nearest point of the rectangle (0 inside it)."""
        dx = max(self.x - point[0], 0.0, point[0] - (self.x + self.width))
        dy = max(self.y - point[1], 0.0, point[1] - (self.y + self.height))
        return (dx * dx + dy * dy) ** 0.5

    def overlaps(self, other: TerrainPiece) -> bool:
        """Whether the two rectangles share at least one cell (touching edges do not count)."""
        return (
            self.x < other.x + other.width
            and other.x < self.x + self.width
            and self.y < other.y + other.height
            and other.y < self.y + self.height
        )


def cell_index(cell: Cell) -> int:
    """The cell's slot in the padded lookup grid; valid for cells 0..31 on each axis."""
    return cell[1] * GRID_STRIDE + cell[0]


def index_cell(index: int) -> Cell:
    return index % GRID_STRIDE, index // GRID_STRIDE


class Terrain:
    """Immutable lookups for one layout. Build it with ``terrain_of`` so each layout is built once.

    Overlapping pieces (a hand-edited layout may have them) combine: a cell is impassable if any piece
    over it is, difficult if any is, and ``piece_at`` names the first such piece in layout order.
    """

    __slots__ = ("_difficult", "_passable", "_piece_at", "pieces")

    def __init__(self, pieces: tuple[TerrainPiece, ...]) -> None:
        self.pieces = pieces
        size = GRID_STRIDE * GRID_STRIDE
        piece_at: list[TerrainPiece | None] = [None] * size
        passable = [bytearray(size) for _ in LEVELS]
        for y in range(1, BOARD_SIZE + 1):
            for x in range(1, BOARD_SIZE + 1):
                for level in LEVELS:
                    passable[level][cell_index((x, y))] = 1
        difficult = [bytearray(size), bytearray(size)]  # indexed by ``namekian``
        for piece in pieces:
            for cell in piece.cells():
                index = cell_index(cell)
                if piece_at[index] is None:
                    piece_at[index] = piece
                for level in range(piece.clearance()):
                    passable[level][index] = 0
                if piece.kind in _DIFFICULT:
                    difficult[False][index] = 1
                    if piece.kind is not TerrainKind.LAKE:
                        difficult[True][index] = 1
        self._piece_at = tuple(piece_at)
        self._passable = tuple(bytes(grid) for grid in passable)
        self._difficult = tuple(bytes(grid) for grid in difficult)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terrain) and other.pieces == self.pieces

    def __hash__(self) -> int:
        return hash(self.pieces)

    def __repr__(self) -> str:
        return f"Terrain({self.pieces!r})"

    def piece_at(self, cell: Cell) -> TerrainPiece | None:
        if not (1 <= cell[0] <= BOARD_SIZE and 1 <= cell[1] <= BOARD_SIZE):
            return None
        return self._piece_at[cell_index(cell)]

    def passable(self, cell: Cell, level: int) -> bool:
        """On the board and not impassable at ``level`` (2.2 Move, Altitude)."""
        if not (1 <= cell[0] <= BOARD_SIZE and 1 <= cell[1] <= BOARD_SIZE):
            return False
        return self._passable[level][cell_index(cell)] == 1

    def difficult(self, cell: Cell, level: int, namekian: bool) -> bool:
        """Difficult for a model at ``level``: Ground only, and a Lake is not for Namekians."""
        if level != 0 or not (1 <= cell[0] <= BOARD_SIZE and 1 <= cell[1] <= BOARD_SIZE):
            return False
        return self._difficult[namekian][cell_index(cell)] == 1


@lru_cache(maxsize=64)
def terrain_of(pieces: tuple[TerrainPiece, ...]) -> Terrain:
    """The lookups for a layout; the same layout always gives the same object."""
    return Terrain(pieces)
