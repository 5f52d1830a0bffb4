"""Objectives on the Prime Time board (DESIGN.md 4.2): Dragon Balls on their grid points, numbered by
their stars (the first objective has one star, the second two...), each inside a dashed 3" zone of
control drawn in the colour of the side that controls it now, or grey when nobody does.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, antialiased, paste, star_points
from renderers.primetime.layout import SIDE_COLOURS, Scale
from rules.primetime.content import settings
from rules.primetime.geometry import point_within
from rules.primetime.state import Unit
from rules.primetime.stats import char

BALL_FILL = Colour.ORANGE
BALL_RIM = (150, 80, 0)
STAR = (200, 30, 20)
UNCONTROLLED = Colour.MUTED
DASHES = 36
"""Dashes around a zone's circle (each followed by an equal gap)."""

STAR_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-0.45, 0), (0.45, 0)),
    3: ((0, -0.45), (-0.45, 0.35), (0.45, 0.35)),
    4: ((-0.42, -0.42), (0.42, -0.42), (-0.42, 0.42), (0.42, 0.42)),
    5: ((0, 0), (-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    6: ((-0.5, -0.45), (0, -0.45), (0.5, -0.45), (-0.5, 0.45), (0, 0.45), (0.5, 0.45)),
    7: ((0, 0), (0, -0.55), (0, 0.55), (-0.5, -0.28), (0.5, -0.28), (-0.5, 0.28), (0.5, 0.28)),
}
"""Where a ball's stars sit, as fractions of its inner radius: one to seven, as in the show."""


def controller(units: list[Unit], point: tuple[int, int]) -> int | None:
    """The side with the higher total OC of Ground, non-Dazed models within the zone (2.8), or None
    on a tie: what the next scoring would give, read from the public view."""
    totals = [0, 0]
    for unit in units:
        if not unit.dazed and unit.level == 0 and point_within(unit.cell, point, settings().zoc):
            totals[unit.seat] += char(unit).base.oc
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def zone_colour(seat: int | None) -> RGB:
    return UNCONTROLLED if seat is None else SIDE_COLOURS[seat]


def draw_zones(
    canvas: Image.Image, objectives: list[tuple[int, int]], units: list[Unit], scale: Scale
) -> None:
    for point in objectives:
        ring = zone_ring(controller(units, point), scale.inch)
        paste(canvas, ring, _corner(point, ring.size[0], scale))


def ball_boxes(objectives: list[tuple[int, int]], scale: Scale) -> list[tuple[int, int, int, int]]:
    """Where the balls lie: no model's tag covers them."""
    boxes = []
    for point in objectives:
        left, top = _corner(point, scale.inch, scale)
        boxes.append((left, top, left + scale.inch, top + scale.inch))
    return boxes


def draw_balls(canvas: Image.Image, objectives: list[tuple[int, int]], scale: Scale) -> None:
    """The balls go on top of models, so an objective under a model stays visible."""
    for number, point in enumerate(objectives, start=1):
        paste(canvas, dragon_ball(number, scale.inch), _corner(point, scale.inch, scale))


def _corner(point: tuple[int, int], size: int, scale: Scale) -> tuple[int, int]:
    x, y = scale.point_pixel(point)
    return x - size // 2, y - size // 2


@cache
def zone_ring(seat: int | None, inch: int) -> Image.Image:
    """The dashed circle of the ZOC's radius, in the controller's colour."""
    radius = settings().zoc * inch
    size = 2 * radius + 4

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = size * scale / 2
        outer = radius * scale
        box = (centre - outer, centre - outer, centre + outer, centre + outer)
        step = 360 / DASHES
        for dash in range(DASHES):
            start = dash * step
            draw.arc(box, start, start + step / 2, fill=zone_colour(seat), width=3 * scale)

    return antialiased((size, size), paint)


@cache
def dragon_ball(number: int, size: int) -> Image.Image:
    """An orange ball with ``number`` red stars; the show has seven balls, so an eighth objective
    would repeat the one-star ball."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = size * scale / 2
        radius = (size / 2 - 1) * scale
        draw.ellipse(
            (centre - radius, centre - radius, centre + radius, centre + radius),
            fill=BALL_FILL,
            outline=BALL_RIM,
            width=2 * scale,
        )
        shine = radius * 0.35
        shine_x, shine_y = centre - radius * 0.4, centre - radius * 0.4
        draw.ellipse(
            (shine_x - shine, shine_y - shine, shine_x + shine, shine_y + shine), fill=(255, 214, 120)
        )
        layout = STAR_LAYOUTS.get(number, STAR_LAYOUTS[1])
        inner = radius * 0.62
        star_size = radius * (0.5 if len(layout) == 1 else 0.3)
        for fx, fy in layout:
            draw.polygon(
                star_points((centre + fx * inner, centre + fy * inner), star_size, star_size * 0.45, 5),
                fill=STAR,
            )

    return antialiased((size, size), paint)
