"""The side panel of the Prime Time board: the round out of four, the phase, the initiative and who
acts; for each player their name beside their side's shape, Glory, BK, SK, hand, deck and discard
counts, tokens left and affiliation; the mission in force and its scoring; the Location and the
Condition; the last moves; and a key to the status letters on the board. Every line wraps to the
panel's width; a panel that needs more room than the battlefield makes the image taller."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from locales.languages import Language
from renderers.common import PANEL_PAD, Colour, Rect, draw_event_lines, draw_panel, font
from renderers.drawing import drawing
from renderers.flow import Flow, Picture, Piece, Words
from renderers.primetime.battlefield import NamePlate
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
from renderers.primetime.models import disc_fill, status_letters
from renderers.primetime.words import catalogue, mission_name, said, terrain_name
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


def _player_flows(view: PrimeTimeView, player: PlayerView, name: str, language: Language) -> list[Flow]:
    _ = catalogue(language).gettext
    room = INNER - 24
    lines: list[list[Piece]] = [
        [Picture(side_mark(player.seat), 10), _words(name, bold=True)],
        [_words(affiliation_name(player, language), Colour.MUTED)],
        [
            _words(
                _("BK {bk} · SK {sk} · Hand {hand}").format(bk=player.bk, sk=player.sk, hand=player.hand_size)
            )
        ],
        [
            _words(
                _("Deck {deck} · Discard {discard}").format(
                    deck=player.deck_size, discard=len(player.discard)
                )
            )
        ],
    ]
    standing = _standing_words(view, player, language)
    if standing:
        lines.append([_words(standing, Colour.MUTED)])
    widths = [room - GLORY - 16, room - GLORY - 16] + [room] * (len(lines) - 2)
    return [Flow(line, width) for line, width in zip(lines, widths, strict=True)]


def _standing_words(view: PrimeTimeView, player: PlayerView, language: Language) -> str:
    """Tokens left in the Activation Phase (the view counts them only then), or where the player is."""
    _ = catalogue(language).gettext
    if view.phase == "ascension":
        return _("Ascension locked") if player.ascension_locked else _("Choosing Ascension")
    if view.phase != "activation":
        return ""
    tokens = _("Tokens left {tokens}").format(tokens=player.tokens_left)
    return tokens + (" · " + _("passed") if player.passed else "")


def _heading_flows(view: PrimeTimeView, names: Sequence[str], language: Language) -> list[Flow]:
    _ = catalogue(language).gettext
    phase = _(PHASE_WORDS[view.phase])
    phase = phase[0].upper() + phase[1:]
    first = (
        _("{phase} · {who} first").format(phase=phase, who=names[view.first_seat])
        if view.outcome is None
        else _("Final board")
    )
    flows = [
        Flow([_words(first, Colour.MUTED)], INNER),
        Flow([_words(headline(view, names, language), Colour.YELLOW, True)], INNER),
    ]
    if view.outcome is not None:
        reason = outcome_reason(view, language)
        flows.append(Flow([_words(reason[0].upper() + reason[1:] + ".", Colour.YELLOW)], INNER))
    return flows


def _mission_flows(view: PrimeTimeView, width: int, language: Language) -> list[Flow]:
    _ = catalogue(language).gettext
    pieces: list[Piece] = []
    if scenario_drawn(view):
        rule = mission(view)
        rounds = (
            _("R{round}").format(round=rule.rounds[0])
            if len(rule.rounds) == 1
            else _("R{first}-{last}").format(first=rule.rounds[0], last=rule.rounds[-1])
        )

        title = _("{mission} ({rounds}):").format(mission=mission_name(rule.id, language), rounds=rounds)
        pieces = [_words(_("MISSION"), Colour.MUTED, True), _words(title, bold=True)]
        pieces.append(_words(scoring_words(rule, language) + "."))
    pieces.append(_words(scenario_words(view, language), Colour.MUTED))
    return [Flow(pieces, width)]


def _key(view: PrimeTimeView, terrain_names: Sequence[NamePlate], language: Language) -> Flow | None:
    """The status letters and the terrain initials shown on the board, spelt out."""
    _ = catalogue(language).gettext
    shown = {status for unit in view.units if not unit.dazed for status in unit.statuses}
    letters = status_letters(language)
    words = [f"{letter} {_(STATUS_WORDS[status])}" for status, letter in letters.items() if status in shown]
    initials = {
        terrain_name(plate.kind, language)
        for plate in terrain_names
        if plate.text != terrain_name(plate.kind, language)
    }
    words += [f"{name[0]} {name}" for name in sorted(initials)]
    if not words:
        return None
    return Flow([_words(_("KEY"), Colour.MUTED, True), _words(" · ".join(words), Colour.MUTED)], STRIP_WIDTH)


def _events(
    view: PrimeTimeView, names: Sequence[str], language: Language
) -> list[tuple[str, tuple[int, int, int] | None]]:
    events = [event for event in view.recent_events if event.kind not in QUIET_EVENTS]
    return [
        (said(event, names, language), SIDE_COLOURS[event.actor] if event.actor is not None else None)
        for event in events
    ]


def _player_height(flows: list[Flow]) -> int:
    return 2 * GAP + sum(flow.height for flow in flows) + 2 * (len(flows) - 1)


STRIP_WIDTH = WIDTH - 2 * PANEL_PAD


def panel_height(view: PrimeTimeView, names: Sequence[str], language: Language) -> int:
    """The side panel's height for ``view``: the heading and both players."""
    used = 12 + LINE + GAP
    used += sum(flow.height + 4 for flow in _heading_flows(view, names, language)) + GAP
    used += sum(
        _player_height(_player_flows(view, player, names[player.seat], language)) + GAP
        for player in view.players
    )
    return used + PANEL_PAD


