"""Over 9000's public board: its embed, the line calling whoever must act, and its buttons, all
drawn from the public view only."""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import GameRecord
from bot.table.controller import finished_view
from bot.ui.components import button, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from rules.over9000 import Over9000View
from rules.over9000.content import format_level

RECENT_ON_BOARD = 6


def board_status(public: Over9000View, players: list[dict[str, Any]]) -> str:
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return "The game is over."
    names = [public.players[seat].name for seat in prompt.seats]
    if prompt.kind == "place":
        return "**Arranging tokens** — still arranging: " + ", ".join(names) + "."
    order = " → ".join(public.players[seat].name for seat in public.turn_order)
    if prompt.kind == "attack":
        seat = prompt.seats[0]
        return f"**Duels** (order: {order}) — **{names[0]}** ({player_tag(players[seat])}) attacks."
    declared = [str(event.text) for event in public.recent_events if event.kind == "attack_declared"]
    seat = prompt.seats[0]
    return (
        f"**Duels** (order: {order}) — {declared[-1] if declared else ''} "
        f"**{names[0]}** ({player_tag(players[seat])}) must reveal a slot."
    )


def line_up(public: Over9000View, players: list[dict[str, Any]]) -> str:
    """Who plays whom, and their power levels (the image shows the tokens)."""
    return " · ".join(
        f"**{player.name}** ({player_tag(players[player.seat])}) {format_level(player.power_level)}"
        for player in public.players
    )


def board_embed(public: Over9000View, players: list[dict[str, Any]]) -> discord.Embed:
    if public.outcome is not None:
        winners = " and ".join(public.players[seat].name for seat in public.outcome.winners)
        title = f"Over 9000 — 🏆 {winners} win{'' if len(public.outcome.winners) > 1 else 's'}!"
    else:
        title = f"Over 9000 — round {public.round}"
    lines = [board_status(public, players), "", line_up(public, players)]
    recent = [str(event.text) for event in public.recent_events][-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.gold())


def call_line(public: Over9000View, players: list[dict[str, Any]]) -> str | None:
    """The board's line that calls whoever must act (a mention pings them when the board is posted)."""
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return None
    humans = [seat for seat in prompt.seats if not players[seat].get("ai")]
    if prompt.kind == "place":
        if not humans:
            return "The AI players are arranging their tokens…"
        mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in humans)
        return f"Round {public.round}: {mentions} — arrange your tokens with **My tokens**."
    seat = prompt.seats[0]
    name = public.players[seat].name
    if not humans:
        return f"The AI is playing {name}…"
    mention = f"<@{players[seat]['user_id']}>"
    if prompt.kind == "attack":
        return f"{mention}, your turn to attack: press **Attack…**."
    return f"{mention}, you are attacked! Press **Reveal…** to choose a slot to reveal."


def board_view(record: GameRecord, public: Over9000View) -> discord.ui.View | None:
    """ "My tokens" for everyone while the game runs; "Attack…" or "Reveal…" only while a person (not
    the AI) must attack or reveal, so no button on the board only answers "wait for your turn"."""
    if public.outcome is not None:
        return finished_view(record)
    prompt = public.prompt
    if prompt is None:
        return None
    items: list[discord.ui.Item[Any]] = [
        button(
            record.id,
            record.version,
            "mine",
            label="My tokens",
            emoji="🎴",
            style=discord.ButtonStyle.primary,
        )
    ]
    players = record.lobby["players"]
    if prompt.kind != "place" and not players[prompt.seats[0]].get("ai"):
        label = "Attack…" if prompt.kind == "attack" else "Reveal…"
        items.append(
            button(record.id, record.version, "duel", label=label, style=discord.ButtonStyle.success)
        )
    return view_of(items)
