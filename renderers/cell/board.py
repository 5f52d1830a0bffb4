"""The Perfect Cell board image, drawn from the public view only.

Static parts (panels, titles, empty slots, tile faces, mats' printing, sprites) are drawn once and
cached; each image copies the cached background and pastes the state onto it, then writes a
palette PNG. Rendering is CPU-bound: the bot calls ``render_cell`` in a worker thread.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

from renderers.cell import cell_board, sprites
from renderers.cell.describe import activity, alt_text, headline
from renderers.cell.layout import (
    COST_BOX,
    EVENT_LINE,
    HEADER_HEIGHT,
    MARGIN,
    POWER_CARD,
    THREAT_TILE,
    WIDTH,
    Layout,
    Palette,
    layout,
    threat_rows,
    tile_origin,
)
from renderers.cell.mats import KO_TINT, draw_mat
from renderers.cell.pieces import Marks, dice_colour, placement_sprite, seat_colour
from renderers.cell.slots import slot_placements
from renderers.cell.tiles import cost_box_origin, power_card, threat_face
from renderers.common import (
    PANEL_PAD,
    PANEL_TITLE,
    Colour,
    Rect,
    RenderedBoard,
    build_palette,
    draw_event_lines,
    draw_panel,
    encode_png,
    font,
    ink_on,
    paste,
)
from renderers.drawing import drawing
from rules.cell.content import catalogue
from rules.cell.view import CellView, ThreatView

EVENT_FONT = 18


def render_cell(view: CellView) -> RenderedBoard:
    players, rows = len(view.fighters), threat_rows(len(view.active_threats))
    frame = layout(players, rows)
    canvas = _background(players, rows)
    marks = Marks.of(view)
    _draw_header(canvas, view)
    cell_board.draw_state(canvas, frame.cell, view, marks)
    _draw_threats(canvas, frame.threats, view, marks)
    _draw_supply(canvas, frame.supply, view, marks)
    for fighter, rect in zip(view.fighters, frame.mats, strict=True):
        draw_mat(canvas, rect, view, fighter, marks)
    _draw_events(canvas, frame, view)
    return RenderedBoard(
        png=encode_png(canvas, _palette()), alt_text=alt_text(view), width=canvas.width, height=canvas.height
    )


# The background.


def _background(players: int, rows: int) -> Image.Image:
    """Drawn for every board (a kept one would hold some 10 MB per layout): the panels are quick to
    draw, and the Cell panel's static art is kept."""
    frame = layout(players, rows)
    canvas = Image.new("RGB", (WIDTH, frame.height), Palette.TABLE)
    cell = frame.cell
    canvas.paste(_cell_panel(players, cell.width, cell.height), (cell.x, cell.y))
    draw = drawing(canvas)
    draw_panel(draw, frame.threats, "ACTIVE THREATS")
    draw_panel(draw, frame.supply, "POWER SUPPLY")
    draw_panel(draw, frame.events, "LAST MOVES")
    return canvas


@lru_cache(maxsize=4)
def _cell_panel(players: int, width: int, height: int) -> Image.Image:
    """The Cell panel with its static art (the empty Damage Track and meter, the key): a few
    milliseconds to draw, kept per player count."""
    panel = Image.new("RGB", (width, height), Palette.TABLE)
    rect = Rect(0, 0, width, height)
    draw_panel(drawing(panel), rect, "")
    cell_board.draw_static(panel, rect, players)
    return panel


# Header.


def _draw_header(canvas: Image.Image, view: CellView) -> None:
    draw = drawing(canvas)
    result = view.outcome.result if view.outcome is not None else None
    band = {"win": Colour.SKY, "loss": Colour.VERMILLION}.get(result or "", Colour.PANEL)
    ink = ink_on(band)
    draw.rectangle((0, 0, WIDTH, HEADER_HEIGHT), fill=band)
    draw.text((MARGIN, 10), "PERFECT CELL", font=font(30, True), fill=ink)
    draw.text((MARGIN, 48), f"Round {view.round} · {view.variant} game", font=font(18), fill=ink)
    right = WIDTH - MARGIN
    draw.text((right, 10), headline(view), font=font(30, True), fill=ink, anchor="ra")
    doing = activity(view)
    if doing:
        draw.text((right, 48), doing, font=font(18), fill=ink, anchor="ra")
    if result is None:
        swatch = seat_colour(view, view.active_seat)
        width = round(font(30, True).getlength(headline(view)))
        left = right - width - 40
        draw.rounded_rectangle((left, 14, left + 28, 42), 6, fill=swatch, outline=Colour.INK, width=2)


# Threats.


