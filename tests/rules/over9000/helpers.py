"""Building Over 9000 states with chosen tokens, through the engine's own actions."""

from __future__ import annotations

from collections.abc import Sequence

from rules.over9000.actions import Attack, Keep, Place, Reveal
from rules.over9000.content import AttackKind, TokenKind
from rules.over9000.engine import Over9000Options, apply, new_game
from rules.over9000.state import Over9000State, Token


def start(characters: Sequence[str], seed: int = 1, levels: Sequence[int] = ()) -> Over9000State:
    """A new game; ``levels`` overrides the starting power levels seat by seat."""
    state = new_game(Over9000Options(characters=list(characters)), seed)
    for seat, level in enumerate(levels):
        state.players[seat].power_level = level
    return state


def deal(
    state: Over9000State, seat: int, kinds: Sequence[TokenKind | None]
) -> tuple[Over9000State, list[TokenKind]]:
    """A copy where ``seat`` holds six tokens of ``kinds`` (None: any spare token), swapped with
    the pile; also returns the kinds dealt, in the order asked."""
    working = state.model_copy(deep=True)
    player = working.players[seat]
    working.pile.extend(player.hand)
    player.hand = []
    dealt: list[Token | None] = [None] * len(kinds)
    for index, kind in enumerate(kinds):
        if kind is not None:
            dealt[index] = next(token for token in working.pile if token.kind == kind)
            working.pile.remove(dealt[index])
    for index, kind in enumerate(kinds):
        if kind is None:
            dealt[index] = working.pile.pop()
    player.hand = [token for token in dealt if token is not None]
    return working, [token.kind for token in player.hand]


Slots = Sequence[Sequence[TokenKind | None]]


def arrange(state: Over9000State, seat: int, reserve: TokenKind | None, slots: Slots) -> Over9000State:
    """Deals ``seat`` the given tokens and places them with real actions; slots list bottom first."""
    state, dealt = deal(state, seat, [reserve, *[kind for slot in slots for kind in slot]])
    state, _ = apply(state, Keep(player=seat, kind=dealt[0]))
    remaining = iter(dealt[1:])
    for index, slot in enumerate(slots):
        for _ in slot:
            state, _ = apply(state, Place(player=seat, kind=next(remaining), slot=index))
    return state


def filler(top: TokenKind) -> list[list[TokenKind | None]]:
    """Four slots: the first holds ``top`` on a spare token, the others one spare token each."""
    return [[None, top], [None], [None], [None]]


def two_player_duel(
    pushed: TokenKind,
    revealed: TokenKind,
    characters: Sequence[str] = ("goku", "vegeta"),
    attacker_reserve: TokenKind = "power_up",
    defender_reserve: TokenKind = "power_up",
) -> Over9000State:
    """Both players arranged, seat 0 at 4,000 and seat 1 at 5,000, so seat 0 attacks first from
    slot 0 whose top is ``pushed``; the defender's slot 0 top is ``revealed``."""
    state = start(characters, levels=(4000, 5000))
    state = arrange(state, 0, attacker_reserve, filler(pushed))
    return arrange(state, 1, defender_reserve, filler(revealed))


def duel(state: Over9000State, declared: AttackKind, attacker: int = 0, defender: int = 1) -> Over9000State:
    state, _ = apply(state, Attack(player=attacker, slot=0, target=defender, declared=declared))
    state, _ = apply(state, Reveal(player=defender, slot=0))
    return state


def down_to_one_token(state: Over9000State, seat: int, slot: int = 0) -> Over9000State:
    """A copy where ``seat`` keeps only the top token of ``slot`` face down; the rest go to the pile."""
    working = state.model_copy(deep=True)
    player = working.players[seat]
    keep = player.slots[slot][-1]
    working.pile.extend(token for stack in player.slots for token in stack if token is not keep)
    player.slots = [[keep] if index == slot else [] for index in range(4)]
    return working


def last_duel_of_round(
    levels: Sequence[int],
    round_number: int = 1,
    pushed: TokenKind = "kick",
    revealed: TokenKind = "punch",
    attacker_reserve: TokenKind = "power_up",
) -> Over9000State:
    """The round's last duel, about to be declared: seat 0 pushes ``pushed`` at seat 1, who can only
    reveal ``revealed``, and nobody else holds a face-down token, so the round ends with the reveal.
    ``levels`` are the power levels seat by seat just before that duel."""
    characters = ("goku", "vegeta", "cell", "nappa", "gohan", "frieza")[: len(levels)]
    state = start(characters, levels=[4000, *[5000] * (len(levels) - 1)])
    state = arrange(state, 0, attacker_reserve, filler(pushed))
    state = arrange(state, 1, "power_up", filler(revealed))
    for seat in range(2, len(levels)):
        state = arrange(state, seat, "power_up", filler("kick"))
    state = down_to_one_token(down_to_one_token(state, 0), 1)
    for player in state.players[2:]:
        state.pile.extend(token for slot in player.slots for token in slot)
        player.slots = [[] for _ in player.slots]
    for seat, level in enumerate(levels):
        state.players[seat].power_level = level
    state.round = round_number
    return state


def hidden_tokens(state: Over9000State, seat: int) -> list[Token]:
    """Every token only ``seat`` may know: hand, unflipped reserve, face-down slots, a pushed token."""
    player = state.players[seat]
    tokens = [*player.hand, *(token for slot in player.slots for token in slot)]
    if player.reserve is not None:
        tokens.append(player.reserve)
    if state.turn is not None and state.turn.duel is not None and state.turn.seat == seat:
        tokens.append(state.turn.duel.token)
    return tokens


def all_tokens(state: Over9000State) -> list[Token]:
    tokens = list(state.pile)
    for player in state.players:
        tokens.extend(player.hand)
        tokens.extend(token for slot in player.slots for token in slot)
        tokens.extend(face_up.token for face_up in player.face_up)
        if player.reserve is not None:
            tokens.append(player.reserve)
    if state.turn is not None and state.turn.duel is not None:
        tokens.append(state.turn.duel.token)
    return tokens
