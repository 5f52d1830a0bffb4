"""A player's private close-up of the Prime Time battlefield: 15 by 15 cells around one model at
54 px per inch (2.7 times the public board), at phone size (864 px wide, 24 px text at the
smallest). It shows what a choice needs: the cells the model can reach tinted, the suggested ones
lettered A, B, C... as the menu offers them, and the models a technique can reach bracketed, each
joined to the model by a range line and labelled (the chance to hit, say). A technique can reach
farther than the window: the window then shows the model and as many of its targets as it can, and
a target beyond it is labelled with its code where its range line leaves the window.

The same battlefield, models, tags and overlays as the board are drawn at the zoom's scale, and the
window is cropped from it and framed with its own coordinates.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from locales.numbers import format_number
from renderers.common import Colour, RenderedBoard, encode_png, font, ink_on, paste, smallest_text
from renderers.drawing import cropped, drawing
from renderers.primetime import labels
from renderers.primetime.battlefield import draw_name_plate
from renderers.primetime.board import draw_pieces, field_layer, palette, placed_terrain_names
from renderers.primetime.describe import model_words
from renderers.primetime.inputs import Highlight, PrimeTimeZoom, ZoomTarget, letter
from renderers.primetime.layout import Scale
from renderers.primetime.overlays import TARGET_RING
from renderers.primetime.words import catalogue, fighter_name
from rules.primetime.geometry import BOARD_SIZE, Cell
from rules.primetime.state import Unit
from rules.primetime.stats import char

WIDTH = 864
TEXT = smallest_text(WIDTH) * 5 // 4
"""30 px (12 px on a phone): a size above the floor for the tags, names and targets' chances, since
the close-up's cells have room for them and they are what a player reads to choose."""
CELLS = 15
"""The window is this many cells square."""
ZOOM = Scale(inch=54, margin=0, text=TEXT, every=0)
LEFT_BAND = 48
TOP_BAND = 40
HEIGHT = TOP_BAND + CELLS * ZOOM.inch + 6
LETTER_FILL = Colour.SKY
RANGE_DASH = 10
NUMBER_TEXT = smallest_text(WIDTH)
"""24 px (10 px on a phone): a two-digit number leaves a clear half cell either side at this size,
so neighbouring columns' numbers never run together when the close-up is shown small (at 30 px,
"14" and "15" read as "1415")."""
EDGE = Colour.FAINT
EDGE_WIDTH = 3
"""A quiet line around the window sets the frame's numbers apart from the cells beside them."""


def _window(centre: Cell) -> tuple[int, int]:
    """The window's south-west cell: the centre in the middle, the window on the battlefield."""
    half = CELLS // 2
    return (
        min(max(centre[0] - half, 1), BOARD_SIZE - CELLS + 1),
        min(max(centre[1] - half, 1), BOARD_SIZE - CELLS + 1),
    )


