"""Cell's board: the Health Meter, the Damage Track, the Dragon Ball Meter and a legend.

``draw_static`` paints what a player count fixes (titles, empty slots, bonuses, legend) into the
cached background; ``draw_state`` adds the numbers and the dice and tokens placed.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.cell import sprites
from renderers.cell.describe import track_summary
from renderers.cell.layout import (
    CELL_PANEL_WIDTH,
    METER_SLOT,
    METER_STEP,
    TRACK_SLOT,
    TRACK_STEP,
    Palette,
)
from renderers.cell.pieces import Marks, placement_sprite
from renderers.common import PANEL_PAD, Colour, Rect, font, ink_on, paste
from renderers.drawing import drawing
from rules.cell.content import FACE_NAMES, FACES, Face, TrackRow, catalogue
from rules.cell.view import CellView

BAR_TOP = 58
BAR_HEIGHT = 30
TRACK_TITLE = 106
TRACK_TOP = 140
TRACK_ROWS = 6
METER_TITLE = TRACK_TOP + TRACK_ROWS * TRACK_STEP + 12
METER_TOP = METER_TITLE + 34
TOKENS_LINE = METER_TOP + METER_SLOT + 12
LEGEND_TITLE = TOKENS_LINE + 44
BADGE_WIDTH = 60
TRACK_WIDTH = CELL_PANEL_WIDTH - 2 * PANEL_PAD - BADGE_WIDTH - 8
LEGEND_ICON = 28


def _track_row_top(panel: Rect, row: int) -> int:
    """Row 0 is the bottom row, as on the board: the track fills from the bottom left."""
    return panel.y + TRACK_TOP + (TRACK_ROWS - 1 - row) * TRACK_STEP


@cache
def track_geometry(longest_row: int) -> tuple[int, int]:
    """(slot size, step between slots): the longest row of this player count fits left of the
    bonus badges, so big tables get smaller slots rather than slots under the badges."""
    step = min(TRACK_STEP, TRACK_WIDTH // longest_row)
    return step - (TRACK_STEP - TRACK_SLOT), step


def _longest(rows: list[TrackRow]) -> int:
    return max(len(row.slots) for row in rows)


def _track_slot(panel: Rect, row: int, column: int, longest_row: int) -> tuple[int, int]:
    size, step = track_geometry(longest_row)
    return (panel.x + PANEL_PAD + column * step, _track_row_top(panel, row) + (TRACK_SLOT - size) // 2)


def _badge_box(panel: Rect, row: int) -> tuple[int, int, int, int]:
    right = panel.right - PANEL_PAD
    top = _track_row_top(panel, row)
    return (right - BADGE_WIDTH, top + 3, right, top + TRACK_SLOT - 3)


def _meter_slot(panel: Rect, index: int) -> tuple[int, int]:
    return (panel.x + PANEL_PAD + index * METER_STEP, panel.y + METER_TOP)


def draw_static(canvas: Image.Image, panel: Rect, players: int) -> None:
    draw = drawing(canvas)
    left = panel.x + PANEL_PAD
    draw.text((left, panel.y + 14), "CELL", font=font(26, True), fill=Colour.TEXT)
    draw.rounded_rectangle(
        (left, panel.y + BAR_TOP, panel.right - PANEL_PAD, panel.y + BAR_TOP + BAR_HEIGHT),
        8,
        fill=Colour.INSET,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    draw.text((left, panel.y + TRACK_TITLE), "DAMAGE TRACK", font=font(20, True), fill=Colour.TEXT)
    draw.text(
        (panel.right - PANEL_PAD, panel.y + TRACK_TITLE + 12),
        "fills from the bottom left",
        font=font(16),
        fill=Colour.MUTED,
        anchor="rm",
    )
    rows = catalogue().board.track_rows(players)
    longest = _longest(rows)
    size, _ = track_geometry(longest)
    for row, track_row in enumerate(rows):
        for column in range(len(track_row.slots)):
            paste(canvas, sprites.square_slot(size, Palette.PANEL), _track_slot(panel, row, column, longest))
        _bonus_badge(draw, _badge_box(panel, row), track_row.bonus, done=False)
    draw.text((left, panel.y + METER_TITLE), "DRAGON BALL METER", font=font(20, True), fill=Colour.TEXT)
    for index in range(catalogue().board.meter_size(players)):
        paste(canvas, sprites.round_slot(METER_SLOT, Palette.PANEL), _meter_slot(panel, index))
    _draw_legend(canvas, draw, panel)


def _bonus_badge(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], bonus: int, done: bool) -> None:
    """A row's bonus: outlined while the row fills, solid with a tick once complete."""
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    if done:
        draw.rounded_rectangle(box, 12, fill=Colour.SKY)
        draw.text(centre, f"✓+{bonus}", font=font(20, True), fill=ink_on(Colour.SKY), anchor="mm")
    else:
        draw.rounded_rectangle(box, 12, fill=Palette.PANEL, outline=Colour.MUTED, width=2)
        draw.text(centre, f"+{bonus}", font=font(20, True), fill=Colour.TEXT, anchor="mm")


