"""Where everything sits on the Perfect Cell board image, and the table's surface colours.

The image is 1,440 px wide, so 16 px text stays readable when Discord scales it to a phone. From
the top: a header with the round and the phase; Cell's board (health, Damage Track, Dragon Ball
Meter, a legend of the icons) beside the active threats and the Power Supply; the Z-Fighters' mats
two by two; the last moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from renderers.common import PANEL_PAD, PANEL_TITLE, Colour, Rect

WIDTH = 1440
MARGIN = 16
GAP = 16
HEADER_HEIGHT = 76
CELL_PANEL_WIDTH = 460
CELL_PANEL_HEIGHT = 788
RIGHT_X = MARGIN + CELL_PANEL_WIDTH + GAP
RIGHT_WIDTH = WIDTH - MARGIN - RIGHT_X

TILE_COLUMNS = 3
TILE_GAP = 12
TILE_PAD = 12
THREAT_TILE = (292, 200)
POWER_CARD = (292, 160)
COST_BOX = 42
COST_GAP = 5

TRACK_SLOT = 42
TRACK_STEP = 46
METER_SLOT = 48
METER_STEP = 56

MAT = (696, 284)
POWER_CHIP = (212, 54)
MAT_DIE = 52
MAT_DIE_STEP = 58
EVENT_LINE = 26


class Palette:
    TABLE = Colour.TABLE
    PANEL = Colour.PANEL
    PANEL_EDGE = Colour.PANEL_EDGE
    THREAT = (66, 36, 50)
    THREAT_EDGE = (128, 84, 104)
    POWER = (26, 52, 76)
    POWER_EDGE = (74, 112, 146)
    MAT = (31, 38, 50)
    MAT_EDGE = (70, 82, 102)
    ROW_DONE = (28, 62, 84)


@dataclass(frozen=True)
class Layout:
    """The panels' rectangles for one player count and number of threat rows."""

    height: int
    cell: Rect
    threats: Rect
    supply: Rect
    mats: tuple[Rect, ...]
    events: Rect
    event_lines: int


def threat_rows(threat_count: int) -> int:
    return max(1, -(-threat_count // TILE_COLUMNS))


def tile_origin(panel: Rect, index: int, tile: tuple[int, int]) -> tuple[int, int]:
    column, row = index % TILE_COLUMNS, index // TILE_COLUMNS
    return (
        panel.x + PANEL_PAD + column * (tile[0] + TILE_GAP),
        panel.y + PANEL_TITLE + row * (tile[1] + TILE_GAP),
    )


@cache
def layout(players: int, rows: int) -> Layout:
    top = HEADER_HEIGHT + GAP
    threats_height = PANEL_TITLE + rows * (THREAT_TILE[1] + TILE_GAP) - TILE_GAP + PANEL_PAD
    supply_height = PANEL_TITLE + POWER_CARD[1] + PANEL_PAD
    right_height = threats_height + GAP + supply_height
    top_height = max(CELL_PANEL_HEIGHT, right_height)
    cell = Rect(MARGIN, top, CELL_PANEL_WIDTH, top_height)
    threats = Rect(RIGHT_X, top, RIGHT_WIDTH, top_height - GAP - supply_height)
    supply = Rect(RIGHT_X, threats.bottom + GAP, RIGHT_WIDTH, supply_height)
    mats_top = cell.bottom + GAP
    mats = tuple(
        Rect(MARGIN + (seat % 2) * (MAT[0] + GAP), mats_top + (seat // 2) * (MAT[1] + GAP), *MAT)
        for seat in range(players)
    )
    if players % 2:
        events = Rect(MARGIN + MAT[0] + GAP, mats[-1].y, *MAT)
    else:
        events = Rect(MARGIN, mats[-1].bottom + GAP, WIDTH - 2 * MARGIN, PANEL_TITLE + 5 * EVENT_LINE + 12)
    event_lines = (events.height - PANEL_TITLE - 12) // EVENT_LINE
    return Layout(
        height=events.bottom + MARGIN,
        cell=cell,
        threats=threats,
        supply=supply,
        mats=mats,
        events=events,
        event_lines=event_lines,
    )
