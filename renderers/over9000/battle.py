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
from renderers.over9000.describe import arranging, duel_verdict, level_changes, names, win_reason
from renderers.over9000.layout import LEVEL, NAME, TEXT
from renderers.over9000.panels import badge, tag
from renderers.over9000.words import Over9000Words
from rules.core.text import N_
from rules.over9000.view import LastDuelView, Over9000View

PAD = 14
ICON = 36
LINE_GAP = 8
ARROW = "➜"

WIN_SHOUTS = {
    # TRANSLATORS: the famous line of the show (Vegeta reading Goku's power level on his scouter):
    # use the dub's own words, as fans of that dub quote it.
    "over_9000": N_("It's over 9000!"),
    "clearly_highest": N_("Clearly the strongest!"),
    "shared_at_final_round": N_("A shared victory!"),
}


def _words(text: str, colour: RGB = Colour.TEXT, size: int = TEXT, bold: bool = False) -> Words:
    return Words(text, font(size, bold), colour)


def _fighters(view: Over9000View, attacker: int, defender: int | None, words: Over9000Words) -> list[Piece]:
    name = words.fighter(view.players[attacker])
    pieces: list[Piece] = [
        Keep((Picture(badge(attacker), 8), _words(name, size=NAME, bold=True))),
        _words(ARROW, Colour.YELLOW, NAME, True),
    ]
    if defender is None:
        pieces.append(_words("?", Colour.YELLOW, NAME, True))
    else:
        name = words.fighter(view.players[defender])
        pieces.append(Keep((Picture(badge(defender), 8), _words(name, size=NAME, bold=True))))
    return pieces


def _token(kind: str, words: Over9000Words) -> Keep:
    return Keep(
        (Picture(tokens.token_tile(kind, ICON, Colour.PANEL), 6), _words(words.token(kind), bold=True))
    )


def _heading(title: str) -> list[Piece]:
    return [_words(title, Colour.MUTED, bold=True)]


def order_pieces(view: Over9000View, words: Over9000Words) -> list[Piece]:
    """The turn order as seat badges, lowest power level first; whose turn it is is marked, and who
    is out of tokens is named."""
    if view.phase != "duel" or view.outcome is not None:
        return []
    pieces: list[Piece] = [_words(words.gettext("· order"), Colour.MUTED)]
    for seat in view.turn_order:
        player = view.players[seat]
        marker = "▶" if seat == view.active_seat else ""
        out = sum(slot.face_down for slot in player.slots) == 0
        parts: list[Words | Picture] = []
        if marker:
            parts.append(_words(marker, Colour.YELLOW, bold=True))
        parts.append(Picture(badge(seat), 4))
        if out:
            parts.append(_words(words.gettext("out"), Colour.FAINT))
        pieces.append(Keep(tuple(parts)))
    return pieces


def _armed(view: Over9000View, words: Over9000Words) -> list[list[Piece]]:
    """A flipped power is public; its effect waits for the reveal."""
    lines: list[list[Piece]] = []
    if view.turn_armed and view.active_seat is not None:
        player = view.players[view.active_seat]
        armed = words.gettext("{fighter}'s {power} is armed for this attack.")
        lines.append(
            [_words(armed.format(fighter=words.fighter(player), power=words.power(player)), Colour.GOLD)]
        )
    if view.duel is not None and view.duel.defense_armed:
        player = view.players[view.duel.defender]
        armed = words.gettext("{fighter}'s {power} is armed for this defense.")
        lines.append(
            [_words(armed.format(fighter=words.fighter(player), power=words.power(player)), Colour.GOLD)]
        )
    return lines


def _last_duel(view: Over9000View, duel: LastDuelView, words: Over9000Words) -> list[list[Piece]]:
    verdict = duel_verdict(duel, words)
    colour = Colour.VERMILLION if duel.result == "hit" else Colour.SKY
    changes = level_changes(view, duel, words)
    return [
        _heading(words.gettext("LAST DUEL")),
        _fighters(view, duel.attacker, duel.defender, words),
        [
            _words(words.gettext("declared")),
            _words(words.token(duel.declared), bold=True),
            _words(words.gettext("· pushed")),
            _token(duel.pushed, words),
            _words(words.gettext("· revealed")),
            _token(duel.revealed, words),
        ],
        [Picture(tag(verdict, colour), 10), *(_words(change, bold=True) for change in changes)],
    ]


