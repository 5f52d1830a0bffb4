"""Drawing helpers shared by every game's board image: the result type, rectangles, fonts, colours,
text layout, panels, the last-moves strip, antialiased shapes and the PNG encoder.

Every board is drawn for the size a phone shows it at: about 360 CSS px wide. Its smallest text is
``smallest_text(width)`` px, 10 px once the image is scaled to 360 px; text that does not fit wraps
onto more lines (``wrap``) or is set smaller down to that size (``fitting``), never cut short.

Everything cached here is immutable once built (fonts, images that callers copy or paste from),
so renderers may run in several threads at once.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import ceil, cos, pi, sin
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from renderers.drawing import TEXT_BOXES, TextBox, boxes_of, drawing

ALT_TEXT_LIMIT = 1024
"""Discord's limit on an attachment's description."""

PHONE_WIDTH = 360
"""How wide a phone shows an image in the chat, in CSS px (tapped, it opens at about this width)."""

PHONE_TEXT = 10
"""The smallest text a board carries, in px at ``PHONE_WIDTH``."""

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


def smallest_text(width: int) -> int:
    """The smallest type size on a board ``width`` px wide: 10 px when a phone shows it 360 px wide."""
    return ceil(width * PHONE_TEXT / PHONE_WIDTH)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    return ImageFont.truetype(str(_FONTS / name), size)


@lru_cache(maxsize=2048)
def wrap(text: str, typeface: ImageFont.FreeTypeFont, width: float) -> tuple[str, ...]:
    """Greedy word wrap onto as many lines as the words need (kept: the same lines come back every
    board). A word wider than ``width`` on its own is broken after a hyphen or a slash when it has
    one, else it takes a line of its own."""
    lines: list[str] = []
    current = ""
    for word in _breakable(text.split(), typeface, width):
        candidate = f"{current} {word}".strip()
        if typeface.getlength(candidate) <= width or not current:
            current = candidate
            continue
        lines.append(current)
        current = word
    return (*lines, current) if current else tuple(lines)


def _breakable(words: list[str], typeface: ImageFont.FreeTypeFont, width: float) -> list[str]:
    pieces: list[str] = []
    for word in words:
        while typeface.getlength(word) > width and any(mark in word[:-1] for mark in "-/"):
            cut = max(word[:-1].rfind("-"), word[:-1].rfind("/")) + 1
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    return pieces


def fitting(
    text: str, width: float, sizes: Sequence[int], bold: bool = False, max_lines: int = 1
) -> tuple[ImageFont.FreeTypeFont, tuple[str, ...]]:
    """The largest of ``sizes`` (largest first) at which ``text`` wraps onto ``max_lines`` lines of
    ``width``, and those lines; at the last size, however many lines it takes."""
    for size in sizes:
        typeface = font(size, bold)
        lines = wrap(text, typeface, width)
        if len(lines) <= max_lines:
            return typeface, lines
    return typeface, wrap(text, typeface, width)


# Panels.


def draw_panel(draw: ImageDraw.ImageDraw, rect: Rect, title: str = "", title_size: int = 22) -> None:
    """A rounded panel on the table, with its title in capitals at the top left."""
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        14,
        fill=Colour.PANEL,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    if title:
        draw.text((rect.x + PANEL_PAD, rect.y + 10), title, font=font(title_size, True), fill=Colour.TEXT)


def event_lines(
    events: Sequence[tuple[str, RGB | None]], typeface: ImageFont.FreeTypeFont, width: float, room: int
) -> list[tuple[str, RGB | None, bool]]:
    """The newest events whose wrapped lines fit in ``room`` lines, oldest first: each line with its
    event's colour and whether it is the event's first line (which carries the chip)."""
    kept: list[list[tuple[str, RGB | None, bool]]] = []
    used = 0
    for text, colour in reversed(events):
        lines = wrap(text, typeface, width)
        if used + len(lines) > room:
            break
        kept.append([(line, colour, index == 0) for index, line in enumerate(lines)])
        used += len(lines)
    return [line for event in reversed(kept) for line in event]


def draw_event_lines(
    draw: ImageDraw.ImageDraw,
    area: Rect,
    events: Sequence[tuple[str, RGB | None]],
    line_height: int,
    typeface: ImageFont.FreeTypeFont,
) -> None:
    """The last moves, newest last, in ``area``: each event's text wrapped, and its actor's colour
    (a square chip) or None for the game itself (a small grey dot) before its first line. The
    oldest events give way when they do not all fit."""
    chip = round(typeface.size * 0.7)
    indent = chip + round(typeface.size * 0.4)
    room = max(1, area.height // line_height)
    lines = event_lines(events, typeface, area.width - indent, room)
    for index, (text, colour, first) in enumerate(lines):
        y = area.y + index * line_height
        middle = y + line_height // 2
        if first and colour is not None:
            draw.rounded_rectangle(
                (area.x, middle - chip // 2, area.x + chip, middle + chip // 2),
                4,
                fill=colour,
                outline=Colour.INK,
            )
        elif first:
            dot = chip // 4
            centre = area.x + chip // 2
            draw.ellipse((centre - dot, middle - dot, centre + dot, middle + dot), fill=Colour.MUTED)
        draw.text((area.x + indent, middle), text, font=typeface, fill=Colour.TEXT, anchor="lm")


# Shapes.


def antialiased(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """An RGBA image of ``size`` whose content ``paint`` draws at ``SUPERSAMPLE`` times the size
    (it receives the draw handle and the scale factor)."""
    scale = SUPERSAMPLE
    large = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    paint(drawing(large), scale)
    small = large.resize(size, Image.Resampling.LANCZOS)
    small.info.pop(TEXT_BOXES, None)
    boxes_of(small).extend(
        TextBox(tuple(value // scale for value in box.box), box.text, box.size // scale)  # type: ignore[arg-type]
        for box in large.info.get(TEXT_BOXES, ())
    )
    return small


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
    """Pastes an RGBA sprite through its own alpha, or an opaque one directly, with its texts."""
    if sprite.mode == "RGBA":
        canvas.paste(sprite, position, sprite)
    else:
        canvas.paste(sprite, position)
    texts = sprite.info.get(TEXT_BOXES)
    if texts:
        boxes_of(canvas).extend(box.moved(*position) for box in texts)


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
