"""The static battlefield layer of the Prime Time board image (DESIGN.md 4.2): the 30x30" grid with
its coordinates, the two deployment zones and the terrain; and where the terrain's names go.

None of the layer changes during a game, so it is drawn once per layout and cached; a board image
copies it and draws the terrain's names, the models, objectives and overlays on the copy. Each
terrain type has its own fill *and* hatch, so the types stay apart in greyscale and for colour-blind
players. The names move with the models (a name stays off every model's base, every Dragon Ball
and every other name), so they are placed per image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from math import sin

from PIL import Image, ImageDraw

from locales.languages import Language
from renderers.common import RGB, Colour, blend, font, paste
from renderers.drawing import drawing
from renderers.primetime.layout import GROUND, SIDE_COLOURS, Scale, Zone, zone_fill
from renderers.primetime.words import terrain_name
from rules.primetime.geometry import BOARD_SIZE
from rules.primetime.terrain import TerrainKind, TerrainPiece

BOLD_EVERY = 5
"""Every fifth coordinate and grid line is bold, so distances can be counted in fives."""

HATCH_SPACING = 8

GRID_LINE = blend(GROUND, Colour.WHITE, 0.14)
GRID_LINE_BOLD = blend(GROUND, Colour.WHITE, 0.34)
PLATE = Colour.TEXT
"""The solid light plate behind every terrain name, lettered in ink: no hatch or grid line runs
under the letters, and dark on light keeps its contrast over every terrain's fill."""
PLATE_PAD = 4

Box = tuple[int, int, int, int]
Hatch = Callable[[ImageDraw.ImageDraw, int, int, RGB], None]


def _diagonals(draw: ImageDraw.ImageDraw, width: int, height: int, ink: RGB) -> None:
    for offset in range(-height, width, HATCH_SPACING):
        draw.line((offset, height, offset + height, 0), fill=ink, width=2)


def _cross(draw: ImageDraw.ImageDraw, width: int, height: int, ink: RGB) -> None:
    for offset in range(-height, width, HATCH_SPACING + 2):
        draw.line((offset, height, offset + height, 0), fill=ink, width=1)
        draw.line((offset, 0, offset + height, height), fill=ink, width=1)


def _bricks(draw: ImageDraw.ImageDraw, width: int, height: int, ink: RGB) -> None:
    for row, top in enumerate(range(0, height, HATCH_SPACING)):
        draw.line((0, top, width, top), fill=ink, width=1)
        shift = (row % 2) * HATCH_SPACING
        for left in range(shift, width, 2 * HATCH_SPACING):
            draw.line((left, top, left, top + HATCH_SPACING), fill=ink, width=1)


