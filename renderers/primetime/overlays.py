"""What is drawn over the battlefield besides the models: the last action (a dotted move arrow, an
attack line red for a hit and grey when evaded or negated, white while it resolves, a Deflect's new
line with a purple edge) and the highlights the caller asks for (the cells a model can reach, the
models a technique can reach).

Highlights are explicit arguments: the renderer reads the public view only and never computes
what a model could do; the Discord layer passes what ``legal_actions`` offered.
"""

from __future__ import annotations

from math import atan2, cos, hypot, sin, tau

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour
from renderers.drawing import drawing
from renderers.primetime.inputs import Highlight
from renderers.primetime.last_action import LastAction, Line, LineKind
from renderers.primetime.layout import Scale
from rules.primetime.geometry import Cell
from rules.primetime.state import Unit

HIT_RED = (232, 44, 44)
"""Redder than the Okabe-Ito vermillion, which sits too close to the orange side; a hit's line is
also the only solid one with a dark edge and a filled head, so it does not rest on colour alone."""

FAILED_GREY = (140, 146, 156)

LINE_COLOURS: dict[LineKind, RGB] = {
    "hit": HIT_RED,
    "failed": FAILED_GREY,
    "pending": Colour.WHITE,
}
DEFLECT_EDGE = Colour.REDDISH_PURPLE
MOVE_INK = Colour.WHITE
DOT_SPACING = 7
ARROW_HEAD = 11

REACH_TINT = Colour.SKY
REACH_ALPHA = 96
"""How strongly a reachable cell is tinted: the terrain's hatch still shows through."""

TARGET_RING = Colour.YELLOW


def draw_reach(canvas: Image.Image, cells: frozenset[Cell], scale: Scale) -> None:
    """Tints every reachable cell, leaving a pixel of grid between cells. Only the cells' bounding
    box is blended, which keeps a short move cheap."""
    if not cells:
        return
    boxes = [scale.cell_box(cell) for cell in cells]
    left, top = min(box[0] for box in boxes), min(box[1] for box in boxes)
    right, bottom = max(box[2] for box in boxes) + 1, max(box[3] for box in boxes) + 1
    mask = Image.new("L", (right - left, bottom - top), 0)
    draw = drawing(mask)
    for box in boxes:
        draw.rectangle(
            (box[0] - left + 1, box[1] - top + 1, box[2] - left - 1, box[3] - top - 1), fill=REACH_ALPHA
        )
    canvas.paste(REACH_TINT, (left, top, right, bottom), mask)


def draw_last_action(canvas: Image.Image, action: LastAction, scale: Scale) -> None:
    draw = drawing(canvas)
    radius = scale.disc_radius
    if action.move is not None:
        end = scale.cell_centre_pixel(action.move.end)
        if action.move.start is not None:
            start = scale.cell_centre_pixel(action.move.start)
            _dotted(draw, start, end, MOVE_INK, radius)
            _arrow_head(draw, start, end, MOVE_INK, radius)
        else:
            _dotted_ring(draw, end, radius + 5, MOVE_INK)
    for line in action.lines:
        _attack_line(draw, line, scale)


def _attack_line(draw: ImageDraw.ImageDraw, line: Line, scale: Scale) -> None:
    start, end = scale.cell_centre_pixel(line.start), scale.cell_centre_pixel(line.end)
    if start == end:
        return
    ink = LINE_COLOURS[line.kind]
    tip = _short_of(start, end, scale.disc_radius)
    draw.line(
        (*start, *tip), fill=DEFLECT_EDGE if line.deflected else Colour.INK, width=7 if line.deflected else 5
    )
    draw.line((*start, *tip), fill=ink, width=3)
    _arrow_head(draw, start, end, ink, scale.disc_radius)


def _short_of(start: tuple[int, int], end: tuple[int, int], radius: int) -> tuple[int, int]:
    """Where a line stops: at the edge of the disc it points at."""
    length = hypot(end[0] - start[0], end[1] - start[1])
    keep = max(length - radius - 2, 0) / length
    return round(start[0] + (end[0] - start[0]) * keep), round(start[1] + (end[1] - start[1]) * keep)


def _arrow_head(
    draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int], ink: RGB, radius: int
) -> None:
    tip = _short_of(start, end, radius)
    angle = atan2(end[1] - start[1], end[0] - start[0])
    spread = 0.45
    left = (tip[0] - ARROW_HEAD * cos(angle - spread), tip[1] - ARROW_HEAD * sin(angle - spread))
    right = (tip[0] - ARROW_HEAD * cos(angle + spread), tip[1] - ARROW_HEAD * sin(angle + spread))
    draw.polygon([tip, left, right], fill=ink, outline=Colour.INK)


def _dotted(
    draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int], ink: RGB, radius: int
) -> None:
    tip = _short_of(start, end, radius)
    length = hypot(tip[0] - start[0], tip[1] - start[1])
    for step in range(int(length // DOT_SPACING) + 1):
        x = start[0] + (tip[0] - start[0]) * step * DOT_SPACING / max(length, 1)
        y = start[1] + (tip[1] - start[1]) * step * DOT_SPACING / max(length, 1)
        draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=ink, outline=Colour.INK)


def _dotted_ring(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, ink: RGB) -> None:
    """Marks where a model moved to when the events do not say where it came from."""
    dots = 12
    for dot in range(dots):
        angle = tau * dot / dots
        x, y = centre[0] + radius * cos(angle), centre[1] + radius * sin(angle)
        draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=ink, outline=Colour.INK)


def draw_target_marks(canvas: Image.Image, highlight: Highlight, units: list[Unit], scale: Scale) -> None:
    """A square bracket around each reachable target and a ring around the attacker or the mover."""
    draw = drawing(canvas)
    by_id = {unit.id: unit for unit in units}
    for unit_id in sorted(highlight.targets):
        unit = by_id.get(unit_id)
        if unit is not None:
            brackets(draw, scale.cell_centre_pixel(unit.cell), TARGET_RING, scale)
    for unit_id in (highlight.attacker, highlight.mover):
        unit = by_id.get(unit_id) if unit_id is not None else None
        if unit is not None:
            x, y = scale.cell_centre_pixel(unit.cell)
            radius = scale.disc_radius + 5
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=TARGET_RING, width=3)


def brackets(draw: ImageDraw.ImageDraw, centre: tuple[int, int], ink: RGB, scale: Scale) -> None:
    half, arm = scale.inch // 2 + 3, max(7, scale.inch // 3)
    x, y = centre
    for sx in (-1, 1):
        for sy in (-1, 1):
            corner = (x + sx * half, y + sy * half)
            draw.line((*corner, corner[0] - sx * arm, corner[1]), fill=ink, width=3)
            draw.line((*corner, corner[0], corner[1] - sy * arm), fill=ink, width=3)
