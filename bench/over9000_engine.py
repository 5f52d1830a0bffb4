"""How fast the Over 9000 engine plays, and how balanced its characters are.

Random legal playouts for 2-6 players measure the engine: every step lists the legal actions of
every seat and applies one, as the invariant tests and the AI do. With ``--balance N`` it also plays
N four-player games between the bundled AIs and prints each character's win rate relative to a
fair share (1.00 = wins exactly 1 game in 4), the game length, how often sudden death ends a game,
and how real attacks fare when declared honestly, bluffed, or pushed by a player caught bluffing.

    PYTHONPATH=. .venv/bin/python bench/over9000_engine.py [--games 200] [--balance 0] [--quick]
        [--exposed-attacks N] [--trust P]

Rates are per second of this process's CPU time, which is what one core delivers whatever else the
machine is running. The last line is ``actions_per_second=N games_per_second=M`` for the random
playouts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from quick import parse_arguments

from rules.core.playout import random_playout
from rules.over9000 import RULES, ai
from rules.over9000.ai import choose_action
from rules.over9000.content import catalogue, is_attack
from rules.over9000.engine import Over9000Options, apply, new_game

CHARACTERS = [character.id for character in catalogue().characters]
BALANCE_PLAYERS = 4


def random_games(games: int) -> tuple[int, float, float]:
    """Returns the actions applied, the CPU seconds and the wall seconds."""
    actions = 0
    started, started_cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        chooser = random.Random(seed)
        players = 2 + seed % 5
        state = RULES.new_game(Over9000Options(characters=chooser.sample(CHARACTERS, players)), seed)
        playout = random_playout(RULES, state, players, chooser, max_actions=100_000)
        assert RULES.outcome(playout.final) is not None
        actions += len(playout.actions)
    return actions, time.process_time() - started_cpu, time.perf_counter() - started


class DuelTally:
    """How pushes fare: real attacks declared honestly or bluffed, feints, and any push of a player
    caught bluffing, whose defender saw the token (an exposed push)."""

    KINDS = ("honest", "bluff", "feint", "exposed")

    def __init__(self) -> None:
        self.pushes: Counter[str] = Counter()
        self.blocked: Counter[str] = Counter()
        self.attacker_change: Counter[str] = Counter()
        self.defender_change: Counter[str] = Counter()

    def add(self, data: dict[str, Any]) -> None:
        if data["exposed"]:
            kind = "exposed"
        elif not is_attack(data["pushed"]):
            kind = "feint"
        else:
            kind = "bluff" if data["bluff"] else "honest"
        self.pushes[kind] += 1
        self.blocked[kind] += data["result"] == "blocked"
        self.attacker_change[kind] += data["attacker_change"]
        self.defender_change[kind] += data["defender_change"]

    def _swing(self, kinds: tuple[str, ...]) -> float:
        """The average power-level difference a push makes between its attacker and its defender."""
        pushes = sum(self.pushes[kind] for kind in kinds)
        swing = sum(self.attacker_change[kind] - self.defender_change[kind] for kind in kinds)
        return swing / max(1, pushes)

    def lines(self, games: int, step: int) -> list[str]:
        caught = self.blocked["bluff"]
        exposure_cost = (self._swing(self.KINDS[:3]) - self._swing(("exposed",))) / step
        followed = self.pushes["exposed"] / max(1, caught)
        lines = [f"  caught bluffs: {caught / games:.2f} a game"]
        if self.pushes["exposed"]:
            lines[0] += (
                f", each followed by {followed:.2f} exposed pushes; an exposed push is worth "
                f"{exposure_cost:.2f} steps less, so a caught bluff costs "
                f"{followed * exposure_cost:.2f} steps"
            )
        for kind in self.KINDS:
            count = max(1, self.pushes[kind])
            lines.append(
                f"  {kind:<8} pushes {self.pushes[kind]:>6}: blocked {self.blocked[kind] / count:4.0%}, "
                f"attacker {self.attacker_change[kind] / count:+5.0f}, "
                f"defender {self.defender_change[kind] / count:+5.0f} on average"
            )
        return lines


def balance(games: int) -> None:
    wins: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    rounds: list[int] = []
    actions: list[int] = []
    reasons: Counter[str] = Counter()
    tally = DuelTally()
    started = time.process_time()
    for seed in range(games):
        characters = random.Random(seed).sample(CHARACTERS, BALANCE_PLAYERS)
        state = new_game(Over9000Options(characters=characters), seed)
        while state.outcome is None:
            assert state.prompt is not None
            state, events = apply(
                state, choose_action(state, state.prompt.seats[0], seed * 100_003 + state.actions_taken)
            )
            for event in events:
                if event.kind == "duel_resolved":
                    tally.add(event.data)
        plays.update(characters)
        (winner,) = state.outcome.winners
        wins[characters[winner]] += BALANCE_PLAYERS
        rounds.append(state.round)
        actions.append(state.actions_taken)
        reasons[state.outcome.reason] += 1
    seconds = time.process_time() - started
    print(f"balance: {games} four-player AI games, {sum(rounds) / games:.2f} rounds on average")
    average_actions = sum(actions) / games
    print(
        f"  {average_actions:.0f} actions on average, longest {max(rounds)} rounds; endings {dict(reasons)}"
    )
    guard = reasons["clearly_highest"]
    print(f"  sudden death ended {guard} of {games} games ({guard / games:.2%})")
    print("\n".join(tally.lines(games, catalogue().settings.power_step)))
    for character in catalogue().characters:
        share = wins[character.id] / plays[character.id] if plays[character.id] else 0.0
        line = f"  {character.name:<14} start {character.start:>5}  win share {share:.2f}"
        print(f"{line}  ({plays[character.id]} games)")
    print(f"  AI games: {sum(actions) / seconds:.0f} AI decisions applied per CPU second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts to time")
    parser.add_argument("--balance", type=int, default=0, help="four-player AI games for the balance table")
    parser.add_argument(
        "--exposed-attacks",
        type=int,
        default=None,
        help="play with another price for a caught bluff than game.json's, to measure it",
    )
    parser.add_argument(
        "--trust",
        type=float,
        default=None,
        help="how often the AI defender believes a declaration (the AI's own is 0.75)",
    )
    arguments = parse_arguments(parser, games=10)
    if arguments.exposed_attacks is not None:
        catalogue().settings.exposed_attacks = arguments.exposed_attacks
    if arguments.trust is not None:
        ai.TRUST_DECLARATION = arguments.trust
    if arguments.balance:
        balance(arguments.balance)
    actions, seconds, wall = random_games(arguments.games)
    print(f"random playouts: {arguments.games} games of 2-6 players, {actions} actions")
    print(f"  in {seconds:.2f}s of CPU time ({wall:.2f}s of wall time)")
    print(f"actions_per_second={actions / seconds:.0f} games_per_second={arguments.games / seconds:.1f}")


if __name__ == "__main__":
    main()
