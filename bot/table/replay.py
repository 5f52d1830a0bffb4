"""``/<game> replay``: the animated replay of a finished game, built by ``bot.core.replay`` and
posted in its channel.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.core.game_module import GameModule
from bot.core.replay import RenderPng, ReplayMismatch, build_replay
from bot.storage import GameRecord, Storage
from bot.ui.components import STORED_NUMBER_LIMIT
from bot.ui.replies import in_time, reply_error, send
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.translate import command
from rules.core.text import Text

log = logging.getLogger("bot.replay")


async def finished_game(
    storage: Storage, game: str, guild_id: int | None, channel_id: int, game_id: int | None
) -> GameRecord | None:
    """The finished game ``game_id`` of this server, or this channel's latest finished game."""
    if game_id is None:
        rows = await storage.read_all(
            "SELECT id FROM games WHERE channel_id = ? AND game = ? AND status = 'finished' "
            "ORDER BY id DESC LIMIT 1",
            (channel_id, game),
        )
        if not rows:
            return None
        game_id = rows[0][0]
    elif not 0 < game_id <= STORED_NUMBER_LIMIT:
        # A number typed (or forged) past what the database holds names no game.
        return None
    record = await storage.game(game_id)
    if record is None or record.game != game or record.status != "finished" or record.guild_id != guild_id:
        return None
    return record


async def post_replay(
    interaction: discord.Interaction[Any],
    storage: Storage,
    module: GameModule,
    render: Callable[[GameRecord, Language], RenderPng],
    game_id: int | None,
    language: Language,
) -> None:
    """Answers ``/<game> replay``: acknowledged in time, built in a thread, posted as an attachment
    with words in the table's ``language``; ``render`` gives the frames' drawing for the game's
    record in that language."""
    assert interaction.channel_id is not None
    record = await finished_game(storage, module.name, interaction.guild_id, interaction.channel_id, game_id)
    if record is None:
        history = command("history")
        await reply_error(
            interaction,
            Text(
                "I have no finished {game} game to replay in this channel. `{history}` lists the server's "
                "recent games with their numbers.",
                game=module.title,
                history=history,
            )
            if game_id is None
            else Text(
                "This server has no finished {game} game #{number} to replay. `{history}` lists the "
                "server's recent games with their numbers.",
                game=module.title,
                number=str(game_id),
                history=history,
            ),
        )
        return
    build = _build_and_post(interaction, storage, module, render(record, language), record, language)
    await in_time(interaction, build, thinking=True)


async def _build_and_post(
    interaction: discord.Interaction[Any],
    storage: Storage,
    module: GameModule,
    render: RenderPng,
    record: GameRecord,
    language: Language,
) -> None:
    actions = await storage.actions(record.id)
    try:
        gif = await asyncio.to_thread(build_replay, module, render, record, actions)
    except ReplayMismatch:
        log.warning("game %s cannot be replayed with the current rules", record.id)
        await reply_error(interaction, Text("This game was played with older rules, so I can't replay it."))
        return
    _ = translations(BOT, language).gettext
    replay = discord.File(
        io.BytesIO(gif),
        filename=f"{module.name}-{record.id}-replay.gif",
        description=_("Animated replay of {game} game #{number}").format(game=module.title, number=record.id),
    )
    content = _("Replay of {game} game #{number}.").format(game=module.title, number=record.id)
    await send(interaction, content=content, file=replay)
