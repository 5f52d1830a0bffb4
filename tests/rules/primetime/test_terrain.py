"""The terrain table of DESIGN.md 2.2: footprint, clearance, impassable and difficult cells per level."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.primetime.terrain import Terrain, TerrainKind, terrain_of
from tests.rules.primetime.layouts import piece


def test_a_piece_covers_the_cells_east_and_north_of_its_corner():
    """2.2 Terrain: a rectangle of whole cells from its south-west grid point; cells x+1..x+width."""
    spire = piece(TerrainKind.SPIRE, 10, 10, 3, 2)
    assert spire.cells() == [(11, 11), (12, 11), (13, 11), (11, 12), (12, 12), (13, 12)]
    assert spire.contains((11, 11)) and spire.contains((13, 12))
    assert not spire.contains((10, 11)) and not spire.contains((14, 12)) and not spire.contains((11, 13))


def test_pieces_are_two_to_eight_inches_a_side_and_stay_on_the_board():
    """2.2 Terrain: 2-8" a side; a piece cannot hang off the 30" board."""
    for width, height in ((1, 4), (9, 4), (4, 1), (4, 9)):
        with pytest.raises(ValidationError):
            piece(TerrainKind.RUINS, 5, 5, width, height)
    with pytest.raises(ValidationError):
        piece(TerrainKind.RUINS, 27, 5, 4, 4)
    assert piece(TerrainKind.RUINS, 26, 26, 4, 4).contains((30, 30))


def test_clearance_per_type():
    """2.2 terrain table: Spire L1, Mesa L2, Ruins, Crater and Lake Ground."""
    clearances = {kind: piece(kind, 1, 1).clearance() for kind in TerrainKind}
    assert clearances == {
        TerrainKind.SPIRE: 1,
        TerrainKind.MESA: 2,
        TerrainKind.RUINS: 0,
        TerrainKind.CRATER: 0,
        TerrainKind.LAKE: 0,
    }


def test_impassable_cells_per_level():
    """2.2 table and Altitude: a Spire is impassable at Ground only, a Mesa at Ground and L1."""
    terrain = Terrain(
        (
            piece(TerrainKind.SPIRE, 2, 2),
            piece(TerrainKind.MESA, 10, 10),
            piece(TerrainKind.RUINS, 20, 20),
            piece(TerrainKind.CRATER, 20, 2),
            piece(TerrainKind.LAKE, 2, 20),
        )
    )
    assert [terrain.passable((3, 3), level) for level in (0, 1, 2)] == [False, True, True]
    assert [terrain.passable((11, 11), level) for level in (0, 1, 2)] == [False, False, True]
    for cell in ((21, 21), (21, 3), (3, 21), (15, 15)):
        assert all(terrain.passable(cell, level) for level in (0, 1, 2))
    for off_board in ((0, 1), (31, 1), (1, 0), (1, 31)):
        assert not any(terrain.passable(off_board, level) for level in (0, 1, 2))


def test_difficult_cells_slow_only_ground_models_and_lakes_not_namekians():
    """2.2 table: Ruins, Craters and Lakes are difficult at Ground (a Lake not for Namekians)."""
    terrain = Terrain(
        (
            piece(TerrainKind.RUINS, 20, 20),
            piece(TerrainKind.CRATER, 20, 2),
            piece(TerrainKind.LAKE, 2, 20),
            piece(TerrainKind.SPIRE, 2, 2),
        )
    )
    assert terrain.difficult((21, 21), 0, False) and terrain.difficult((21, 21), 0, True)
    assert terrain.difficult((21, 3), 0, False) and terrain.difficult((21, 3), 0, True)
    assert terrain.difficult((3, 21), 0, False) and not terrain.difficult((3, 21), 0, True)
    assert not terrain.difficult((3, 3), 0, False)
    assert not terrain.difficult((15, 15), 0, False)
    for level in (1, 2):
        assert not any(terrain.difficult(cell, level, False) for cell in ((21, 21), (21, 3), (3, 21)))


def test_piece_at_names_the_piece_over_a_cell():
    """2.2 Terrain: lookups per cell, first piece in layout order where hand-edited pieces overlap."""
    ruins = piece(TerrainKind.RUINS, 4, 4, 4, 4)
    crater = piece(TerrainKind.CRATER, 6, 6, 4, 4)
    terrain = Terrain((ruins, crater))
    assert ruins.overlaps(crater) and not ruins.overlaps(piece(TerrainKind.LAKE, 8, 4))
    assert terrain.piece_at((5, 5)) is ruins
    assert terrain.piece_at((7, 7)) is ruins
    assert terrain.piece_at((10, 10)) is crater
    assert terrain.piece_at((1, 1)) is None
    assert terrain.piece_at((0, 0)) is None


def test_overlapping_pieces_combine_their_effects():
    """2.2 Terrain: a cell under a Spire and Ruins is impassable at Ground whichever came first."""
    terrain = Terrain((piece(TerrainKind.RUINS, 4, 4, 4, 4), piece(TerrainKind.SPIRE, 6, 6)))
    assert not terrain.passable((7, 7), 0)
    assert terrain.passable((7, 7), 1)


def test_terrain_of_builds_each_layout_once():
    """The lookups are cached per layout: an equal tuple of pieces gives the very same object."""
    layout = (piece(TerrainKind.MESA, 10, 10), piece(TerrainKind.LAKE, 20, 20))
    again = (piece(TerrainKind.MESA, 10, 10), piece(TerrainKind.LAKE, 20, 20))
    assert terrain_of(layout) is terrain_of(again)
    assert terrain_of(layout) == Terrain(again)
    assert terrain_of(layout) is not terrain_of(layout[:1])


def test_distance_to_a_piece_is_to_its_nearest_point():
    """2.2 Cover measures to a piece's nearest point: 0 inside, along an axis or to a corner outside."""
    spire = piece(TerrainKind.SPIRE, 10, 10)
    assert spire.distance_to((11.0, 11.0)) == 0.0
    assert spire.distance_to((14.5, 11.0)) == 2.5
    assert spire.distance_to((15.0, 16.0)) == 5.0
