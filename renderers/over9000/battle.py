"""The band under the header: the turn order (or who is still arranging, or the final standings)
beside the duel in progress (or what comes next, or the winner)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.common import PANEL_PAD, PANEL_TITLE, RGB, Colour, Rect, ellipsize, font, ink_on, paste
from renderers.drawing import drawing
from renderers.over9000 import tokens
from renderers.over9000.describe import WIN_REASONS, arranging, headline
from renderers.over9000.panels import seat_badge
from rules.over9000.content import TOKEN_NAMES, format_level
from rules.over9000.view import Over9000View, PlayerView

CHIPS_PER_ROW = 3
CHIP_GAP = 10
CHIP_HEIGHT = 44
ARROW_WIDTH = 60
FIGHTER_ROOM = 186
DUEL_ROW = PANEL_TITLE + 4
SENTENCE_TOP = DUEL_ROW + CHIP_HEIGHT + 6
CHIP_FILL = Colour.INSET


def _title(draw: ImageDraw.ImageDraw, panel: Rect, title: str, note: str) -> None:
    draw.text((panel.x + PANEL_PAD, panel.y + 12), title, font=font(22, True), fill=Colour.TEXT)
    if note:
        draw.text(
            (panel.right - PANEL_PAD, panel.y + 24), note, font=font(16), fill=Colour.MUTED, anchor="rm"
        )


# Turn order.


@dataclass(frozen=True)
class Chip:
    """One player in the turn order: a marker (their place, or a sign), their name and a few words;
    ``style`` is "plain", "highlight" (whose turn, or a winner) or "faint" (out of the duels)."""

    player: PlayerView
    marker: str
    words: str
    style: str = "plain"


def order_chips(view: Over9000View) -> tuple[str, str, list[Chip]]:
    """The panel's title, its note and its chips for the phase."""
    if view.outcome is not None:
        standings = sorted(view.players, key=lambda player: -player.power_level)
        winners = view.outcome.winners
        chips = [
            Chip(
                player,
                "★" if player.seat in winners else f"{place}.",
                format_level(player.power_level),
                "highlight" if player.seat in winners else "plain",
            )
            for place, player in enumerate(standings, start=1)
        ]
        return "FINAL POWER LEVELS", "highest first", chips
    if view.phase == "placement" or not view.turn_order:
        chips = [
            Chip(player, "", "ready" if player.placed else f"arranging, {player.hand_size} in hand")
            for player in view.players
        ]
        return "ARRANGING TOKENS", f"{len(arranging(view))} still arranging", chips
    chips = []
    for place, seat in enumerate(view.turn_order, start=1):
        player = view.players[seat]
        if seat == view.active_seat:
            chips.append(Chip(player, "▶", format_level(player.power_level), "highlight"))
        elif sum(slot.face_down for slot in player.slots) == 0:
            chips.append(Chip(player, f"{place}.", "out of tokens", "faint"))
        else:
            chips.append(Chip(player, f"{place}.", format_level(player.power_level)))
    return "TURN ORDER", "lowest power level first", chips


def draw_order(canvas: Image.Image, panel: Rect, view: Over9000View) -> None:
    draw = drawing(canvas)
    title, note, chips = order_chips(view)
    _title(draw, panel, title, note)
    for index, chip in enumerate(chips):
        _draw_chip(draw, panel, index, chip)


