"""Animated replays of finished games, rebuilt from the stored seed and action log.

The real engine replays every logged action from the seed; a frame is drawn after each action that
made public news (a roll, a spend, a duel), so the replay shows the moves that matter rather than
only the ends of turns. Long games are sampled evenly down to ``MAX_FRAMES``, and the GIF is shrunk
until it fits Discord's upload limit. Hidden information never appears: frames are drawn from the
public view, like the live board.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.replies import in_time, reply_error, send
from bot.service import GameModule
from bot.storage import ActionRecord, GameRecord, Storage
from renderers.animation import UPLOAD_LIMIT_BYTES, fitted_gif, sample_evenly

log = logging.getLogger("bot.replay")

# About 40 s of replay at 0.9 s a frame, built in a few seconds.
MAX_FRAMES = 48

RenderPng = Callable[[Any], bytes]
"""Draws a state's public board as PNG bytes."""


class ReplayMismatch(Exception):
    """Replaying the log did not arrive at the saved state (a rules change since the game was played)."""


def replay_states(module: GameModule, record: GameRecord, actions: list[ActionRecord]) -> list[Any]:
    """The game's first state, the state after every action with a public event, and its last state."""
    rules = module.rules
    state = rules.new_game(module.options(record.lobby), record.seed)
    shown = [state]
    for logged in actions:
        state, events = rules.apply(state, rules.parse_action(logged.action))
        if any(event.visible_to is None for event in events):
            shown.append(state)
    if shown[-1] is not state:
        shown.append(state)
    if rules.dump_state(state) != record.state_json:
        raise ReplayMismatch(f"replaying game {record.id} does not reach its saved state")
    return shown


def build_replay(
    module: GameModule,
    render: RenderPng,
    record: GameRecord,
    actions: list[ActionRecord],
    max_frames: int = MAX_FRAMES,
    max_bytes: int = UPLOAD_LIMIT_BYTES,
) -> bytes:
    """The replay GIF; CPU-bound, so callers run it in a thread."""
    states = replay_states(module, record, actions)
    pngs = [render(states[index]) for index in sample_evenly(len(states), max_frames)]
    return fitted_gif(pngs, max_bytes)


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
    record = await storage.game(game_id)
    if record is None or record.game != game or record.status != "finished" or record.guild_id != guild_id:
        return None
    return record


async def post_replay(
    interaction: discord.Interaction[Any],
    storage: Storage,
    module: GameModule,
    render: RenderPng,
    game_id: int | None,
) -> None:
    """Answers ``/<game> replay``: acknowledged in time, built in a thread, posted as an attachment."""
    assert interaction.channel_id is not None
    record = await finished_game(storage, module.name, interaction.guild_id, interaction.channel_id, game_id)
    if record is None:
        where = f"game #{game_id} of this server" if game_id is not None else "this channel"
        await reply_error(
            interaction,
            f"I have no finished {module.title} game to replay in {where}. "
            "`/history` lists the server's recent games with their numbers.",
        )
        return
    await in_time(interaction, _build_and_post(interaction, storage, module, render, record), thinking=True)


async def _build_and_post(
    interaction: discord.Interaction[Any],
    storage: Storage,
    module: GameModule,
    render: RenderPng,
    record: GameRecord,
) -> None:
    actions = await storage.actions(record.id)
    try:
        gif = await asyncio.to_thread(build_replay, module, render, record, actions)
    except ReplayMismatch:
        log.warning("game %s cannot be replayed with the current rules", record.id)
        await reply_error(interaction, "This game was played with older rules, so I can't replay it.")
        return
    replay = discord.File(
        io.BytesIO(gif),
        filename=f"{module.name}-{record.id}-replay.gif",
        description=f"Animated replay of {module.title} game #{record.id}",
    )
    await send(interaction, content=f"Replay of {module.title} game #{record.id}.", file=replay)
