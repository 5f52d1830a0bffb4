"""Drawing helpers shared by every game's board image: the result type, rectangles, fonts, colours,
text layout, panels, the last-moves strip, antialiased shapes and the PNG encoder.

Everything cached here is immutable once built (fonts, images that callers copy or paste from),
so renderers may run in several threads at once.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import cos, pi, sin
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from renderers.drawing import drawing

ALT_TEXT_LIMIT = 1024
"""Discord's limit on an attachment's description."""

MIN_TEXT_SIZE = 16
"""No text is set smaller than this, so a board scaled down to a phone stays readable."""

SUPERSAMPLE = 4
"""Shapes are drawn this many times larger and scaled down, which antialiases their edges."""

PANEL_PAD = 16
PANEL_TITLE = 44
"""Height of a panel's title strip."""

_FONTS = Path(__file__).parent / "fonts"

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class RenderedBoard:
    """A board image ready to attach: the PNG, its description for screen readers and its size."""

    png: bytes
    alt_text: str
    width: int
    height: int


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height


class Colour:
    """The table's colours: dark surfaces with light text for contrast, and the Okabe-Ito
    colour-blind-safe hues for everything that carries a state (always paired with a shape or word)."""

    TABLE = (20, 24, 31)
    PANEL = (35, 42, 54)
    PANEL_EDGE = (70, 82, 102)
    INSET = (27, 32, 42)
    TEXT = (245, 247, 250)
    MUTED = (184, 194, 208)
    FAINT = (110, 122, 140)
    INK = (17, 17, 17)
    WHITE = (255, 255, 255)
    SKY = (86, 180, 233)
    VERMILLION = (213, 94, 0)
    ORANGE = (230, 159, 0)
    YELLOW = (240, 228, 66)
    BLUISH_GREEN = (0, 158, 115)
    BLUE = (0, 114, 178)
    REDDISH_PURPLE = (204, 121, 167)
    GOLD = (222, 186, 92)
    GOLD_RIM = (122, 92, 24)


def hex_colour(text: str) -> RGB:
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def ink_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background`` (WCAG relative luminance)."""

    def channel(value: int) -> float:
        scaled = value / 255
        return scaled / 12.92 if scaled <= 0.03928 else ((scaled + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in background)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return Colour.INK if luminance > 0.18 else Colour.WHITE


def blend(first: RGB, second: RGB, amount: float) -> RGB:
    r1, g1, b1 = first
    r2, g2, b2 = second
    return (
        round(r1 + (r2 - r1) * amount),
        round(g1 + (g2 - g1) * amount),
        round(b1 + (b2 - b1) * amount),
    )


# Fonts.


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    if size < MIN_TEXT_SIZE:
        raise ValueError(f"text of {size} px is below the {MIN_TEXT_SIZE} px minimum")
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    return ImageFont.truetype(str(_FONTS / name), size)


@lru_cache(maxsize=2048)
def ellipsize(text: str, typeface: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, cut with an ellipsis to fit ``width`` (kept: the same lines come back every board)."""
    if typeface.getlength(text) <= width:
        return text
    while text and typeface.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, typeface: ImageFont.FreeTypeFont, width: float, max_lines: int) -> list[str]:
    """Greedy word wrap; the last allowed line ends in an ellipsis when text remains."""
    lines: list[str] = []
    current = ""
    words = text.split()
    for index, word in enumerate(words):
        candidate = f"{current} {word}".strip()
        if typeface.getlength(candidate) <= width or not current:
            current = candidate
            continue
        if len(lines) == max_lines - 1:
            return [*lines, ellipsize(" ".join([current, *words[index:]]), typeface, width)]
        lines.append(current)
        current = word
    return [*lines, ellipsize(current, typeface, width)] if current else lines


# Panels.


def draw_panel(draw: ImageDraw.ImageDraw, rect: Rect, title: str) -> None:
    """A rounded panel on the table, with its title in capitals at the top left."""
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        14,
        fill=Colour.PANEL,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    if title:
        draw.text((rect.x + PANEL_PAD, rect.y + 12), title, font=font(22, True), fill=Colour.TEXT)


def draw_event_lines(
    draw: ImageDraw.ImageDraw,
    panel: Rect,
    lines: Sequence[tuple[str, RGB | None]],
    line_height: int,
    typeface: ImageFont.FreeTypeFont,
) -> None:
    """The last-moves strip under a panel's title: each line is an event's text and its actor's
    colour (a square chip), or None for the game itself (a small grey dot)."""
    width = panel.width - 2 * PANEL_PAD - 28
    left = panel.x + PANEL_PAD
    for index, (text, colour) in enumerate(lines):
        y = panel.y + PANEL_TITLE + index * line_height
        if colour is not None:
            draw.rounded_rectangle((left, y + 3, left + 16, y + 19), 4, fill=colour, outline=Colour.INK)
        else:
            draw.ellipse((left + 4, y + 7, left + 12, y + 15), fill=Colour.MUTED)
        draw.text((left + 28, y), ellipsize(text, typeface, width), font=typeface, fill=Colour.TEXT)


# Shapes.


def antialiased(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """An RGBA image of ``size`` whose content ``paint`` draws at ``SUPERSAMPLE`` times the size
    (it receives the draw handle and the scale factor)."""
    scale = SUPERSAMPLE
    large = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    paint(drawing(large), scale)
    return large.resize(size, Image.Resampling.LANCZOS)


def star_points(
    centre: tuple[float, float], outer: float, inner: float, spikes: int
) -> list[tuple[float, float]]:
    cx, cy = centre
    points = []
    for k in range(spikes * 2):
        radius = outer if k % 2 == 0 else inner
        angle = -pi / 2 + pi * k / spikes
        points.append((cx + radius * cos(angle), cy + radius * sin(angle)))
    return points


def paste(canvas: Image.Image, sprite: Image.Image, position: tuple[int, int]) -> None:
    """Pastes an RGBA sprite through its own alpha, or an opaque one directly."""
    if sprite.mode == "RGBA":
        canvas.paste(sprite, position, sprite)
    else:
        canvas.paste(sprite, position)


# Encoding.


def encode_png(image: Image.Image, palette: Image.Image) -> bytes:
    """A palette PNG: the board's flat colours fit 256 entries, which makes the file several
    times smaller and faster to write than full colour. ``palette`` is a fixed "P" image, so
    the same picture always maps to the same bytes."""
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


def build_palette(swatches: list[RGB], backgrounds: list[RGB]) -> Image.Image:
    """A fixed 256-colour palette for ``encode_png``: every swatch and background exactly, then the
    antialiasing ramps between each background and everything drawn on it, reduced by octree
    quantization to the entries left."""
    exact = list(dict.fromkeys([*backgrounds, *swatches]))
    steps = 6
    ramps = [
        blend(background, colour, step / steps)
        for background in backgrounds
        for colour in exact
        for step in range(1, steps)
    ]
    ramp_image = Image.new("RGB", (len(ramps), 1))
    ramp_image.putdata(ramps)
    reduced = ramp_image.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE)
    reduced_colours = reduced.getpalette()[: 3 * (256 - len(exact))]
    entries = [channel for colour in exact for channel in colour] + reduced_colours
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries + [0] * (768 - len(entries)))
    return palette
