"""Helpers for the bot's messages: a board as an attachment, a payload as an edit, links, mentions,
the short notification that calls players to the board and the line a superseded board becomes,
and a few words on what went wrong with Discord."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.storage import GameRecord
from locales.catalogues import BOT, N_, translations
from locales.languages import Language
from locales.numbers import format_number
from rules.core.text import Text


def board_file(board: Any) -> discord.File:
    """A rendered board as an attachment, its alt text as the description screen readers read."""
    return discord.File(io.BytesIO(board.png), filename="board.png", description=board.alt_text[:1024])


def as_edit(message: dict[str, Any]) -> dict[str, Any]:
    """A new-message payload as an edit: the new image replaces every old attachment."""
    edit = dict(message)
    edit["attachments"] = edit.pop("files")
    return edit


def message_link(record: GameRecord) -> str:
    """A jump link to the game's board (a thread's lobby lives in the channel it was opened in)."""
    message_id = record.message_id
    channel_id = record.channel_id if message_id is None else record.channel_of_message(message_id)
    return f"https://discord.com/channels/{record.guild_id}/{channel_id}/{record.message_id}"


PING = N_("{players}, your move in {game} → {link}")


def ping_text(user_ids: Iterable[int], title: str, board_link: str, language: Language) -> str:
    """The notification that calls these players to the board: their mentions and a jump link."""
    names = ", ".join(f"<@{user_id}>" for user_id in user_ids)
    return translations(BOT, language).gettext(PING).format(players=names, game=title, link=board_link)


def _ping_pattern(template: str) -> str:
    pieces = {
        "players": r"(<@\d+>, )*<@\d+>",
        "game": r"[^\n]+",
        "link": r"https://discord\.com/channels/[^/\s]+/\d+/\d+",
    }
    pattern = re.escape(template)
    for name, piece in pieces.items():
        pattern = pattern.replace(re.escape("{" + name + "}"), piece)
    return pattern


_PINGS = re.compile(
    "|".join(f"(?:{_ping_pattern(translations(BOT, language).gettext(PING))})" for language in Language)
)


def is_ping_text(content: str | None) -> bool:
    """Whether a message of the bot's reads as a notification (``ping_text``), in any language."""
    return content is not None and _PINGS.fullmatch(content) is not None


def moved_line(title: str, round_number: int | None, board_link: str, language: Language) -> str:
    """What a superseded board becomes: one line, with a jump link to the board that replaced it."""
    _ = translations(BOT, language).gettext
    if round_number is None:
        return _("{game} · the board moved ↓ {link}").format(game=title, link=board_link)
    return _("{game}, round {round} · the board moved ↓ {link}").format(
        game=title, round=format_number(round_number, language), link=board_link
    )


def thread_line(title: str, board_link: str, language: Language) -> str:
    """What a lobby becomes once its game started in the thread opened on it."""
    return (
        translations(BOT, language)
        .gettext("{game} · the game is on in its thread → {link}")
        .format(game=title, link=board_link)
    )


def player_tag(player: dict[str, Any], language: Language = Language.ENGLISH) -> str:
    """A seat's player as a board names them: their mention, or the AI."""
    return translations(BOT, language).gettext("AI") if player.get("ai") else f"<@{player['user_id']}>"


@dataclass(frozen=True)
class _UserId:
    """A user id as Discord's API documents snowflakes: a string (discord.py would send a number)."""

    id: str


def mentions(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Only these users are notified by a message, whatever else it mentions."""
    users: Any = [_UserId(str(user_id)) for user_id in user_ids]
    return discord.AllowedMentions(users=users, everyone=False, roles=False)


def problem_text(error: BaseException) -> Text:
    """What went wrong with Discord, in a few words for the player."""
    if isinstance(error, discord.Forbidden):
        return Text(
            "I lack a permission in this channel (View Channel, Send Messages, Embed Links, Attach Files)"
        )
    if isinstance(error, discord.NotFound):
        return Text("the board message is gone")
    if isinstance(error, discord.HTTPException):
        return Text("Discord answered {status}", status=str(error.status))
    return Text("something went wrong on my side")
