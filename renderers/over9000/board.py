"""The Over 9000 board image, drawn from the public view only, at phone size (see ``layout``).

Sprites (badges, tags, token icons, coins, the power bars) are drawn once and cached; each image
lays out the panels for the view (names and sentences wrap, so heights follow the words), pastes
the state and writes a palette PNG. Rendering is CPU-bound: the bot calls ``render_over9000`` in a
worker process.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from renderers.common import (
    Colour,
    Rect,
    RenderedBoard,
    blend,
    build_palette,
    draw_event_lines,
    encode_png,
    font,
    ink_on,
    paste,
)
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Piece, Words
from renderers.over9000 import battle, panels, scouter, tokens
from renderers.over9000.describe import alt_text, headline, phase_words
from renderers.over9000.layout import (
    EVENT_LINE,
    EVENT_LINES,
    GAP,
    HEADLINE,
    INNER,
    MARGIN,
    SEAT_COLOURS,
    TEXT,
    WIDTH,
    card_width,
    columns,
    seat_colour,
)
from renderers.over9000.words import Over9000Words, words_of
from rules.over9000.content import TOKEN_KINDS
from rules.over9000.view import Over9000View

TITLE = "OVER 9000"
TITLE_ROW = 50


def render_over9000(view: Over9000View) -> RenderedBoard:
    """The board and its alt text, in the language of ``view`` (an ``Over9000Board``; a plain
    public view is drawn in English)."""
    canvas = draw_over9000(view)
    return RenderedBoard(
        png=encode_png(canvas, _palette()),
        alt_text=alt_text(view, words_of(view)),
        width=canvas.width,
        height=canvas.height,
    )


def _headline_flow(view: Over9000View, words: Over9000Words) -> Flow:
    pieces: list[Piece] = []
    if view.outcome is None and view.active_seat is not None and view.phase == "duel":
        pieces.append(Picture(panels.badge(view.active_seat), 10))
    over = view.outcome is not None
    shout = headline(view, words)
    pieces.append(Words(shout, font(HEADLINE, True), ink_on(Colour.YELLOW) if over else Colour.TEXT))
    return Flow([*pieces, *battle.order_pieces(view, words)], INNER - 2 * 12)


def draw_over9000(view: Over9000View) -> Image.Image:
    """The board as an image, before encoding (tests read the texts drawn on it)."""
    words = words_of(view)
    players = len(view.players)
    width = card_width(players)
    per_row = columns(players)
    rows = [view.players[start : start + per_row] for start in range(0, players, per_row)]
    heights = [panels.card_height(view, row, width, words) for row in rows]
    headline_flow = _headline_flow(view, words)
    band = Rect(0, TITLE_ROW, WIDTH, headline_flow.height + 16)
    duel = Rect(MARGIN, band.bottom + GAP, INNER, battle.panel_height(view, INNER, words))
    grid_top = duel.bottom + GAP
    key_top = grid_top + sum(heights) + GAP * len(rows)
    events_top = key_top + battle.key_height(INNER, words) + GAP
    height = events_top + EVENT_LINES * EVENT_LINE + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), Colour.TABLE)
    draw = drawing(canvas)
    draw.rectangle((0, 0, WIDTH, TITLE_ROW - 1), fill=Colour.PANEL)
    paste(canvas, tokens.icon("dragon_ball", 34, Colour.ORANGE, Colour.PANEL), (MARGIN, 8))
    draw.text(
        (MARGIN + 44, TITLE_ROW // 2), TITLE, font=font(HEADLINE, True), fill=Colour.ORANGE, anchor="lm"
    )
    round_words = words.format(
        words.gettext("Round {round} · {phase} · {pile} in the pile"),
        round=view.round,
        phase=phase_words(view, words),
        pile=view.pile_size,
    )
    draw.text((WIDTH - MARGIN, TITLE_ROW // 2), round_words, font=font(TEXT), fill=Colour.MUTED, anchor="rm")
    band_fill = Colour.YELLOW if view.outcome is not None else blend(Colour.TABLE, Colour.PANEL, 0.5)
    draw.rectangle((band.x, band.y, band.right, band.bottom - 1), fill=band_fill)
    headline_flow.draw(canvas, (MARGIN + 12, band.y + 8))
    battle.draw_duel_panel(canvas, duel, view, words)
    top = grid_top
    for row, height in zip(rows, heights, strict=True):
        slots_top = top + height - panels.PAD - panels.slots_height(row)
        for column, player in enumerate(row):
            rect = Rect(MARGIN + column * (width + GAP), top, width, height)
            panels.draw_card(canvas, rect, view, player, slots_top, words)
        top += height + GAP
    battle.draw_key(canvas, Rect(MARGIN, key_top, INNER, 0), words)
    lines = [
        (words.event(event), seat_colour(event.actor) if event.actor is not None else None)
        for event in view.recent_events
    ]
    draw_event_lines(
        draw, Rect(MARGIN, events_top, INNER, EVENT_LINES * EVENT_LINE), lines, EVENT_LINE, font(TEXT)
    )
    return canvas


@cache
def _palette() -> Image.Image:
    tile_fills = [tokens.kind_colour(kind) for kind in TOKEN_KINDS]
    defense_fills = [tokens.defense_fill(kind) for kind in TOKEN_KINDS if tokens.is_defense(kind)]
    surfaces = [
        Colour.TABLE,
        Colour.PANEL,
        Colour.INSET,
        blend(Colour.TABLE, Colour.PANEL, 0.5),
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
        tokens.COIN_RIM,
    ]
    return build_palette(inks, surfaces)
