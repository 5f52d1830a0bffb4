"""A character's panel: name, seat and special power (cached per character and seat), then the
state: the scouter, the status tag, the four slots and the reserve.

A slot shows its face-down tokens as a pile of coins with their count (the doubled slot is a pile
of two) and, below, the tokens revealed from it this round. The reserve shows a hidden coin, or
the Dragon Ball flipped for the special power.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, Rect, blend, ellipsize, font, ink_on, paste, wrap
from renderers.drawing import drawing
from renderers.over9000 import scouter, tokens
from renderers.over9000.describe import power_flipped, status
from renderers.over9000.layout import PLAYER_PANEL, seat_colour
from rules.over9000.content import SLOT_COUNT, SLOT_DEPTH, catalogue
from rules.over9000.engine import WINDOW_TEXT
from rules.over9000.view import Over9000View, PlayerView

PAD = 16
INNER_WIDTH = PLAYER_PANEL[0] - 2 * PAD
METER_TOP = 58
POWER_TOP = 136
CELLS_TOP = 214
CELL_GAP = 6
CELL = ((INNER_WIDTH - SLOT_COUNT * CELL_GAP) // (SLOT_COUNT + 1), 186)
STACK_TOP = 32
TILES_TOP = 90
TILE_STEP = tokens.TILE[1] + 4
COIN = 40
CELL_FILL = Colour.INSET

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


def cell_origin(index: int) -> tuple[int, int]:
    """The top left corner of slot ``index`` (the reserve is index ``SLOT_COUNT``) in the panel."""
    return (PAD + index * (CELL[0] + CELL_GAP), CELLS_TOP)


def seat_badge(draw: ImageDraw.ImageDraw, seat: int, box: tuple[int, int, int, int], size: int) -> None:
    colour = seat_colour(seat)
    draw.rounded_rectangle(box, 7, fill=colour, outline=Colour.INK, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, str(seat + 1), font=font(size, True), fill=ink_on(colour), anchor="mm")


@cache
def panel_base(character_id: str, seat: int) -> Image.Image:
    """What never changes during a game: the frame, the name, the power and the empty cells."""
    character = catalogue().character(character_id)
    width, height = PLAYER_PANEL
    canvas = Image.new("RGB", PLAYER_PANEL, Colour.TABLE)
    draw = drawing(canvas)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), 14, fill=Colour.PANEL, outline=Colour.PANEL_EDGE, width=2
    )
    seat_badge(draw, seat, (PAD, 14, PAD + 36, 50), 22)
    name_font = font(26, True)
    draw.text((PAD + 48, 32), character.name, font=name_font, fill=Colour.TEXT, anchor="lm")
    name_end = PAD + 48 + round(name_font.getlength(character.name))
    draw.text((name_end + 10, 34), character.side, font=font(18), fill=Colour.MUTED, anchor="lm")
    _draw_power(draw, character.power.name, WINDOW_TEXT[character.power.window], character.power.text)
    for index in range(SLOT_COUNT + 1):
        x, y = cell_origin(index)
        draw.rounded_rectangle(
            (x, y, x + CELL[0] - 1, y + CELL[1] - 1), 10, fill=CELL_FILL, outline=Colour.PANEL_EDGE
        )
        title = f"SLOT {index + 1}" if index < SLOT_COUNT else "RESERVE"
        draw.text((x + 10, y + 8), title, font=font(16, True), fill=Colour.MUTED)
    return canvas


def _draw_power(draw: ImageDraw.ImageDraw, name: str, window: str, text: str) -> None:
    name_font = font(18, True)
    draw.text((PAD, POWER_TOP), name, font=name_font, fill=Colour.GOLD)
    left = PAD + round(name_font.getlength(name)) + 10
    window_font = font(16)
    draw.text(
        (left, POWER_TOP + 2),
        ellipsize(window, window_font, PAD + INNER_WIDTH - left),
        font=window_font,
        fill=Colour.MUTED,
    )
    for index, line in enumerate(wrap(text, font(16), INNER_WIDTH, 2)):
        draw.text((PAD, POWER_TOP + 26 + index * 20), line, font=font(16), fill=Colour.TEXT)


@cache
def status_tag(label: str) -> Image.Image:
    text = STATUS_MARKS.get(label, "") + label
    typeface = font(18, True)
    colour = STATUS_COLOURS[label]
    width, height = round(typeface.getlength(text)) + 20, 32
    tag = Image.new("RGB", (width, height), Colour.PANEL)
    draw = drawing(tag)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 8, fill=colour)
    draw.text((width // 2, height // 2), text, font=typeface, fill=ink_on(colour), anchor="mm")
    return tag


def draw_panel(canvas: Image.Image, rect: Rect, view: Over9000View, player: PlayerView) -> None:
    canvas.paste(panel_base(player.character, player.seat), (rect.x, rect.y))
    draw = drawing(canvas)
    label = status(view, player)
    if label is not None:
        tag = status_tag(label)
        canvas.paste(tag, (rect.right - PAD - tag.width, rect.y + 16))
        if label in HIGHLIGHTED:
            draw.rounded_rectangle(
                (rect.x, rect.y, rect.right - 1, rect.bottom - 1), 14, outline=STATUS_COLOURS[label], width=4
            )
    canvas.paste(scouter.meter(player.power_level, INNER_WIDTH), (rect.x + PAD, rect.y + METER_TOP))
    for index, slot in enumerate(player.slots):
        x, y = cell_origin(index)
        _draw_face_down(canvas, draw, (rect.x + x, rect.y + y), slot.face_down)
        revealed = [face_up.kind for face_up in player.face_up if face_up.slot == index]
        _draw_revealed(canvas, (rect.x + x, rect.y + y), revealed)
    _draw_reserve(canvas, draw, rect, player)


def _draw_face_down(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, origin: tuple[int, int], count: int
) -> None:
    x, y = origin[0] + 10, origin[1] + STACK_TOP
    if count == 0:
        paste(canvas, tokens.empty_socket(COIN, CELL_FILL), (x, y + 9))
        draw.text((x + COIN + 8, y + 29), "none", font=font(16), fill=Colour.FAINT, anchor="lm")
        return
    pile = tokens.stack(count, COIN)
    paste(canvas, pile, (x, y + 49 - pile.height))
    count_text = f"\N{MULTIPLICATION SIGN}{count}"
    draw.text((x + pile.width + 8, y + 29), count_text, font=font(22, True), fill=Colour.TEXT, anchor="lm")


def _draw_revealed(canvas: Image.Image, origin: tuple[int, int], kinds: list[str]) -> None:
    """A slot never held more than ``SLOT_DEPTH`` tokens, so that many tiles fit."""
    for row, kind in enumerate(kinds[:SLOT_DEPTH]):
        canvas.paste(
            tokens.face_up_tile(kind, CELL_FILL), (origin[0], origin[1] + TILES_TOP + row * TILE_STEP)
        )


def _draw_reserve(canvas: Image.Image, draw: ImageDraw.ImageDraw, rect: Rect, player: PlayerView) -> None:
    x, y = cell_origin(SLOT_COUNT)
    x, y = rect.x + x, rect.y + y
    coin_x, coin_y = x + 10, y + STACK_TOP + 9
    if player.has_reserve:
        paste(canvas, tokens.coin(COIN), (coin_x, coin_y))
        draw.text((coin_x + COIN + 8, coin_y + 20), "hidden", font=font(16), fill=Colour.MUTED, anchor="lm")
    else:
        paste(canvas, tokens.empty_socket(COIN, CELL_FILL), (coin_x, coin_y))
        words = "flipped" if power_flipped(player) else "empty"
        draw.text((coin_x + COIN + 8, coin_y + 20), words, font=font(16), fill=Colour.FAINT, anchor="lm")
    if power_flipped(player):
        canvas.paste(tokens.face_up_tile("dragon_ball", CELL_FILL), (x, y + TILES_TOP))
        draw.text(
            (x + CELL[0] // 2, y + TILES_TOP + TILE_STEP + 6),
            "power used",
            font=font(16, True),
            fill=blend(Colour.GOLD, Colour.TEXT, 0.3),
            anchor="ma",
        )
