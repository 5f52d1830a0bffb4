"""A Z-Fighter's mat: the seat badge, name, health and held tokens (wrapping as a line of words
does), the dice on the mat with the name of whoever shared each group of them, and the equipped
Power Ups; the KO and turn marks.

The dice sit side by side, never over each other: when more are held than fit across the mat
(a fighter given everyone's dice), they wrap onto rows of equal length. Under each row, the names
of whoever shared its dice are set side by side, each as near the middle of its dice as the one
before it allows, and on a new line when the mat's width runs out: they never print over each
other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from math import ceil

from PIL import Image

from locales.languages import Language
from renderers.cell import sprites
from renderers.cell.language import CellBoardView, fighter_name, in_language, words
from renderers.cell.layout import MAT_COIN, MAT_DIE, MAT_DIE_STEP, NAME, PAD, TEXT, Palette
from renderers.cell.pieces import Marks, dice_colour, die_by_id, seat_colour
from renderers.cell.tiles import power_chip
from renderers.common import Colour, Rect, font, ink_on, paste
from renderers.drawing import drawing
from renderers.flow import Flow, Keep, Picture, Piece, Words
from rules.cell.state import Die, FighterState
from rules.cell.view import CellView

KO_TINT = (58, 30, 34)
KO_EDGE = Colour.VERMILLION
HEART = 24
LABEL_LINE = round(TEXT * 1.25)
LABEL_GAP = 12
BAR = 5
ROW_GAP = 6
"""Between two rows of dice."""


def short_name(name: str) -> str:
    """The name printed under shared dice: "Future Trunks" is "Trunks"."""
    return name.split()[-1]


@cache
def seat_badge(seat: int, dice: str) -> Image.Image:
    colour = dice_colour(dice)
    sprite = Image.new("RGBA", (34, 34), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((0, 0, 33, 33), 7, fill=colour, outline=Colour.INK, width=2)
    draw.text((17, 17), str(seat + 1), font=font(TEXT, True), fill=ink_on(colour), anchor="mm")
    return sprite


@cache
def tag(label: str, fill: tuple[int, int, int], mark: str = "") -> Image.Image:
    typeface = font(TEXT, True)
    icon = 28 if mark else 0
    width, height = round(typeface.getlength(label)) + 18 + icon, 32
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 7, fill=fill)
    ink = ink_on(fill)
    if mark == "cross":
        paste(sprite, sprites.cross_mark(24, ink), (6, 4))
    draw.text((9 + icon, height // 2), label, font=typeface, fill=ink, anchor="lm")
    return sprite


def _head_pieces(view: CellBoardView, fighter: FighterState, marks: Marks) -> list[Piece]:
    _ = words(view.language).gettext
    pieces: list[Piece] = [
        Picture(seat_badge(fighter.seat, fighter.dice_colour), 8),
        Words(fighter_name(fighter, view.language), font(NAME, True), Colour.TEXT),
    ]
    if fighter.knocked_out:
        pieces.append(Picture(tag(_("KNOCKED OUT"), Colour.VERMILLION, "cross")))
    else:
        pieces.append(
            Keep(
                (
                    Picture(sprites.heart(HEART, True), 4),
                    Words(
                        _("{hp}/{max_hp} HP").format(hp=fighter.hp, max_hp=fighter.max_hp),
                        font(TEXT, True),
                        Colour.TEXT,
                    ),
                )
            )
        )
    if view.outcome is None and view.active_seat == fighter.seat:
        pieces.append(Picture(tag("▶ " + _("TURN"), Colour.YELLOW)))
    if fighter.tokens:
        coins: list[Words | Picture] = []
        ringed = marks.chosen_tokens.copy() if view.active_seat == fighter.seat else Counter()
        for kind in sorted(fighter.tokens, key=("attack", "super_attack", "wild").index):
            if ringed[kind] > 0:
                ringed[kind] -= 1
                coins.append(Picture(_ringed(kind), 2))
            else:
                coins.append(Picture(sprites.token(kind, None, MAT_COIN), 2))
        pieces.append(Keep(tuple(coins)))
    return pieces


@cache
def _ringed(kind: str) -> Image.Image:
    """A token chosen for the payment: its coin ringed in white."""
    sprite = sprites.token(kind, None, MAT_COIN).copy()
    paste(sprite, sprites.coin_ring(MAT_COIN, Colour.WHITE), (0, 0))
    return sprite


@dataclass(frozen=True)
class DiceRow:
    """Where one row of the dice on a mat goes and where each "from <name>" label under it goes."""

    dice: list[tuple[int, Die]]
    """Each die's left edge, relative to the mat's inner left."""
    bars: list[tuple[int, int, int]]
    """(left, right, owner) of the bar under each group of shared dice."""
    labels: list[tuple[int, int, str]]
    """(left, line, text) of each group's label: line 0 is just under the dice."""
    label_lines: int

    @property
    def height(self) -> int:
        return MAT_DIE + (BAR + 3 + self.label_lines * LABEL_LINE if self.labels else 0)


