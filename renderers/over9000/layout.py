"""Where everything sits on the Over 9000 board image, and the seats' colours.

The image is 1,440 px wide, so 16 px text stays readable when Discord scales it to a phone. From
the top: a header with the round, the phase and whose turn it is; the turn order beside the duel
in progress; the characters' panels two by two; the last moves (in the empty cell beside the last
panel when the number of players is odd, else across the bottom).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from renderers.common import PANEL_TITLE, RGB, Colour, Rect

WIDTH = 1440
MARGIN = 16
GAP = 16
HEADER_HEIGHT = 84
COLUMN_WIDTH = (WIDTH - 2 * MARGIN - GAP) // 2
BAND_HEIGHT = 166
"""The turn order and duel panels."""

PLAYER_PANEL = (COLUMN_WIDTH, 414)
EVENT_LINE = 26
EVENT_LINES_BELOW = 6

SEAT_COLOURS: tuple[RGB, ...] = (
    Colour.ORANGE,
    Colour.SKY,
    Colour.BLUISH_GREEN,
    Colour.YELLOW,
    Colour.BLUE,
    Colour.REDDISH_PURPLE,
)
"""Okabe-Ito hues, one per seat, always shown with the seat's number."""


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class Layout:
    """The panels' rectangles for one number of players."""

    height: int
    order: Rect
    duel: Rect
    players: tuple[Rect, ...]
    events: Rect
    event_lines: int


@cache
def layout(players: int) -> Layout:
    top = HEADER_HEIGHT + GAP
    order = Rect(MARGIN, top, COLUMN_WIDTH, BAND_HEIGHT)
    duel = Rect(MARGIN + COLUMN_WIDTH + GAP, top, COLUMN_WIDTH, BAND_HEIGHT)
    grid_top = order.bottom + GAP
    width, height = PLAYER_PANEL
    panels = tuple(
        Rect(MARGIN + (seat % 2) * (width + GAP), grid_top + (seat // 2) * (height + GAP), width, height)
        for seat in range(players)
    )
    if players % 2:
        events = Rect(MARGIN + width + GAP, panels[-1].y, width, height)
    else:
        events_height = PANEL_TITLE + EVENT_LINES_BELOW * EVENT_LINE + 12
        events = Rect(MARGIN, panels[-1].bottom + GAP, WIDTH - 2 * MARGIN, events_height)
    return Layout(
        height=events.bottom + MARGIN,
        order=order,
        duel=duel,
        players=panels,
        events=events,
        event_lines=(events.height - PANEL_TITLE - 12) // EVENT_LINE,
    )
