"""Duels: the attacker pushes a face-down token at an opponent and declares an attack, the defender
reveals a slot, and the duel resolves into power level changes (a caught bluff also exposes the
bluffer's next attacks)."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.over9000.actions import Attack, Reveal
from rules.over9000.content import SLOT_COUNT, TOKEN_NAMES, catalogue, format_level, is_attack
from rules.over9000.narration import say, slot_name
from rules.over9000.powers import change_level, duel_modifiers
from rules.over9000.resolution import Resolution, resolve
from rules.over9000.rounds import next_turn
from rules.over9000.state import Duel, FaceUpToken, Over9000State, PlayerState, Token


def attack_problem(state: Over9000State, action: Attack) -> IllegalAction | None:
    player = state.players[action.player]
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    if player.top(action.slot) is None:
        return IllegalAction("slot_empty", f"Your {slot_name(action.slot)} has no face-down token.")
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return IllegalAction("bad_target", "Attack an opponent in this game.")
    target = state.players[action.target]
    if target.face_down_count == 0:
        return IllegalAction(
            "target_out", f"{target.name} has no face-down token left and sits the duels out."
        )
    return None


def attack(state: Over9000State, events: list[Event], action: Attack) -> None:
    assert state.turn is not None
    player = state.players[action.player]
    token = player.slots[action.slot].pop()
    exposed = player.exposed_attacks > 0
    state.turn.duel = Duel(
        defender=action.target, slot=action.slot, token=token, declared=action.declared, exposed=exposed
    )
    target = state.players[action.target].name
    say(
        events,
        "attack_declared",
        f"{player.name} pushes {slot_name(action.slot)} forward at {target}: {TOKEN_NAMES[action.declared]}!",
        action.player,
        target=action.target,
        slot=action.slot,
        declared=action.declared,
    )
    if exposed:
        player.exposed_attacks -= 1
        say(
            events,
            "attack_seen",
            f"{player.name} was caught bluffing, so you see the token pushed at you: a "
            f"{TOKEN_NAMES[token.kind]}",
            action.player,
            visible_to=[action.target],
            kind=token.kind,
        )


def reveal_problem(state: Over9000State, action: Reveal) -> IllegalAction | None:
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", f"Choose a slot from 1 to {SLOT_COUNT}.")
    if state.players[action.player].top(action.slot) is None:
        return IllegalAction("slot_empty", f"Your {slot_name(action.slot)} has no face-down token.")
    return None


def reveal(state: Over9000State, events: list[Event], action: Reveal) -> None:
    turn = state.turn
    assert turn is not None and turn.duel is not None
    duel = turn.duel
    attacker, defender = state.players[turn.seat], state.players[duel.defender]
    revealed = defender.slots[action.slot].pop()
    step = catalogue().settings.power_step
    modifiers = duel_modifiers([*turn.armed, *duel.defense_armed])
    resolution = resolve(duel.token.kind, duel.declared, revealed.kind, modifiers, step)
    attacker_change = change_level(state, attacker.seat, resolution.attacker_change)
    defender_change = change_level(state, defender.seat, resolution.defender_change)
    attacker.face_up.append(FaceUpToken(token=duel.token, slot=duel.slot))
    defender.face_up.append(FaceUpToken(token=revealed, slot=action.slot))
    say(
        events,
        "duel_resolved",
        _duel_text(attacker, defender, duel, revealed, resolution, attacker_change, defender_change),
        attacker.seat,
        defender=defender.seat,
        pushed=duel.token.kind,
        declared=duel.declared,
        revealed=revealed.kind,
        result=resolution.result,
        bluff=resolution.bluff,
        attacker_change=attacker_change,
        defender_change=defender_change,
        exposed=duel.exposed,
    )
    if resolution.result == "blocked" and resolution.bluff and not modifiers.safe_attack:
        _expose(attacker, events)
    turn.duel = None
    next_turn(state, events, after=attacker.seat)


def _expose(attacker: PlayerState, events: list[Event]) -> None:
    """A caught bluff's price (decision 7): the bluffer's next attacks are shown to their defenders
    before they reveal, so for those attacks a declaration can neither mislead nor protect."""
    count = catalogue().settings.exposed_attacks
    if not count:
        return
    attacker.exposed_attacks = count
    attacks = "attack is" if count == 1 else f"{count} attacks are"
    say(
        events,
        "bluff_exposed",
        f"{attacker.name} was caught bluffing: {attacker.name}'s next {attacks} shown to the defender "
        "before they reveal",
        attacker.seat,
        attacks=count,
    )


def _signed(change: int) -> str:
    return f"+{format_level(change)}" if change >= 0 else f"-{format_level(-change)}"


def _bluff_note(pushed: str, bluff: bool) -> str:
    if not is_attack(pushed):
        return " (a feint!)"
    return " (a bluff!)" if bluff else ""


def _duel_text(
    attacker: PlayerState,
    defender: PlayerState,
    duel: Duel,
    revealed: Token,
    resolution: Resolution,
    attacker_change: int,
    defender_change: int,
) -> str:
    pushed = TOKEN_NAMES[duel.token.kind]
    bluff = _bluff_note(duel.token.kind, resolution.bluff)
    opening = f"{defender.name} reveals {TOKEN_NAMES[revealed.kind]}; {attacker.name} pushed {pushed}{bluff}."
    if resolution.result == "blocked":
        caught = "Bluff caught! " if resolution.bluff else ""
        verdict = f"{caught}Blocked"
    elif resolution.result == "hit":
        verdict = "It hits"
    else:
        verdict = "No attack"
    changes = [
        f"{player.name} {_signed(change)} ({format_level(player.power_level)})"
        for player, change in ((attacker, attacker_change), (defender, defender_change))
        if change
    ]
    return f"{opening} {verdict}" + (f": {', '.join(changes)}" if changes else ".")
