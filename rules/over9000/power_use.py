"""Flipping the Dragon Ball in one's reserve to use one's special power: when it may be used, whom
and which slot it aims at, and what flipping it does. The powers' steps are in ``powers``."""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Name, Text
from rules.over9000.actions import Over9000Action, UsePower
from rules.over9000.content import SLOT_COUNT, Power, catalogue
from rules.over9000.narration import fighter, power, say
from rules.over9000.powers import PowerContext, needs_slot, needs_target, power_problem, run_power
from rules.over9000.rounds import can_duel, end_round
from rules.over9000.state import FaceUpToken, Over9000State


def _wrong_window(window: str, name: Name) -> IllegalAction:
    """The power was offered outside its window: when it can be used instead."""
    if window == "attack":
        return IllegalAction(
            "wrong_window", Text("{power} is used on your turn, before you attack.", power=name)
        )
    return IllegalAction(
        "wrong_window", Text("{power} is used when you are attacked, before you reveal a slot.", power=name)
    )


def power_of(state: Over9000State, seat: int) -> Power:
    return catalogue().character(state.players[seat].character).power


def _power_context(state: Over9000State, events: list[Event], action: UsePower) -> PowerContext:
    return PowerContext(
        state=state, events=events, user=action.player, target=action.target, slot=action.slot
    )


def use_power_problem(state: Over9000State, action: UsePower) -> IllegalAction | None:
    player = state.players[action.player]
    used = power_of(state, action.player)
    assert state.prompt is not None
    window = "attack" if state.prompt.kind == "attack" else "defense"
    if used.window != window:
        return _wrong_window(used.window, power(player.character))
    if player.reserve is None:
        return IllegalAction("power_used", Text("You already flipped your Dragon Ball this round."))
    if player.reserve.kind != "dragon_ball":
        return IllegalAction("no_dragon_ball", Text("Your reserve token is not a Dragon Ball."))
    problem = _power_target_problem(state, action, used) or _power_slot_problem(state, action, used)
    return problem or power_problem(_power_context(state, [], action), used)


def _power_target_problem(state: Over9000State, action: UsePower, used: Power) -> IllegalAction | None:
    name = power(state.players[action.player].character)
    if not needs_target(used):
        return (
            IllegalAction("bad_option", Text("{power} doesn't target anyone.", power=name))
            if action.target is not None
            else None
        )
    if action.target is None:
        return IllegalAction("target_needed", Text("Choose an opponent for {power}.", power=name))
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return IllegalAction("bad_target", Text("Choose an opponent in this game."))
    return None


def _power_slot_problem(state: Over9000State, action: UsePower, used: Power) -> IllegalAction | None:
    name = power(state.players[action.player].character)
    if not needs_slot(used):
        return (
            IllegalAction("bad_option", Text("{power} doesn't name a slot.", power=name))
            if action.slot is not None
            else None
        )
    if action.slot is None:
        return IllegalAction("slot_needed", Text("Choose a slot for {power}.", power=name))
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", Text("Choose a slot from 1 to {count}.", count=SLOT_COUNT))
    return None


def use_power(state: Over9000State, events: list[Event], action: UsePower) -> None:
    player = state.players[action.player]
    used = power_of(state, action.player)
    assert player.reserve is not None and state.turn is not None
    player.face_up.append(FaceUpToken(token=player.reserve))
    player.reserve = None
    say(
        events,
        "power_used",
        Text(
            "{fighter} flips a Dragon Ball: {power}!", fighter=fighter(player), power=power(player.character)
        ),
        action.player,
        power=used.name,
    )
    armed = run_power(_power_context(state, events, action), used)
    if used.window == "defense":
        assert state.turn.duel is not None
        state.turn.duel.defense_armed.extend(armed)
        return
    state.turn.armed.extend(armed)
    if not can_duel(state):
        end_round(state, events)


def power_candidates(state: Over9000State, seat: int) -> Iterator[Over9000Action]:
    used = power_of(state, seat)
    targets = (
        [other for other in range(state.player_count) if other != seat] if needs_target(used) else [None]
    )
    slots: list[int | None] = list(range(SLOT_COUNT)) if needs_slot(used) else [None]
    for target in targets:
        for slot in slots:
            yield UsePower(player=seat, target=target, slot=slot)
