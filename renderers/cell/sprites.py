"""Perfect Cell's small pictures: die faces, dice, Dragon Ball tokens, cost slots and marks.

Each face and each wild kind has its own shape, so nothing depends on colour alone: a Dragon Ball
is a disc with a star, an Assist a plus, an Attack one chevron, a Super Attack two chevrons; a
single wild is a question mark, linked wilds an equals sign (with a bar joining their boxes),
separated wilds a not-equals sign. Dice are rounded squares in their owner's colour; tokens are
round gold coins. Every sprite is drawn once per size and colour and cached.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, antialiased, blend, font, ink_on, star_points
from renderers.drawing import drawing

Box = tuple[float, float, float, float]

DIE_RADIUS = 0.2
"""Corner radius of a die, as a fraction of its side."""


def slot_fill(background: RGB) -> RGB:
    """The sunken colour inside an empty slot on ``background``."""
    return blend(background, Colour.INSET, 0.6)


def _inset(box: Box, fraction: float) -> Box:
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) * fraction, (y1 - y0) * fraction
    return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)


def _chevron(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    thickness = height * 0.55
    draw.polygon(
        [
            (x0, y1),
            (x0 + width / 2, y0),
            (x1, y1),
            (x1 - width * 0.28, y1),
            (x0 + width / 2, y0 + thickness),
            (x0 + width * 0.28, y1),
        ],
        fill=ink,
    )


def draw_face(draw: ImageDraw.ImageDraw, face: str, box: Box, ink: RGB, hole: RGB) -> None:
    """Draws a die face's symbol filling ``box``; ``hole`` is the colour behind it (for cut-outs)."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    if face == "dragon_ball":
        draw.ellipse(box, fill=ink)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2 + height * 0.03)
        draw.polygon(star_points(centre, width * 0.34, width * 0.14, 5), fill=hole)
    elif face == "assist":
        bar = width * 0.3
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        draw.rounded_rectangle((cx - bar / 2, y0, cx + bar / 2, y1), bar * 0.2, fill=ink)
        draw.rounded_rectangle((x0, cy - bar / 2, x1, cy + bar / 2), bar * 0.2, fill=ink)
    elif face == "attack":
        _chevron(draw, (x0, y0 + height * 0.22, x1, y1 - height * 0.22), ink)
    elif face == "super_attack":
        _chevron(draw, (x0, y0, x1, y0 + height * 0.48), ink)
        _chevron(draw, (x0, y0 + height * 0.52, x1, y1), ink)
    else:
        raise ValueError(f"unknown face {face}")


def draw_wild(draw: ImageDraw.ImageDraw, kind: str, box: Box, ink: RGB) -> None:
    """The symbol of a wild cost slot: ``any`` a question mark, ``same`` an equals sign,
    ``different`` a not-equals sign."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "any":
        typeface = font(round(height * 1.15), bold=True)
        draw.text((cx, cy), "?", font=typeface, fill=ink, anchor="mm")
        return
    bar = height * 0.2
    gap = height * 0.18
    for top in (cy - gap / 2 - bar, cy + gap / 2):
        draw.rounded_rectangle((x0, top, x1, top + bar), bar * 0.3, fill=ink)
    if kind == "different":
        slash = max(1, round(width * 0.16))
        draw.line((x0 + width * 0.72, y0, x0 + width * 0.28, y1), fill=ink, width=slash)


@cache
def die(colour: RGB, face: str | None, size: int) -> Image.Image:
    """A die in its owner's colour showing ``face``; an unrolled die (``None``) is blank."""
    ink = ink_on(colour)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        edge = max(1, round(side * 0.05))
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1), side * DIE_RADIUS, fill=colour, outline=Colour.INK, width=edge
        )
        if face is not None:
            draw_face(draw, face, _inset((0, 0, side, side), 0.22), ink, colour)
        else:
            dot = side * 0.07
            for k in (-1, 0, 1):
                cx = side / 2 + k * side * 0.2
                draw.ellipse(
                    (cx - dot, side / 2 - dot, cx + dot, side / 2 + dot), fill=blend(colour, ink, 0.45)
                )

    return antialiased((size, size), paint)


@cache
def token(kind: str, face: str | None, size: int) -> Image.Image:
    """A round gold Dragon Ball token. A held token shows its kind (a Wild one a star); a token
    placed on the board shows the face it counts as, and a Wild one keeps its studded rim."""
    shown = face or kind

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        rim = side * 0.09
        draw.ellipse((0, 0, side - 1, side - 1), fill=Colour.GOLD_RIM)
        draw.ellipse((rim, rim, side - 1 - rim, side - 1 - rim), fill=Colour.GOLD)
        if kind == "wild":
            for point in star_points((side / 2, side / 2), side * 0.47, side * 0.47, 8)[::2]:
                stud = side * 0.045
                draw.ellipse(
                    (point[0] - stud, point[1] - stud, point[0] + stud, point[1] + stud), fill=Colour.GOLD
                )
        if shown == "wild":
            draw.polygon(star_points((side / 2, side * 0.53), side * 0.32, side * 0.13, 5), fill=Colour.INK)
        else:
            draw_face(draw, shown, _inset((0, 0, side, side), 0.27), Colour.INK, Colour.GOLD)

    return antialiased((size, size), paint)