def panel_lines(view: Over9000View, words: Over9000Words) -> list[list[Piece]]:
    """The panel's lines for the phase."""
    if view.outcome is not None:
        shout = WIN_SHOUTS.get(view.outcome.reason)
        over = words.format(
            words.gettext("Game over after round {round}: {reason}."),
            round=view.round,
            reason=win_reason(view, words),
        )
        lines: list[list[Piece]] = [
            [
                Picture(tokens.icon("dragon_ball", 44, Colour.ORANGE, Colour.PANEL), 12),
                _words(
                    words.gettext(shout) if shout else words.gettext("Game over"), Colour.YELLOW, LEVEL, True
                ),
            ],
            [_words(over, Colour.MUTED)],
        ]
        return lines + (_last_duel(view, view.last_duel, words) if view.last_duel is not None else [])
    if view.phase == "placement" or view.active_seat is None:
        waiting = words.gettext("Still arranging: {names}.").format(names=names(view, arranging(view), words))
        pile = words.ngettext(
            "{count} token left in the pile.", "{count} tokens left in the pile.", view.pile_size
        )
        return [
            _heading(words.gettext("ARRANGING TOKENS")),
            [_words(waiting)],
            [
                _words(
                    words.gettext(
                        "Duels start when everyone is ready; the lowest power level attacks first."
                    ),
                    Colour.MUTED,
                )
            ],
            [_words(words.format(pile, count=view.pile_size), Colour.MUTED)],
        ]
    lines: list[list[Piece]] = []
    attacker = view.active_seat
    duel = view.duel
    if duel is None:
        lines.append(_fighters(view, attacker, None, words))
        choosing = words.gettext("{fighter} chooses a slot, a target and an attack.")
        lines.append([_words(choosing.format(fighter=words.fighter(view.players[attacker])))])
    else:
        defender = words.fighter(view.players[duel.defender])
        lines.append(_fighters(view, attacker, duel.defender, words))
        lines.append(
            [
                _words(words.gettext("declared")),
                _token(duel.declared, words),
                _words(words.format(words.gettext("· pushed from slot {slot}"), slot=duel.slot + 1)),
                Picture(tokens.coin(ICON), 6),
            ]
        )
        lines.append([_words(words.gettext("{fighter} must reveal a slot.").format(fighter=defender))])
    lines += _armed(view, words)
    if duel is None and view.last_duel is not None:
        lines += _last_duel(view, view.last_duel, words)
    return lines


def _flows(lines: Sequence[Sequence[Piece]], width: int) -> list[Flow]:
    return [Flow(line, width, line_gap=4) for line in lines]


def panel_height(view: Over9000View, width: int, words: Over9000Words) -> int:
    flows = _flows(panel_lines(view, words), width - 2 * PAD)
    return 2 * PAD + sum(flow.height for flow in flows) + LINE_GAP * (len(flows) - 1)


def draw_duel_panel(canvas: Image.Image, rect: Rect, view: Over9000View, words: Over9000Words) -> None:
    draw = drawing(canvas)
    draw.rounded_rectangle(
        (rect.x, rect.y, rect.right - 1, rect.bottom - 1),
        14,
        fill=Colour.PANEL,
        outline=Colour.PANEL_EDGE,
        width=2,
    )
    y = rect.y + PAD
    for flow in _flows(panel_lines(view, words), rect.width - 2 * PAD):
        y = flow.draw(canvas, (rect.x + PAD, y)) + LINE_GAP


def draw_key(canvas: Image.Image, rect: Rect, words: Over9000Words) -> None:
    """What each token icon means: the cards show icons where the wide board had words."""
    Flow(key_pieces(words), rect.width).draw(canvas, (rect.x, rect.y))


KEY_KINDS = ("kick", "punch", "blast", "kick_defense", "power_up", "dragon_ball")
"""The icons the key explains: one defense stands for all three, which share its shield."""


def key_pieces(words: Over9000Words) -> list[Piece]:
    pieces: list[Piece] = [_words(words.gettext("KEY"), Colour.MUTED, bold=True)]
    for kind in KEY_KINDS:
        label = words.gettext("defense") if kind == "kick_defense" else words.token(kind)
        pieces.append(
            Keep((Picture(tokens.token_tile(kind, 30, Colour.TABLE), 5), _words(label, Colour.MUTED)))
        )
    pieces.append(Keep((Picture(tokens.coin(40), 5), _words(words.gettext("face down"), Colour.MUTED))))
    return pieces


def key_height(width: int, words: Over9000Words) -> int:
    return Flow(key_pieces(words), width).height
