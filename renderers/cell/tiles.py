"""The printed faces of Perfect Cell's tiles, drawn once per tile and cached.

A tile's face never changes during a game, so only the dice placed on it and its marks are drawn
per image (see ``renderers.cell.board``).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.cell import sprites
from renderers.cell.layout import (
    COST_BOX,
    COST_GAP,
    POWER_CARD,
    POWER_CHIP,
    THREAT_TILE,
    TILE_PAD,
    Palette,
)
from renderers.common import RGB, Colour, ellipsize, font, ink_on, paste, wrap
from renderers.drawing import drawing
from rules.cell.content import catalogue

LINK_SPACE = 8
"""Room under the cost boxes for the bracket joining linked wilds."""

RESTRICTION_LABELS = {"no_share": "NO SHARING", "no_reroll": "NO REROLLS"}


def _tile_canvas(size: tuple[int, int], surround: RGB, fill: RGB, edge: RGB) -> Image.Image:
    canvas = Image.new("RGB", size, surround)
    drawing(canvas).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), 10, fill=fill, outline=edge, width=2)
    return canvas


def cost_box_origin(index: int, tile_height: int) -> tuple[int, int]:
    """Top-left corner of a threat tile's ``index``-th cost box, relative to the tile."""
    return (TILE_PAD + index * (COST_BOX + COST_GAP), tile_height - TILE_PAD - LINK_SPACE - COST_BOX)


@cache
def threat_face(tile_id: int) -> Image.Image:
    """Name, effect, restriction badges and the empty cost boxes of a threat tile."""
    tile = catalogue().threats[tile_id]
    width, height = THREAT_TILE
    canvas = _tile_canvas(THREAT_TILE, Palette.PANEL, Palette.THREAT, Palette.THREAT_EDGE)
    draw = drawing(canvas)
    inner = width - 2 * TILE_PAD
    draw.text(
        (TILE_PAD, TILE_PAD),
        ellipsize(tile.name, font(20, True), inner),
        font=font(20, True),
        fill=Colour.TEXT,
    )
    for row, line in enumerate(wrap(tile.effect_text, font(17), inner, 3)):
        draw.text((TILE_PAD, TILE_PAD + 30 + row * 21), line, font=font(17), fill=Colour.TEXT)
    badge_x, badge_top = TILE_PAD, cost_box_origin(0, height)[1] - 34
    for restriction in tile.restrictions:
        badge = restriction_badge(restriction)
        if badge_x + badge.width > width - TILE_PAD:
            badge_x, badge_top = TILE_PAD, badge_top - badge.height - 4
        canvas.paste(badge, (badge_x, badge_top))
        badge_x += badge.width + 6
    _draw_links(draw, tile.cost, height)
    for index, kind in enumerate(tile.cost):
        paste(canvas, sprites.cost_slot(kind, COST_BOX, Palette.THREAT), cost_box_origin(index, height))
    return canvas


