"""The static battlefield layer of the Prime Time board image (DESIGN.md 4.2): the grid at 20 px per
inch on the phone board (54 in the zoom) with every fifth coordinate in bold, the deployment zones
in the blue/orange pair, terrain with a fill and a hatch per type, cached per layout and identical
in every process (the terrain's names are placed per image: test_primetime_terrain_names)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from itertools import combinations

from PIL import Image, ImageChops

from renderers.common import Colour
from renderers.primetime.battlefield import (
    GRID_LINE,
    GRID_LINE_BOLD,
    TERRAIN_STYLES,
    battlefield,
    terrain_tile,
)
from renderers.primetime.board import _battlefield
from renderers.primetime.layout import BOARD, FIELD_PIXELS, GROUND, Zone, zone_fill
from renderers.primetime.zoom import ZOOM
from rules.primetime.terrain import TerrainKind, TerrainPiece
from tests.renderers.fresh_process import ROOT

NAMEK_ZONES = (Zone(0, 0, 30, 8), Zone(0, 22, 30, 8))
"""Namek Plains: 8" zones on the south (first side) and north edges."""

LAYOUT = (
    TerrainPiece(kind=TerrainKind.SPIRE, x=12, y=12, width=2, height=3),
    TerrainPiece(kind=TerrainKind.MESA, x=4, y=10, width=4, height=4),
    TerrainPiece(kind=TerrainKind.RUINS, x=20, y=9, width=5, height=4),
    TerrainPiece(kind=TerrainKind.CRATER, x=9, y=17, width=3, height=3),
    TerrainPiece(kind=TerrainKind.LAKE, x=16, y=17, width=6, height=4),
    TerrainPiece(kind=TerrainKind.CRATER, x=26, y=15, width=2, height=2),
)


def pixels_in(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    left, top, right, bottom = box
    return {colour for _, colour in image.crop((left, top, right + 1, bottom + 1)).getcolors(1 << 16)}


INCH, MARGIN = BOARD.inch, BOARD.margin
cell_box, cell_centre_pixel = BOARD.cell_box, BOARD.cell_centre_pixel


def layer(pieces: tuple[TerrainPiece, ...], zones: tuple[Zone, Zone]) -> Image.Image:
    return battlefield(pieces, zones, None, BOARD)


def test_the_layer_is_the_board_at_20_px_per_inch_in_a_coordinate_frame():
    """4.2 at phone size: 30" at 20 px per inch, framed by the coordinates."""
    image = layer(LAYOUT, NAMEK_ZONES)
    assert image.size == (FIELD_PIXELS, FIELD_PIXELS) == (30 * 20 + 2 * MARGIN, 30 * 20 + 2 * MARGIN)
    assert cell_box((1, 1)) == (MARGIN, MARGIN + 29 * INCH, MARGIN + INCH - 1, MARGIN + 30 * INCH - 1)
    assert cell_centre_pixel((30, 30)) == (MARGIN + 29 * INCH + 10, MARGIN + 10)


def test_zones_are_tinted_blue_and_orange_and_the_rest_is_bare_ground():
    """4.2 Zones: tinted blue or orange (the Okabe-Ito pair), the first side blue."""
    image = layer(LAYOUT, NAMEK_ZONES)
    assert image.getpixel(cell_centre_pixel((3, 3))) == zone_fill(0)
    assert image.getpixel(cell_centre_pixel((3, 28))) == zone_fill(1)
    assert image.getpixel(cell_centre_pixel((3, 15))) == GROUND
    assert zone_fill(0)[2] > zone_fill(0)[0] and zone_fill(1)[0] > zone_fill(1)[2]


def test_corner_zones_follow_the_location():
    """3.6 Rocky Wasteland: 10x10" zones in the south-west and north-east corners."""
    image = layer((), (Zone(0, 0, 10, 10), Zone(20, 20, 10, 10)))
    assert image.getpixel(cell_centre_pixel((5, 5))) == zone_fill(0)
    assert image.getpixel(cell_centre_pixel((25, 25))) == zone_fill(1)
    assert image.getpixel(cell_centre_pixel((25, 5))) == GROUND


def test_every_piece_shows_its_fill_and_hatch():
    """4.2 Terrain: a fill and a hatch for each type."""
    image = layer(LAYOUT, NAMEK_ZONES)
    for piece in LAYOUT:
        style = TERRAIN_STYLES[piece.kind]
        south_west, north_east = (
            cell_box((piece.x + 1, piece.y + 1)),
            cell_box((piece.x + piece.width, piece.y + piece.height)),
        )
        colours = pixels_in(image, (south_west[0], north_east[1], north_east[2], south_west[3]))
        assert {style.fill, style.ink} <= colours, piece.kind


def test_each_type_has_its_own_hatch_so_types_differ_without_colour():
    """4.2 Terrain: the hatch patterns differ pairwise, so the types stay apart in greyscale."""
    masks = {}
    for kind, style in TERRAIN_STYLES.items():
        tile = terrain_tile(kind, 4, 4, INCH).crop((2, 2, 4 * INCH - 2, 4 * INCH - 2))
        away_from_ink = ImageChops.difference(tile, Image.new("RGB", tile.size, style.ink)).convert("L")
        masks[kind] = away_from_ink.point(lambda level: 255 if level == 0 else 0).tobytes()
    for first, second in combinations(TerrainKind, 2):
        assert masks[first] != masks[second], (first, second)


def test_grid_lines_are_bold_every_five_and_carry_those_coordinates():
    """4.2 at phone size: the coordinates every 5" only, in bold, where they stay legible; the grid's
    fifth lines are brighter too."""
    image = layer((), NAMEK_ZONES)
    middle = cell_centre_pixel((1, 15))[1]
    assert image.getpixel((MARGIN + 4 * INCH, middle)) == GRID_LINE
    assert image.getpixel((MARGIN + 5 * INCH, middle)) == GRID_LINE_BOLD
    top_row = (0, MARGIN - 1)
    column_4 = cell_box((4, 30))
    column_5 = cell_box((5, 30))
    assert pixels_in(image, (column_4[0], top_row[0], column_4[2], top_row[1])) == {Colour.TABLE}
    assert Colour.TEXT in pixels_in(image, (column_5[0], top_row[0], column_5[2], top_row[1]))


def test_the_static_layer_is_kept_per_layout():
    """4.2 / issue 14: the static layer is drawn once per layout and scale."""
    kept = _battlefield(LAYOUT, NAMEK_ZONES, None, BOARD)
    assert kept is _battlefield(tuple(LAYOUT), NAMEK_ZONES, None, BOARD)
    assert kept is not _battlefield(LAYOUT[:3], NAMEK_ZONES, None, BOARD)
    assert kept is not _battlefield(LAYOUT, NAMEK_ZONES, None, ZOOM)


def layer_digest() -> str:
    return hashlib.sha256(layer(LAYOUT, NAMEK_ZONES).tobytes()).hexdigest()


def test_the_layer_is_the_same_after_a_redraw_and_in_another_process():
    """Issue 14: output is deterministic, here and in a process with another hash seed."""
    first = layer_digest()
    terrain_tile.cache_clear()
    assert layer_digest() == first
    script = (
        "from tests.renderers.primetime.test_primetime_battlefield import layer_digest; print(layer_digest())"
    )
    elsewhere = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"},
        cwd=ROOT,
        check=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    assert elsewhere == first
