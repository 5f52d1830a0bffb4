"""The scouter: a character's power level as a green heads-up readout and a bar of 1,000 steps.

The bar holds one segment per power step up to ``SEGMENTS`` steps; the threshold line sits after
the last step that is not over 9000 and carries its number, and the segments beyond it are the red
zone. Over 9000 the digits turn red and the words "OVER 9000!" appear, so the state never rests on
colour alone. A level beyond the bar keeps the bar full and adds an arrow; the digits are exact.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, antialiased, blend, font
from renderers.drawing import drawing
from rules.over9000.content import catalogue, format_level

SEGMENTS = 12
HEIGHT = 68
READOUT_WIDTH = 178
BAR_TOP = 30
BAR_BOTTOM = HEIGHT - 12
SEGMENT_GAP = 4
OVERFLOW_ROOM = 20
CHAMFER = 14

GLASS = (9, 40, 31)
SCANLINE = (14, 52, 41)
GREEN = (46, 214, 150)
GREEN_DIM = (28, 112, 84)
RED = Colour.VERMILLION
RED_DIM = (104, 52, 22)


def is_over(level: int) -> bool:
    return level > catalogue().settings.over_threshold


def threshold_steps() -> int:
    settings = catalogue().settings
    return settings.over_threshold // settings.power_step


def _segment_box(index: int, width: int) -> tuple[int, int, int, int]:
    bar_left, bar_right = READOUT_WIDTH + 8, width - 14 - OVERFLOW_ROOM
    step = (bar_right - bar_left + SEGMENT_GAP) / SEGMENTS
    left = round(bar_left + index * step)
    return (left, BAR_TOP, round(left + step - SEGMENT_GAP), BAR_BOTTOM)


def _threshold_x(width: int) -> int:
    return _segment_box(threshold_steps(), width)[0] - SEGMENT_GAP // 2 - 1


def _glass_outline(width: int, scale: int) -> list[tuple[float, float]]:
    right, bottom, cut = (width - 1) * scale, (HEIGHT - 1) * scale, CHAMFER * scale
    return [(cut, 0), (right, 0), (right, bottom - cut), (right - cut, bottom), (0, bottom), (0, cut)]


def _paint_glass(width: int, level: int, background: RGB) -> Image.Image:
    filled = level // catalogue().settings.power_step
    limit = threshold_steps()

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        draw.polygon(_glass_outline(width, scale), fill=GLASS, outline=GREEN_DIM, width=2 * scale)
        for row in range(6, HEIGHT - 4, 4):
            draw.line(
                [(4 * scale, row * scale), ((width - 4) * scale, row * scale)], fill=SCANLINE, width=scale
            )
        for index in range(SEGMENTS):
            x0, y0, x1, y1 = (value * scale for value in _segment_box(index, width))
            over_zone = index >= limit
            colour = RED if over_zone else GREEN
            if index < filled:
                draw.rectangle((x0, y0, x1, y1), fill=colour)
            else:
                draw.rectangle((x0, y0, x1, y1), outline=RED_DIM if over_zone else GREEN_DIM, width=2 * scale)
        line_x = _threshold_x(width) * scale
        draw.rectangle((line_x - scale, 6 * scale, line_x + 2 * scale, (HEIGHT - 6) * scale), fill=RED)
        if filled > SEGMENTS:
            tip_left = _segment_box(SEGMENTS - 1, width)[2] + 6
            mid = (BAR_TOP + BAR_BOTTOM) / 2
            draw.polygon(
                [
                    (tip_left * scale, BAR_TOP * scale),
                    ((tip_left + OVERFLOW_ROOM - 4) * scale, mid * scale),
                    (tip_left * scale, BAR_BOTTOM * scale),
                ],
                fill=RED,
            )

    glass = Image.new("RGB", (width, HEIGHT), background)
    sprite = antialiased((width, HEIGHT), paint)
    glass.paste(sprite, (0, 0), sprite)
    return glass


@cache
def meter(level: int, width: int, background: RGB = Colour.PANEL) -> Image.Image:
    """The scouter reading of ``level``, ``width`` px wide, on ``background``."""
    glass = _paint_glass(width, level, background)
    draw = drawing(glass)
    over = is_over(level)
    draw.text((CHAMFER + 4, 6), "POWER LEVEL", font=font(16, True), fill=GREEN_DIM if not over else RED)
    digits = format_level(level)
    draw.text(
        (CHAMFER + 2, HEIGHT - 8), digits, font=font(32, True), fill=RED if over else GREEN, anchor="ls"
    )
    threshold = catalogue().settings.over_threshold
    line_x = _threshold_x(width)
    draw.text((line_x - 6, 6), f"{threshold}", font=font(16, True), fill=RED, anchor="ra")
    if over:
        draw.text((width - 14, 6), "OVER 9000!", font=font(16, True), fill=RED, anchor="ra")
    else:
        steps = (threshold - level) // catalogue().settings.power_step + 1
        left = READOUT_WIDTH + 8
        draw.text(
            (left, 6),
            f"{steps} step{'s' if steps > 1 else ''} to go",
            font=font(16),
            fill=blend(GREEN_DIM, GREEN, 0.5),
        )
    return glass
