"""Answering interactions: each is answered exactly once and in time, whatever else is going on.

Discord drops an interaction that gets no first answer within 3 seconds, and refuses a second first
answer. Every answer here goes through one lock per interaction, so the work of a click and its
deadline keeper (``in_time``) can never both answer first: whoever comes second follows up instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.runtime import metrics
from bot.ui.text import MESSAGE_LIMIT, Said, clip, private_language, spoken
from rules.core.text import Text

log = logging.getLogger("bot.replies")

T = TypeVar("T")

UNKNOWN_INTERACTION = 10062
"""Discord's error code for an interaction it no longer takes answers for (it was not answered
within 3 seconds, or its token is older than 15 minutes)."""

# A click whose work has not finished by then is acknowledged first. On a quiet bot most clicks
# finish sooner and are answered with one request; on a busy one the acknowledgement costs a request
# more, but the player sees the click taken at once rather than after the slowest part of the work.
DEFER_AFTER_SECONDS = 0.1


def _answer_lock(interaction: discord.Interaction[Any]) -> asyncio.Lock:
    return interaction.extras.setdefault("answer_lock", asyncio.Lock())


async def in_time(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    thinking: bool = False,
    ephemeral: bool = False,
) -> T:
    """Runs ``work``; if it is still running after DEFER_AFTER_SECONDS and nothing has answered yet,
    acknowledges the interaction so Discord keeps it alive (``thinking`` shows "is thinking…" for a
    command that will post a message, only to the user when ``ephemeral``). The work's own answer then
    follows up."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_SECONDS)
    if not done:
        async with _answer_lock(interaction):
            if not interaction.response.is_done():
                with contextlib.suppress(discord.HTTPException):
                    await interaction.response.defer(thinking=thinking, ephemeral=ephemeral)
                    metrics.answered(interaction)
    return await task


def expired(error: BaseException) -> bool:
    """Whether ``error`` says the interaction can no longer be answered: nothing more can reach its
    user through it, so nothing more is tried."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def send(
    interaction: discord.Interaction[Any], *, ephemeral: bool = False, **fields: Any
) -> int | None:
    """Posts a new message as the answer (or as a follow-up); returns its id for public messages."""
    async with _answer_lock(interaction):
        if interaction.response.is_done():
            # A follow-up takes no ``view=None``: leaving the view out means the same there.
            fields = {key: value for key, value in fields.items() if value is not None or key != "view"}
            sent = await interaction.followup.send(ephemeral=ephemeral, wait=True, **fields)
            return sent.id
        await interaction.response.send_message(ephemeral=ephemeral, **fields)
        metrics.answered(interaction)
    if ephemeral:
        return None
    return (await interaction.original_response()).id


async def update(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Edits the message whose control was used: as the answer, or after an acknowledgement."""
    async with _answer_lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)
            metrics.answered(interaction)


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Takes a click without a word and without changing its message (what it did shows elsewhere)."""
    async with _answer_lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer()
            metrics.answered(interaction)


async def open_modal(interaction: discord.Interaction[Any], modal: discord.ui.Modal) -> None:
    """Opens ``modal``, which only a first answer can do; a click already acknowledged is asked to
    press again. The modal is stopped first, so discord.py does not keep it: its answer, whenever it
    comes, is read from its custom id (``GameBot.on_interaction``), before a restart or after."""
    modal.stop()
    async with _answer_lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.send_modal(modal)
            return
    await reply_private(interaction, Text("That took too long to open. Press the button again."))


async def reply_private(interaction: discord.Interaction[Any], content: Said, **kwargs: Any) -> None:
    """An ephemeral answer, in the language of the one who acted: the first response if there was
    none yet, else a follow-up."""
    words = spoken(content, private_language(interaction))
    await send(interaction, ephemeral=True, content=clip(words, MESSAGE_LIMIT), **kwargs)


async def reply_error(interaction: discord.Interaction[Any], content: Said) -> None:
    await reply_private(interaction, content)


async def try_reply_private(interaction: discord.Interaction[Any], content: Said) -> None:
    """An ephemeral word that may no longer be deliverable (the interaction expired): logged if not."""
    try:
        await reply_private(interaction, content)
    except discord.HTTPException as error:
        log.info("could not tell %s: %s (%s)", interaction.user.id, content, error)
