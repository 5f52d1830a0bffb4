"""The Perfect Cell board image, drawn from the public view only, at phone size (see ``layout``).

Static parts (the Cell panel's empty track and meter, tile faces, sprites) are drawn once and
cached; each image lays out the panels for the view (names wrap, so heights follow the words),
pastes the state and writes a palette PNG. Rendering is CPU-bound: the bot calls ``render_cell``
in a worker process.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from locales.languages import Language
from renderers.cell import cell_board, mats, sprites
from renderers.cell.describe import activity, headline, variant_name
from renderers.cell.describe import alt_text as describe
from renderers.cell.language import CellBoardView, in_language, said, words
from renderers.cell.layout import (
    COST_BOX,
    EVENT_LINE,
    EVENT_LINES,
    GAP,
    HEADLINE,
    INNER,
    MARGIN,
    POWER_COLUMNS,
    RIGHT_WIDTH,
    RIGHT_X,
    TEXT,
    THREAT_COLUMNS,
    TILE_GAP,
    TITLE_ROW,
    WIDTH,
    Palette,
    mat_columns,
)
from renderers.cell.pieces import Marks, dice_colour, placement_sprite, seat_colour
from renderers.cell.slots import slot_placements
from renderers.cell.tiles import cost_box_origin, power_card, power_height, threat_face, threat_height
from renderers.common import (
    Colour,
    Rect,
    RenderedBoard,
    build_palette,
    draw_event_lines,
    encode_png,
    font,
    ink_on,
    paste,
)
from renderers.drawing import drawing
from renderers.flow import Flow, Keep, Picture, Piece, Words
from rules.cell.content import FACES, Face, catalogue
from rules.cell.view import CellView
from rules.cell.words import FACES as FACE_WORDS

SECTION_TITLE = 36
KEY_ICON = 28


def render_cell(view: CellView) -> RenderedBoard:
    """The board and its alt text, in the view's language (a plain ``CellView`` is drawn in English)."""
    view = in_language(view)
    canvas = draw_cell(view)
    return RenderedBoard(
        png=encode_png(canvas, _palette()), alt_text=describe(view), width=canvas.width, height=canvas.height
    )


def _band_colour(view: CellView) -> tuple[int, int, int]:
    result = view.outcome.result if view.outcome is not None else ""
    return {"win": Colour.SKY, "loss": Colour.VERMILLION}.get(result, Colour.PANEL)


def _headline_flow(view: CellBoardView) -> Flow:
    ink = ink_on(_band_colour(view))
    pieces: list[Piece] = []
    if view.outcome is None:
        pieces.append(
            Picture(mats.seat_badge(view.active_seat, view.fighters[view.active_seat].dice_colour), 10)
        )
    pieces.append(Words(headline(view), font(HEADLINE, True), ink))
    doing = activity(view)
    if doing:
        pieces.append(Words(f"· {doing}", font(TEXT), ink))
    return Flow(pieces, INNER - 24)


def _tile_rows(sizes: list[int], columns: int) -> list[int]:
    return [max(sizes[start : start + columns]) for start in range(0, len(sizes), columns)]


