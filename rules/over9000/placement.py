"""Arranging tokens at the start of a round: one in the reserve slot, the others face down in four
slots, exactly one of which holds a stack of two."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text
from rules.over9000.actions import Keep, Place, TakeBack
from rules.over9000.content import SLOT_COUNT, SLOT_DEPTH
from rules.over9000.narration import fighter, say, token
from rules.over9000.rounds import kind_order, start_duels
from rules.over9000.state import Over9000State, PlayerState, Token


def _has_double_slot(player: PlayerState) -> bool:
    return any(len(slot) >= SLOT_DEPTH for slot in player.slots)


def _in_hand(player: PlayerState, kind: str) -> Token | None:
    return next((token for token in player.hand if token.kind == kind), None)


def keep_problem(state: Over9000State, action: Keep) -> IllegalAction | None:
    player = state.players[action.player]
    if player.reserve is not None:
        return IllegalAction("reserve_full", Text("Your reserve slot already holds a token."))
    if _in_hand(player, action.kind) is None:
        return IllegalAction(
            "not_in_hand", Text("You have no {token} left to place.", token=token(action.kind))
        )
    return None


def place_problem(state: Over9000State, action: Place) -> IllegalAction | None:
    player = state.players[action.player]
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", Text("Choose a slot from 1 to {count}.", count=SLOT_COUNT))
    if _in_hand(player, action.kind) is None:
        return IllegalAction(
            "not_in_hand", Text("You have no {token} left to place.", token=token(action.kind))
        )
    if player.reserve is None and len(player.hand) == 1:
        return IllegalAction("reserve_needed", Text("Your last token goes into your reserve slot."))
    stack = player.slots[action.slot]
    if len(stack) >= SLOT_DEPTH:
        return IllegalAction("slot_full", Text("Slot {slot} already holds two tokens.", slot=action.slot + 1))
    if stack and _has_double_slot(player):
        return IllegalAction("one_double_slot", Text("Only one slot may hold two tokens."))
    return None


def take_back_problem(state: Over9000State, action: TakeBack) -> IllegalAction | None:
    player = state.players[action.player]
    if player.reserve is None and player.face_down_count == 0:
        return IllegalAction("nothing_placed", Text("You haven't placed any token yet."))
    return None


def keep(state: Over9000State, events: list[Event], action: Keep) -> None:
    player = state.players[action.player]
    player.reserve = _take_hand_token(player, action.kind)
    _after_arranging(state, events, action.player)


def place(state: Over9000State, events: list[Event], action: Place) -> None:
    player = state.players[action.player]
    player.slots[action.slot].append(_take_hand_token(player, action.kind))
    _after_arranging(state, events, action.player)


def take_back(state: Over9000State, action: TakeBack) -> None:
    player = state.players[action.player]
    returned = [token for slot in player.slots for token in slot]
    if player.reserve is not None:
        returned.append(player.reserve)
    player.hand = sorted([*player.hand, *returned], key=kind_order)
    player.reserve, player.slots = None, [[] for _ in range(SLOT_COUNT)]


def _take_hand_token(player: PlayerState, kind: str) -> Token:
    token = _in_hand(player, kind)
    assert token is not None
    player.hand.remove(token)
    return token


def _after_arranging(state: Over9000State, events: list[Event], seat: int) -> None:
    player = state.players[seat]
    if player.hand:
        return
    player.placed = True
    say(events, "tokens_arranged", Text("{fighter} has arranged their tokens", fighter=fighter(player)), seat)
    if all(other.placed for other in state.players):
        start_duels(state, events)
