"""Flipping the Dragon Ball in one's reserve to use one's special power: when it may be used, whom
and which slot it aims at, and what flipping it does. The powers' steps are in ``powers``."""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.over9000.actions import Over9000Action, UsePower
from rules.over9000.content import SLOT_COUNT, Power, catalogue
from rules.over9000.narration import say
from rules.over9000.powers import PowerContext, needs_slot, needs_target, power_problem, run_power
from rules.over9000.rounds import can_duel, end_round
from rules.over9000.state import FaceUpToken, Over9000State

WINDOW_TEXT = {
    "attack": "on your turn, before you attack",
    "defense": "when you are attacked, before you reveal a slot",
}


def power_of(state: Over9000State, seat: int) -> Power:
    return catalogue().character(state.players[seat].character).power


def _power_context(state: Over9000State, events: list[Event], action: UsePower) -> PowerContext:
    return PowerContext(
        state=state, events=events, user=action.player, target=action.target, slot=action.slot
    )


def use_power_problem(state: Over9000State, action: UsePower) -> IllegalAction | None:
    player = state.players[action.player]
    power = power_of(state, action.player)
    assert state.prompt is not None
    window = "attack" if state.prompt.kind == "attack" else "defense"
    if power.window != window:
        return IllegalAction("wrong_window", f"{power.name} is used {WINDOW_TEXT[power.window]}.")
    if player.reserve is None:
        return IllegalAction("power_used", "You already flipped your Dragon Ball this round.")
    if player.reserve.kind != "dragon_ball":
        return IllegalAction("no_dragon_ball", "Your reserve token is not a Dragon Ball.")
    problem = _power_target_problem(state, action, power) or _power_slot_problem(action, power)
    return problem or power_problem(_power_context(state, [], action), power)


def _power_target_problem(state: Over9000State, action: UsePower, power: Power) -> IllegalAction | None:
    if not needs_target(power):
        return (
            IllegalAction("bad_option", f"{power.name} doesn't target anyone.")
            if action.target is not None
            else None
        )
    if action.target is None:
        return IllegalAction("target_needed", f"Choose an opponent for {power.name}.")
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return IllegalAction("bad_target", "Choose an opponent in this game.")
    return None


def _power_slot_problem(action: UsePower, power: Power) -> IllegalAction | None:
    if not needs_slot(power):
        return (
            IllegalAction("bad_option", f"{power.name} doesn't name a slot.")
            if action.slot is not None
            else None
        )
    if action.slot is None:
        return IllegalAction("slot_needed", f"Choose a slot for {power.name}.")
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    return None


def use_power(state: Over9000State, events: list[Event], action: UsePower) -> None:
    player = state.players[action.player]
    power = power_of(state, action.player)
    assert player.reserve is not None and state.turn is not None
    player.face_up.append(FaceUpToken(token=player.reserve))
    player.reserve = None
    say(
        events,
        "power_used",
        f"{player.name} flips a Dragon Ball: {power.name}!",
        action.player,
        power=power.name,
    )
    armed = run_power(_power_context(state, events, action), power)
    if power.window == "defense":
        assert state.turn.duel is not None
        state.turn.duel.defense_armed.extend(armed)
        return
    state.turn.armed.extend(armed)
    if not can_duel(state):
        end_round(state, events)


def power_candidates(state: Over9000State, seat: int) -> Iterator[Over9000Action]:
    power = power_of(state, seat)
    targets = (
        [other for other in range(state.player_count) if other != seat] if needs_target(power) else [None]
    )
    slots: list[int | None] = list(range(SLOT_COUNT)) if needs_slot(power) else [None]
    for target in targets:
        for slot in slots:
            yield UsePower(player=seat, target=target, slot=slot)
