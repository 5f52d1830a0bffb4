"""The list of Prime Time's commands (its rules pages are ``bot.games.primetime.rule_pages``), a
message of the primetime catalogue that the table says in each reader's language, with the commands
and their options named as the reader's client shows them."""

from __future__ import annotations

from locales.translate import command, option
from rules.core.text import Text

COMMANDS = ("start", "status", "rules", "card", "log", "autoplay", "settings", "abandon", "help")

HELP_TEXT = Text(
    "**{start}** — open a lobby in this channel (`{ai_opponent}` lets the AI take the second seat)\n"
    "**{status}** — post the current board again at the bottom of the channel\n"
    "**{rules}** — the whole game in short pages\n"
    "**{card}** — one card in full: start typing its name and pick it\n"
    "**{log}** — the recent public events\n"
    "**{autoplay}** — hand your seat to the AI, or take it back\n"
    "**{settings}** — answer every On Hit / On Damage prompt (`{auto_pass_on_hit}`) or every "
    "Phase Start (`{auto_ready}`) at once, or not; with neither, your choices\n"
    "**{abandon}** — end the game (host or channel managers)\n"
    "**{help}** — this list\n"
    "On the board, **My hand** shows your cards privately; **Act…** opens your activation panel.",
    {name: command(f"primetime {name}") for name in COMMANDS},
    ai_opponent=option("primetime start", "ai_opponent"),
    auto_pass_on_hit=option("primetime settings", "auto_pass_on_hit"),
    auto_ready=option("primetime settings", "auto_ready"),
)
