"""The duel panel under the headline: the turn order, then the duel in progress, the duel just
fought (kept until the next attack is declared: both tokens, blocked or hit, the power change), the
arrangement, or the winner. Every part is a few lines that wrap to the panel's width."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from renderers.common import RGB, Colour, Rect, font
from renderers.drawing import drawing
from renderers.flow import Flow, Keep, Picture, Piece, Words
from renderers.over9000 import tokens
from renderers.over9000.describe import WIN_REASONS, arranging, duel_verdict, level_changes, names
from renderers.over9000.layout import LEVEL, NAME, TEXT
from renderers.over9000.panels import badge, tag
from rules.over9000.content import TOKEN_NAMES
from rules.over9000.view import LastDuelView, Over9000View

PAD = 14
ICON = 36
LINE_GAP = 8
ARROW = "➜"

WIN_SHOUTS = {
    "over_9000": "It's over 9000!",
    "clearly_highest": "Clearly the strongest!",
    "shared_at_final_round": "A shared victory!",
}


def _words(text: str, colour: RGB = Colour.TEXT, size: int = TEXT, bold: bool = False) -> Words:
    return Words(text, font(size, bold), colour)


def _fighters(view: Over9000View, attacker: int, defender: int | None) -> list[Piece]:
    pieces: list[Piece] = [
        Keep((Picture(badge(attacker), 8), _words(view.players[attacker].name, size=NAME, bold=True))),
        _words(ARROW, Colour.YELLOW, NAME, True),
    ]
    if defender is None:
        pieces.append(_words("?", Colour.YELLOW, NAME, True))
    else:
        pieces.append(
            Keep((Picture(badge(defender), 8), _words(view.players[defender].name, size=NAME, bold=True)))
        )
    return pieces


def _token(kind: str) -> Keep:
    return Keep(
        (Picture(tokens.token_tile(kind, ICON, Colour.PANEL), 6), _words(TOKEN_NAMES[kind], bold=True))
    )


def _heading(title: str) -> list[Piece]:
    return [_words(title, Colour.MUTED, bold=True)]


def order_pieces(view: Over9000View) -> list[Piece]:
    """The turn order as seat badges, lowest power level first; whose turn it is is marked, and who
    is out of tokens is named."""
    if view.phase != "duel" or view.outcome is not None:
        return []
    pieces: list[Piece] = [_words("· order", Colour.MUTED)]
    for seat in view.turn_order:
        player = view.players[seat]
        marker = "▶" if seat == view.active_seat else ""
        out = sum(slot.face_down for slot in player.slots) == 0
        parts: list[Words | Picture] = []
        if marker:
            parts.append(_words(marker, Colour.YELLOW, bold=True))
        parts.append(Picture(badge(seat), 4))
        if out:
            parts.append(_words("out", Colour.FAINT))
        pieces.append(Keep(tuple(parts)))
    return pieces


def _armed(view: Over9000View) -> list[list[Piece]]:
    """A flipped power is public; its effect waits for the reveal."""
    lines: list[list[Piece]] = []
    if view.turn_armed and view.active_seat is not None:
        player = view.players[view.active_seat]
        lines.append([_words(f"{player.name}'s {player.power_name} is armed for this attack.", Colour.GOLD)])
    if view.duel is not None and view.duel.defense_armed:
        player = view.players[view.duel.defender]
        lines.append([_words(f"{player.name}'s {player.power_name} is armed for this defense.", Colour.GOLD)])
    return lines


def _last_duel(view: Over9000View, duel: LastDuelView) -> list[list[Piece]]:
    verdict = duel_verdict(duel)
    colour = Colour.VERMILLION if duel.result == "hit" else Colour.SKY
    changes = level_changes(view, duel)
    return [
        _heading("LAST DUEL"),
        _fighters(view, duel.attacker, duel.defender),
        [
            _words("declared"),
            _words(TOKEN_NAMES[duel.declared], bold=True),
            _words("· pushed"),
            _token(duel.pushed),
            _words("· revealed"),
            _token(duel.revealed),
        ],
        [Picture(tag(verdict, colour), 10), *(_words(change, bold=True) for change in changes)],
    ]


def panel_lines(view: Over9000View) -> list[list[Piece]]:
    """The panel's lines for the phase."""
    if view.outcome is not None:
        reason = WIN_REASONS.get(view.outcome.reason, view.outcome.reason)
        lines: list[list[Piece]] = [
            [
                Picture(tokens.icon("dragon_ball", 44, Colour.ORANGE, Colour.PANEL), 12),
                _words(WIN_SHOUTS.get(view.outcome.reason, "Game over"), Colour.YELLOW, LEVEL, True),
            ],
            [_words(f"Game over after round {view.round}: {reason}.", Colour.MUTED)],
        ]
        return lines + (_last_duel(view, view.last_duel) if view.last_duel is not None else [])
    if view.phase == "placement" or view.active_seat is None:
        return [
            _heading("ARRANGING TOKENS"),
            [_words(f"Still arranging: {names(view, arranging(view))}.")],
            [
                _words(
                    "Duels start when everyone is ready; the lowest power level attacks first.", Colour.MUTED
                )
            ],
            [_words(f"{view.pile_size} tokens left in the pile.", Colour.MUTED)],
        ]
    lines: list[list[Piece]] = []
    attacker = view.active_seat
    duel = view.duel
    if duel is None:
        lines.append(_fighters(view, attacker, None))
        lines.append([_words(f"{view.players[attacker].name} chooses a slot, a target and an attack.")])
    else:
        defender = view.players[duel.defender].name
        lines.append(_fighters(view, attacker, duel.defender))
        lines.append(
            [
                _words("declared"),
                _token(duel.declared),
                _words(f"· pushed from slot {duel.slot + 1}"),
                Picture(tokens.coin(ICON), 6),
            ]
        )
        lines.append([_words(f"{defender} must reveal a slot.")])
    lines += _armed(view)
    if duel is None and view.last_duel is not None:
        lines += _last_duel(view, view.last_duel)
    return lines