def _draw_legend(canvas: Image.Image, draw: ImageDraw.ImageDraw, panel: Rect) -> None:
    left = panel.x + PANEL_PAD
    top = panel.y + LEGEND_TITLE
    draw.line((left, top - 10, panel.right - PANEL_PAD, top - 10), fill=Colour.PANEL_EDGE, width=2)
    draw.text(
        (left, top),
        "KEY (faces side by side: opposite sides of a die)",
        font=font(16, True),
        fill=Colour.MUTED,
    )
    entries: list[tuple[Image.Image, str]] = [
        (sprites.cost_slot(face, LEGEND_ICON, Palette.PANEL), FACE_NAMES[face])
        for face in _faces_in_opposite_pairs()
    ]
    entries += [
        (sprites.cost_slot("any", LEGEND_ICON, Palette.PANEL), "any face"),
        (sprites.cost_slot("same", LEGEND_ICON, Palette.PANEL), "linked: all alike"),
        (sprites.cost_slot("different", LEGEND_ICON, Palette.PANEL), "all different"),
        (sprites.token("wild", None, LEGEND_ICON), "token (coin)"),
        (sprites.die(Colour.MUTED, None, LEGEND_ICON), "die not rolled yet"),
        (_passive_icon(), "passive Power Up"),
    ]
    column_width = (panel.width - 2 * PANEL_PAD) // 2
    for index, (icon, label) in enumerate(entries):
        x = left + (index % 2) * column_width
        y = top + 26 + (index // 2) * (LEGEND_ICON + 8)
        paste(canvas, icon, (x, y))
        draw.text(
            (x + LEGEND_ICON + 8, y + LEGEND_ICON // 2), label, font=font(17), fill=Colour.TEXT, anchor="lm"
        )


def _faces_in_opposite_pairs() -> list[Face]:
    """The four faces, each beside the one printed opposite it (Piccolo turns a die over to it)."""
    ordered: list[Face] = []
    for face in FACES:
        if face not in ordered:
            ordered += [face, catalogue().board.opposite_face(face)]
    return ordered


@cache
def _passive_icon() -> Image.Image:
    """The mark of a passive Power Up, which shows "PASSIVE" where other tiles show their cost."""
    icon = Image.new("RGBA", (LEGEND_ICON, LEGEND_ICON), (0, 0, 0, 0))
    draw = drawing(icon)
    draw.rounded_rectangle(
        (0, 0, LEGEND_ICON - 1, LEGEND_ICON - 1), 6, fill=Palette.POWER, outline=Palette.POWER_EDGE, width=2
    )
    middle = LEGEND_ICON // 2
    draw.text((middle, middle), "P", font=font(17, True), fill=Colour.MUTED, anchor="mm")
    return icon


def draw_state(canvas: Image.Image, panel: Rect, view: CellView, marks: Marks) -> None:
    draw = drawing(canvas)
    _draw_health(draw, panel, view)
    _draw_track(canvas, draw, panel, view, marks)
    draw.text(
        (panel.right - PANEL_PAD, panel.y + METER_TITLE + 12),
        f"{len(view.dragon_ball_meter)} / {view.meter_capacity}",
        font=font(20, True),
        fill=Colour.TEXT,
        anchor="rm",
    )
    for index, placement in enumerate(view.dragon_ball_meter[: view.meter_capacity]):
        paste(canvas, placement_sprite(view, placement, METER_SLOT, marks), _meter_slot(panel, index))
    paste(canvas, sprites.token("wild", None, 28), (panel.x + PANEL_PAD, panel.y + TOKENS_LINE))
    draw.text(
        (panel.x + PANEL_PAD + 38, panel.y + TOKENS_LINE + 14),
        f"Dragon Ball tokens: {view.token_pile_size} in the pile, {view.token_discard_size} discarded",
        font=font(17),
        fill=Colour.TEXT,
        anchor="lm",
    )


def _draw_health(draw: ImageDraw.ImageDraw, panel: Rect, view: CellView) -> None:
    right = panel.right - PANEL_PAD
    draw.text(
        (right, panel.y + 30),
        f"{view.cell_hp} / {view.cell_max_hp}",
        font=font(34, True),
        fill=Colour.TEXT,
        anchor="rm",
    )
    cap = (
        f"Easy: never above {view.cell_max_hp}"
        if view.variant == "easy"
        else f"{view.variant.capitalize()} game"
    )
    draw.text((panel.x + PANEL_PAD + 80, panel.y + 30), cap, font=font(17), fill=Colour.MUTED, anchor="lm")
    left = panel.x + PANEL_PAD + 3
    inner_width = right - 3 - left
    filled = round(inner_width * view.cell_hp / max(1, view.cell_max_hp))
    top = panel.y + BAR_TOP + 3
    if filled:
        draw.rounded_rectangle((left, top, left + filled, top + BAR_HEIGHT - 6), 6, fill=Colour.BLUISH_GREEN)
    for tick in range(10, view.cell_max_hp, 10):
        x = left + round(inner_width * tick / view.cell_max_hp)
        draw.line((x, top + BAR_HEIGHT - 14, x, top + BAR_HEIGHT - 6), fill=Colour.TEXT, width=2)


def _draw_track(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, panel: Rect, view: CellView, marks: Marks
) -> None:
    _, _, complete = track_summary(view)
    placements = iter(view.damage_track)
    longest = _longest(view.track_rows)
    size, _ = track_geometry(longest)
    for row, track_row in enumerate(view.track_rows):
        if row + 1 in complete:
            top = _track_row_top(panel, row)
            draw.rounded_rectangle(
                (panel.x + 8, top - 2, panel.right - 8, top + TRACK_SLOT + 2), 8, fill=Palette.ROW_DONE
            )
            _bonus_badge(draw, _badge_box(panel, row), track_row.bonus, done=True)
        for column in range(len(track_row.slots)):
            placement = next(placements, None)
            if placement is None:
                return
            sprite = placement_sprite(view, placement, size, marks)
            paste(canvas, sprite, _track_slot(panel, row, column, longest))
