"""Prints the action logs of a few games between AIs, one JSON line per game.

Run in fresh processes with different ``PYTHONHASHSEED`` values by ``test_ai.py``: the logs must be
identical, so no AI decision may depend on the order of a set or any other per-process accident.

    PYTHONPATH=. python -m tests.rules.over9000.ai_log GAMES
"""

from __future__ import annotations

import json
import random
import sys

from rules.over9000.ai import choose_action
from rules.over9000.content import catalogue
from rules.over9000.engine import Over9000Options, apply, new_game

ALWAYS_PLAYING = "android18"
"""Barrier makes the AI choose among several defense icons, where set order once leaked in."""


def lineup(seed: int) -> list[str]:
    chooser = random.Random(seed)
    others = [character.id for character in catalogue().characters if character.id != ALWAYS_PLAYING]
    players = 2 + seed % 5
    return [ALWAYS_PLAYING, *chooser.sample(others, players - 1)]


def action_log(seed: int) -> list[dict[str, object]]:
    state = new_game(Over9000Options(characters=lineup(seed)), seed)
    log: list[dict[str, object]] = []
    while state.outcome is None:
        assert state.prompt is not None
        seat = state.prompt.seats[0]
        action = choose_action(state, seat, seed * 7919 + state.actions_taken)
        log.append(action.model_dump())
        state, _ = apply(state, action)
    return log


def main() -> None:
    for seed in range(int(sys.argv[1])):
        print(json.dumps(action_log(seed), sort_keys=True))


if __name__ == "__main__":
    main()
