"""Over 9000's public board: its embed, the line calling whoever must act, and its buttons, all
drawn from the public view only, in the table's language (``words``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import GameRecord
from bot.table.controller import finished_view
from bot.ui.components import button, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from renderers.over9000.words import Over9000Words
from rules.over9000 import Over9000View

RECENT_ON_BOARD = 6


def _order(public: Over9000View, words: Over9000Words) -> str:
    return " → ".join(words.fighter(public.players[seat]) for seat in public.turn_order)


def board_status(public: Over9000View, players: list[dict[str, Any]], words: Over9000Words) -> str:
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return words.gettext("The game is over.")
    names = [words.fighter(public.players[seat]) for seat in prompt.seats]
    if prompt.kind == "place":
        return words.gettext("**Arranging tokens** — still arranging: {names}.").format(
            names=", ".join(names)
        )
    seat = prompt.seats[0]
    if prompt.kind == "attack":
        return words.gettext("**Duels** (order: {order}) — **{fighter}** ({player}) attacks.").format(
            order=_order(public, words), fighter=names[0], player=player_tag(players[seat])
        )
    declared = [words.event(event) for event in public.recent_events if event.kind == "attack_declared"]
    return words.gettext(
        "**Duels** (order: {order}) — {attack} **{fighter}** ({player}) must reveal a slot."
    ).format(
        order=_order(public, words),
        attack=declared[-1] if declared else "",
        fighter=names[0],
        player=player_tag(players[seat]),
    )


def line_up(public: Over9000View, players: list[dict[str, Any]], words: Over9000Words) -> str:
    """Who plays whom, and their power levels (the image shows the tokens)."""
    return " · ".join(
        f"**{words.fighter(player)}** ({player_tag(players[player.seat])}) {words.number(player.power_level)}"
        for player in public.players
    )


def board_embed(public: Over9000View, players: list[dict[str, Any]], words: Over9000Words) -> discord.Embed:
    if public.outcome is not None:
        winners = [words.fighter(public.players[seat]) for seat in public.outcome.winners]
        if len(winners) == 1:
            title = words.gettext("Over 9000 — 🏆 {fighter} wins!").format(fighter=winners[0])
        else:
            title = words.gettext("Over 9000 — 🏆 {fighters} win!").format(
                fighters=words.gettext("{names} and {last}").format(
                    names=", ".join(winners[:-1]), last=winners[-1]
                )
            )
    else:
        title = words.format(words.gettext("Over 9000 — round {round}"), round=public.round)
    lines = [board_status(public, players, words), "", line_up(public, players, words)]
    recent = [words.event(event) for event in public.recent_events][-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.gold())


def call_line(public: Over9000View, players: list[dict[str, Any]], words: Over9000Words) -> str | None:
    """The board's line that calls whoever must act (a mention pings them when the board is posted)."""
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return None
    humans = [seat for seat in prompt.seats if not players[seat].get("ai")]
    if prompt.kind == "place":
        if not humans:
            return words.gettext("The AI players are arranging their tokens…")
        mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in humans)
        return words.format(
            words.gettext("Round {round}: {mentions} — arrange your tokens with **{button}**."),
            round=public.round,
            mentions=mentions,
            button=words.pgettext("button", "My tokens"),
        )
    seat = prompt.seats[0]
    if not humans:
        return words.gettext("The AI is playing {fighter}…").format(
            fighter=words.fighter(public.players[seat])
        )
    mention = f"<@{players[seat]['user_id']}>"
    if prompt.kind == "attack":
        return words.gettext("{mention}, your turn to attack: press **{button}**.").format(
            mention=mention, button=words.pgettext("button", "Attack…")
        )
    return words.gettext(
        "{mention}, you are attacked! Press **{button}** to choose a slot to reveal."
    ).format(mention=mention, button=words.pgettext("button", "Reveal…"))


def board_view(record: GameRecord, public: Over9000View, words: Over9000Words) -> discord.ui.View | None:
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
            label=words.pgettext("button", "My tokens"),
            emoji="🎴",
            style=discord.ButtonStyle.primary,
        )
    ]
    players = record.lobby["players"]
    if prompt.kind != "place" and not players[prompt.seats[0]].get("ai"):
        label = (
            words.pgettext("button", "Attack…")
            if prompt.kind == "attack"
            else words.pgettext("button", "Reveal…")
        )
        items.append(
            button(record.id, record.version, "duel", label=label, style=discord.ButtonStyle.success)
        )
    return view_of(items)
