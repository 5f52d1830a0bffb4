"""Answering interactions whether or not they were already answered."""

from __future__ import annotations

from typing import Any

import discord


async def reply_private(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """An ephemeral answer: the first response if there was none yet, else a follow-up."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def reply_error(interaction: discord.Interaction[Any], content: str) -> None:
    await reply_private(interaction, content)
