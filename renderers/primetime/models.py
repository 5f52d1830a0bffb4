"""The models on the Prime Time board: a 1" base in its owner's colour (square for the first seat,
round for the second, so the sides differ without colour), a glow per Ascension tier, a drop shadow
whose offset grows with altitude and an HP bar; beside it a tag in the same shape with its
three-letter code, its altitude (L1, L2) and its status letters (E/S/O/F), placed clear of every
other tag (``renderers.primetime.labels``). A Dazed model lies tipped over, grey and crossed, under
anything standing in its cell; in the Activation Phase a model that has activated is dimmed.

Bases depend on a few small values, so each variant is drawn once (supersampled) and cached; the
HP bars, the tags and the active model's ring are drawn per image.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

from locales.languages import Language
from renderers.common import RGB, Colour, antialiased, blend, font, paste
from renderers.drawing import drawing
from renderers.primetime import labels
from renderers.primetime.layout import SIDE_COLOURS, Scale
from renderers.primetime.words import catalogue
from rules.primetime.state import Status, Unit
from rules.primetime.stats import char, hp_max

DISC_DARKEN = 0.55
"""A base is filled with its owner's colour darkened this far toward black."""
DISC_RIM = (225, 228, 235)
DAZED_FILL = (128, 128, 132)

TIER_GLOWS: tuple[RGB, ...] = (Colour.YELLOW, Colour.WHITE, Colour.REDDISH_PURPLE)
"""T1, T2, T3: a glow that also widens with the tier, so tiers differ without colour."""

SHADOW_OFFSETS = ((0.04, 0.08), (0.12, 0.2), (0.25, 0.42))
"""Ground, L1, L2, in inches: the higher the model, the farther its shadow falls."""

DIMMED = 0.62
"""Brightness of a model that has already activated this round."""

HP_HIGH, HP_MID, HP_LOW = Colour.BLUISH_GREEN, Colour.YELLOW, Colour.VERMILLION
ACTIVE_RING = Colour.WHITE
LEADER = Colour.TEXT


def sprite_size(scale: Scale) -> int:
    """A base's sprite is two inches square, centred on its cell, so the glow and shadow fit."""
    return 2 * scale.inch


def status_letters(language: Language = Language.ENGLISH) -> dict[Status, str]:
    """The letter each status has on a model's tag (and in the key), an initial in the language."""
    words = catalogue(language)
    return {
        "exhausted": words.pgettext("status letter", "E"),
        "staggered": words.pgettext("status letter", "S"),
        "overloaded": words.pgettext("status letter", "O"),
        "frozen": words.pgettext("status letter", "F"),
    }


def tag_text(unit: Unit, language: Language = Language.ENGLISH) -> str:
    _ = catalogue(language).gettext
    words = [char(unit).code]
    if unit.dazed:
        words.append(_("dazed"))
    elif unit.level:
        words.append(_("L1") if unit.level == 1 else _("L2"))
    letters = "".join(status_letters(language)[status] for status in unit.statuses)
    if letters and not unit.dazed:
        words.append(letters)
    return " ".join(words)


def model_boxes(units: list[Unit], scale: Scale, language: Language = Language.ENGLISH) -> list[labels.Tag]:
    radius = scale.disc_radius + 2
    return [
        labels.Tag(
            scale.cell_centre_pixel(unit.cell),
            radius,
            tag_sprite(tag_text(unit, language), unit.seat, False, False, scale.text).size,
        )
        for unit in units
    ]


