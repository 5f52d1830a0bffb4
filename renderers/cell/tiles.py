"""Perfect Cell's tiles as the board shows them: a threat's name, restrictions and cost boxes (with
the dice placed on them), a Power Up in the supply (name, purchase and activation costs) and an
equipped Power Up's chip. Names wrap; the effects are in the alt text.

A tile's printing never changes during a game, so each face is drawn once and cached; only the
dice placed on a threat and the marks are drawn per image.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from locales.languages import Language
from renderers.cell import sprites
from renderers.cell.language import power_up_name, threat_name, words
from renderers.cell.layout import CHIP_ICON, COST_BOX, COST_GAP, NAME, PAD, TEXT, Palette
from renderers.common import RGB, Colour, font, ink_on, paste, wrap
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Words
from rules.cell.content import catalogue
from rules.core.text import N_

LINK_SPACE = 8
"""Room under the cost boxes for the bracket joining linked wilds."""

RESTRICTION_LABELS = {"no_share": N_("NO SHARING"), "no_reroll": N_("NO REROLLS")}
LINE = round(TEXT * 1.2)
NAME_LINE = round(NAME * 1.15)


def _tile(size: tuple[int, int], surround: RGB, fill: RGB, edge: RGB, edge_width: int = 2) -> Image.Image:
    canvas = Image.new("RGB", size, surround)
    drawing(canvas).rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), 10, fill=fill, outline=edge, width=edge_width
    )
    return canvas


def _name_lines(name: str, width: int) -> tuple[str, ...]:
    return wrap(name, font(TEXT, True), width - 2 * PAD)


@cache
def restriction_tag(restriction: str, language: Language) -> Image.Image:
    """A solid tag with a prohibition sign, for a restriction in force while the tile is out."""
    label = words(language).gettext(RESTRICTION_LABELS[restriction])
    typeface = font(TEXT, True)
    width, height = round(typeface.getlength(label)) + 40, 32
    tag = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(tag)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 6, fill=Colour.ORANGE)
    ink = ink_on(Colour.ORANGE)
    paste(tag, sprites.prohibition(24, ink), (5, 4))
    draw.text((34, height // 2), label, font=typeface, fill=ink, anchor="lm")
    return tag


@cache
def canceled_tag(language: Language) -> Image.Image:
    """Shown on a canceled threat until Cell discards it when he activates."""
    label = words(language).gettext("CANCELED")
    typeface = font(TEXT, True)
    width, height = round(typeface.getlength(label)) + 42, 32
    tag = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(tag)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 6, fill=Colour.SKY, outline=Colour.INK, width=2)
    paste(tag, sprites.check_mark(26, Colour.INK), (6, 3))
    draw.text((36, height // 2), label, font=typeface, fill=ink_on(Colour.SKY), anchor="lm")
    return tag


def _tags_flow(tile_id: int, canceled: bool, width: int, language: Language) -> Flow:
    tags = [
        Picture(restriction_tag(restriction, language))
        for restriction in catalogue().threats[tile_id].restrictions
    ]
    if canceled:
        tags.append(Picture(canceled_tag(language)))
    return Flow(tags, width - 2 * PAD, line_gap=4)


def threat_height(tile_id: int, canceled: bool, width: int, language: Language = Language.ENGLISH) -> int:
    tags = _tags_flow(tile_id, canceled, width, language)
    lines = len(_name_lines(threat_name(tile_id, language), width))
    return PAD + lines * LINE + (tags.height + 6 if tags.lines else 0) + 6 + COST_BOX + LINK_SPACE + PAD


def cost_box_origin(index: int, height: int) -> tuple[int, int]:
    """Top-left corner of a threat tile's ``index``-th cost box, relative to the tile."""
    return (PAD + index * (COST_BOX + COST_GAP), height - PAD - LINK_SPACE - COST_BOX)


