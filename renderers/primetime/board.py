"""The Prime Time board image, drawn from the public view only (DESIGN.md 4.2).

The battlefield (grid, coordinates, zones, terrain) and the empty side panel are drawn once per
layout and cached; each image copies that background, then draws the highlights asked for, the
zones of control, the last action, the models, the Dragon Balls and the panel's text, and writes a
palette PNG. Rendering is CPU-bound: the bot calls ``render_primetime`` in a worker thread.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

from renderers.common import Colour, RenderedBoard, blend, build_palette, encode_png, paste
from renderers.drawing import drawing
from renderers.primetime import models, objectives
from renderers.primetime.battlefield import GRID_LINE, GRID_LINE_BOLD, TERRAIN_STYLES, battlefield
from renderers.primetime.describe import alt_text
from renderers.primetime.last_action import last_action
from renderers.primetime.layout import (
    GROUND,
    HEIGHT,
    SIDE_COLOURS,
    WIDTH,
    Zone,
    zone_fill,
)
from renderers.primetime.overlays import (
    DEFLECT_EDGE,
    FAILED_GREY,
    HIT_RED,
    REACH_TINT,
    TARGET_RING,
    Highlight,
    draw_last_action,
    draw_reach,
    draw_target_marks,
)
from renderers.primetime.panel import draw_panel_frame, draw_side_panel
from rules.primetime.scenario import location
from rules.primetime.terrain import TerrainPiece
from rules.primetime.view import PrimeTimeView


def render_primetime(view: PrimeTimeView, highlight: Highlight | None = None) -> RenderedBoard:
    """The board for ``view`` (it must be ``view(state, None)``), with the caller's ``highlight``."""
    zones = tuple(Zone(zone.x, zone.y, zone.width, zone.height) for zone in view.zones)
    ring = location(view.location).ring
    ring_zone = Zone(ring.x, ring.y, ring.width, ring.height) if ring is not None else None
    canvas = _background(view.terrain, zones, ring_zone).copy()
    if highlight is not None:
        draw_reach(canvas, highlight.reach)
    objectives.draw_zones(canvas, view.objectives, view.units)
    draw_last_action(canvas, last_action(view))
    active = view.activation.unit if view.activation is not None else None
    models.draw_models(canvas, view.units, active, view.phase == "activation")
    objectives.draw_balls(canvas, view.objectives)
    if highlight is not None:
        draw_target_marks(canvas, highlight, view.units)
    draw_side_panel(drawing(canvas), view)
    return RenderedBoard(
        png=encode_png(canvas, _palette()), alt_text=alt_text(view), width=WIDTH, height=HEIGHT
    )


# A game keeps its layout from start to end, and a background saves half a render, but each holds
# about 6 MB: the layouts of the last few games drawn are kept.
@lru_cache(maxsize=4)
def _background(terrain: tuple[TerrainPiece, ...], zones: tuple[Zone, ...], ring: Zone | None) -> Image.Image:
    """The battlefield with the Location's zones (seat 0's tinted blue, seat 1's orange) and Ring."""
    canvas = Image.new("RGB", (WIDTH, HEIGHT), Colour.TABLE)
    paste(canvas, battlefield(terrain, (zones[0], zones[1]), ring), (0, 0))
    draw_panel_frame(drawing(canvas))
    return canvas


@cache
def _palette() -> Image.Image:
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
