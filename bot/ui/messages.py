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


def ping_text(user_ids: Iterable[int], title: str, board_link: str) -> str:
    """The notification that calls these players to the board: their mentions and a jump link."""
    names = ", ".join(f"<@{user_id}>" for user_id in user_ids)
    return f"{names}, your move in {title} → {board_link}"


_PING = re.compile(r"(<@\d+>, )*<@\d+>, your move in [^\n]+ → https://discord\.com/channels/[^/\s]+/\d+/\d+")


def is_ping_text(content: str | None) -> bool:
    """Whether a message of the bot's reads as a notification (``ping_text``)."""
    return content is not None and _PING.fullmatch(content) is not None


def moved_line(title: str, round_number: int | None, board_link: str) -> str:
    """What a superseded board becomes: one line, with a jump link to the board that replaced it."""
    where = f"{title}, round {round_number}" if round_number is not None else title
    return f"{where} · the board moved ↓ {board_link}"


def thread_line(title: str, board_link: str) -> str:
    """What a lobby becomes once its game started in the thread opened on it."""
    return f"{title} · the game is on in its thread → {board_link}"


def player_tag(player: dict[str, Any]) -> str:
    return "AI" if player.get("ai") else f"<@{player['user_id']}>"


@dataclass(frozen=True)
class _UserId:
    """A user id as Discord's API documents snowflakes: a string (discord.py would send a number)."""

    id: str


def mentions(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Only these users are notified by a message, whatever else it mentions."""
    users: Any = [_UserId(str(user_id)) for user_id in user_ids]
    return discord.AllowedMentions(users=users, everyone=False, roles=False)


def problem_text(error: BaseException) -> str:
    """What went wrong with Discord, in a few words for the player."""
    if isinstance(error, discord.Forbidden):
        return "I lack a permission in this channel (View Channel, Send Messages, Embed Links, Attach Files)"
    if isinstance(error, discord.NotFound):
        return "the board message is gone"
    if isinstance(error, discord.HTTPException):
        return f"Discord answered {error.status}"
    return "something went wrong on my side"
