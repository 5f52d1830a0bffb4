"""Turns and rounds: a round opens with one new threat per fighter, a turn ends by returning spent
dice and refilling the Power Supply, and after the last fighter's turn Cell activates every threat
still in play."""

from __future__ import annotations

from rules.cell import board, words
from rules.cell.content import catalogue
from rules.cell.effects import EffectContext, run_threat
from rules.cell.state import ActiveThreat, CellState
from rules.cell.threat_slots import is_complete
from rules.core.events import Event
from rules.core.game import Outcome
from rules.core.text import Text

SUPPLY_SIZE = 3


def start_round(state: CellState, events: list[Event]) -> None:
    state.round += 1
    state.active_seat = 0
    state.rolled = False
    board.say(
        state, events, "round_started", Text("Round {round}: Cell makes the first move!", round=state.round)
    )
    for _ in range(state.players):
        if not state.threat_stack:
            state.outcome = Outcome(result="loss", reason="threat_stack_empty")
            board.say(
                state, events, "game_lost", Text("A threat must be drawn but the stack is empty. Cell wins.")
            )
            return
        tile = state.threat_stack.pop()
        state.active_threats.append(ActiveThreat(tile=tile))
        said = Text(
            "New threat: {threat} — {effect}", threat=words.threat(tile), effect=words.threat_effect(tile)
        )
        board.say(state, events, "threat_revealed", said, tile=tile)


def end_turn(state: CellState, events: list[Event], seat: int) -> None:
    fighter = state.fighters[seat]
    for die in state.dice:
        if die.zone == "spent":
            board.return_die(state, die)
        elif die.zone == "mat" and die.holder == seat:
            die.face = None
    fighter.free_reroll_used = fighter.face_change_used = fighter.struck_first = False
    fighter.power_ups_used = []
    while len(state.power_supply) < SUPPLY_SIZE and state.power_stack:
        state.power_supply.append(state.power_stack.pop())
    board.say(
        state,
        events,
        "turn_ended",
        Text("{fighter} ends their turn", fighter=words.fighter(state, seat)),
        seat,
    )
    if seat + 1 < state.players:
        state.active_seat = seat + 1
        state.rolled = False
        return
    _cell_activates(state, events)
    if state.outcome is None:
        start_round(state, events)


def _cell_activates(state: CellState, events: list[Event]) -> None:
    board.say(state, events, "cell_activates", Text("Cell activates!"))
    content = catalogue()
    remaining: list[ActiveThreat] = []
    for threat in state.active_threats:
        tile = content.threats[threat.tile]
        if is_complete(tile.cost, [p.face for p in threat.placed]):
            board.release_placements(state, threat.placed)
            state.discarded_threats.append(threat.tile)
            board.say(
                state,
                events,
                "threat_discarded",
                Text("{threat} was canceled and is discarded", threat=words.threat(tile.id)),
                tile=tile.id,
            )
        else:
            remaining.append(threat)
    state.active_threats = remaining
    for threat in remaining:
        tile = content.threats[threat.tile]
        run_threat(EffectContext(state=state, events=events, source_name=words.threat(tile.id)), tile)
        if state.outcome is not None:
            return
    board.release_placements(state, state.damage_track)
    state.damage_track = []
    if board.meter_full(state):
        for fighter in state.fighters:
            fighter.hp = fighter.max_hp
        board.release_placements(state, state.dragon_ball_meter)
        state.dragon_ball_meter = []
        board.say(
            state,
            events,
            "wish_granted",
            Text("The Dragon Ball Meter is full: Shenron revives and heals every Z-Fighter!"),
        )
