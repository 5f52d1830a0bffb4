"""Seven Balls' board: the Dragon Balls still on the table, and the ones each player took."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers.common import RenderedBoard, font
from tests.fourth_game.rules import BALLS, SevenBallsView

WIDTH, HEIGHT = 560, 200
BALL = 56
GOLD, TAKEN, BACKGROUND, INK = (247, 176, 36), (90, 90, 90), (24, 28, 40), (240, 240, 240)


def render_sevenballs(board: SevenBallsView) -> RenderedBoard:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for number in range(BALLS):
        left = 24 + number * (BALL + 18)
        colour = GOLD if number < board.left else TAKEN
        draw.ellipse((left, 40, left + BALL, 40 + BALL), fill=colour)
    status = (
        f"{board.names[board.outcome.winners[0]]} won"
        if board.outcome is not None
        else f"{board.names[board.active_seat]} to take"
    )
    draw.text((24, 130), status, fill=INK, font=font(24, bold=True))
    encoded = io.BytesIO()
    image.save(encoded, format="PNG")
    taken = ", ".join(f"{name} {count}" for name, count in zip(board.names, board.taken, strict=True))
    alt_text = f"Seven Balls: {board.left} Dragon Balls left; taken: {taken}; {status}."
    return RenderedBoard(png=encoded.getvalue(), alt_text=alt_text, width=WIDTH, height=HEIGHT)
