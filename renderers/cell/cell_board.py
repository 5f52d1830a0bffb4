"""Cell's board: the Health Meter, the Damage Track, the Dragon Ball Meter and the token pile.

``cell_panel`` paints what a player count fixes (titles, empty slots, bonuses) once and keeps it;
``draw_state`` adds the numbers and the dice and tokens placed.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from locales.languages import Language
from renderers.cell import sprites
from renderers.cell.describe import track_summary
from renderers.cell.language import CellBoardView, words
from renderers.cell.layout import BIG, CELL_PANEL_WIDTH, PAD, TEXT, Palette
from renderers.cell.pieces import Marks, placement_sprite
from renderers.common import Colour, Rect, draw_panel, font, ink_on, paste
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Words
from rules.cell.content import TrackRow, catalogue

HEAD_ROW = 44
BAR_TOP = HEAD_ROW + 4
BAR_HEIGHT = 22
TRACK_TITLE = BAR_TOP + BAR_HEIGHT + 14
TRACK_TOP = TRACK_TITLE + 34
TRACK_ROWS = 6
ROW_STEP = 32
BADGE_WIDTH = 56
TRACK_WIDTH = CELL_PANEL_WIDTH - 2 * PAD - BADGE_WIDTH - 8
METER_TITLE = TRACK_TOP + TRACK_ROWS * ROW_STEP + 12
METER_TOP = METER_TITLE + 34
METER_SLOT = 34
METER_STEP = 38
TOKENS_TOP = METER_TOP + METER_SLOT + 12
COIN = 30


def _longest(rows: list[TrackRow]) -> int:
    return max(len(row.slots) for row in rows)


def track_geometry(longest_row: int) -> tuple[int, int]:
    """(slot size, step between slots): the longest row of this player count fits left of the
    bonus badges."""
    step = min(ROW_STEP, TRACK_WIDTH // longest_row)
    return step - 3, step


def _row_top(panel: Rect, row: int) -> int:
    """Row 0 is the bottom row, as on the board: the track fills from the bottom left."""
    return panel.y + TRACK_TOP + (TRACK_ROWS - 1 - row) * ROW_STEP


def _track_slot(panel: Rect, row: int, column: int, longest_row: int) -> tuple[int, int]:
    size, step = track_geometry(longest_row)
    return (panel.x + PAD + column * step, _row_top(panel, row) + (ROW_STEP - 2 - size) // 2)


def _badge_box(panel: Rect, row: int) -> tuple[int, int, int, int]:
    right = panel.right - PAD
    top = _row_top(panel, row)
    return (right - BADGE_WIDTH, top, right, top + ROW_STEP - 3)


def _meter_slot(panel: Rect, index: int) -> tuple[int, int]:
    return (panel.x + PAD + index * METER_STEP, panel.y + METER_TOP)


def tokens_flow(view: CellBoardView) -> Flow:
    pile = words(view.language).gettext("{pile} in the pile, {discarded} discarded")
    return Flow(
        [
            Picture(sprites.token("wild", None, COIN), 8),
            Words(
                pile.format(pile=view.token_pile_size, discarded=view.token_discard_size),
                font(TEXT),
                Colour.TEXT,
            ),
        ],
        CELL_PANEL_WIDTH - 2 * PAD,
    )


def panel_height(view: CellBoardView) -> int:
    return TOKENS_TOP + tokens_flow(view).height + PAD


@lru_cache(maxsize=8)
def cell_panel(players: int, height: int, language: Language = Language.ENGLISH) -> Image.Image:
    """The panel with its static art: titles, the empty Damage Track with its bonuses, the empty meter."""
    _ = words(language).gettext
    panel = Image.new("RGB", (CELL_PANEL_WIDTH, height), Palette.TABLE)
    rect = Rect(0, 0, CELL_PANEL_WIDTH, height)
    draw = drawing(panel)
    draw_panel(draw, rect)
    left = PAD
    draw.text((left, HEAD_ROW // 2 + 4), "CELL", font=font(TEXT, True), fill=Colour.TEXT, anchor="lm")
    draw.rounded_rectangle(
        (left, BAR_TOP, rect.right - PAD, BAR_TOP + BAR_HEIGHT),
        6,
        fill=Colour.INSET,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    draw.text((left, TRACK_TITLE), _("DAMAGE TRACK"), font=font(TEXT, True), fill=Colour.TEXT)
    rows = catalogue().board.track_rows(players)
    longest = _longest(rows)
    size = track_geometry(longest)[0]
    for row, track_row in enumerate(rows):
        for column in range(len(track_row.slots)):
            paste(panel, sprites.square_slot(size, Palette.PANEL), _track_slot(rect, row, column, longest))
        _bonus_badge(draw, _badge_box(rect, row), track_row.bonus, done=False)
    draw.text((left, METER_TITLE), _("DRAGON BALLS"), font=font(TEXT, True), fill=Colour.TEXT)
    for index in range(catalogue().board.meter_size(players)):
        paste(panel, sprites.round_slot(METER_SLOT, Palette.PANEL), _meter_slot(rect, index))
    return panel


def _bonus_badge(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], bonus: int, done: bool) -> None:
    """A row's bonus: outlined while the row fills, solid with a tick once complete."""
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    if done:
        draw.rounded_rectangle(box, 10, fill=Colour.SKY)
        draw.text(centre, f"✓+{bonus}", font=font(TEXT, True), fill=ink_on(Colour.SKY), anchor="mm")
    else:
        draw.rounded_rectangle(box, 10, fill=Palette.PANEL, outline=Colour.MUTED, width=2)
        draw.text(centre, f"+{bonus}", font=font(TEXT, True), fill=Colour.TEXT, anchor="mm")


