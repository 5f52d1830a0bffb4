"""Helpers for the bot's messages: a board as an attachment, a payload as an edit, links, mentions,
and a few words on what went wrong with Discord."""

from __future__ import annotations

import io
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
    return f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"


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
