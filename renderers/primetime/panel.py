"""The side panel of the Prime Time board: the round out of four, the phase, the initiative and who
acts; for each player their name beside their side's shape, Glory, BK, SK, hand, deck and discard
counts, tokens left and affiliation; the mission in force and its scoring; the Location and the
Condition; the last moves; and a key to the status letters on the board. Every line wraps to the
panel's width; a panel that needs more room than the battlefield makes the image taller."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from renderers.common import PANEL_PAD, Colour, Rect, draw_event_lines, draw_panel, font
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Piece, Words
from renderers.primetime.battlefield import TERRAIN_STYLES, NamePlate
from renderers.primetime.describe import (
    PHASE_WORDS,
    STATUS_WORDS,
    affiliation_name,
    headline,
    mission,
    outcome_reason,
    round_words,
    scenario_drawn,
    scenario_words,
    scoring_words,
)
from renderers.primetime.layout import PANEL, SIDE_COLOURS, TEXT, WIDTH
from renderers.primetime.models import STATUS_LETTERS, disc_fill
from rules.primetime.seat_words import with_names
from rules.primetime.view import PlayerView, PrimeTimeView

TITLE = "PRIME TIME"
INNER = PANEL.width - 2 * PANEL_PAD
GLORY = 44
GAP = 10
LINE = round(TEXT * 1.2)
EVENT_LINES = 3

QUIET_EVENTS = frozenset({"rolled"})
"""Each roll is repeated in the total or the result that follows it."""


def _words(
    text: str, colour: tuple[int, int, int] = Colour.TEXT, bold: bool = False, size: int = TEXT
) -> Words:
    return Words(text, font(size, bold), colour)


@cache
def side_mark(seat: int) -> Image.Image:
    """The side's shape in its colour: a square for the first seat, a disc for the second."""
    size = 28
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = drawing(sprite)
    box = (1, 1, size - 2, size - 2)
    if seat == 0:
        draw.rounded_rectangle(box, 3, fill=disc_fill(seat), outline=SIDE_COLOURS[seat], width=4)
    else:
        draw.ellipse(box, fill=disc_fill(seat), outline=SIDE_COLOURS[seat], width=4)
    return sprite


def _player_flows(view: PrimeTimeView, player: PlayerView, name: str) -> list[Flow]:
    room = INNER - 24
    lines: list[list[Piece]] = [
        [Picture(side_mark(player.seat), 10), _words(name, bold=True)],
        [_words(affiliation_name(player), Colour.MUTED)],
        [_words(f"BK {player.bk} · SK {player.sk} · Hand {player.hand_size}")],
        [_words(f"Deck {player.deck_size} · Discard {len(player.discard)}")],
    ]
    standing = _standing_words(view, player)
    if standing:
        lines.append([_words(standing, Colour.MUTED)])
    widths = [room - GLORY - 16, room - GLORY - 16] + [room] * (len(lines) - 2)
    return [Flow(line, width) for line, width in zip(lines, widths, strict=True)]


def _standing_words(view: PrimeTimeView, player: PlayerView) -> str:
    """Tokens left in the Activation Phase (the view counts them only then), or where the player is."""
    if view.phase == "ascension":
        return "Ascension locked" if player.ascension_locked else "Choosing Ascension"
    if view.phase != "activation":
        return ""
    return f"Tokens left {player.tokens_left}" + (" · passed" if player.passed else "")


def _heading_flows(view: PrimeTimeView, names: Sequence[str]) -> list[Flow]:
    phase = PHASE_WORDS[view.phase]
    phase = phase[0].upper() + phase[1:]
    first = f"{phase} · {names[view.first_seat]} first" if view.outcome is None else "Final board"
    flows = [
        Flow([_words(first, Colour.MUTED)], INNER),
        Flow([_words(headline(view, names), Colour.YELLOW, True)], INNER),
    ]
    if view.outcome is not None:
        reason = outcome_reason(view)
        flows.append(Flow([_words(reason[0].upper() + reason[1:] + ".", Colour.YELLOW)], INNER))
    return flows


def _mission_flows(view: PrimeTimeView, width: int) -> list[Flow]:
    pieces: list[Piece] = []
    if scenario_drawn(view):
        rule = mission(view)
        rounds = f"R{rule.rounds[0]}" if len(rule.rounds) == 1 else f"R{rule.rounds[0]}-{rule.rounds[-1]}"
        pieces = [_words("MISSION", Colour.MUTED, True), _words(f"{rule.name} ({rounds}):", bold=True)]
        pieces.append(_words(scoring_words(rule) + "."))
    pieces.append(_words(scenario_words(view), Colour.MUTED))
    return [Flow(pieces, width)]


