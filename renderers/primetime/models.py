"""The models on the Prime Time board (DESIGN.md 4.2): a 1" disc with its three-letter code, an owner
ring in the side's colour, a glow per Ascension tier, a drop shadow whose offset grows with altitude,
an L1/L2 badge, an HP bar and the status letters (E/S/O/F). A Dazed model lies tipped over, grey and
crossed, under anything standing in its cell; in the Activation Phase a model that has activated is
dimmed.

A disc depends only on a few small values, so each variant is drawn once (supersampled) and cached;
the HP bar, the status letters and the active model's ring change often and are drawn per image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

from renderers.common import RGB, SUPERSAMPLE, Colour, antialiased, blend, font, paste
from renderers.drawing import drawing
from renderers.primetime.layout import INCH, SIDE_COLOURS, cell_centre_pixel
from rules.primetime.state import Status, Unit
from rules.primetime.stats import char, hp_max

SPRITE = 2 * INCH
"""A disc's sprite is two inches square, centred on its cell, so the glow and shadow fit."""

DISC_RADIUS = 11
"""A 1" base: 22 px across, leaving the cell's grid lines visible around it."""

DISC_DARKEN = 0.7
"""A disc is filled with its owner's colour darkened this far toward black, so the code stays legible."""
DISC_RIM = (225, 228, 235)
DAZED_FILL = (128, 128, 132)
CODE_WIDTH = 20
"""The code is set at the 16 px minimum and condensed to this width so it fits inside the disc."""

TIER_GLOWS: tuple[RGB, ...] = (Colour.YELLOW, Colour.WHITE, Colour.REDDISH_PURPLE)
"""T1, T2, T3: a glow that also widens with the tier, so tiers differ without colour."""

SHADOW_OFFSETS = ((1, 2), (3, 5), (6, 10))
"""Ground, L1, L2: the higher the model, the farther its shadow falls."""

LEVEL_BADGES: dict[int, tuple[str, RGB]] = {1: ("L1", Colour.SKY), 2: ("L2", Colour.WHITE)}
STATUS_LETTERS: dict[Status, str] = {"exhausted": "E", "staggered": "S", "overloaded": "O", "frozen": "F"}
DIMMED = 0.62
"""Brightness of a model that has already activated this round."""

DAZED_OFFSET = (-4, 5)
"""A Dazed model lies a little off its cell's centre, so a model standing there leaves it visible."""

HP_HIGH, HP_MID, HP_LOW = Colour.BLUISH_GREEN, Colour.YELLOW, Colour.VERMILLION
ACTIVE_RING = Colour.WHITE


def draw_models(canvas: Image.Image, units: list[Unit], active: str | None, activating: bool) -> None:
    """Every model: the Dazed ones first (under anything in their cell), then the altitude badges
    (under every disc, so a badge never hides a neighbour's code), then the standing models from the
    ground up, so a flyer is never hidden by a model below it. Models that have activated are dimmed
    only while ``activating`` (the Activation Phase), when it tells who may still act."""
    draw = drawing(canvas)
    for unit in sorted((unit for unit in units if unit.dazed), key=lambda unit: unit.id):
        _paste_centred(canvas, dazed_sprite(), cell_centre_pixel(unit.cell), DAZED_OFFSET)
    standing = sorted((unit for unit in units if not unit.dazed), key=lambda unit: (unit.level, unit.id))
    for unit in standing:
        if unit.level:
            _paste_centred(canvas, badge_sprite(unit.level), cell_centre_pixel(unit.cell))
    for unit in standing:
        centre = cell_centre_pixel(unit.cell)
        if unit.id == active:
            radius = DISC_RADIUS + 4
            x, y = centre
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=ACTIVE_RING, width=2)
        dimmed = activating and unit.activations > 0 and unit.id != active
        _paste_centred(canvas, disc_sprite(char(unit).code, unit.seat, unit.tier, unit.level, dimmed), centre)
        _draw_hp_bar(draw, centre, unit.hp, hp_max(unit))
        _draw_statuses(draw, centre, unit.statuses)


def _paste_centred(
    canvas: Image.Image, sprite: Image.Image, centre: tuple[int, int], offset: tuple[int, int] = (0, 0)
) -> None:
    half = SPRITE // 2
    paste(canvas, sprite, (centre[0] - half + offset[0], centre[1] - half + offset[1]))


def hp_colour(hp: int, maximum: int) -> RGB:
    if 2 * hp > maximum:
        return HP_HIGH
    return HP_MID if 4 * hp > maximum else HP_LOW


def _draw_hp_bar(draw: ImageDraw.ImageDraw, centre: tuple[int, int], hp: int, maximum: int) -> None:
    """Across the foot of the disc: a dark trough filled in proportion to the HP left."""
    x, y = centre
    left, right, top = x - DISC_RADIUS, x + DISC_RADIUS, y + DISC_RADIUS - 2
    draw.rectangle((left, top, right, top + 4), fill=Colour.INK)
    filled = round((right - left - 1) * max(hp, 0) / maximum)
    if filled > 0:
        draw.rectangle((left + 1, top + 1, left + filled, top + 3), fill=hp_colour(hp, maximum))


def _draw_statuses(draw: ImageDraw.ImageDraw, centre: tuple[int, int], statuses: list[Status]) -> None:
    """The statuses' initials against the disc's left edge, yellow on a dark halo."""
    if not statuses:
        return
    letters = "".join(STATUS_LETTERS[status] for status in statuses)
    x, y = centre
    draw.text(
        (x - DISC_RADIUS + 1, y),
        letters,
        font=font(16, True),
        fill=Colour.YELLOW,
        anchor="rm",
        stroke_width=2,
        stroke_fill=Colour.INK,
    )


