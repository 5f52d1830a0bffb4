"""The Perfect Cell board's sizes and the table's surface colours.

The board is drawn for a phone: 864 px wide, so its smallest text (24 px) is 10 px when Discord
shows it 360 px wide. From the top: the title and round; the headline (whose turn and what they are
doing, or the outcome); Cell's board (health, Damage Track, Dragon Ball Meter, tokens) beside the
active threats and the Power Supply; the Z-Fighters' mats two to a row; the key to the icons; the
last moves. Tiles show their names and costs; their effects, printed on the physical tiles, are in
the alt text.
"""

from __future__ import annotations

from renderers.common import Colour, smallest_text

WIDTH = 864
MARGIN = 12
GAP = 10
INNER = WIDTH - 2 * MARGIN
PAD = 12

TEXT = smallest_text(WIDTH)
"""24 px: the smallest text."""
NAME = 28
BIG = 34
HEADLINE = 30

TITLE_ROW = 50
CELL_PANEL_WIDTH = 300
RIGHT_X = MARGIN + CELL_PANEL_WIDTH + GAP
RIGHT_WIDTH = WIDTH - MARGIN - RIGHT_X

THREAT_COLUMNS = 3
POWER_COLUMNS = 3
TILE_GAP = 10
COST_BOX = 40
COST_GAP = 4
CHIP_ICON = 24

MAT_DIE = 40
MAT_DIE_STEP = 44
MAT_COIN = 32

EVENT_LINES = 3
EVENT_LINE = round(TEXT * 1.3)


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


def mat_columns(players: int) -> int:
    return 1 if players == 1 else 2
