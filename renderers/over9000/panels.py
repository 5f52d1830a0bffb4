"""A character's card: the seat badge and name, the power level (digits, a status tag, the bar), the
four slots and the reserve.

A slot shows its face-down tokens as coins (the doubled slot a pile of two) and, below, the icons
of the tokens revealed from it this round. The reserve shows a hidden coin, or the Dragon Ball
flipped for the special power.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from renderers.common import RGB, Colour, Rect, font, ink_on, paste
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Words
from renderers.over9000 import scouter, tokens
from renderers.over9000.describe import STATUS_WORDS, power_flipped, status
from renderers.over9000.layout import LEVEL, NAME, TEXT, seat_colour
from renderers.over9000.words import Over9000Words
from rules.core.text import N_
from rules.over9000.content import SLOT_COUNT, SLOT_DEPTH
from rules.over9000.view import Over9000View, PlayerView

PAD = 12
BADGE = 34
COIN = 40
TILE = 44
TILE_STEP = TILE + 6
LABEL_ROW = round(TEXT * 1.25)
COIN_ROW = COIN + 12
BAR_GAP = 6
CARD_FILL = Colour.PANEL

STATUS_COLOURS: dict[str, RGB] = {
    "WINNER": Colour.YELLOW,
    "ATTACKING": Colour.YELLOW,
    "DEFENDING": Colour.VERMILLION,
    "READY": Colour.BLUISH_GREEN,
    "ARRANGING": Colour.ORANGE,
    "OUT OF TOKENS": Colour.FAINT,
}
STATUS_MARKS = {"WINNER": "★ ", "ATTACKING": "▶ ", "READY": "✓ "}
HIGHLIGHTED = frozenset({"WINNER", "ATTACKING", "DEFENDING"})
OVER_TAG = N_("OVER 9000!")


@cache
def badge(seat: int, size: int = BADGE) -> Image.Image:
    """The seat's number on a square of its colour."""
    colour = seat_colour(seat)
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), 7, fill=colour, outline=Colour.INK, width=2)
    draw.text((size // 2, size // 2), str(seat + 1), font=font(TEXT, True), fill=ink_on(colour), anchor="mm")
    return sprite


@cache
def tag(label: str, colour: RGB) -> Image.Image:
    """Words on a pill of ``colour``."""
    typeface = font(TEXT, True)
    width, height = round(typeface.getlength(label)) + 16, round(TEXT * 1.4)
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(sprite)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 8, fill=colour)
    draw.text((width // 2, height // 2), label, font=typeface, fill=ink_on(colour), anchor="mm")
    return sprite


def name_flow(player: PlayerView, width: int, words: Over9000Words) -> Flow:
    name = words.fighter(player)
    return Flow([Picture(badge(player.seat), 10), Words(name, font(NAME, True), Colour.TEXT)], width)


def level_flow(view: Over9000View, player: PlayerView, width: int, words: Over9000Words) -> Flow:
    """The digits (red over 9000, with a tag saying so) and the status tag, wrapping as needed."""
    over = scouter.is_over(player.power_level)
    pieces: list[Picture | Words] = [
        Words(words.number(player.power_level), font(LEVEL, True), scouter.RED if over else scouter.GREEN)
    ]
    if over:
        pieces.append(Picture(tag(words.gettext(OVER_TAG), scouter.RED)))
    label = status(view, player)
    if label is not None:
        shown = STATUS_MARKS.get(label, "") + words.gettext(STATUS_WORDS[label])
        pieces.append(Picture(tag(shown, STATUS_COLOURS[label])))
    return Flow(pieces, width, line_gap=4)


def revealed(player: PlayerView, index: int) -> list[str]:
    """The kinds revealed from slot ``index`` this round (the reserve, ``SLOT_COUNT``: the Dragon
    Ball flipped for the power). A slot never held more than ``SLOT_DEPTH`` tokens."""
    if index == SLOT_COUNT:
        return ["dragon_ball"] if power_flipped(player) else []
    return [face_up.kind for face_up in player.face_up if face_up.slot == index][:SLOT_DEPTH]


def slots_height(row: list[PlayerView]) -> int:
    """Room for the most tokens revealed from one slot in the row."""
    deepest = max(len(revealed(player, index)) for player in row for index in range(SLOT_COUNT + 1))
    return LABEL_ROW + COIN_ROW + deepest * TILE_STEP


def card_height(view: Over9000View, row: list[PlayerView], width: int, words: Over9000Words) -> int:
    """The height of a row of cards: the tallest name and level lines in it."""
    inner = width - 2 * PAD
    tops = max(
        name_flow(player, inner, words).height + 6 + level_flow(view, player, inner, words).height
        for player in row
    )
    return PAD + tops + BAR_GAP + scouter.HEIGHT + 8 + slots_height(row) + PAD


def draw_card(
    canvas: Image.Image,
    rect: Rect,
    view: Over9000View,
    player: PlayerView,
    slots_top: int,
    words: Over9000Words,
) -> None:
    draw = drawing(canvas)
    label = status(view, player)
    highlighted = label in HIGHLIGHTED
    edge = STATUS_COLOURS[label] if label is not None and highlighted else Colour.PANEL_EDGE
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        14,
        fill=CARD_FILL,
        outline=edge,
        width=4 if highlighted else 2,
    )
    inner = rect.width - 2 * PAD
    y = name_flow(player, inner, words).draw(canvas, (rect.x + PAD, rect.y + PAD)) + 6
    y = level_flow(view, player, inner, words).draw(canvas, (rect.x + PAD, y)) + BAR_GAP
    paste(canvas, scouter.bar(player.power_level, inner, CARD_FILL), (rect.x + PAD, y))
    _draw_slots(canvas, rect.x + PAD, slots_top, inner, player, words)


def _draw_slots(
    canvas: Image.Image, left: int, top: int, width: int, player: PlayerView, words: Over9000Words
) -> None:
    draw = drawing(canvas)
    column = width / (SLOT_COUNT + 1)
    for index in range(SLOT_COUNT + 1):
        centre = round(left + column * (index + 0.5))
        # TRANSLATORS: the reserve slot's label on a character's card, beside slots 1 to 4: one letter.
        label = str(index + 1) if index < SLOT_COUNT else words.pgettext("reserve slot", "R")
        draw.text(
            (centre, top + LABEL_ROW // 2), label, font=font(TEXT, True), fill=Colour.MUTED, anchor="mm"
        )
        coins_top = top + LABEL_ROW
        count = player.slots[index].face_down if index < SLOT_COUNT else int(player.has_reserve)
        if count:
            pile = tokens.stack(count, COIN)
            paste(canvas, pile, (centre - pile.width // 2, coins_top + COIN_ROW - 6 - pile.height))
        else:
            paste(
                canvas,
                tokens.empty_socket(COIN, CARD_FILL),
                (centre - COIN // 2, coins_top + COIN_ROW - 6 - COIN),
            )
        for row, kind in enumerate(revealed(player, index)):
            tile = tokens.token_tile(kind, TILE, CARD_FILL)
            paste(canvas, tile, (centre - TILE // 2, coins_top + COIN_ROW + row * TILE_STEP))
