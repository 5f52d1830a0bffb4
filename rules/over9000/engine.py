"""Over 9000 as a pure reducer, and the entry point of its engine: new games, legal actions, apply,
outcome and storage.

Every rule check lives in one ``*_problem`` function per action that returns the rejection (or
None); ``legal_actions`` lists the candidate actions whose check passes and ``apply`` raises the
rejection, so the two can never disagree. Who must answer next is the state's ``prompt``. The rules
themselves live beside this module: ``setup``, ``rounds``, ``placement``, ``power_use`` and ``duels``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import Outcome, StateCodec, reduce_copy
from rules.core.text import Text
from rules.over9000.actions import (
    ACTION_ADAPTER,
    Attack,
    Keep,
    Over9000Action,
    Place,
    Reveal,
    TakeBack,
    UsePower,
)
from rules.over9000.content import ATTACKS, SLOT_COUNT, SLOT_DEPTH
from rules.over9000.duels import attack, attack_problem, reveal, reveal_problem
from rules.over9000.migrations import MIGRATIONS
from rules.over9000.narration import fighter, remember
from rules.over9000.placement import keep, keep_problem, place, place_problem, take_back, take_back_problem
from rules.over9000.power_use import power_candidates, use_power, use_power_problem
from rules.over9000.rounds import refresh_prompt
from rules.over9000.setup import Over9000Options, new_game
from rules.over9000.state import SCHEMA_VERSION, Over9000State

__all__ = [
    "CODEC",
    "Over9000Options",
    "apply",
    "is_legal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
]


def _waiting_problem(state: Over9000State) -> IllegalAction:
    prompt = state.prompt
    assert prompt is not None
    if prompt.kind == "place":
        return IllegalAction("already_arranged", Text("Your tokens are arranged; waiting for the others."))
    waited_for = fighter(state.players[prompt.seats[0]])
    if prompt.kind == "attack":
        return IllegalAction("not_your_turn", Text("It is {fighter}'s turn.", fighter=waited_for))
    return IllegalAction(
        "waiting_for_reveal", Text("{fighter} must choose a slot to reveal.", fighter=waited_for)
    )


_PLACING = (Keep, Place, TakeBack)


def _phase_problem(state: Over9000State, action: Over9000Action) -> IllegalAction | None:
    assert state.prompt is not None
    kind = state.prompt.kind
    if isinstance(action, _PLACING) and kind != "place":
        return IllegalAction("not_placing", Text("Tokens are arranged only at the start of a round."))
    if kind == "place" and not isinstance(action, _PLACING):
        return IllegalAction("arrange_first", Text("Arrange your tokens first."))
    if isinstance(action, Attack) and kind != "attack":
        return IllegalAction("reveal_first", Text("Choose a slot to reveal first."))
    if isinstance(action, Reveal) and kind != "reveal":
        return IllegalAction("not_attacked", Text("Nobody is attacking you right now."))
    return None


def _problem(state: Over9000State, action: Over9000Action) -> IllegalAction | None:
    if state.outcome is not None:
        return IllegalAction("game_over", Text("The game is over."))
    if not 0 <= action.player < state.player_count:
        return IllegalAction("not_playing", Text("You are not playing in this game."))
    assert state.prompt is not None
    if action.player not in state.prompt.seats:
        return _waiting_problem(state)
    problem = _phase_problem(state, action)
    if problem:
        return problem
    check = _CHECKS.get(type(action))
    return check(state, action) if check else None


_CHECKS: dict[type, Callable[[Over9000State, Any], IllegalAction | None]] = {
    Keep: keep_problem,
    Place: place_problem,
    TakeBack: take_back_problem,
    UsePower: use_power_problem,
    Attack: attack_problem,
    Reveal: reveal_problem,
}


def _mutate(state: Over9000State, events: list[Event], action: Over9000Action) -> None:
    if isinstance(action, Keep):
        keep(state, events, action)
    elif isinstance(action, Place):
        place(state, events, action)
    elif isinstance(action, TakeBack):
        take_back(state, action)
    elif isinstance(action, UsePower):
        use_power(state, events, action)
    elif isinstance(action, Attack):
        attack(state, events, action)
    else:
        reveal(state, events, action)


# Events are frozen and ``remember`` replaces the list rather than changing it: the copy shares them.
_SHARED_LISTS = frozenset({"recent_events"})


def apply(state: Over9000State, action: Over9000Action) -> tuple[Over9000State, list[Event]]:
    problem = _problem(state, action)
    if problem:
        raise problem

    def mutate(working: Over9000State, events: list[Event]) -> None:
        _mutate(working, events, action)
        working.actions_taken += 1
        refresh_prompt(working)
        remember(working, events)

    return reduce_copy(state, mutate, _SHARED_LISTS)


def is_legal(state: Over9000State, action: Over9000Action) -> bool:
    return _problem(state, action) is None


# Enumeration: candidate actions filtered by the same checks apply uses.


def _candidates(state: Over9000State, seat: int) -> Iterator[Over9000Action]:
    """The actions worth checking: the cheap filters here only skip what the checks would reject."""
    assert state.prompt is not None
    player = state.players[seat]
    if state.prompt.kind == "place":
        open_slots = [slot for slot in range(SLOT_COUNT) if len(player.slots[slot]) < SLOT_DEPTH]
        for kind in dict.fromkeys(token.kind for token in player.hand):
            if player.reserve is None:
                yield Keep(player=seat, kind=kind)
            for slot in open_slots:
                yield Place(player=seat, kind=kind, slot=slot)
        yield TakeBack(player=seat)
        return
    if player.reserve is not None and player.reserve.kind == "dragon_ball":
        yield from power_candidates(state, seat)
    filled = [slot for slot in range(SLOT_COUNT) if player.slots[slot]]
    if state.prompt.kind == "reveal":
        for slot in filled:
            yield Reveal(player=seat, slot=slot)
        return
    targets = [other.seat for other in state.players if other.seat != seat and other.face_down_count > 0]
    for slot in filled:
        for target in targets:
            for declared in ATTACKS:
                yield Attack(player=seat, slot=slot, target=target, declared=declared)


def legal_actions(state: Over9000State, player: int) -> list[Over9000Action]:
    if state.outcome is not None or state.prompt is None or player not in state.prompt.seats:
        return []
    return [action for action in _candidates(state, player) if _problem(state, action) is None]


def outcome(state: Over9000State) -> Outcome | None:
    return state.outcome


CODEC = StateCodec(Over9000State, SCHEMA_VERSION, MIGRATIONS)


def parse_action(data: dict[str, Any]) -> Over9000Action:
    return ACTION_ADAPTER.validate_python(data)