def _window_with(centre: Cell, targets: list[Cell]) -> tuple[int, int]:
    """The window's south-west cell: the centre at least a cell inside it, as many ``targets`` in
    it as can be, and the rest of the scene as near its middle as the window allows."""
    if not targets:
        return _window(centre)
    scene = [centre, *targets]
    middle = (sum(cell[0] for cell in scene) / len(scene), sum(cell[1] for cell in scene) / len(scene))

    def span(value: int) -> range:
        last = BOARD_SIZE - CELLS + 1
        return range(max(min(value - CELLS + 2, last), 1), min(max(value - 1, 1), last) + 1)

    def score(corner: tuple[int, int]) -> tuple[int, float]:
        inside = sum(
            1 for cell in targets if 0 <= cell[0] - corner[0] < CELLS and 0 <= cell[1] - corner[1] < CELLS
        )
        off = (corner[0] + CELLS // 2 - middle[0]) ** 2 + (corner[1] + CELLS // 2 - middle[1]) ** 2
        return -inside, off

    return min(((west, south) for west in span(centre[0]) for south in span(centre[1])), key=score)


def _centre_unit(zoom: PrimeTimeZoom) -> Unit | None:
    view = zoom.board.view
    wanted = zoom.centre or (view.activation.unit if view.activation is not None else None)
    return next((unit for unit in view.units if unit.id == wanted), None)


def _focus(zoom: PrimeTimeZoom, mover: Unit | None) -> Cell:
    if zoom.focus is not None:
        return zoom.focus
    return mover.cell if mover is not None else (BOARD_SIZE // 2, BOARD_SIZE // 2)


def window_corner(zoom: PrimeTimeZoom) -> Cell:
    """The south-west cell of the close-up's window. Shown with targets, the lettered cells count
    among what the window must hold: a letter beyond it would be lost, while a target beyond it
    keeps its label at the window's edge."""
    units = {unit.id: unit for unit in zoom.board.view.units}
    cells = [units[target.unit].cell for target in zoom.targets if target.unit in units]
    return _window_with(_focus(zoom, _centre_unit(zoom)), [*zoom.lettered, *cells] if cells else [])


def render_primetime_zoom(zoom: PrimeTimeZoom) -> RenderedBoard:
    canvas = draw_zoom(zoom)
    return RenderedBoard(
        png=encode_png(canvas, palette()), alt_text=alt_text(zoom), width=canvas.width, height=canvas.height
    )


def draw_zoom(zoom: PrimeTimeZoom) -> Image.Image:
    """The close-up as an image, before encoding (tests read the texts drawn on it)."""
    view = zoom.board.view
    mover = _centre_unit(zoom)
    units = {unit.id: unit for unit in view.units}
    targets = [target for target in zoom.targets if target.unit in units]
    west, south = window_corner(zoom)
    left, top = ZOOM.cell_box((west, south + CELLS - 1))[:2]
    window = (left, top, left + CELLS * ZOOM.inch, top + CELLS * ZOOM.inch)
    layer = field_layer(view, ZOOM)
    if mover is not None:
        _range_lines(layer, mover, [units[target.unit] for target in targets])
    highlight = Highlight(
        mover=mover.id if mover is not None and not targets else None,
        reach=zoom.reach,
        attacker=mover.id if mover is not None and targets else None,
        targets=frozenset(target.unit for target in targets),
    )
    letters = _letter_boxes(zoom.lettered)
    # The models' tags keep clear of the names, which are drawn last, over the crop.
    names = placed_terrain_names(view, ZOOM, window, letters, zoom.board.language)
    board = zoom.board.model_copy(update={"highlight": highlight})
    taken = draw_pieces(layer, board, ZOOM, window, [*letters, *(name.box for name in names)])
    for index, cell in enumerate(zoom.lettered):
        paste(layer, letter_sprite(letter(index)), ZOOM.cell_box(cell)[:2])
    marks = [_target_mark(target, units[target.unit], mover, window) for target in targets]
    spots = labels.place([tag for _, tag in marks], [*taken, *letters], window)
    for (sprite, _), spot in zip(marks, spots, strict=True):
        paste(layer, sprite, spot.box[:2])
    canvas = Image.new("RGB", (WIDTH, HEIGHT), Colour.TABLE)
    paste(canvas, cropped(layer, window), (LEFT_BAND, TOP_BAND))
    draw = drawing(canvas)
    for name in names:
        draw_name_plate(draw, name.moved(LEFT_BAND - window[0], TOP_BAND - window[1]))
    _frame(canvas, west, south)
    return canvas


def _target_mark(
    target: ZoomTarget, unit: Unit, mover: Unit | None, window: labels.Box
) -> tuple[Image.Image, labels.Tag]:
    """A target's label and where it goes: beside the model, or, for a model beyond the window, with
    its code where its range line leaves the window."""
    centre = ZOOM.cell_centre_pixel(unit.cell)
    if window[0] <= centre[0] < window[2] and window[1] <= centre[1] < window[3]:
        sprite = target_sprite(target.label)
        return sprite, labels.Tag(centre, ZOOM.inch // 2 + 4, sprite.size)
    sprite = target_sprite(f"{char(unit).code} {target.label}")
    half_width, half_height = sprite.width // 2 + labels.CLEARANCE, sprite.height // 2 + labels.CLEARANCE
    inner = (window[0] + half_width, window[1] + half_height, window[2] - half_width, window[3] - half_height)
    start = ZOOM.cell_centre_pixel(mover.cell) if mover is not None else centre
    return sprite, labels.Tag(_towards(start, centre, inner), 0, sprite.size)


def _towards(start: tuple[int, int], end: tuple[int, int], inner: labels.Box) -> tuple[int, int]:
    """The last point of the line from ``start`` to ``end`` inside ``inner``."""
    reach = 1.0
    for axis, (low, high) in enumerate(((inner[0], inner[2]), (inner[1], inner[3]))):
        delta = end[axis] - start[axis]
        if delta:
            reach = min(reach, max(((high if delta > 0 else low) - start[axis]) / delta, 0.0))
    point = [round(start[axis] + reach * (end[axis] - start[axis])) for axis in (0, 1)]
    return min(max(point[0], inner[0]), inner[2]), min(max(point[1], inner[1]), inner[3])


def _letter_boxes(cells: list[Cell]) -> list[labels.Box]:
    return [
        tuple(value + (1 if index > 1 else 0) for index, value in enumerate(ZOOM.cell_box(cell)))
        for cell in cells
    ]  # type: ignore[misc]


def _range_lines(layer: Image.Image, mover: Unit, targets: list[Unit]) -> None:
    """A dashed line from the model to each target, under the models and their tags."""
    draw = drawing(layer)
    start = ZOOM.cell_centre_pixel(mover.cell)
    for target in targets:
        end = ZOOM.cell_centre_pixel(target.cell)
        length = max(((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5, 1)
        dashes = int(length // (2 * RANGE_DASH))
        for dash in range(dashes + 1):
            a = min(1.0, dash * 2 * RANGE_DASH / length)
            b = min(1.0, (dash * 2 + 1) * RANGE_DASH / length)
            segment = [
                (round(start[0] + (end[0] - start[0]) * a), round(start[1] + (end[1] - start[1]) * a)),
                (round(start[0] + (end[0] - start[0]) * b), round(start[1] + (end[1] - start[1]) * b)),
            ]
            draw.line(segment, fill=Colour.INK, width=6)
            draw.line(segment, fill=TARGET_RING, width=3)


@cache
def letter_sprite(text: str) -> Image.Image:
    """A suggested cell's letter on a bright square that fills the cell."""
    size = ZOOM.inch - 1
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((4, 4, size - 5, size - 5), 8, fill=LETTER_FILL, outline=Colour.INK, width=2)
    draw.text((size // 2, size // 2), text, font=font(30, True), fill=ink_on(LETTER_FILL), anchor="mm")
    return sprite


@cache
def target_sprite(text: str) -> Image.Image:
    typeface = font(TEXT, True)
    width, height = round(typeface.getlength(text)) + 14, round(TEXT * 1.3)
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 6, fill=TARGET_RING, outline=Colour.INK, width=2)
    draw.text((width // 2, height // 2), text, font=typeface, fill=ink_on(TARGET_RING), anchor="mm")
    return sprite


def _frame(canvas: Image.Image, west: int, south: int) -> None:
    """The window's edge, and every visible column's and row's number around it, bold every fifth."""
    draw = drawing(canvas)
    side = CELLS * ZOOM.inch
    draw.rectangle(
        (
            LEFT_BAND - EDGE_WIDTH,
            TOP_BAND - EDGE_WIDTH,
            LEFT_BAND + side + EDGE_WIDTH - 1,
            TOP_BAND + side + EDGE_WIDTH - 1,
        ),
        outline=EDGE,
        width=EDGE_WIDTH,
    )
    for offset in range(CELLS):
        column, row = west + offset, south + CELLS - 1 - offset
        middle = LEFT_BAND + offset * ZOOM.inch + ZOOM.inch // 2
        for number, position in (
            (column, (middle, TOP_BAND // 2)),
            (row, (LEFT_BAND // 2, TOP_BAND + offset * ZOOM.inch + ZOOM.inch // 2)),
        ):
            bold = number % 5 == 0
            draw.text(
                position,
                str(number),
                font=font(NUMBER_TEXT, bold),
                fill=Colour.TEXT if bold else Colour.MUTED,
                anchor="mm",
            )


def _around(zoom: PrimeTimeZoom, mover: Unit | None) -> str:
    language = zoom.board.language
    if mover is not None:
        return model_words(mover, language)
    if zoom.focus is None:
        return catalogue(language).gettext("the centre")
    return f"{zoom.focus[0]},{zoom.focus[1]}"


def alt_text(zoom: PrimeTimeZoom) -> str:
    """What the close-up shows, in words (in the zoom's language): the model, the lettered cells and
    the targets."""
    language = zoom.board.language
    words = catalogue(language)
    view = zoom.board.view
    mover = _centre_unit(zoom)
    units = {unit.id: unit for unit in view.units}
    parts = [words.gettext("Close-up of the battlefield around {place}.").format(place=_around(zoom, mover))]
    if zoom.reach:
        reach = words.ngettext("{count} cell within reach.", "{count} cells within reach.", len(zoom.reach))
        parts.append(reach.format(count=format_number(len(zoom.reach), language)))
    if zoom.lettered:
        cells = ", ".join(f"{letter(index)} {cell[0]},{cell[1]}" for index, cell in enumerate(zoom.lettered))
        parts.append(words.gettext("Suggested cells: {cells}.").format(cells=cells))
    targets = [
        f"{fighter_name(units[target.unit].character, language)} {target.label}"
        for target in zoom.targets
        if target.unit in units
    ]
    if targets:
        parts.append(words.gettext("Targets: {targets}.").format(targets=", ".join(targets)))
    return " ".join(parts)[:1024]