def _draw_threats(canvas: Image.Image, panel: Rect, view: CellView, marks: Marks) -> None:
    draw = drawing(canvas)
    canceled = sum(1 for threat in view.active_threats if threat.canceled)
    summary = (
        f"{len(view.active_threats)} in play, {canceled} canceled · stack {view.threat_stack_size}"
        f" · discarded {len(view.discarded_threats)}"
    )
    draw.text((panel.right - PANEL_PAD, panel.y + 24), summary, font=font(18), fill=Colour.MUTED, anchor="rm")
    if not view.active_threats:
        draw.text(
            (panel.x + PANEL_PAD, panel.y + PANEL_TITLE + 10),
            "No active threats",
            font=font(18),
            fill=Colour.MUTED,
        )
    for index, threat in enumerate(view.active_threats):
        x, y = tile_origin(panel, index, THREAT_TILE)
        canvas.paste(threat_face(threat.tile), (x, y))
        _draw_placed(canvas, view, threat, (x, y), marks)
        if threat.canceled:
            paste(canvas, _canceled_band(), (x, y + 34))


def _draw_placed(
    canvas: Image.Image, view: CellView, threat: ThreatView, origin: tuple[int, int], marks: Marks
) -> None:
    cost = catalogue().threats[threat.tile].cost
    for slot, placement in enumerate(slot_placements(cost, threat.placed)):
        if placement is None:
            continue
        dx, dy = cost_box_origin(slot, THREAT_TILE[1])
        paste(canvas, placement_sprite(view, placement, COST_BOX, marks), (origin[0] + dx, origin[1] + dy))


@cache
def _canceled_band() -> Image.Image:
    """Laid across a canceled tile's text: a tick and the word, until Cell discards the tile."""
    width, height = THREAT_TILE[0] - 8, 62
    band = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = drawing(band)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), 10, fill=(*Colour.SKY, 255), outline=(*Colour.INK, 255), width=2
    )
    paste(band, sprites.check_mark(40, Colour.INK), (8, 11))
    ink = ink_on(Colour.SKY)
    draw.text((56, 18), "CANCELED", font=font(24, True), fill=ink, anchor="lm")
    draw.text((56, 45), "discarded when Cell activates", font=font(16), fill=ink, anchor="lm")
    return band


# Power Supply.


def _draw_supply(canvas: Image.Image, panel: Rect, view: CellView, marks: Marks) -> None:
    draw = drawing(canvas)
    draw.text(
        (panel.right - PANEL_PAD, panel.y + 24),
        f"stack {view.power_stack_size}",
        font=font(18),
        fill=Colour.MUTED,
        anchor="rm",
    )
    for index, tile in enumerate(view.power_supply):
        card = power_card(tile, tile == marks.buying)
        canvas.paste(card, tile_origin(panel, index, POWER_CARD))
    if not view.power_supply:
        draw.text(
            (panel.x + PANEL_PAD, panel.y + PANEL_TITLE + 10),
            "The Power Supply is empty",
            font=font(18),
            fill=Colour.MUTED,
        )


# Last moves.


def _draw_events(canvas: Image.Image, frame: Layout, view: CellView) -> None:
    lines = [
        (
            event.text,
            seat_colour(view, event.actor)
            if event.actor is not None and event.actor < len(view.fighters)
            else None,
        )
        for event in view.recent_events[-frame.event_lines :]
    ]
    draw_event_lines(drawing(canvas), frame.events, lines, EVENT_LINE, font(EVENT_FONT))


# The PNG palette.


@cache
def _palette() -> Image.Image:
    dice = [dice_colour(colour.name) for colour in catalogue().board.dice_colours]
    surfaces = [
        Palette.TABLE,
        Palette.PANEL,
        Palette.THREAT,
        Palette.POWER,
        Palette.MAT,
        Palette.ROW_DONE,
        KO_TINT,
        *(sprites.slot_fill(surface) for surface in (Palette.PANEL, Palette.THREAT, Palette.POWER)),
        Colour.INSET,
        Colour.GOLD,
        Colour.SKY,
        Colour.VERMILLION,
        Colour.YELLOW,
        *dice,
    ]
    inks = [
        Colour.TEXT,
        Colour.MUTED,
        Colour.FAINT,
        Colour.INK,
        Colour.WHITE,
        Colour.GOLD_RIM,
        Colour.ORANGE,
        Colour.BLUISH_GREEN,
        Palette.PANEL_EDGE,
        Palette.THREAT_EDGE,
        Palette.POWER_EDGE,
        Palette.MAT_EDGE,
    ]
    return build_palette(inks, surfaces)
