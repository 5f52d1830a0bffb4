"""Rounds and turns: every round each player draws six tokens, once all have arranged them the
duels go in order of power level, and the round ends when fewer than two players still have a
face-down token. The state's ``prompt`` says whose answer the game waits for."""

from __future__ import annotations

from rules.core.events import Event
from rules.core.text import Text
from rules.over9000.content import DRAW_SIZE, SLOT_COUNT, TOKEN_KINDS
from rules.over9000.ending import settle_round
from rules.over9000.narration import fighter, listing, say, token, with_level
from rules.over9000.state import Over9000State, Prompt, Token, Turn

_KIND_ORDER = {kind: index for index, kind in enumerate(TOKEN_KINDS)}


def start_round(state: Over9000State, events: list[Event]) -> None:
    state.round += 1
    state.phase = "placement"
    state.rng.shuffle(state.pile)
    say(
        events,
        "round_started",
        Text("Round {round}: everyone draws {count} tokens", round=state.round, count=DRAW_SIZE),
    )
    for player in state.players:
        player.hand = sorted((state.pile.pop() for _ in range(DRAW_SIZE)), key=kind_order)
        drawn = listing([token(drawn.kind) for drawn in player.hand])
        say(
            events,
            "tokens_drawn",
            Text("You draw: {tokens}", tokens=drawn),
            player.seat,
            visible_to=[player.seat],
            kinds=[drawn.kind for drawn in player.hand],
        )


def kind_order(token: Token) -> int:
    return _KIND_ORDER[token.kind]


def start_duels(state: Over9000State, events: list[Event]) -> None:
    state.phase = "duel"
    state.turn_order = sorted(
        range(state.player_count), key=lambda seat: (state.players[seat].power_level, seat)
    )
    order = listing([with_level(state.players[seat]) for seat in state.turn_order])
    say(
        events,
        "turn_order",
        Text("Everyone is ready. Turn order, lowest power level first: {order}", order=order),
    )
    next_turn(state, events, after=None)


def can_duel(state: Over9000State) -> bool:
    """A duel needs two players with at least one face-down token each."""
    return sum(1 for player in state.players if player.face_down_count > 0) >= 2


def next_turn(state: Over9000State, events: list[Event], after: int | None) -> None:
    if not can_duel(state):
        end_round(state, events)
        return
    order = state.turn_order
    start = 0 if after is None else order.index(after) + 1
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        if state.players[seat].face_down_count > 0:
            state.turn = Turn(seat=seat)
            return
    raise AssertionError("can_duel guarantees a player with a face-down token")


def end_round(state: Over9000State, events: list[Event]) -> None:
    state.turn = None
    for player in state.players:
        returned = [*player.hand, *[face_up.token for face_up in player.face_up]]
        returned.extend(token for slot in player.slots for token in slot)
        if player.reserve is not None:
            returned.append(player.reserve)
        state.pile.extend(returned)
        player.hand, player.reserve, player.face_up, player.placed = [], None, [], False
        player.slots = [[] for _ in range(SLOT_COUNT)]
    levels = listing(
        [
            Text("{fighter} {level}", fighter=fighter(player), level=player.power_level)
            for player in state.players
        ]
    )
    say(events, "round_ended", Text("Round {round} is over: {levels}", round=state.round, levels=levels))
    settle_round(state, events)
    if state.outcome is None:
        start_round(state, events)
    else:
        state.phase = "over"


def refresh_prompt(state: Over9000State) -> None:
    if state.outcome is not None:
        state.prompt = None
    elif state.phase == "placement":
        state.prompt = Prompt(
            kind="place", seats=[player.seat for player in state.players if not player.placed]
        )
    else:
        assert state.turn is not None
        duel = state.turn.duel
        state.prompt = (
            Prompt(kind="reveal", seats=[duel.defender])
            if duel
            else Prompt(kind="attack", seats=[state.turn.seat])
        )
