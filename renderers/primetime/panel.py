"""The side panel of the Prime Time board (DESIGN.md 4.2): the round out of four, the phase, the
initiative and who acts; for each player Glory, BK, SK, hand size, deck and discard counts, tokens
left and affiliation; the mission in force and its scoring; the Condition; the last five events;
and a key to the status letters."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.common import PANEL_PAD, Colour, Rect, draw_event_lines, draw_panel, ellipsize, font, wrap
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
    seat_name,
)
from renderers.primetime.layout import PANEL, SIDE_COLOURS
from renderers.primetime.models import STATUS_LETTERS
from rules.primetime.view import PlayerView, PrimeTimeView

TITLE = "PRIME TIME"
INNER = PANEL.width - 2 * PANEL_PAD
LEFT = PANEL.x + PANEL_PAD
PLAYER_TOP = PANEL.y + 124
PLAYER_HEIGHT = 122
MISSION_TOP = PLAYER_TOP + 2 * PLAYER_HEIGHT + 8
EVENTS = Rect(PANEL.x, MISSION_TOP + 118, PANEL.width, 44 + 5 * 24)
EVENT_LINES = 5
EVENT_LINE = 24
KEY_TOP = EVENTS.bottom + 8

QUIET_EVENTS = frozenset({"rolled"})
"""Each roll is repeated in the total or the result that follows it."""


def draw_panel_frame(draw: ImageDraw.ImageDraw) -> None:
    """What every image shares: the panel, its title, the headings and the key, cached by the board."""
    draw_panel(draw, PANEL, "")
    draw.text((LEFT, PANEL.y + 12), TITLE, font=font(24, True), fill=Colour.ORANGE)
    draw.text((LEFT, MISSION_TOP), "MISSION", font=font(16, True), fill=Colour.MUTED)
    draw.text((LEFT, EVENTS.y + 12), "LAST MOVES", font=font(20, True), fill=Colour.TEXT)
    _draw_key(draw)


def draw_side_panel(draw: ImageDraw.ImageDraw, view: PrimeTimeView) -> None:
    """The panel's text for ``view``, on the frame ``draw_panel_frame`` drew."""
    _draw_heading(draw, view)
    for index, player in enumerate(view.players):
        _draw_player(
            draw, Rect(LEFT, PLAYER_TOP + index * PLAYER_HEIGHT, INNER, PLAYER_HEIGHT - 8), view, player
        )
    _draw_mission(draw, view)
    events = [event for event in view.recent_events if event.kind not in QUIET_EVENTS][-EVENT_LINES:]
    lines = [(event.text, SIDE_COLOURS[event.actor] if event.actor is not None else None) for event in events]
    draw_event_lines(draw, EVENTS, lines, EVENT_LINE, font(16))


def _draw_heading(draw: ImageDraw.ImageDraw, view: PrimeTimeView) -> None:
    top = PANEL.y + 12
    draw.text((LEFT + INNER, top), round_words(view), font=font(24, True), fill=Colour.TEXT, anchor="ra")
    phase = PHASE_WORDS[view.phase]
    phase = phase[0].upper() + phase[1:]
    first = f"{phase} · {seat_name(view.first_seat)} first" if view.outcome is None else "Final board"
    draw.text((LEFT, top + 36), ellipsize(first, font(17), INNER), font=font(17), fill=Colour.MUTED)
    lines = wrap(headline(view), font(19, True), INNER, 2)
    if view.outcome is not None:
        lines = [*lines[:1], outcome_reason(view)]
    for index, line in enumerate(lines):
        draw.text((LEFT, top + 62 + index * 24), line, font=font(19, True), fill=Colour.YELLOW)


def _draw_player(draw: ImageDraw.ImageDraw, box: Rect, view: PrimeTimeView, player: PlayerView) -> None:
    colour = SIDE_COLOURS[player.seat]
    draw.rounded_rectangle(
        (box.x, box.y, box.right, box.bottom), 8, fill=Colour.INSET, outline=colour, width=2
    )
    draw.rectangle((box.x + 2, box.y + 8, box.x + 7, box.bottom - 8), fill=colour)
    left = box.x + 16
    name = f"{seat_name(player.seat)} · {affiliation_name(player)}"
    draw.text(
        (left, box.y + 8),
        ellipsize(name, font(19, True), box.width - 110),
        font=font(19, True),
        fill=Colour.TEXT,
    )
    draw.text(
        (box.right - 12, box.y + 4), str(player.glory), font=font(34, True), fill=Colour.YELLOW, anchor="ra"
    )
    draw.text((box.right - 12, box.y + 44), "Glory", font=font(16), fill=Colour.MUTED, anchor="ra")
    typeface = font(17)
    draw.text((left, box.y + 38), f"BK {player.bk}   SK {player.sk}", font=typeface, fill=Colour.TEXT)
    draw.text(
        (left, box.y + 62),
        f"Hand {player.hand_size} · Deck {player.deck_size} · Discard {len(player.discard)}",
        font=typeface,
        fill=Colour.TEXT,
    )
    draw.text((left, box.y + 86), _standing_words(view, player), font=font(16), fill=Colour.MUTED)


def _standing_words(view: PrimeTimeView, player: PlayerView) -> str:
    """Tokens left in the Activation Phase (the view counts them only then), or where the player is."""
    if view.phase == "ascension":
        return "Ascension locked" if player.ascension_locked else "Choosing Ascension"
    if view.phase != "activation":
        return ""
    return f"Tokens left {player.tokens_left}" + (" · passed" if player.passed else "")


def _draw_mission(draw: ImageDraw.ImageDraw, view: PrimeTimeView) -> None:
    draw.text(
        (LEFT, MISSION_TOP + 72),
        ellipsize(scenario_words(view), font(16), INNER),
        font=font(16),
        fill=Colour.MUTED,
    )
    if not scenario_drawn(view):
        return
    rule = mission(view)
    rounds = f"R{rule.rounds[0]}" if len(rule.rounds) == 1 else f"R{rule.rounds[0]}-{rule.rounds[-1]}"
    draw.text(
        (LEFT + 80, MISSION_TOP),
        ellipsize(f"{rule.name} ({rounds})", font(18, True), INNER - 80),
        font=font(18, True),
        fill=Colour.TEXT,
    )
    for index, line in enumerate(wrap(scoring_words(rule), font(16), INNER, 2)):
        draw.text((LEFT, MISSION_TOP + 26 + index * 21), line, font=font(16), fill=Colour.TEXT)


def _draw_key(draw: ImageDraw.ImageDraw) -> None:
    words = [f"{letter} {STATUS_WORDS[status]}" for status, letter in STATUS_LETTERS.items()]
    for index, pair in enumerate((words[:2], words[2:])):
        draw.text((LEFT, KEY_TOP + index * 20), "   ".join(pair), font=font(16), fill=Colour.FAINT)
