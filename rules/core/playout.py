"""Random playouts and the contract checks every engine's invariant tests share.

A playout drives any ``GameRules`` engine with random legal actions taken from whichever seats
have something to do (several may, when players act at the same time), so it needs no knowledge
of turns. The checks raise ``InvariantBroken`` with a sentence saying what went wrong.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import GameRules

StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)

StepCheck = Callable[[StateT, ActionT, StateT, list[Event]], None]


class InvariantBroken(AssertionError):
    """An engine broke a promise of the ``GameRules`` contract."""


@dataclass
class Playout(Generic[StateT, ActionT]):
    final: StateT
    actions: list[ActionT] = field(default_factory=list)


def pending_actions(rules: GameRules[StateT, ActionT], state: StateT, seats: int) -> list[ActionT]:
    """Every legal action of every seat, seat by seat."""
    return [action for seat in range(seats) for action in rules.legal_actions(state, seat)]


def random_playout(
    rules: GameRules[StateT, ActionT],
    state: StateT,
    seats: int,
    chooser: random.Random,
    max_actions: int,
    on_step: StepCheck[StateT, ActionT] | None = None,
) -> Playout[StateT, ActionT]:
    """Plays uniformly random legal actions until the game ends, nobody can act, or ``max_actions``."""
    playout: Playout[StateT, ActionT] = Playout(final=state)
    for _ in range(max_actions):
        if rules.outcome(playout.final) is not None:
            break
        options = pending_actions(rules, playout.final, seats)
        if not options:
            break
        action = chooser.choice(options)
        after, events = rules.apply(playout.final, action)
        if on_step is not None:
            on_step(playout.final, action, after, events)
        playout.final = after
        playout.actions.append(action)
    return playout


def check_round_trip(rules: GameRules[StateT, ActionT], state: StateT) -> None:
    text = rules.dump_state(state)
    loaded = rules.load_state(text)
    if loaded != state or rules.dump_state(loaded) != text:
        raise InvariantBroken("the state does not survive a JSON round trip unchanged")


def check_apply_leaves_input(rules: GameRules[StateT, ActionT], state: StateT, action: ActionT) -> None:
    before = rules.dump_state(state)
    rules.apply(state, action)
    if rules.dump_state(state) != before:
        raise InvariantBroken(f"applying {action!r} changed its input state")


def check_rejected(rules: GameRules[StateT, ActionT], state: StateT, action: ActionT) -> IllegalAction:
    """The action must raise a typed rejection with a code and a sentence, leaving the state alone."""
    before = rules.dump_state(state)
    try:
        rules.apply(state, action)
    except IllegalAction as rejection:
        if not rejection.code or not rejection.message.strip():
            raise InvariantBroken(f"{action!r} was rejected without a code or a sentence") from rejection
        if rules.dump_state(state) != before:
            raise InvariantBroken(f"rejecting {action!r} changed the state") from rejection
        return rejection
    raise InvariantBroken(f"{action!r} is not a legal action but was applied")


def check_replay(
    rules: GameRules[StateT, ActionT], options: Any, seed: int, actions: list[ActionT], final: StateT
) -> None:
    """The same seed and actions, applied to a fresh game, must give the identical state."""
    state = rules.new_game(options, seed)
    for index, action in enumerate(actions):
        try:
            state, _ = rules.apply(state, action)
        except IllegalAction as rejection:
            raise InvariantBroken(f"the replay rejects action {index}: {rejection.message}") from rejection
    if rules.dump_state(state) != rules.dump_state(final):
        raise InvariantBroken("replaying the seed and the actions gives a different state")
