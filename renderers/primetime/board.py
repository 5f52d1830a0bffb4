"""The Prime Time board image, drawn from the public view only, at phone size (see ``layout``).

The battlefield (grid, coordinates, zones, terrain) is drawn once per layout and cached; each image
copies it, then draws the terrain's names (clear of the models and balls), the highlights asked for,
the zones of control, the last action, the models and their tags, the Dragon Balls and the side
panel, and writes a palette PNG. Rendering is
CPU-bound: the bot calls ``render_primetime`` in a worker process.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

from locales.languages import Language
from renderers.common import Colour, RenderedBoard, blend, build_palette, encode_png, paste
from renderers.drawing import drawing
from renderers.primetime import models, objectives
from renderers.primetime.battlefield import (
    GRID_LINE,
    GRID_LINE_BOLD,
    TERRAIN_STYLES,
    Box,
    NamePlate,
    battlefield,
    draw_name_plate,
    terrain_names,
)
from renderers.primetime.describe import alt_text
from renderers.primetime.inputs import PrimeTimeBoard
from renderers.primetime.last_action import last_action
from renderers.primetime.layout import (
    BOARD,
    FIELD_PIXELS,
    GROUND,
    PANEL,
    SIDE_COLOURS,
    WIDTH,
    Scale,
    Zone,
    zone_fill,
)
from renderers.primetime.overlays import (
    DEFLECT_EDGE,
    FAILED_GREY,
    HIT_RED,
    REACH_TINT,
    TARGET_RING,
    draw_last_action,
    draw_reach,
    draw_target_marks,
)
from renderers.primetime.panel import draw_side_panel, draw_strip, panel_height, strip_height
from rules.primetime.scenario import location
from rules.primetime.terrain import TerrainPiece
from rules.primetime.view import PrimeTimeView


def render_primetime(board: PrimeTimeBoard | PrimeTimeView) -> RenderedBoard:
    """The board for ``board`` (a bare view is shown with the default names and no highlight)."""
    if isinstance(board, PrimeTimeView):
        board = PrimeTimeBoard(view=board)
    canvas = draw_primetime(board)
    return RenderedBoard(
        png=encode_png(canvas, palette()),
        alt_text=alt_text(board.view, board.names, board.language),
        width=canvas.width,
        height=canvas.height,
    )


def field_layer(view: PrimeTimeView, scale: Scale) -> Image.Image:
    """A copy of the battlefield for the view's terrain and zones, ready to draw on."""
    zones = tuple(Zone(zone.x, zone.y, zone.width, zone.height) for zone in view.zones)
    ring = location(view.location).ring
    ring_zone = Zone(ring.x, ring.y, ring.width, ring.height) if ring is not None else None
    return _battlefield(view.terrain, (zones[0], zones[1]), ring_zone, scale).copy()


def placed_terrain_names(
    view: PrimeTimeView,
    scale: Scale,
    window: Box,
    keep_clear: list[Box] = [],  # noqa: B006 - read only
    language: Language = Language.ENGLISH,
) -> list[NamePlate]:
    """The terrain's names (in ``language``) inside ``window``, clear of every model's footprint,
    every ball and ``keep_clear``."""
    footprints = [scale.footprint(unit.cell) for unit in view.units]
    balls = objectives.ball_boxes(view.objectives, scale)
    return terrain_names(view.terrain, scale, window, [*footprints, *balls, *keep_clear], language)


def draw_pieces(
    canvas: Image.Image,
    board: PrimeTimeBoard,
    scale: Scale,
    bounds: tuple[int, int, int, int],
    keep_clear: list[tuple[int, int, int, int]] = [],  # noqa: B006 - read only
) -> list[tuple[int, int, int, int]]:
    """Everything on the battlefield layer for ``board``: the reach, the zones of control, the last
    action, the models and their tags (inside ``bounds``, clear of ``keep_clear``: the terrain's
    names...), the balls and the target marks. Returns what later labels must stay clear of: the
    tags, the models, the balls."""
    view, highlight = board.view, board.highlight
    if highlight is not None:
        draw_reach(canvas, highlight.reach, scale)
    objectives.draw_zones(canvas, view.objectives, view.units, scale)
    draw_last_action(canvas, last_action(view), scale)
    active = view.activation.unit if view.activation is not None else None
    balls = objectives.ball_boxes(view.objectives, scale)
    taken = models.draw_models(
        canvas,
        view.units,
        active,
        view.phase == "activation",
        scale,
        bounds,
        [*balls, *keep_clear],
        board.language,
    )
    objectives.draw_balls(canvas, view.objectives, scale)
    if highlight is not None:
        draw_target_marks(canvas, highlight, view.units, scale)
    return [*taken, *balls]


def draw_primetime(board: PrimeTimeBoard) -> Image.Image:
    """The board as an image, before encoding (tests read the texts drawn on it)."""
    view = board.view
    inner = BOARD.margin, BOARD.margin, BOARD.margin + BOARD.board_pixels, BOARD.margin + BOARD.board_pixels
    language = board.language
    names = placed_terrain_names(view, BOARD, inner, language=language)
    height = panel_height(view, board.names, language)
    strip_top = max(FIELD_PIXELS, PANEL.y + height + 8)
    canvas = Image.new("RGB", (WIDTH, strip_top + strip_height(view, names, language)), Colour.TABLE)
    field = field_layer(view, BOARD)
    draw = drawing(field)
    for name in names:
        draw_name_plate(draw, name)
    draw_pieces(field, board, BOARD, inner, [name.box for name in names])
    paste(canvas, field, (0, 0))
    draw_side_panel(canvas, view, board.names, height, language)
    draw_strip(canvas, view, board.names, strip_top, names, language)
    return canvas


# A game keeps its layout from start to end, and a battlefield saves much of a render: the layouts
# of the last few games drawn are kept, at each scale.
@lru_cache(maxsize=6)
def _battlefield(
    terrain: tuple[TerrainPiece, ...],
    zones: tuple[Zone, Zone],
    ring: Zone | None,
    scale: Scale,
) -> Image.Image:
    """The battlefield with the Location's zones (seat 0's tinted blue, seat 1's orange) and Ring."""
    return battlefield(terrain, zones, ring, scale)


@cache
def palette() -> Image.Image:
    terrain = [colour for style in TERRAIN_STYLES.values() for colour in (style.fill, style.ink)]
    surfaces = [
        Colour.TABLE,
        Colour.PANEL,
        Colour.INSET,
        GROUND,
        zone_fill(0),
        zone_fill(1),
        *terrain,
        *(blend(surface, REACH_TINT, 96 / 255) for surface in (GROUND, zone_fill(0), zone_fill(1))),
    ]
    inks = [
        Colour.TEXT,
        Colour.MUTED,
        Colour.FAINT,
        Colour.INK,
        Colour.WHITE,
        Colour.YELLOW,
        Colour.VERMILLION,
        Colour.SKY,
        Colour.BLUISH_GREEN,
        Colour.PANEL_EDGE,
        GRID_LINE,
        GRID_LINE_BOLD,
        DEFLECT_EDGE,
        TARGET_RING,
        models.DISC_RIM,
        models.disc_fill(0),
        models.disc_fill(1),
        HIT_RED,
        FAILED_GREY,
        models.DAZED_FILL,
        objectives.BALL_FILL,
        objectives.BALL_RIM,
        objectives.STAR,
        *SIDE_COLOURS,
        *models.TIER_GLOWS,
    ]
    return build_palette(inks, surfaces)