def dice_rows(view: CellView, seat: int, width: int) -> list[DiceRow]:
    """The dice ``seat`` holds on its mat, in rows of equal length as wide as ``width`` allows: its
    own first, then each giver's together."""
    view = in_language(view)
    held = [die for die in view.dice if die.zone == "mat" and die.holder == seat]
    held.sort(key=lambda die: (die.owner != seat, die.owner, die.id))
    if not held:
        return []
    across = max(1, (width - MAT_DIE) // MAT_DIE_STEP + 1)
    per_row = ceil(len(held) / ceil(len(held) / across))
    return [
        _dice_row(view, seat, held[start : start + per_row], width) for start in range(0, len(held), per_row)
    ]


def _dice_row(view: CellBoardView, seat: int, held: list[Die], width: int) -> DiceRow:
    dice = [(index * MAT_DIE_STEP, die) for index, die in enumerate(held)]
    groups: dict[int, list[int]] = {}
    for x, die in dice:
        if die.owner != seat:
            groups.setdefault(die.owner, []).append(x)
    typeface = font(TEXT, True)
    bars, labels = [], []
    line_ends: list[int] = []
    for owner, positions in groups.items():
        left, right = positions[0], positions[-1] + MAT_DIE
        bars.append((left, right, owner))
        text = (
            words(view.language)
            .gettext("from {fighter}")
            .format(fighter=short_name(fighter_name(view.fighters[owner], view.language)))
        )
        label_width = round(typeface.getlength(text))
        wanted = min(max((left + right - label_width) // 2, 0), width - label_width)
        line, x = _label_place(line_ends, wanted, label_width, width)
        labels.append((x, line, text))
    return DiceRow(dice, bars, labels, len(line_ends))


def _label_place(line_ends: list[int], wanted: int, label_width: int, width: int) -> tuple[int, int]:
    """The first label line with room right of its last label (as near ``wanted`` as it allows),
    or a new line; ``line_ends`` is updated."""
    for line, end in enumerate(line_ends):
        x = max(wanted, end + LABEL_GAP)
        if x + label_width <= width:
            line_ends[line] = x + label_width
            return line, x
    line_ends.append(wanted + label_width)
    return len(line_ends) - 1, wanted


def _chips(fighter: FighterState, marks: Marks, active: bool, width: int, language: Language) -> Flow:
    chips = [
        Picture(
            power_chip(
                tile, tile in fighter.power_ups_used, tile == marks.activating and active, width, language
            ),
            8,
        )
        for tile in fighter.power_ups
    ]
    return Flow(chips, width, line_gap=6)


def mat_height(view: CellBoardView, fighter: FighterState, marks: Marks, width: int) -> int:
    inner = width - 2 * PAD
    head = Flow(_head_pieces(view, fighter, marks), inner, line_gap=4)
    rows = dice_rows(view, fighter.seat, inner)
    chips = _chips(fighter, marks, view.active_seat == fighter.seat, inner, view.language)
    dice = sum(row.height for row in rows) + ROW_GAP * (len(rows) - 1) if rows else LABEL_LINE
    return PAD + head.height + 8 + dice + (8 + chips.height if chips.lines else 0) + PAD


def draw_mat(
    canvas: Image.Image, rect: Rect, view: CellBoardView, fighter: FighterState, marks: Marks
) -> None:
    draw = drawing(canvas)
    active = view.outcome is None and view.active_seat == fighter.seat
    fill, edge = (KO_TINT, KO_EDGE) if fighter.knocked_out else (Palette.MAT, Palette.MAT_EDGE)
    if active:
        edge = Colour.YELLOW
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        12,
        fill=fill,
        outline=edge,
        width=5 if active else 2,
    )
    inner = rect.width - 2 * PAD
    left = rect.x + PAD
    y = Flow(_head_pieces(view, fighter, marks), inner, line_gap=4).draw(canvas, (left, rect.y + PAD)) + 8
    rows = dice_rows(view, fighter.seat, inner)
    if not rows:
        nothing = words(view.language).gettext("no dice")
        draw.text((left, y + LABEL_LINE // 2), nothing, font=font(TEXT), fill=Colour.MUTED, anchor="lm")
        y += LABEL_LINE
    for index, row in enumerate(rows):
        _draw_dice_row(canvas, (left, y), row, view, marks)
        y += row.height + (ROW_GAP if index < len(rows) - 1 else 0)
    chips = _chips(fighter, marks, active, inner, view.language)
    if chips.lines:
        chips.draw(canvas, (left, y + 8))


def _draw_dice_row(
    canvas: Image.Image, at: tuple[int, int], row: DiceRow, view: CellBoardView, marks: Marks
) -> None:
    draw = drawing(canvas)
    left, y = at
    for x, die in row.dice:
        paste(canvas, die_by_id(view, die.id, MAT_DIE, marks), (left + x, y))
    y += MAT_DIE + 3
    for start, end, owner in row.bars:
        draw.rounded_rectangle((left + start, y, left + end, y + BAR), 2, fill=seat_colour(view, owner))
    for x, line, text in row.labels:
        draw.text(
            (left + x, y + BAR + line * LABEL_LINE + LABEL_LINE // 2),
            text,
            font=font(TEXT, True),
            fill=Colour.TEXT,
            anchor="lm",
        )