def _dots(draw: ImageDraw.ImageDraw, width: int, height: int, ink: RGB) -> None:
    for row, top in enumerate(range(HATCH_SPACING // 2, height, HATCH_SPACING)):
        shift = (row % 2) * (HATCH_SPACING // 2)
        for left in range(HATCH_SPACING // 2 + shift, width, HATCH_SPACING):
            draw.rectangle((left - 1, top - 1, left, top), fill=ink)


def _waves(draw: ImageDraw.ImageDraw, width: int, height: int, ink: RGB) -> None:
    for top in range(HATCH_SPACING // 2, height, HATCH_SPACING):
        crest = [(x, top + round(2 * sin(x / 3))) for x in range(0, width + 1, 2)]
        draw.line(crest, fill=ink, width=1)


@dataclass(frozen=True)
class TerrainStyle:
    name: str
    fill: RGB
    ink: RGB
    """The hatch and the outline."""
    hatch: Hatch


TERRAIN_STYLES: dict[TerrainKind, TerrainStyle] = {
    TerrainKind.SPIRE: TerrainStyle("Spire", (124, 112, 98), (66, 57, 49), _diagonals),
    TerrainKind.MESA: TerrainStyle("Mesa", (146, 86, 58), (84, 45, 29), _cross),
    TerrainKind.RUINS: TerrainStyle("Ruins", (118, 118, 126), (74, 74, 82), _bricks),
    TerrainKind.CRATER: TerrainStyle("Crater", (88, 66, 46), (48, 34, 22), _dots),
    TerrainKind.LAKE: TerrainStyle("Lake", (30, 108, 88), (150, 214, 190), _waves),
}


RING_EDGE = Colour.YELLOW
"""The Cell Games Ring's outline (3.6): models inside it get OC +1."""


def battlefield(
    pieces: tuple[TerrainPiece, ...],
    zones: tuple[Zone, Zone],
    ring: Zone | None,
    scale: Scale,
) -> Image.Image:
    """The layer for one layout, ``scale.field_pixels`` square (the board keeps the backgrounds built
    on it). ``zones[0]`` is tinted blue, ``zones[1]`` orange; the Cell Games Ring, if any, is
    outlined in yellow."""
    canvas = Image.new("RGB", (scale.field_pixels, scale.field_pixels), Colour.TABLE)
    draw = drawing(canvas)
    near, far = scale.margin, scale.margin + scale.board_pixels - 1
    draw.rectangle((near, near, far, far), fill=GROUND)
    for side, zone in enumerate(zones):
        _draw_zone(draw, zone, side, scale)
    for piece in pieces:
        paste(
            canvas,
            terrain_tile(piece.kind, piece.width, piece.height, scale.inch),
            scale.point_pixel((piece.x, piece.y + piece.height)),
        )
    _draw_grid(draw, scale)
    if ring is not None:
        left, top = scale.point_pixel((ring.x, ring.y + ring.height))
        right, bottom = scale.point_pixel((ring.x + ring.width, ring.y))
        draw.rectangle((left, top, right - 1, bottom - 1), outline=RING_EDGE, width=3)
    if scale.every:
        _draw_coordinates(draw, scale)
    return canvas


def _draw_zone(draw: ImageDraw.ImageDraw, zone: Zone, side: int, scale: Scale) -> None:
    left, top = scale.point_pixel((zone.x, zone.y + zone.height))
    right, bottom = scale.point_pixel((zone.x + zone.width, zone.y))
    draw.rectangle(
        (left, top, right - 1, bottom - 1), fill=zone_fill(side), outline=SIDE_COLOURS[side], width=2
    )


@cache
def terrain_tile(kind: TerrainKind, width: int, height: int, inch: int) -> Image.Image:
    """A piece's fill, hatch and outline, ``width`` by ``height`` inches."""
    style = TERRAIN_STYLES[kind]
    size = (width * inch, height * inch)
    tile = Image.new("RGB", size, style.fill)
    draw = drawing(tile)
    style.hatch(draw, size[0], size[1], style.ink)
    draw.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=style.ink, width=2)
    return tile


def _draw_grid(draw: ImageDraw.ImageDraw, scale: Scale) -> None:
    """One line per inch, over the terrain so cells can be counted inside it; bold every 5"."""
    near, far = scale.margin, scale.margin + scale.board_pixels
    for inch in range(BOARD_SIZE + 1):
        if inch % BOLD_EVERY == 0:
            continue
        at = near + inch * scale.inch
        draw.line((at, near, at, far), fill=GRID_LINE)
        draw.line((near, at, far, at), fill=GRID_LINE)
    for inch in range(0, BOARD_SIZE + 1, BOLD_EVERY):
        at = near + inch * scale.inch
        draw.line((at, near, at, far), fill=GRID_LINE_BOLD)
        draw.line((near, at, far, at), fill=GRID_LINE_BOLD)


def terrain_texts(
    kind: TerrainKind, width: int, height: int, size: int, language: Language = Language.ENGLISH
) -> list[str]:
    """What may name the type in ``width`` by ``height`` px, best first: its name (in ``language``)
    where it fits, its initial where that fits; nothing when neither does (the hatch tells the type)."""
    name = terrain_name(kind, language)
    typeface = font(size, True)
    room = width - 2 * PLATE_PAD - 2  # the plate stays inside the outline
    if height < size + 2 * PLATE_PAD:
        return []
    return [text for text in (name, name[0]) if typeface.getlength(text) <= room]


def terrain_names(
    pieces: tuple[TerrainPiece, ...],
    scale: Scale,
    window: Box,
    keep_clear: list[Box],
    language: Language = Language.ENGLISH,
) -> list[NamePlate]:
    """Where each piece's name goes on the part of it ``window`` shows, on a plate clear of
    ``keep_clear`` (the models' footprints, the balls...) and of the names placed before it; a
    piece with no such spot goes unnamed (its hatch still tells its type)."""
    taken = list(keep_clear)
    names = []
    for piece in pieces:
        left, top = scale.point_pixel((piece.x, piece.y + piece.height))
        right, bottom = scale.point_pixel((piece.x + piece.width, piece.y))
        room = max(left, window[0]), max(top, window[1]), min(right, window[2]), min(bottom, window[3])
        if room[2] <= room[0] or room[3] <= room[1]:
            continue
        plate = terrain_plate(piece.kind, room, scale.text, taken, window, language)
        if plate is not None:
            names.append(plate)
            taken.append(plate.box)
    return names


def _plate(text: str, centre: tuple[int, int], size: int) -> Box:
    left, top, right, bottom = font(size, True).getbbox(text, anchor="mm")
    return (
        centre[0] + left - PLATE_PAD,
        centre[1] + top - PLATE_PAD,
        centre[0] + right + PLATE_PAD,
        centre[1] + bottom + PLATE_PAD,
    )


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class NamePlate:
    """A terrain name placed on the battlefield: its words, the middle of its letters, its plate."""

    kind: TerrainKind
    text: str
    centre: tuple[int, int]
    box: Box
    size: int

    def moved(self, dx: int, dy: int) -> NamePlate:
        left, top, right, bottom = self.box
        return replace(
            self,
            centre=(self.centre[0] + dx, self.centre[1] + dy),
            box=(left + dx, top + dy, right + dx, bottom + dy),
        )


def terrain_plate(
    kind: TerrainKind,
    room: Box,
    size: int,
    keep_clear: list[Box],
    bounds: Box,
    language: Language = Language.ENGLISH,
) -> NamePlate | None:
    """Where the type's name goes, on a solid plate, for the piece at ``room`` (left, top, right,
    bottom): the first spot inside ``bounds`` and off ``keep_clear`` of the middle, the top and
    bottom edges, the left and right ends, and just above or below the piece; the initial at those
    spots where the name finds none (or does not fit); None where neither does."""
    for text in terrain_texts(kind, room[2] - room[0], room[3] - room[1], size, language):
        for centre in _spots(text, room, size):
            box = _plate(text, centre, size)
            if _inside(box, bounds) and not any(_overlaps(box, other) for other in keep_clear):
                return NamePlate(kind, text, centre, box, size)
    return None


def _spots(text: str, room: Box, size: int) -> list[tuple[int, int]]:
    blank = _plate(text, (0, 0), size)
    half_width, half_height = (blank[2] - blank[0]) // 2 + 2, (blank[3] - blank[1]) // 2 + 2
    x, y = (room[0] + room[2]) // 2, (room[1] + room[3]) // 2
    west, east = room[0] + half_width, room[2] - half_width
    north, south = room[1] + half_height, room[3] - half_height
    inside = [(x, y), (x, north), (x, south), (west, y), (east, y)]
    inside += [(west, north), (east, north), (west, south), (east, south)]
    return [*inside, (x, room[1] - half_height), (x, room[3] + half_height)]


def draw_name_plate(draw: ImageDraw.ImageDraw, plate: NamePlate) -> None:
    draw.rectangle(plate.box, fill=PLATE, outline=TERRAIN_STYLES[plate.kind].ink)
    draw.text(plate.centre, plate.text, font=font(plate.size, True), fill=Colour.INK, anchor="mm")


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def _draw_coordinates(draw: ImageDraw.ImageDraw, scale: Scale) -> None:
    """The cells' numbers on all four sides, centred on their column or row: every ``scale.every``-th
    (and bold every fifth, where the margin has room for the bold figures)."""
    near, far = scale.margin // 2, scale.margin + scale.board_pixels + scale.margin // 2
    for number in range(scale.every, BOARD_SIZE + 1, scale.every):
        bold = number % BOLD_EVERY == 0 and font(scale.text, True).getlength(str(number)) <= scale.margin
        typeface = font(scale.text, bold)
        ink = Colour.TEXT if bold else Colour.MUTED
        column, row = scale.point_pixel((number - 0.5, number - 0.5))
        for position in ((column, near), (column, far), (near, row), (far, row)):
            draw.text(position, str(number), font=typeface, fill=ink, anchor="mm")