@cache
def cost_slot(kind: str, size: int, background: RGB) -> Image.Image:
    """An empty cost box: the face it needs drawn faintly, or the wild kind's symbol."""
    line = Colour.MUTED

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1),
            side * DIE_RADIUS,
            fill=slot_fill(background),
            outline=line,
            width=max(1, round(side * 0.05)),
        )
        inner = _inset((0, 0, side, side), 0.24)
        if kind in ("any", "same", "different"):
            draw_wild(draw, kind, inner, Colour.TEXT)
        else:
            draw_face(draw, kind, inner, line, slot_fill(background))

    return antialiased((size, size), paint)


@cache
def round_slot(size: int, background: RGB) -> Image.Image:
    """An empty Dragon Ball Meter slot: a ring with a faint star."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw.ellipse(
            (0, 0, side - 1, side - 1),
            fill=slot_fill(background),
            outline=Colour.MUTED,
            width=max(1, round(side * 0.05)),
        )
        draw.polygon(star_points((side / 2, side * 0.53), side * 0.3, side * 0.12, 5), fill=Colour.FAINT)

    return antialiased((size, size), paint)


@cache
def square_slot(size: int, background: RGB) -> Image.Image:
    """An empty Damage Track slot."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw.rounded_rectangle(
            (0, 0, side - 1, side - 1),
            side * DIE_RADIUS,
            fill=slot_fill(background),
            outline=Colour.FAINT,
            width=max(1, round(side * 0.04)),
        )

    return antialiased((size, size), paint)


@cache
def check_mark(size: int, colour: RGB) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        width = round(side * 0.16)
        draw.line(
            [(side * 0.14, side * 0.52), (side * 0.4, side * 0.78), (side * 0.88, side * 0.22)],
            fill=colour,
            width=width,
            joint="curve",
        )

    return antialiased((size, size), paint)


@cache
def cross_mark(size: int, colour: RGB) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        width = round(side * 0.14)
        draw.line([(side * 0.15, side * 0.15), (side * 0.85, side * 0.85)], fill=colour, width=width)
        draw.line([(side * 0.85, side * 0.15), (side * 0.15, side * 0.85)], fill=colour, width=width)

    return antialiased((size, size), paint)


@cache
def prohibition(size: int, colour: RGB) -> Image.Image:
    """A circle with a slash: the mark of a restriction in force."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        width = round(side * 0.14)
        draw.ellipse((width / 2, width / 2, side - width / 2, side - width / 2), outline=colour, width=width)
        draw.line([(side * 0.24, side * 0.24), (side * 0.76, side * 0.76)], fill=colour, width=width)

    return antialiased((size, size), paint)


@cache
def selection_ring(size: int, colour: RGB) -> Image.Image:
    """A thick ring drawn around a die chosen in the selection in progress."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        width = round(side * 0.08)
        draw.rounded_rectangle((0, 0, side - 1, side - 1), side * DIE_RADIUS, outline=colour, width=width)

    return antialiased((size, size), paint)


@cache
def coin_ring(size: int, colour: RGB) -> Image.Image:
    """A thick ring drawn around a token chosen in the selection in progress."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw.ellipse((0, 0, side - 1, side - 1), outline=colour, width=round(side * 0.1))

    return antialiased((size, size), paint)


@cache
def heart(size: int, filled: bool) -> Image.Image:
    """A health pip: a filled heart for each HP left, an outline for each lost."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        lobe = side * 0.29
        shape = Image.new("L", (side, side), 0)
        mask = drawing(shape)
        mask.ellipse((side * 0.04, side * 0.08, side * 0.04 + 2 * lobe, side * 0.08 + 2 * lobe), fill=255)
        mask.ellipse((side * 0.96 - 2 * lobe, side * 0.08, side * 0.96, side * 0.08 + 2 * lobe), fill=255)
        mask.polygon(
            [(side * 0.06, side * 0.42), (side * 0.94, side * 0.42), (side * 0.5, side * 0.94)], fill=255
        )
        if filled:
            draw.bitmap((0, 0), shape, fill=Colour.VERMILLION)
            return
        draw.bitmap((0, 0), shape, fill=Colour.MUTED)
        inner = shape.resize((round(side * 0.7), round(side * 0.7)))
        draw.bitmap((round(side * 0.15), round(side * 0.13)), inner, fill=Colour.INSET)

    return antialiased((size, size), paint)