@cache
def threat_face(
    tile_id: int, canceled: bool, width: int, height: int, language: Language = Language.ENGLISH
) -> Image.Image:
    """Name, restriction tags (and the canceled tag) and the empty cost boxes of a threat tile."""
    tile = catalogue().threats[tile_id]
    edge = (Colour.SKY, 4) if canceled else (Palette.THREAT_EDGE, 2)
    canvas = _tile((width, height), Palette.PANEL, Palette.THREAT, *edge)
    draw = drawing(canvas)
    y = PAD
    for line in _name_lines(threat_name(tile_id, language), width):
        draw.text((PAD, y), line, font=font(TEXT, True), fill=Colour.TEXT)
        y += LINE
    tags = _tags_flow(tile_id, canceled, width, language)
    if tags.lines:
        tags.draw(canvas, (PAD, y + 4))
    _draw_links(draw, tile.cost, height)
    for index, kind in enumerate(tile.cost):
        paste(canvas, sprites.cost_slot(kind, COST_BOX, Palette.THREAT), cost_box_origin(index, height))
    return canvas


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


def _cost_pieces(label: str, cost: list[str], background: RGB) -> list[Picture | Words]:
    pieces: list[Picture | Words] = [Words(label, font(TEXT, True), Colour.MUTED)]
    pieces += [Picture(sprites.cost_slot(kind, CHIP_ICON, background), 2) for kind in cost]
    return pieces


def _power_flows(
    tile_id: int, width: int, background: RGB, language: Language, used: bool = False
) -> list[Flow]:
    _ = words(language).gettext
    tile = catalogue().power_ups[tile_id]
    inner = width - 2 * PAD
    name = Flow([Words(power_up_name(tile_id, language), font(TEXT, True), Colour.TEXT)], inner)
    if used:
        use = Flow([Words(_("used this turn"), font(TEXT), Colour.MUTED)], inner)
    elif tile.is_passive:
        use = Flow([Words(_("PASSIVE"), font(TEXT, True), Colour.MUTED)], inner)
    else:
        use = Flow(_cost_pieces(_("USE"), list(tile.activation_cost), background), inner)
    return [name, use]


def _buy_flow(tile_id: int, width: int, language: Language) -> Flow:
    cost = ["assist"] * catalogue().power_ups[tile_id].purchase_cost
    return Flow(_cost_pieces(words(language).gettext("BUY"), cost, Palette.POWER), width - 2 * PAD)


def power_height(tile_id: int, width: int, language: Language = Language.ENGLISH) -> int:
    """A supply card: its name, its purchase cost and its activation cost."""
    flows = [*_power_flows(tile_id, width, Palette.POWER, language)]
    buy = _buy_flow(tile_id, width, language)
    return PAD + sum(flow.height + 4 for flow in flows) + buy.height + PAD


@cache
def power_card(
    tile_id: int, highlighted: bool, width: int, height: int, language: Language = Language.ENGLISH
) -> Image.Image:
    """A Power Up tile in the supply: name, purchase cost in Assists, activation cost."""
    edge = (Colour.SKY, 5) if highlighted else (Palette.POWER_EDGE, 2)
    canvas = _tile((width, height), Palette.PANEL, Palette.POWER, *edge)
    name, use = _power_flows(tile_id, width, Palette.POWER, language)
    y = name.draw(canvas, (PAD, PAD)) + 4
    y = _buy_flow(tile_id, width, language).draw(canvas, (PAD, y)) + 4
    use.draw(canvas, (PAD, y))
    return canvas


@cache
def power_chip(
    tile_id: int, used: bool, highlighted: bool, room: int, language: Language = Language.ENGLISH
) -> Image.Image:
    """An equipped Power Up on a fighter's mat: name and activation cost (or that it was used this
    turn), at most ``room`` px wide."""
    flows = _power_flows(tile_id, room, Palette.POWER, language, used)
    width = min(
        room, 2 * PAD + max(max(line[-1][0] + line[-1][1].width for line in flow.lines) for flow in flows)
    )
    height = 2 * PAD - 8 + sum(flow.height for flow in flows) + 2
    edge = (Colour.SKY, 4) if highlighted else (Palette.POWER_EDGE, 2)
    canvas = _tile((width, height), Palette.MAT, Palette.POWER, *edge)
    y = flows[0].draw(canvas, (PAD, PAD - 4)) + 2
    flows[1].draw(canvas, (PAD, y))
    return canvas
