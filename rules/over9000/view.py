"""What one player (or, for ``None``, the public channel) sees of an Over 9000 game.

A player sees their own hand, reserve and face-down tokens, with ids; of everyone else only how
many tokens lie face down in each slot and whether the reserve is still hidden. Revealed tokens are
public by kind. The pile's order and the generator are never shown.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from rules.core.events import Event, events_for
from rules.core.game import Outcome
from rules.over9000.content import AttackKind, TokenKind, Window, catalogue
from rules.over9000.state import Over9000State, Phase, PlayerState, Prompt, Token


class SecretToken(BaseModel):
    """One of the viewer's own hidden tokens."""

    id: str
    kind: TokenKind


class FaceUpView(BaseModel):
    kind: TokenKind
    slot: int | None


class SlotView(BaseModel):
    face_down: int
    tokens: list[SecretToken] | None = None
    """The viewer's own slot, bottom first; None for anyone else's."""


class PlayerView(BaseModel):
    seat: int
    character: str
    name: str
    power_name: str
    power_text: str
    power_window: Window
    power_level: int
    hand_size: int
    hand: list[SecretToken] | None
    has_reserve: bool
    reserve: SecretToken | None
    slots: list[SlotView]
    face_up: list[FaceUpView]
    placed: bool
    exposed_attacks: int
    """After a caught bluff: how many of this player's next attacks their defenders will see first."""


class DuelView(BaseModel):
    attacker: int
    defender: int
    slot: int
    declared: AttackKind
    pushed: SecretToken | None
    """The token pushed forward, shown to the attacker only (an exposed attack's defender learns its
    kind from an event of their own)."""
    exposed: bool
    """The attacker was caught bluffing, so the defender has seen the pushed token."""
    defense_armed: list[str]
    """Steps of the defender's special power waiting for the reveal (a flipped power is public)."""


class LastDuelView(BaseModel):
    """The duel fought last, until the next attack is declared: both tokens are face up by then, so
    all of it is public."""

    attacker: int
    defender: int
    declared: AttackKind
    pushed: TokenKind
    revealed: TokenKind
    result: Literal["blocked", "hit", "no_attack"]
    bluff: bool
    attacker_change: int
    defender_change: int


class Over9000View(BaseModel):
    viewer: int | None
    round: int
    phase: Phase
    turn_order: list[int]
    active_seat: int | None
    turn_armed: list[str]
    """Steps of the active player's special power waiting for their attack."""
    duel: DuelView | None
    prompt: Prompt | None
    players: list[PlayerView]
    pile_size: int
    outcome: Outcome | None
    last_crossing: list[int]
    """The players who dropped back at the latest reset; only they can win in sudden death."""
    last_duel: LastDuelView | None
    recent_events: list[Event]


def _secret(token: Token) -> SecretToken:
    return SecretToken(id=token.id, kind=token.kind)


def _player_view(player: PlayerState, viewer: int | None) -> PlayerView:
    own = player.seat == viewer
    power = catalogue().character(player.character).power
    return PlayerView(
        seat=player.seat,
        character=player.character,
        name=player.name,
        power_name=power.name,
        power_text=power.text,
        power_window=power.window,
        power_level=player.power_level,
        hand_size=len(player.hand),
        hand=[_secret(token) for token in player.hand] if own else None,
        has_reserve=player.reserve is not None,
        reserve=_secret(player.reserve) if own and player.reserve is not None else None,
        slots=[
            SlotView(face_down=len(slot), tokens=[_secret(token) for token in slot] if own else None)
            for slot in player.slots
        ],
        face_up=[FaceUpView(kind=face_up.token.kind, slot=face_up.slot) for face_up in player.face_up],
        placed=player.placed,
        exposed_attacks=player.exposed_attacks,
    )


def _duel_view(state: Over9000State, viewer: int | None) -> DuelView | None:
    turn = state.turn
    if turn is None or turn.duel is None:
        return None
    duel = turn.duel
    return DuelView(
        attacker=turn.seat,
        defender=duel.defender,
        slot=duel.slot,
        declared=duel.declared,
        exposed=duel.exposed,
        pushed=_secret(duel.token) if viewer == turn.seat else None,
        defense_armed=[step.op for step in duel.defense_armed],
    )


def _last_duel(events: list[Event]) -> LastDuelView | None:
    """The last resolved duel in the public events, unless an attack was declared after it."""
    for event in reversed(events):
        if event.visible_to is not None:
            continue
        if event.kind == "attack_declared":
            return None
        if event.kind == "duel_resolved":
            data = event.data
            assert event.actor is not None
            return LastDuelView(
                attacker=event.actor,
                defender=data["defender"],
                declared=data["declared"],
                pushed=data["pushed"],
                revealed=data["revealed"],
                result=data["result"],
                bluff=data["bluff"],
                attacker_change=data["attacker_change"],
                defender_change=data["defender_change"],
            )
    return None


def view(state: Over9000State, viewer: int | None) -> Over9000View:
    return Over9000View(
        viewer=viewer,
        round=state.round,
        phase=state.phase,
        turn_order=state.turn_order,
        active_seat=state.turn.seat if state.turn else None,
        turn_armed=[step.op for step in state.turn.armed] if state.turn else [],
        duel=_duel_view(state, viewer),
        prompt=state.prompt,
        players=[_player_view(player, viewer) for player in state.players],
        pile_size=len(state.pile),
        outcome=state.outcome,
        last_crossing=state.last_crossing,
        last_duel=_last_duel(state.recent_events),
        recent_events=events_for(state.recent_events, viewer),
    )