def _strip_flows(view: PrimeTimeView, terrain_names: Sequence[NamePlate], language: Language) -> list[Flow]:
    flows = _mission_flows(view, STRIP_WIDTH, language)
    key = _key(view, terrain_names, language)
    return flows + ([key] if key is not None else [])


def strip_height(view: PrimeTimeView, terrain_names: Sequence[NamePlate], language: Language) -> int:
    """Under the battlefield and the panel: the mission, the key (of the terrain initials among
    ``terrain_names`` too) and the last moves."""
    flows = _strip_flows(view, terrain_names, language)
    return sum(flow.height + 4 for flow in flows) + GAP + EVENT_LINES * LINE + PANEL_PAD


def draw_side_panel(
    canvas: Image.Image, view: PrimeTimeView, names: Sequence[str], height: int, language: Language
) -> None:
    _ = catalogue(language).gettext
    draw = drawing(canvas)
    rect = Rect(PANEL.x, PANEL.y, PANEL.width, height)
    draw_panel(draw, rect)
    left = PANEL.x + PANEL_PAD
    y = PANEL.y + 12
    draw.text((left, y), TITLE, font=font(TEXT, True), fill=Colour.ORANGE)
    draw.text(
        (left + INNER, y), round_words(view, language), font=font(TEXT, True), fill=Colour.TEXT, anchor="ra"
    )
    y += LINE + GAP
    for flow in _heading_flows(view, names, language):
        y = flow.draw(canvas, (left, y)) + 4
    y += GAP
    for player in view.players:
        flows = _player_flows(view, player, names[player.seat], language)
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
        draw.text((box.right - 12, box.y + 52), _("Glory"), font=font(TEXT), fill=Colour.MUTED, anchor="ra")
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
    language: Language,
) -> None:
    """The mission, the key and the last moves (the players named by ``names``)."""
    y = top
    for flow in _strip_flows(view, terrain_names, language):
        y = flow.draw(canvas, (PANEL_PAD, y)) + 4
    area = Rect(PANEL_PAD, y + GAP, STRIP_WIDTH, EVENT_LINES * LINE)
    draw_event_lines(drawing(canvas), area, _events(view, names, language), LINE, font(TEXT))
