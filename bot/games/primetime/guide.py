"""The list of Prime Time's commands (its rules pages are ``bot.games.primetime.rule_pages``)."""

from __future__ import annotations

HELP_TEXT = (
    "**/primetime start** — open a lobby in this channel (`ai_opponent` lets the AI take the second seat)\n"
    "**/primetime status** — post the current board again at the bottom of the channel\n"
    "**/primetime rules** — the whole game in short pages\n"
    "**/primetime card** — one card in full: start typing its name and pick it\n"
    "**/primetime log** — the recent public events\n"
    "**/primetime autoplay** — hand your seat to the AI, or take it back\n"
    "**/primetime settings** — answer every On Hit / On Damage prompt (`auto_pass_on_hit`) or every "
    "Phase Start (`auto_ready`) at once, or not; with neither, your choices\n"
    "**/primetime abandon** — end the game (host or channel managers)\n"
    "**/primetime help** — this list\n"
    "On the board, **My hand** shows your cards privately; **Act…** opens your activation panel."
)