def _draw_chip(draw: ImageDraw.ImageDraw, panel: Rect, index: int, chip: Chip) -> None:
    width = (panel.width - 2 * PANEL_PAD - (CHIPS_PER_ROW - 1) * CHIP_GAP) // CHIPS_PER_ROW
    x = panel.x + PANEL_PAD + (index % CHIPS_PER_ROW) * (width + CHIP_GAP)
    y = panel.y + PANEL_TITLE + 4 + (index // CHIPS_PER_ROW) * (CHIP_HEIGHT + CHIP_GAP)
    fill = Colour.YELLOW if chip.style == "highlight" else CHIP_FILL
    ink, sub = {
        "highlight": (ink_on(Colour.YELLOW), ink_on(Colour.YELLOW)),
        "faint": (Colour.FAINT, Colour.FAINT),
    }.get(chip.style, (Colour.TEXT, Colour.MUTED))
    draw.rounded_rectangle(
        (x, y, x + width - 1, y + CHIP_HEIGHT - 1), 8, fill=fill, outline=Colour.PANEL_EDGE
    )
    left = x + 8
    if chip.marker:
        draw.text((left, y + CHIP_HEIGHT // 2), chip.marker, font=font(18, True), fill=ink, anchor="lm")
        left += 26
    seat_badge(draw, chip.player.seat, (left, y + 9, left + 26, y + 35), 16)
    left += 34
    room = x + width - 8 - left
    draw.text((left, y + 3), ellipsize(chip.player.name, font(18, True), room), font=font(18, True), fill=ink)
    draw.text((left, y + 24), ellipsize(chip.words, font(16), room), font=font(16), fill=sub)


# The duel.


def draw_duel(canvas: Image.Image, panel: Rect, view: Over9000View) -> None:
    draw = drawing(canvas)
    if view.outcome is not None:
        _draw_winner(canvas, draw, panel, view)
    elif view.phase == "placement" or view.active_seat is None:
        _title(draw, panel, "DUELS", "")
        _sentences(
            draw,
            panel,
            [
                ("Duels start when everyone has arranged their tokens.", Colour.TEXT),
                ("The lowest power level attacks first.", Colour.MUTED),
                (f"{view.pile_size} tokens left in the pile.", Colour.MUTED),
            ],
            top=DUEL_ROW + 2,
        )
    else:
        _draw_duel(canvas, draw, panel, view)


def _fighter(draw: ImageDraw.ImageDraw, player: PlayerView, x: int, y: int, room: int) -> int:
    """A seat badge and a name; returns the right edge."""
    seat_badge(draw, player.seat, (x, y + 6, x + 32, y + 38), 18)
    typeface = font(20, True)
    name = ellipsize(player.name, typeface, room - 42)
    draw.text((x + 42, y + CHIP_HEIGHT // 2), name, font=typeface, fill=Colour.TEXT, anchor="lm")
    return x + 42 + round(typeface.getlength(name))


def _arrow(draw: ImageDraw.ImageDraw, x: int, y: int, colour: RGB) -> None:
    mid = y + CHIP_HEIGHT // 2
    draw.rectangle((x, mid - 3, x + ARROW_WIDTH - 16, mid + 3), fill=colour)
    draw.polygon(
        [(x + ARROW_WIDTH - 20, mid - 12), (x + ARROW_WIDTH, mid), (x + ARROW_WIDTH - 20, mid + 12)],
        fill=colour,
    )


def _draw_duel(canvas: Image.Image, draw: ImageDraw.ImageDraw, panel: Rect, view: Over9000View) -> None:
    assert view.active_seat is not None
    attacker = view.players[view.active_seat]
    duel = view.duel
    _title(draw, panel, "DUEL", "")
    x, y = panel.x + PANEL_PAD, panel.y + DUEL_ROW
    right = _fighter(draw, attacker, x, y, FIGHTER_ROOM)
    _arrow(draw, right + 14, y, Colour.YELLOW)
    target_x = right + 14 + ARROW_WIDTH + 14
    sentences: list[tuple[str, RGB]]
    if duel is None:
        draw.text((target_x, y + CHIP_HEIGHT // 2), "?", font=font(30, True), fill=Colour.YELLOW, anchor="lm")
        sentences = [(f"{attacker.name} chooses a slot, a target and an attack to declare.", Colour.TEXT)]
    else:
        defender = view.players[duel.defender]
        _fighter(draw, defender, target_x, y, FIGHTER_ROOM)
        tile_x = panel.right - PANEL_PAD - tokens.TILE[0]
        coin_x = tile_x - 12 - 40
        paste(canvas, tokens.coin(40), (coin_x, y + 2))
        canvas.paste(tokens.face_up_tile(duel.declared, Colour.PANEL), (tile_x, y))
        caption = font(16)
        draw.text((coin_x + 20, y - 4), "pushed", font=caption, fill=Colour.MUTED, anchor="md")
        draw.text(
            (tile_x + tokens.TILE[0] // 2, y - 4), "declared", font=caption, fill=Colour.MUTED, anchor="md"
        )
        sentences = [
            (
                f"Declares {TOKEN_NAMES[duel.declared]} with the token pushed from slot {duel.slot + 1};"
                f" {defender.name} must reveal a slot.",
                Colour.TEXT,
            )
        ]
    sentences.extend(_armed_sentences(view))
    _sentences(draw, panel, sentences, top=SENTENCE_TOP)


def _armed_sentences(view: Over9000View) -> list[tuple[str, RGB]]:
    """A flipped power is public; its effect waits for the reveal."""
    armed = []
    if view.turn_armed and view.active_seat is not None:
        player = view.players[view.active_seat]
        armed.append((f"{player.name}'s {player.power_name} is armed for this attack.", Colour.GOLD))
    if view.duel is not None and view.duel.defense_armed:
        player = view.players[view.duel.defender]
        armed.append((f"{player.name}'s {player.power_name} is armed for this defense.", Colour.GOLD))
    return armed


def _sentences(draw: ImageDraw.ImageDraw, panel: Rect, lines: list[tuple[str, RGB]], top: int) -> None:
    typeface = font(16)
    width = panel.width - 2 * PANEL_PAD
    for index, (text, colour) in enumerate(lines):
        draw.text(
            (panel.x + PANEL_PAD, panel.y + top + index * 20),
            ellipsize(text, typeface, width),
            font=typeface,
            fill=colour,
        )


WIN_SHOUTS = {
    "over_9000": "It's over 9000!",
    "clearly_highest": "Clearly the strongest!",
    "shared_at_final_round": "A shared victory!",
}


def _draw_winner(canvas: Image.Image, draw: ImageDraw.ImageDraw, panel: Rect, view: Over9000View) -> None:
    assert view.outcome is not None
    _title(draw, panel, "GAME OVER", f"after round {view.round}")
    paste(
        canvas,
        tokens.icon("dragon_ball", 64, Colour.ORANGE, Colour.PANEL),
        (panel.x + PANEL_PAD, panel.y + DUEL_ROW + 2),
    )
    left = panel.x + PANEL_PAD + 80
    room = panel.right - PANEL_PAD - left
    shout = WIN_SHOUTS.get(view.outcome.reason, headline(view))
    draw.text(
        (left, panel.y + DUEL_ROW - 2),
        ellipsize(shout, font(32, True), room),
        font=font(32, True),
        fill=Colour.YELLOW,
    )
    winners = [
        f"{view.players[seat].name} ({format_level(view.players[seat].power_level)})"
        for seat in view.outcome.winners
    ]
    verdict = f"{', '.join(winners)} {'wins' if len(winners) == 1 else 'share the victory'}"
    draw.text(
        (left, panel.y + DUEL_ROW + 44),
        ellipsize(verdict, font(20, True), room),
        font=font(20, True),
        fill=Colour.TEXT,
    )
    reason = WIN_REASONS.get(view.outcome.reason, view.outcome.reason)
    draw.text(
        (left, panel.y + DUEL_ROW + 72),
        ellipsize(reason[0].upper() + reason[1:] + ".", font(16), room),
        font=font(16),
        fill=Colour.MUTED,
    )
