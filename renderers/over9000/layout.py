"""The Over 9000 board's sizes and the seats' colours.

The board is drawn for a phone: 864 px wide, so its smallest text (24 px) is 10 px when Discord
shows it 360 px wide. From the top: the title and round; the headline (whose turn, or the winner);
the duel panel (the duel in progress and the one just fought, the arrangement, or the result); the
characters' cards, two or three to a row; the key to the token icons; the last moves. Cards show
pictures where the wide board had words (a token's icon, a bar for the power steps); the key and
the alt text give the words.
"""

from __future__ import annotations

from renderers.common import RGB, Colour, smallest_text

WIDTH = 864
MARGIN = 12
GAP = 10
INNER = WIDTH - 2 * MARGIN

TEXT = smallest_text(WIDTH)
"""24 px: the smallest text."""
NAME = 28
LEVEL = 34
HEADLINE = 30

EVENT_LINES = 3
EVENT_LINE = round(TEXT * 1.3)

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


def columns(players: int) -> int:
    """Cards to a row: three for five or six players, else two."""
    return 3 if players > 4 else 2


def card_width(players: int) -> int:
    count = columns(players)
    return (INNER - (count - 1) * GAP) // count