@cache
def restriction_badge(restriction: str) -> Image.Image:
    """A solid badge with a prohibition sign, for a restriction in force while the tile is out."""
    label = RESTRICTION_LABELS[restriction]
    typeface = font(16, True)
    width, height = round(typeface.getlength(label)) + 34, 26
    badge = Image.new("RGB", (width, height), Palette.THREAT)
    draw = drawing(badge)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 6, fill=Colour.ORANGE)
    ink = ink_on(Colour.ORANGE)
    paste(badge, sprites.prohibition(20, ink), (5, 3))
    draw.text((29, height // 2), label, font=typeface, fill=ink, anchor="lm")
    return badge


def _draw_links(draw: ImageDraw.ImageDraw, cost: list[str], height: int) -> None:
    """Linked wilds are joined by a bracket under their boxes and a bar between them, like a chain."""
    linked = [index for index, kind in enumerate(cost) if kind == "same"]
    if not linked:
        return
    first_x, top = cost_box_origin(linked[0], height)
    last_x, _ = cost_box_origin(linked[-1], height)
    middle = top + COST_BOX // 2
    bottom = top + COST_BOX + LINK_SPACE
    left, right = first_x + COST_BOX // 2, last_x + COST_BOX // 2
    draw.rounded_rectangle((left, middle - 4, right, middle + 4), 3, fill=Colour.TEXT)
    draw.rounded_rectangle((left - 3, bottom - 6, right + 3, bottom), 3, fill=Colour.TEXT)
    for index in linked:
        x = cost_box_origin(index, height)[0] + COST_BOX // 2
        draw.rectangle((x - 3, top + COST_BOX - 4, x + 3, bottom - 3), fill=Colour.TEXT)


@cache
def power_card(tile_id: int, highlighted: bool) -> Image.Image:
    """A Power Up tile in the supply: name, purchase cost in Assists, activation cost, effect."""
    tile = catalogue().power_ups[tile_id]
    width, height = POWER_CARD
    edge = Colour.SKY if highlighted else Palette.POWER_EDGE
    canvas = _tile_canvas(POWER_CARD, Palette.PANEL, Palette.POWER, edge)
    draw = drawing(canvas)
    if highlighted:
        draw.rounded_rectangle((0, 0, width - 1, height - 1), 10, outline=edge, width=5)
    inner = width - 2 * TILE_PAD
    draw.text(
        (TILE_PAD, TILE_PAD),
        ellipsize(tile.name, font(20, True), inner),
        font=font(20, True),
        fill=Colour.TEXT,
    )
    icons_top = TILE_PAD + 32
    x = _cost_row(canvas, "BUY", ["assist"] * tile.purchase_cost, (TILE_PAD, icons_top), 26)
    use = list(tile.activation_cost)
    if tile.is_passive:
        _passive_label(draw, (x + 12, icons_top + 13))
        text_top, text_lines = icons_top + 36, 3
    elif x + 12 + _cost_row_width("USE", len(use), 26) <= width - TILE_PAD:
        _cost_row(canvas, "USE", use, (x + 12, icons_top), 26)
        text_top, text_lines = icons_top + 36, 3
    else:
        _cost_row(canvas, "USE", use, (TILE_PAD, icons_top + 32), 26)
        text_top, text_lines = icons_top + 68, 2
    for row, line in enumerate(wrap(tile.effect_text, font(17), inner, text_lines)):
        draw.text((TILE_PAD, text_top + row * 21), line, font=font(17), fill=Colour.TEXT)
    return canvas


@cache
def power_chip(tile_id: int, used: bool, highlighted: bool) -> Image.Image:
    """An equipped Power Up on a fighter's mat: name and activation cost; a once-per-turn tile
    already used this turn says so."""
    tile = catalogue().power_ups[tile_id]
    width, height = POWER_CHIP
    edge = Colour.SKY if highlighted else Palette.POWER_EDGE
    canvas = _tile_canvas(POWER_CHIP, Palette.MAT, Palette.POWER, edge)
    draw = drawing(canvas)
    if highlighted:
        draw.rounded_rectangle((0, 0, width - 1, height - 1), 10, outline=edge, width=4)
    inner = width - 2 * 8
    draw.text((8, 5), ellipsize(tile.name, font(16, True), inner), font=font(16, True), fill=Colour.TEXT)
    if used:
        draw.text((8, height - 8), "used this turn", font=font(16), fill=Colour.MUTED, anchor="ld")
    elif tile.is_passive:
        _passive_label(draw, (8, height - 19))
    else:
        _cost_row(canvas, "USE", list(tile.activation_cost), (8, height - 32), 26)
    return canvas


def _passive_label(draw: ImageDraw.ImageDraw, left_middle: tuple[int, int]) -> None:
    """A passive tile has no activation cost: it says it works by itself instead."""
    draw.text(left_middle, "PASSIVE", font=font(16, True), fill=Colour.MUTED, anchor="lm")


def _cost_row_width(label: str, icons: int, size: int) -> int:
    return round(font(16, True).getlength(label)) + 6 + icons * (size + 2)


def _cost_row(canvas: Image.Image, label: str, cost: list[str], origin: tuple[int, int], size: int) -> int:
    """A label followed by cost icons; returns the x where the row ends."""
    draw = drawing(canvas)
    x, y = origin
    draw.text((x, y + size // 2), label, font=font(16, True), fill=Colour.MUTED, anchor="lm")
    x += _cost_row_width(label, 0, size)
    for kind in cost:
        paste(canvas, sprites.cost_slot(kind, size, Palette.POWER), (x, y))
        x += size + 2
    return x