def draw_cell(view: CellView) -> Image.Image:
    """The board as an image, before encoding (tests read the texts drawn on it)."""
    view = in_language(view)
    _ = words(view.language).gettext
    players = len(view.fighters)
    marks = Marks.of(view)
    headline_flow = _headline_flow(view)
    band_bottom = TITLE_ROW + headline_flow.height + 16
    top = band_bottom + GAP
    power_width = (RIGHT_WIDTH - (POWER_COLUMNS - 1) * TILE_GAP) // POWER_COLUMNS
    power_rows = _tile_rows(
        [power_height(tile, power_width, view.language) for tile in view.power_supply] or [TEXT * 2],
        POWER_COLUMNS,
    )
    key = Flow(_key_pieces(view.language), RIGHT_WIDTH, line_gap=4)
    key_top = top + SECTION_TITLE + sum(power_rows) + TILE_GAP * len(power_rows)
    events_top = key_top + key.height + GAP
    natural = cell_board.panel_height(view)
    cell_height = max(natural, events_top + EVENT_LINES * EVENT_LINE - top)
    event_lines = (top + cell_height - events_top) // EVENT_LINE
    threat_width = (INNER - (THREAT_COLUMNS - 1) * TILE_GAP) // THREAT_COLUMNS
    threat_rows = _tile_rows(
        [
            threat_height(threat.tile, threat.canceled, threat_width, view.language)
            for threat in view.active_threats
        ]
        or [TEXT * 2],
        THREAT_COLUMNS,
    )
    threats_top = top + cell_height + GAP
    mats_top = threats_top + SECTION_TITLE + sum(threat_rows) + TILE_GAP * len(threat_rows)
    per_row = mat_columns(players)
    mat_width = (INNER - (per_row - 1) * GAP) // per_row
    rows = [view.fighters[start : start + per_row] for start in range(0, players, per_row)]
    mat_heights = [max(mats.mat_height(view, fighter, marks, mat_width) for fighter in row) for row in rows]
    height = mats_top + sum(mat_heights) + GAP * (len(rows) - 1) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), Palette.TABLE)
    draw = drawing(canvas)
    draw.rectangle((0, 0, WIDTH, TITLE_ROW - 1), fill=Colour.PANEL)
    draw.text(
        (MARGIN, TITLE_ROW // 2), "PERFECT CELL", font=font(HEADLINE, True), fill=Colour.TEXT, anchor="lm"
    )
    draw.text(
        (WIDTH - MARGIN, TITLE_ROW // 2),
        _("Round {round} · {variant} game").format(round=view.round, variant=variant_name(view)),
        font=font(TEXT),
        fill=Colour.MUTED,
        anchor="rm",
    )
    draw.rectangle((0, TITLE_ROW, WIDTH, band_bottom - 1), fill=_band_colour(view))
    headline_flow.draw(canvas, (MARGIN + 12, TITLE_ROW + 8))
    panel = Rect(MARGIN, top, cell_board.CELL_PANEL_WIDTH, cell_height)
    canvas.paste(cell_board.cell_panel(players, cell_height, view.language), (panel.x, panel.y))
    cell_board.draw_state(canvas, panel, view, marks)
    _draw_supply(canvas, top, power_width, power_rows, view, marks)
    key.draw(canvas, (RIGHT_X, key_top))
    lines = [
        (
            said(event.text, view.language),
            seat_colour(view, event.actor) if event.actor is not None and event.actor < players else None,
        )
        for event in view.recent_events
    ]
    events = Rect(RIGHT_X, events_top, RIGHT_WIDTH, event_lines * EVENT_LINE)
    draw_event_lines(draw, events, lines, EVENT_LINE, font(TEXT))
    _draw_threats(canvas, threats_top, threat_width, threat_rows, view, marks)
    y = mats_top
    for row, mat_height in zip(rows, mat_heights, strict=True):
        for column, fighter in enumerate(row):
            rect = Rect(MARGIN + column * (mat_width + GAP), y, mat_width, mat_height)
            mats.draw_mat(canvas, rect, view, fighter, marks)
        y += mat_height + GAP
    return canvas


def _section(canvas: Image.Image, x: int, y: int, width: int, title: str, note: str) -> None:
    draw = drawing(canvas)
    middle = y + SECTION_TITLE // 2 - 2
    draw.text((x, middle), title, font=font(TEXT, True), fill=Colour.TEXT, anchor="lm")
    draw.text((x + width, middle), note, font=font(TEXT), fill=Colour.MUTED, anchor="rm")


def _draw_threats(
    canvas: Image.Image, top: int, width: int, rows: list[int], view: CellBoardView, marks: Marks
) -> None:
    _ = words(view.language).gettext
    stack = _("stack {stack} · discarded {discarded}").format(
        stack=view.threat_stack_size, discarded=len(view.discarded_threats)
    )
    _section(canvas, MARGIN, top, INNER, _("THREATS"), stack)
    y = top + SECTION_TITLE
    if not view.active_threats:
        drawing(canvas).text((MARGIN, y), _("No active threats"), font=font(TEXT), fill=Colour.MUTED)
    for index, threat in enumerate(view.active_threats):
        column, row = index % THREAT_COLUMNS, index // THREAT_COLUMNS
        x = MARGIN + column * (width + TILE_GAP)
        tile_y = y + sum(rows[:row]) + row * TILE_GAP
        height = rows[row]
        canvas.paste(threat_face(threat.tile, threat.canceled, width, height, view.language), (x, tile_y))
        cost = catalogue().threats[threat.tile].cost
        for slot, placement in enumerate(slot_placements(cost, threat.placed)):
            if placement is not None:
                dx, dy = cost_box_origin(slot, height)
                paste(canvas, placement_sprite(view, placement, COST_BOX, marks), (x + dx, tile_y + dy))


def _draw_supply(
    canvas: Image.Image, top: int, width: int, rows: list[int], view: CellBoardView, marks: Marks
) -> None:
    _ = words(view.language).gettext
    stack = _("stack {stack}").format(stack=view.power_stack_size)
    _section(canvas, RIGHT_X, top, RIGHT_WIDTH, _("POWER SUPPLY"), stack)
    y = top + SECTION_TITLE
    if not view.power_supply:
        empty = _("The Power Supply is empty")
        drawing(canvas).text((RIGHT_X, y), empty, font=font(TEXT), fill=Colour.MUTED)
    for index, tile in enumerate(view.power_supply):
        column, row = index % POWER_COLUMNS, index // POWER_COLUMNS
        card = power_card(tile, tile == marks.buying, width, rows[row], view.language)
        canvas.paste(card, (RIGHT_X + column * (width + TILE_GAP), y + sum(rows[:row]) + row * TILE_GAP))


def _faces_in_opposite_pairs() -> list[Face]:
    """The four faces, each beside the one printed opposite it (Piccolo turns a die over to it)."""
    ordered: list[Face] = []
    for face in FACES:
        if face not in ordered:
            ordered += [face, catalogue().board.opposite_face(face)]
    return ordered


def _key_pieces(language: Language) -> list[Piece]:
    _ = words(language).gettext
    typeface = font(TEXT)
    pieces: list[Piece] = [Words(_("KEY"), font(TEXT, True), Colour.MUTED)]
    entries: list[tuple[Image.Image, str]] = [
        (sprites.cost_slot(face, KEY_ICON, Palette.TABLE), said(FACE_WORDS[face], language))
        for face in _faces_in_opposite_pairs()
    ]
    entries += [
        (sprites.cost_slot("any", KEY_ICON, Palette.TABLE), _("any face")),
        (sprites.cost_slot("same", KEY_ICON, Palette.TABLE), _("all alike")),
        (sprites.cost_slot("different", KEY_ICON, Palette.TABLE), _("all different")),
        (sprites.token("wild", None, KEY_ICON), _("token")),
        (sprites.die(Colour.MUTED, None, KEY_ICON), _("not rolled")),
    ]
    for icon, label in entries:
        pieces.append(Keep((Picture(icon, 5), Words(label, typeface, Colour.MUTED))))
    return pieces


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
        mats.KO_TINT,
        *(
            sprites.slot_fill(surface)
            for surface in (Palette.PANEL, Palette.THREAT, Palette.POWER, Palette.TABLE)
        ),
        Colour.INSET,
        Colour.GOLD,
        Colour.SKY,
        Colour.VERMILLION,
        Colour.YELLOW,
        Colour.ORANGE,
        *dice,
    ]
    inks = [
        Colour.TEXT,
        Colour.MUTED,
        Colour.FAINT,
        Colour.INK,
        Colour.WHITE,
        Colour.GOLD_RIM,
        Colour.BLUISH_GREEN,
        Palette.PANEL_EDGE,
        Palette.THREAT_EDGE,
        Palette.POWER_EDGE,
        Palette.MAT_EDGE,
    ]
    return build_palette(inks, surfaces)