def _key(view: PrimeTimeView, terrain_names: Sequence[NamePlate]) -> Flow | None:
    """The status letters and the terrain initials shown on the board, spelt out."""
    shown = {status for unit in view.units if not unit.dazed for status in unit.statuses}
    words = [
        f"{letter} {STATUS_WORDS[status]}" for status, letter in STATUS_LETTERS.items() if status in shown
    ]
    initials = {
        TERRAIN_STYLES[plate.kind].name
        for plate in terrain_names
        if plate.text != TERRAIN_STYLES[plate.kind].name
    }
    words += [f"{name[0]} {name}" for name in sorted(initials)]
    if not words:
        return None
    return Flow([_words("KEY", Colour.MUTED, True), _words(" · ".join(words), Colour.MUTED)], STRIP_WIDTH)


def _events(view: PrimeTimeView, names: Sequence[str]) -> list[tuple[str, tuple[int, int, int] | None]]:
    events = [event for event in view.recent_events if event.kind not in QUIET_EVENTS]
    return [
        (with_names(event.text, names), SIDE_COLOURS[event.actor] if event.actor is not None else None)
        for event in events
    ]


def _player_height(flows: list[Flow]) -> int:
    return 2 * GAP + sum(flow.height for flow in flows) + 2 * (len(flows) - 1)


STRIP_WIDTH = WIDTH - 2 * PANEL_PAD


def panel_height(view: PrimeTimeView, names: Sequence[str]) -> int:
    """The side panel's height for ``view``: the heading and both players."""
    used = 12 + LINE + GAP
    used += sum(flow.height + 4 for flow in _heading_flows(view, names)) + GAP
    used += sum(
        _player_height(_player_flows(view, player, names[player.seat])) + GAP for player in view.players
    )
    return used + PANEL_PAD


def _strip_flows(view: PrimeTimeView, terrain_names: Sequence[NamePlate]) -> list[Flow]:
    flows = _mission_flows(view, STRIP_WIDTH)
    key = _key(view, terrain_names)
    return flows + ([key] if key is not None else [])


def strip_height(view: PrimeTimeView, terrain_names: Sequence[NamePlate]) -> int:
    """Under the battlefield and the panel: the mission, the key (of the terrain initials among
    ``terrain_names`` too) and the last moves."""
    flows = _strip_flows(view, terrain_names)
    return sum(flow.height + 4 for flow in flows) + GAP + EVENT_LINES * LINE + PANEL_PAD


def draw_side_panel(canvas: Image.Image, view: PrimeTimeView, names: Sequence[str], height: int) -> None:
    draw = drawing(canvas)
    rect = Rect(PANEL.x, PANEL.y, PANEL.width, height)
    draw_panel(draw, rect)
    left = PANEL.x + PANEL_PAD
    y = PANEL.y + 12
    draw.text((left, y), TITLE, font=font(TEXT, True), fill=Colour.ORANGE)
    draw.text((left + INNER, y), round_words(view), font=font(TEXT, True), fill=Colour.TEXT, anchor="ra")
    y += LINE + GAP
    for flow in _heading_flows(view, names):
        y = flow.draw(canvas, (left, y)) + 4
    y += GAP
    for player in view.players:
        flows = _player_flows(view, player, names[player.seat])
        box = Rect(left, y, INNER, _player_height(flows))
        colour = SIDE_COLOURS[player.seat]
        corner = 4 if player.seat == 0 else 18
        draw.rounded_rectangle(
            (box.x, box.y, box.right, box.bottom), corner, fill=Colour.INSET, outline=colour, width=3
        )
        draw.text(
            (box.right - 12, box.y + 4),
            str(player.glory),
            font=font(GLORY, True),
            fill=Colour.YELLOW,
            anchor="ra",
        )
        draw.text((box.right - 12, box.y + 52), "Glory", font=font(TEXT), fill=Colour.MUTED, anchor="ra")
        line_y = box.y + GAP
        for flow in flows:
            line_y = flow.draw(canvas, (box.x + 12, line_y)) + 2
        y = box.bottom + GAP


def draw_strip(
    canvas: Image.Image,
    view: PrimeTimeView,
    names: Sequence[str],
    top: int,
    terrain_names: Sequence[NamePlate],
) -> None:
    """The mission, the key and the last moves (the players named by ``names``)."""
    y = top
    for flow in _strip_flows(view, terrain_names):
        y = flow.draw(canvas, (PANEL_PAD, y)) + 4
    area = Rect(PANEL_PAD, y + GAP, STRIP_WIDTH, EVENT_LINES * LINE)
    draw_event_lines(drawing(canvas), area, _events(view, names), LINE, font(TEXT))