def _flows(lines: Sequence[Sequence[Piece]], width: int) -> list[Flow]:
    return [Flow(line, width, line_gap=4) for line in lines]


def panel_height(view: Over9000View, width: int) -> int:
    flows = _flows(panel_lines(view), width - 2 * PAD)
    return 2 * PAD + sum(flow.height for flow in flows) + LINE_GAP * (len(flows) - 1)


def draw_duel_panel(canvas: Image.Image, rect: Rect, view: Over9000View) -> None:
    draw = drawing(canvas)
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        14,
        fill=Colour.PANEL,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    y = rect.y + PAD
    for flow in _flows(panel_lines(view), rect.width - 2 * PAD):
        y = flow.draw(canvas, (rect.x + PAD, y)) + LINE_GAP


def draw_key(canvas: Image.Image, rect: Rect) -> None:
    """What each token icon means: the cards show icons where the wide board had words."""
    Flow(key_pieces(), rect.width).draw(canvas, (rect.x, rect.y))


KEY_KINDS = (("kick", "Kick"), ("punch", "Punch"), ("blast", "High Blast"), ("kick_defense", "defense"))


def key_pieces() -> list[Piece]:
    pieces: list[Piece] = [_words("KEY", Colour.MUTED, bold=True)]
    entries = [
        *KEY_KINDS,
        ("power_up", TOKEN_NAMES["power_up"]),
        ("dragon_ball", TOKEN_NAMES["dragon_ball"]),
    ]
    for kind, label in entries:
        pieces.append(
            Keep((Picture(tokens.token_tile(kind, 30, Colour.TABLE), 5), _words(label, Colour.MUTED)))
        )
    pieces.append(Keep((Picture(tokens.coin(40), 5), _words("face down", Colour.MUTED))))
    return pieces


def key_height(width: int) -> int:
    return Flow(key_pieces(), width).height
