"""Perfect Cell engine throughput: random legal games on one core.

Each step enumerates the active player's legal actions and applies one chosen at random. A turn is
ended (a selection confirmed or cancelled first) once it has run ``TURN_STEP_LIMIT`` steps, so every
game reaches its end. Rates are per second of this process's CPU time, which is what one core delivers
whatever else the machine is running (the wall time is printed too). The last line printed is
``actions_per_second=N games_per_second=M``.

    PYTHONPATH=. .venv/bin/python bench/cell_engine.py [--seconds 10] [--games N] [--seed 1] [--quick]
"""

from __future__ import annotations

import argparse
import random
import time

from quick import parse_arguments

from rules.cell import RULES
from rules.cell.actions import CancelSelection, CellAction, Confirm, EndTurn
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions
from rules.cell.state import CellState, Variant

TURN_STEP_LIMIT = 12
VARIANTS: tuple[Variant, ...] = ("normal", "easy", "challenge", "impossible")


def pick_action(legal: list[CellAction], steps_this_turn: int, chooser: random.Random) -> CellAction:
    """A random legal action, except that a long turn is wound up: confirm or cancel, then end it."""
    if steps_this_turn >= TURN_STEP_LIMIT:
        for kind in (EndTurn, Confirm, CancelSelection):
            closing = [action for action in legal if isinstance(action, kind)]
            if closing:
                return closing[0]
    return chooser.choice(legal)


def random_options(chooser: random.Random) -> CellOptions:
    fighter_ids = [fighter.id for fighter in catalogue().fighters]
    players = chooser.randint(1, 4)
    return CellOptions(fighters=chooser.sample(fighter_ids, players), variant=chooser.choice(VARIANTS))


def play_game(state: CellState, chooser: random.Random) -> tuple[CellState, int]:
    """Plays to the end; returns the final state and the number of actions applied."""
    applied = steps_this_turn = 0
    while state.outcome is None:
        seat = state.active_seat
        action = pick_action(RULES.legal_actions(state, seat), steps_this_turn, chooser)
        state, _ = RULES.apply(state, action)
        applied += 1
        steps_this_turn = (
            0 if state.active_seat != seat or isinstance(action, EndTurn) else steps_this_turn + 1
        )
    return state, applied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="stop starting games after this much CPU time"
    )
    parser.add_argument("--games", type=int, default=0, help="play exactly this many games instead")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parse_arguments(parser, games=20)

    chooser = random.Random(arguments.seed)
    catalogue()
    games = actions = 0
    wall_started, cpu_started = time.perf_counter(), time.process_time()
    while True:
        cpu = time.process_time() - cpu_started
        if (arguments.games and games >= arguments.games) or (
            not arguments.games and cpu >= arguments.seconds
        ):
            break
        state = RULES.new_game(random_options(chooser), seed=chooser.getrandbits(32))
        _, applied = play_game(state, chooser)
        games += 1
        actions += applied
    cpu = time.process_time() - cpu_started
    wall = time.perf_counter() - wall_started
    print(f"{games} games, {actions} actions in {cpu:.2f} s of CPU ({wall:.2f} s wall)")
    print(f"actions_per_second={actions / cpu:.0f} games_per_second={games / cpu:.2f}")


if __name__ == "__main__":
    main()