@lru_cache(maxsize=512)
def disc_sprite(code: str, seat: int, tier: int, level: int, dimmed: bool) -> Image.Image:
    """A standing model: shadow (farther at altitude), tier glow, disc with the owner's ring and the code."""
    sprite = _shadow(SHADOW_OFFSETS[level])
    if tier:
        sprite.alpha_composite(_glow(tier))
    sprite.alpha_composite(_disc(seat))
    sprite.alpha_composite(_code(code), _code_position(code))
    if dimmed:
        alpha = sprite.getchannel("A")
        sprite = ImageEnhance.Brightness(sprite.convert("RGB")).enhance(DIMMED).convert("RGBA")
        sprite.putalpha(alpha)
    return sprite


def _shadow(offset: tuple[int, int]) -> Image.Image:
    shadow = Image.new("RGBA", (SPRITE, SPRITE), (0, 0, 0, 0))
    centre = SPRITE // 2
    dx, dy = offset
    drawing(shadow).ellipse(
        (
            centre - DISC_RADIUS + dx,
            centre - DISC_RADIUS + dy,
            centre + DISC_RADIUS + dx,
            centre + DISC_RADIUS + dy,
        ),
        fill=(0, 0, 0, 150),
    )
    return shadow.filter(ImageFilter.GaussianBlur(1.5))


def _glow(tier: int) -> Image.Image:
    """A halo in the tier's colour, one ring wider per tier."""
    red, green, blue = TIER_GLOWS[tier - 1]
    centre = SPRITE // 2
    radius = DISC_RADIUS + 1 + 2 * tier
    glow = Image.new("RGBA", (SPRITE, SPRITE), (0, 0, 0, 0))
    drawing(glow).ellipse(
        (centre - radius, centre - radius, centre + radius, centre + radius), fill=(red, green, blue, 230)
    )
    return glow.filter(ImageFilter.GaussianBlur(1.2))


def disc_fill(seat: int) -> RGB:
    return blend(SIDE_COLOURS[seat], Colour.INK, DISC_DARKEN)


def _disc(seat: int) -> Image.Image:
    """The owner's ring inside a thin light rim, which keeps it apart from a zone of its own colour."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = SPRITE * scale // 2
        radius = DISC_RADIUS * scale
        box = (centre - radius, centre - radius, centre + radius, centre + radius)
        draw.ellipse(box, fill=DISC_RIM)
        inset = scale
        draw.ellipse(
            (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
            fill=disc_fill(seat),
            outline=SIDE_COLOURS[seat],
            width=3 * scale,
        )

    return antialiased((SPRITE, SPRITE), paint)


@lru_cache(maxsize=64)
def _code(code: str) -> Image.Image:
    """The code at 16 px, condensed to ``CODE_WIDTH``: three capitals are wider than a 1" disc."""
    typeface = font(16, True)
    left, top, right, bottom = typeface.getbbox(code)
    size = ((right - left) * SUPERSAMPLE, (bottom - top) * SUPERSAMPLE)
    large = Image.new("L", size, 0)
    drawing(large).text(
        (-left * SUPERSAMPLE, -top * SUPERSAMPLE),
        code,
        font=font(16 * SUPERSAMPLE, True),
        fill=255,
    )
    mask = large.resize((min(CODE_WIDTH, right - left), bottom - top), Image.Resampling.LANCZOS)
    text = Image.new("RGBA", mask.size, Colour.TEXT)
    text.putalpha(mask)
    return text


def _code_position(code: str) -> tuple[int, int]:
    width, height = _code(code).size
    centre = SPRITE // 2
    return centre - width // 2, centre - height // 2 - 1


@lru_cache(maxsize=2)
def badge_sprite(level: int) -> Image.Image:
    """The altitude on a small plate at the disc's top-right."""
    text, fill = LEVEL_BADGES[level]
    badge = Image.new("RGBA", (SPRITE, SPRITE), (0, 0, 0, 0))
    draw = drawing(badge)
    centre = SPRITE // 2
    box = (centre + 3, centre - DISC_RADIUS - 13, centre + 23, centre - DISC_RADIUS + 2)
    draw.rounded_rectangle(box, 4, fill=fill, outline=Colour.INK)
    draw.text(
        ((box[0] + box[2]) // 2 + 1, (box[1] + box[3]) // 2 + 1),
        text,
        font=font(16, True),
        fill=Colour.INK,
        anchor="mm",
    )
    return badge


@lru_cache(maxsize=1)
def dazed_sprite() -> Image.Image:
    """A Dazed model: the disc on its side (a flat grey ellipse) under a white cross edged in black."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = SPRITE * scale // 2
        half_width, half_height = DISC_RADIUS * scale, 6 * scale
        draw.ellipse(
            (centre - half_width, centre - half_height + 3 * scale, centre + half_width, centre + 9 * scale),
            fill=(40, 40, 44),
        )
        draw.ellipse(
            (centre - half_width, centre - half_height, centre + half_width, centre + half_height),
            fill=DAZED_FILL,
            outline=Colour.FAINT,
            width=2 * scale,
        )
        arm = 8 * scale
        strokes = [(centre - arm, centre - arm, centre + arm, centre + arm)]
        strokes.append((centre - arm, centre + arm, centre + arm, centre - arm))
        for ink, width in ((Colour.INK, 5), (Colour.WHITE, 2)):
            for stroke in strokes:
                draw.line(stroke, fill=ink, width=width * scale)

    return antialiased((SPRITE, SPRITE), paint)
