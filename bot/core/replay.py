"""Finished games rebuilt from the stored seed and action log, and their animated replays.

The real engine replays every logged action from the seed; a frame is drawn after each action that
made public news (a roll, a spend, a duel), so the replay shows the moves that matter rather than
only the ends of turns. Long games are sampled evenly down to ``MAX_FRAMES``, and the GIF is shrunk
until it fits Discord's upload limit. Hidden information never appears: frames are drawn from the
public view, like the live board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.core.game_module import GameModule
from bot.storage import ActionRecord, GameRecord
from renderers.animation import UPLOAD_LIMIT_BYTES, fitted_gif, sample_evenly

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
