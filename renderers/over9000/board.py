"""The Over 9000 board image, drawn from the public view only.

Static parts (the panels' frames, each character's name and power, the token tiles, the scouter
for each power level) are drawn once and cached; each image copies the cached background and
pastes the state onto it, then writes a palette PNG. Rendering is CPU-bound: the bot calls
``render_over9000`` in a worker thread.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from renderers.common import (
    Colour,
    RenderedBoard,
    blend,
    build_palette,
    draw_event_lines,
    draw_panel,
    ellipsize,
    encode_png,
    font,
    ink_on,
    paste,
)
from renderers.drawing import drawing
from renderers.over9000 import battle, panels, scouter, tokens
from renderers.over9000.describe import PHASE_WORDS, activity, alt_text, headline
from renderers.over9000.layout import (
    EVENT_LINE,
    HEADER_HEIGHT,
    MARGIN,
    SEAT_COLOURS,
    WIDTH,
    layout,
    seat_colour,
)
from rules.over9000.content import TOKEN_KINDS
from rules.over9000.view import Over9000View

EVENT_FONT = 18
TITLE = "OVER 9000"
HEADLINE_WIDTH = 820
"""The header's right-hand lines stop short of the title and the round line on the left."""


def render_over9000(view: Over9000View) -> RenderedBoard:
    frame = layout(len(view.players))
    canvas = _background(len(view.players))
    _draw_header(canvas, view)
    battle.draw_order(canvas, frame.order, view)
    battle.draw_duel(canvas, frame.duel, view)
    for player, rect in zip(view.players, frame.players, strict=True):
        panels.draw_panel(canvas, rect, view, player)
    lines = [
        (event.text, seat_colour(event.actor) if event.actor is not None else None)
        for event in view.recent_events[-frame.event_lines :]
    ]
    draw_event_lines(drawing(canvas), frame.events, lines, EVENT_LINE, font(EVENT_FONT))
    return RenderedBoard(
        png=encode_png(canvas, _palette()), alt_text=alt_text(view), width=canvas.width, height=canvas.height
    )


def _background(players: int) -> Image.Image:
    """Drawn afresh for every board: it is a few flat panels, drawn in about the time a copy of a kept
    one takes, and keeping one per player count would hold megabytes for nothing."""
    frame = layout(players)
    canvas = Image.new("RGB", (WIDTH, frame.height), Colour.TABLE)
    draw = drawing(canvas)
    draw_panel(draw, frame.order, "")
    draw_panel(draw, frame.duel, "")
    draw_panel(draw, frame.events, "LAST MOVES")
    return canvas


def _draw_header(canvas: Image.Image, view: Over9000View) -> None:
    draw = drawing(canvas)
    band = Colour.YELLOW if view.outcome is not None else Colour.PANEL
    ink = ink_on(band)
    draw.rectangle((0, 0, WIDTH, HEADER_HEIGHT), fill=band)
    paste(canvas, tokens.icon("dragon_ball", 52, Colour.ORANGE, band), (MARGIN, 16))
    left = MARGIN + 64
    draw.text((left, 10), TITLE, font=font(34, True), fill=ink if view.outcome is not None else Colour.ORANGE)
    phase = PHASE_WORDS[view.phase]
    draw.text(
        (left, 52),
        f"Round {view.round} · {phase} · {view.pile_size} tokens in the pile",
        font=font(18),
        fill=ink,
    )
    right = WIDTH - MARGIN
    big = font(30, True)
    title = ellipsize(headline(view), big, HEADLINE_WIDTH)
    draw.text((right, 10), title, font=big, fill=ink, anchor="ra")
    draw.text(
        (right, 52), ellipsize(activity(view), font(18), HEADLINE_WIDTH), font=font(18), fill=ink, anchor="ra"
    )
    if view.outcome is None and view.active_seat is not None and view.phase == "duel":
        swatch_left = right - round(big.getlength(title)) - 40
        panels.seat_badge(draw, view.active_seat, (swatch_left, 14, swatch_left + 28, 42), 16)


@cache
def _palette() -> Image.Image:
    tile_fills = [tokens.kind_colour(kind) for kind in TOKEN_KINDS]
    defense_fills = [tokens.defense_fill(kind) for kind in TOKEN_KINDS if tokens.is_defense(kind)]
    surfaces = [
        Colour.TABLE,
        Colour.PANEL,
        Colour.INSET,
        scouter.GLASS,
        Colour.YELLOW,
        tokens.COIN_BACK,
        *tile_fills,
        *defense_fills,
        *SEAT_COLOURS,
    ]
    inks = [
        Colour.TEXT,
        Colour.MUTED,
        Colour.FAINT,
        Colour.INK,
        Colour.WHITE,
        Colour.GOLD,
        Colour.PANEL_EDGE,
        Colour.VERMILLION,
        scouter.GREEN,
        scouter.GREEN_DIM,
        scouter.RED_DIM,
        scouter.SCANLINE,
        tokens.COIN_RIM,
        blend(scouter.GREEN_DIM, scouter.GREEN, 0.5),
    ]
    return build_palette(inks, surfaces)
