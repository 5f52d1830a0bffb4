"""Terrain pieces and random layouts shared by the board-geometry tests."""

from __future__ import annotations

from hypothesis import strategies as st

from rules.primetime.geometry import BOARD_SIZE
from rules.primetime.terrain import TerrainKind, TerrainPiece

SPIRE, MESA, RUINS, CRATER, LAKE = (
    TerrainKind.SPIRE,
    TerrainKind.MESA,
    TerrainKind.RUINS,
    TerrainKind.CRATER,
    TerrainKind.LAKE,
)

cells = st.tuples(st.integers(1, BOARD_SIZE), st.integers(1, BOARD_SIZE))
levels = st.integers(0, 2)


def piece(kind: TerrainKind, x: int, y: int, width: int = 2, height: int = 2) -> TerrainPiece:
    return TerrainPiece(kind=kind, x=x, y=y, width=width, height=height)


@st.composite
def pieces(draw: st.DrawFn, kinds: tuple[TerrainKind, ...] = tuple(TerrainKind)) -> TerrainPiece:
    width = draw(st.integers(2, 8))
    height = draw(st.integers(2, 8))
    return piece(
        draw(st.sampled_from(kinds)),
        draw(st.integers(0, BOARD_SIZE - width)),
        draw(st.integers(0, BOARD_SIZE - height)),
        width,
        height,
    )


def layouts(kinds: tuple[TerrainKind, ...] = tuple(TerrainKind)) -> st.SearchStrategy:
    """Five to eight pieces (SU-1), possibly overlapping as a hand edit could make them."""
    return st.lists(pieces(kinds), min_size=5, max_size=8).map(tuple)
