"""A Z-Fighter's mat: name, dice colour and ability (cached per fighter, seat and dice colour), then
the state: health pips, Dragon Ball tokens, the dice on the mat, equipped Power Ups, KO and turn marks."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.cell import sprites
from renderers.cell.layout import MAT, MAT_DIE, MAT_DIE_STEP, POWER_CHIP, Palette
from renderers.cell.pieces import Marks, dice_colour, die_by_id, seat_colour
from renderers.cell.tiles import power_chip
from renderers.common import Colour, Rect, ellipsize, font, ink_on, paste
from renderers.drawing import drawing
from rules.cell.content import catalogue
from rules.cell.state import FighterState
from rules.cell.view import CellView

PAD = 14
HEALTH_TOP = 86
HEART = 28
HEART_STEP = 32
DICE_TOP = 124
CHIPS_TOP = MAT[1] - PAD - POWER_CHIP[1]
COIN = 40
KO_TINT = (58, 30, 34)
KO_EDGE = Colour.VERMILLION


def short_name(name: str) -> str:
    """The name printed under shared dice: "Future Trunks" is "Trunks"."""
    return name.split()[-1]


@cache
def mat_base(fighter_id: str, seat: int, dice: str, knocked_out: bool) -> Image.Image:
    card = catalogue().fighter(fighter_id)
    colour = dice_colour(dice)
    width, height = MAT
    canvas = Image.new("RGB", MAT, Palette.TABLE)
    draw = drawing(canvas)
    fill, edge = (KO_TINT, KO_EDGE) if knocked_out else (Palette.MAT, Palette.MAT_EDGE)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 12, fill=fill, outline=edge, width=2)
    draw.rounded_rectangle((PAD, PAD, PAD + 36, PAD + 36), 8, fill=colour, outline=Colour.INK, width=2)
    draw.text((PAD + 18, PAD + 18), str(seat + 1), font=font(22, True), fill=ink_on(colour), anchor="mm")
    draw.text((PAD + 48, PAD + 18), card.name, font=font(26, True), fill=Colour.TEXT, anchor="lm")
    name_end = PAD + 48 + round(font(26, True).getlength(card.name))
    draw.text((name_end + 10, PAD + 20), f"{dice} dice", font=font(18), fill=Colour.MUTED, anchor="lm")
    ability = ellipsize(card.ability_text, font(16), width - 2 * PAD)
    draw.text((PAD, PAD + 46), ability, font=font(16), fill=Colour.MUTED)
    return canvas


@cache
def _knocked_out_stamp() -> Image.Image:
    label = "KNOCKED OUT"
    typeface = font(24, True)
    width, height = round(typeface.getlength(label)) + 60, 38
    stamp = Image.new("RGB", (width, height), KO_TINT)
    draw = drawing(stamp)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 8, fill=Colour.VERMILLION)
    paste(stamp, sprites.cross_mark(30, Colour.INK), (8, 4))
    draw.text((46, height // 2), label, font=typeface, fill=Colour.INK, anchor="lm")
    return stamp


@cache
def _turn_tag() -> Image.Image:
    label = "▶ ACTIVE TURN"
    typeface = font(18, True)
    width, height = round(typeface.getlength(label)) + 20, 30
    tag = Image.new("RGB", (width, height), Palette.MAT)
    draw = drawing(tag)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 8, fill=Colour.YELLOW)
    draw.text((width // 2, height // 2), label, font=typeface, fill=ink_on(Colour.YELLOW), anchor="mm")
    return tag


def draw_mat(canvas: Image.Image, rect: Rect, view: CellView, fighter: FighterState, marks: Marks) -> None:
    knocked_out = fighter.knocked_out
    canvas.paste(mat_base(fighter.fighter, fighter.seat, fighter.dice_colour, knocked_out), (rect.x, rect.y))
    draw = drawing(canvas)
    active = view.outcome is None and view.active_seat == fighter.seat
    if active:
        draw.rounded_rectangle(
            (rect.x, rect.y, rect.right - 1, rect.bottom - 1), 12, outline=Colour.YELLOW, width=5
        )
        tag = _turn_tag()
        canvas.paste(tag, (rect.right - PAD - tag.width, rect.y + PAD + 3))
    _draw_health(canvas, draw, rect, fighter, knocked_out)
    _draw_tokens(canvas, draw, rect, fighter, marks if active else Marks())
    _draw_dice(canvas, draw, rect, view, fighter.seat, marks)
    for index, tile in enumerate(fighter.power_ups):
        chip = power_chip(tile, tile in fighter.power_ups_used, tile == marks.activating and active)
        canvas.paste(chip, (rect.x + PAD + index * (POWER_CHIP[0] + 8), rect.y + CHIPS_TOP))
    if not fighter.power_ups:
        draw.text(
            (rect.x + PAD, rect.y + CHIPS_TOP + POWER_CHIP[1] // 2),
            "No Power Ups",
            font=font(17),
            fill=Colour.MUTED,
            anchor="lm",
        )


def _draw_health(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, rect: Rect, fighter: FighterState, knocked_out: bool
) -> None:
    top = rect.y + HEALTH_TOP
    x = rect.x + PAD
    if knocked_out:
        stamp = _knocked_out_stamp()
        canvas.paste(stamp, (x, top - 5))
        x += stamp.width + 12
    else:
        for index in range(fighter.max_hp):
            paste(canvas, sprites.heart(HEART, index < fighter.hp), (x + index * HEART_STEP, top))
        x += fighter.max_hp * HEART_STEP + 6
    draw.text(
        (x, top + HEART // 2),
        f"{fighter.hp} / {fighter.max_hp} HP",
        font=font(22, True),
        fill=Colour.TEXT,
        anchor="lm",
    )


def _draw_tokens(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, rect: Rect, fighter: FighterState, marks: Marks
) -> None:
    """Held tokens by kind, right-aligned; those being paid in the selection are ringed."""
    right = rect.right - PAD
    top = rect.y + HEALTH_TOP - 6
    if not fighter.tokens:
        draw.text((right, top + COIN // 2), "no tokens", font=font(17), fill=Colour.MUTED, anchor="rm")
        return
    step = min(COIN + 4, 230 // len(fighter.tokens))
    kinds = sorted(fighter.tokens, key=("attack", "super_attack", "wild").index)
    start = right - COIN - step * (len(kinds) - 1)
    ringed = marks.chosen_tokens.copy()
    for index, kind in enumerate(kinds):
        x = start + index * step
        paste(canvas, sprites.token(kind, None, COIN), (x, top))
        if ringed[kind] > 0:
            ringed[kind] -= 1
            paste(canvas, sprites.coin_ring(COIN, Colour.WHITE), (x, top))
    draw.text((start - 8, top + COIN // 2), "tokens", font=font(17), fill=Colour.MUTED, anchor="rm")


def _draw_dice(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, rect: Rect, view: CellView, seat: int, marks: Marks
) -> None:
    """The fighter's own dice first, then dice shared by others, grouped under their owner's name."""
    held = [die for die in view.dice if die.zone == "mat" and die.holder == seat]
    held.sort(key=lambda die: (die.owner != seat, die.owner, die.id))
    if not held:
        draw.text(
            (rect.x + PAD, rect.y + DICE_TOP + MAT_DIE // 2),
            "No dice on the mat",
            font=font(17),
            fill=Colour.MUTED,
            anchor="lm",
        )
        return
    space = rect.width - 2 * PAD - MAT_DIE
    step = min(MAT_DIE_STEP, space // max(1, len(held) - 1)) if len(held) > 1 else MAT_DIE_STEP
    top = rect.y + DICE_TOP
    groups: dict[int, list[int]] = {}
    for index, die in enumerate(held):
        x = rect.x + PAD + index * step
        paste(canvas, die_by_id(view, die.id, MAT_DIE, marks), (x, top))
        if die.owner != seat:
            groups.setdefault(die.owner, []).append(x)
    for owner, positions in groups.items():
        _shared_bracket(draw, rect, view, owner, (positions[0], positions[-1] + MAT_DIE), top + MAT_DIE + 4)


def _shared_bracket(
    draw: ImageDraw.ImageDraw, rect: Rect, view: CellView, owner: int, span: tuple[int, int], top: int
) -> None:
    """A bar in the owner's colour under their shared dice, with "from <name>" beneath (kept
    inside the mat when the dice sit at its edge)."""
    left, right = span
    draw.rounded_rectangle((left, top, right, top + 5), 2, fill=seat_colour(view, owner))
    label = f"from {short_name(view.fighters[owner].name)}"
    typeface = font(16, True)
    half = typeface.getlength(label) / 2
    centre = min(max((left + right) / 2, rect.x + PAD + half), rect.right - PAD - half)
    draw.text((centre, top + 8), label, font=typeface, fill=Colour.TEXT, anchor="mt")