def draw_models(
    canvas: Image.Image,
    units: list[Unit],
    active: str | None,
    activating: bool,
    scale: Scale,
    bounds: labels.Box,
    obstacles: list[labels.Box],
    language: Language = Language.ENGLISH,
) -> list[labels.Box]:
    """Every model: the Dazed ones first (under anything in their cell), then the standing models from
    the ground up, so a flyer is never hidden by a model below it; then every tag, where
    ``labels.place`` puts it inside ``bounds``, clear of ``obstacles``. Models that have activated
    are dimmed only while ``activating`` (the Activation Phase), when it tells who may still act."""
    draw = drawing(canvas)
    radius = scale.disc_radius
    for unit in sorted((unit for unit in units if unit.dazed), key=lambda unit: unit.id):
        _paste_centred(canvas, dazed_sprite(scale.inch), scale.cell_centre_pixel(unit.cell), scale)
    standing = sorted((unit for unit in units if not unit.dazed), key=lambda unit: (unit.level, unit.id))
    for unit in standing:
        centre = scale.cell_centre_pixel(unit.cell)
        if unit.id == active:
            ring = radius + max(3, scale.inch // 6)
            x, y = centre
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=ACTIVE_RING, width=3)
        dimmed = _dimmed(unit, active, activating)
        _paste_centred(
            canvas, disc_sprite(unit.seat, unit.tier, unit.level, dimmed, scale.inch), centre, scale
        )
        _draw_hp_bar(draw, centre, unit.hp, hp_max(unit), radius)
    ordered = [
        unit
        for unit in sorted(units, key=lambda unit: unit.id)
        if _within(scale.cell_centre_pixel(unit.cell), bounds)
    ]
    tags = model_boxes(ordered, scale, language)
    spots = labels.place(tags, obstacles, bounds)
    for unit, tag, placed in zip(ordered, tags, spots, strict=True):
        start, end = labels.leader_line(tag.anchor, scale.disc_radius, placed.box)
        if (end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2 > 36:
            draw.line((*start, *end), fill=Colour.INK, width=4)
            draw.line((*start, *end), fill=LEADER, width=2)
        sprite = tag_sprite(
            tag_text(unit, language),
            unit.seat,
            _dimmed(unit, active, activating),
            unit.id == active,
            scale.text,
        )
        paste(canvas, sprite, placed.box[:2])
    return [spot.box for spot in spots] + [labels.disc_box(tag) for tag in tags]


def _within(point: tuple[int, int], bounds: labels.Box) -> bool:
    return bounds[0] <= point[0] < bounds[2] and bounds[1] <= point[1] < bounds[3]


def _dimmed(unit: Unit, active: str | None, activating: bool) -> bool:
    return activating and unit.activations > 0 and unit.id != active


def _paste_centred(canvas: Image.Image, sprite: Image.Image, centre: tuple[int, int], scale: Scale) -> None:
    half = sprite_size(scale) // 2
    paste(canvas, sprite, (centre[0] - half, centre[1] - half))


def hp_colour(hp: int, maximum: int) -> RGB:
    if 2 * hp > maximum:
        return HP_HIGH
    return HP_MID if 4 * hp > maximum else HP_LOW


def _draw_hp_bar(
    draw: ImageDraw.ImageDraw, centre: tuple[int, int], hp: int, maximum: int, radius: int
) -> None:
    """Across the foot of the base: a dark trough filled in proportion to the HP left."""
    x, y = centre
    thickness = max(4, radius // 3)
    left, right, top = x - radius, x + radius, y + radius - thickness + 1
    draw.rectangle((left, top, right, top + thickness), fill=Colour.INK)
    filled = round((right - left - 1) * max(hp, 0) / maximum)
    if filled > 0:
        draw.rectangle((left + 1, top + 1, left + filled, top + thickness - 1), fill=hp_colour(hp, maximum))


@lru_cache(maxsize=256)
def tag_sprite(text: str, seat: int, dimmed: bool, active: bool, size: int) -> Image.Image:
    """A model's tag: square-cornered for the first seat, round-ended for the second, like its base,
    edged in its side's colour; the plate itself is light and lettered in ink, so the letters keep
    their contrast over any zone, terrain or hatch (greyer once the model has activated)."""
    typeface = font(size, True)
    width, height = round(typeface.getlength(text)) + size // 2, round(size * 1.25)
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(sprite)
    corner = 2 if seat == 0 else height // 2
    edge = Colour.YELLOW if active else SIDE_COLOURS[seat]
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        corner,
        fill=Colour.MUTED if dimmed else Colour.TEXT,
        outline=edge,
        width=3 if active else 2,
    )
    draw.text((width // 2, height // 2), text, font=typeface, fill=Colour.INK, anchor="mm")
    return sprite


@lru_cache(maxsize=128)
def disc_sprite(seat: int, tier: int, level: int, dimmed: bool, inch: int) -> Image.Image:
    """A standing model: shadow (farther at altitude), tier glow, and the base with its owner's ring."""
    size = 2 * inch
    radius = round(inch * 0.46)
    dx, dy = (round(value * inch) for value in SHADOW_OFFSETS[level])
    sprite = _shadow(size, radius, seat, (dx, dy))
    if tier:
        sprite.alpha_composite(_glow(size, radius, tier, seat))
    sprite.alpha_composite(_base(size, radius, seat))
    if dimmed:
        alpha = sprite.getchannel("A")
        sprite = ImageEnhance.Brightness(sprite.convert("RGB")).enhance(DIMMED).convert("RGBA")
        sprite.putalpha(alpha)
    return sprite


def _outline(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], seat: int, **style: object
) -> None:
    """The base's shape: a square with slightly rounded corners for seat 0, a disc for seat 1."""
    if seat == 0:
        draw.rounded_rectangle(box, (box[2] - box[0]) * 0.12, **style)  # type: ignore[arg-type]
    else:
        draw.ellipse(box, **style)  # type: ignore[arg-type]


def _shadow(size: int, radius: int, seat: int, offset: tuple[int, int]) -> Image.Image:
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    centre = size // 2
    dx, dy = offset
    box = (centre - radius + dx, centre - radius + dy, centre + radius + dx, centre + radius + dy)
    _outline(drawing(shadow), box, seat, fill=(0, 0, 0, 150))
    return shadow.filter(ImageFilter.GaussianBlur(1.5))


def _glow(size: int, radius: int, tier: int, seat: int) -> Image.Image:
    """A halo in the tier's colour, one ring wider per tier."""
    red, green, blue = TIER_GLOWS[tier - 1]
    centre = size // 2
    reach = radius + 1 + 2 * tier
    glow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    _outline(
        drawing(glow),
        (centre - reach, centre - reach, centre + reach, centre + reach),
        seat,
        fill=(red, green, blue, 230),
    )
    return glow.filter(ImageFilter.GaussianBlur(1.2))


def disc_fill(seat: int) -> RGB:
    return blend(SIDE_COLOURS[seat], Colour.INK, DISC_DARKEN)


def _base(size: int, radius: int, seat: int) -> Image.Image:
    """The owner's ring inside a thin light rim, which keeps it apart from a zone of its own colour."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = size * scale // 2
        outer = radius * scale
        box = (centre - outer, centre - outer, centre + outer, centre + outer)
        _outline(draw, box, seat, fill=DISC_RIM)
        inset = scale
        inner = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        _outline(
            draw,
            inner,
            seat,
            fill=disc_fill(seat),
            outline=SIDE_COLOURS[seat],
            width=max(2, radius // 4) * scale,
        )

    return antialiased((size, size), paint)


@lru_cache(maxsize=4)
def dazed_sprite(inch: int) -> Image.Image:
    """A Dazed model: the base on its side (a flat grey ellipse) under a white cross edged in black."""
    size = 2 * inch
    unit = inch / 24

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre = size * scale // 2
        half_width, half_height = 11 * unit * scale, 6 * unit * scale
        draw.ellipse(
            (
                centre - half_width,
                centre - half_height + 3 * unit * scale,
                centre + half_width,
                centre + 9 * unit * scale,
            ),
            fill=(40, 40, 44),
        )
        draw.ellipse(
            (centre - half_width, centre - half_height, centre + half_width, centre + half_height),
            fill=DAZED_FILL,
            outline=Colour.FAINT,
            width=round(2 * unit * scale),
        )
        arm = 8 * unit * scale
        strokes = [(centre - arm, centre - arm, centre + arm, centre + arm)]
        strokes.append((centre - arm, centre + arm, centre + arm, centre - arm))
        for ink, width in ((Colour.INK, 5), (Colour.WHITE, 2)):
            for stroke in strokes:
                draw.line(stroke, fill=ink, width=max(1, round(width * unit)) * scale)

    return antialiased((size, size), paint)
