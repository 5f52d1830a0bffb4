"""The scouter bar: a character's power level in steps of 1,000, with the threshold marked.

The bar holds one segment per power step up to ``SEGMENTS`` steps; a red line stands after the last
step that is not over 9000 and the segments beyond it are the red zone. A level beyond the bar keeps
it full and adds an arrow. The digits beside it are exact, and over 9000 they turn red and a tag
says "OVER 9000!", so the state never rests on colour alone.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, antialiased
from rules.over9000.content import catalogue

SEGMENTS = 12
HEIGHT = 16
SEGMENT_GAP = 3
OVERFLOW_ROOM = 14

GREEN = (46, 214, 150)
GREEN_DIM = (28, 112, 84)
RED = Colour.VERMILLION
RED_DIM = (104, 52, 22)


def is_over(level: int) -> bool:
    return level > catalogue().settings.over_threshold


def threshold_steps() -> int:
    settings = catalogue().settings
    return settings.over_threshold // settings.power_step


def _segment_box(index: int, width: int) -> tuple[float, float, float, float]:
    step = (width - OVERFLOW_ROOM + SEGMENT_GAP) / SEGMENTS
    left = index * step
    return (left, 0, left + step - SEGMENT_GAP, HEIGHT - 1)


@cache
def bar(level: int, width: int, background: RGB) -> Image.Image:
    """The bar for ``level``, ``width`` px wide, on ``background``."""
    filled = level // catalogue().settings.power_step
    limit = threshold_steps()

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        for index in range(SEGMENTS):
            x0, y0, x1, y1 = (value * scale for value in _segment_box(index, width))
            over_zone = index >= limit
            if index < filled:
                draw.rectangle((x0, y0, x1, y1), fill=RED if over_zone else GREEN)
            else:
                draw.rectangle((x0, y0, x1, y1), outline=RED_DIM if over_zone else GREEN_DIM, width=2 * scale)
        line_x = (_segment_box(limit, width)[0] - SEGMENT_GAP / 2) * scale
        draw.rectangle((line_x - scale, 0, line_x + scale, HEIGHT * scale), fill=RED)
        if filled > SEGMENTS:
            tip = (_segment_box(SEGMENTS - 1, width)[2] + 3) * scale
            draw.polygon(
                [(tip, 0), (tip + (OVERFLOW_ROOM - 4) * scale, HEIGHT * scale / 2), (tip, HEIGHT * scale)],
                fill=RED,
            )

    sprite = antialiased((width, HEIGHT), paint)
    glass = Image.new("RGB", (width, HEIGHT), background)
    glass.paste(sprite, (0, 0), sprite)
    return glass