def draw_state(canvas: Image.Image, panel: Rect, view: CellBoardView, marks: Marks) -> None:
    draw = drawing(canvas)
    right = panel.right - PAD
    draw.text(
        (right, panel.y + HEAD_ROW // 2 + 4),
        f"{view.cell_hp} / {view.cell_max_hp}",
        font=font(BIG, True),
        fill=Colour.TEXT,
        anchor="rm",
    )
    left = panel.x + PAD + 3
    inner_width = right - 3 - left
    filled = round(inner_width * view.cell_hp / max(1, view.cell_max_hp))
    top = panel.y + BAR_TOP + 3
    if filled:
        draw.rounded_rectangle((left, top, left + filled, top + BAR_HEIGHT - 6), 5, fill=Colour.BLUISH_GREEN)
    for tick in range(10, view.cell_max_hp, 10):
        x = left + round(inner_width * tick / view.cell_max_hp)
        draw.line((x, top + BAR_HEIGHT - 12, x, top + BAR_HEIGHT - 6), fill=Colour.TEXT, width=2)
    _draw_track(canvas, draw, panel, view, marks)
    draw.text(
        (right, panel.y + METER_TITLE),
        f"{len(view.dragon_ball_meter)} / {view.meter_capacity}",
        font=font(TEXT, True),
        fill=Colour.TEXT,
        anchor="ra",
    )
    for index, placement in enumerate(view.dragon_ball_meter[: view.meter_capacity]):
        paste(canvas, placement_sprite(view, placement, METER_SLOT, marks), _meter_slot(panel, index))
    tokens_flow(view).draw(canvas, (panel.x + PAD, panel.y + TOKENS_TOP))


def _draw_track(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, panel: Rect, view: CellBoardView, marks: Marks
) -> None:
    _, _, complete = track_summary(view)
    placements = iter(view.damage_track)
    longest = _longest(view.track_rows)
    size = track_geometry(longest)[0]
    for row, track_row in enumerate(view.track_rows):
        if row + 1 in complete:
            top = _row_top(panel, row)
            draw.rounded_rectangle(
                (panel.x + 6, top - 2, panel.right - 6, top + ROW_STEP - 1), 8, fill=Palette.ROW_DONE
            )
            _bonus_badge(draw, _badge_box(panel, row), track_row.bonus, done=True)
        for column in range(len(track_row.slots)):
            placement = next(placements, None)
            if placement is None:
                return
            paste(
                canvas,
                placement_sprite(view, placement, size, marks),
                _track_slot(panel, row, column, longest),
            )
