"""Duels: the attacker pushes a face-down token at an opponent and declares an attack, the defender
reveals a slot, and the duel resolves into power level changes (a caught bluff also exposes the
bluffer's next attacks)."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Plural, Text
from rules.over9000.actions import Attack, Reveal
from rules.over9000.content import SLOT_COUNT, catalogue, is_attack
from rules.over9000.narration import fighter, listing, say, token
from rules.over9000.powers import change_level, duel_modifiers
from rules.over9000.resolution import Resolution, resolve
from rules.over9000.rounds import next_turn
from rules.over9000.state import Duel, FaceUpToken, Over9000State, PlayerState, Token


def attack_problem(state: Over9000State, action: Attack) -> IllegalAction | None:
    player = state.players[action.player]
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", Text("Choose a slot from 1 to {count}.", count=SLOT_COUNT))
    if player.top(action.slot) is None:
        return IllegalAction(
            "slot_empty", Text("Your slot {slot} has no face-down token.", slot=action.slot + 1)
        )
    if not 0 <= action.target < state.player_count or action.target == action.player:
        return IllegalAction("bad_target", Text("Attack an opponent in this game."))
    target = state.players[action.target]
    if target.face_down_count == 0:
        return IllegalAction(
            "target_out",
            Text("{fighter} has no face-down token left and sits the duels out.", fighter=fighter(target)),
        )
    return None


def attack(state: Over9000State, events: list[Event], action: Attack) -> None:
    assert state.turn is not None
    player = state.players[action.player]
    pushed = player.slots[action.slot].pop()
    exposed = player.exposed_attacks > 0
    state.turn.duel = Duel(
        defender=action.target, slot=action.slot, token=pushed, declared=action.declared, exposed=exposed
    )
    say(
        events,
        "attack_declared",
        Text(
            "{fighter} pushes slot {slot} forward at {target}: {attack}!",
            fighter=fighter(player),
            slot=action.slot + 1,
            target=fighter(state.players[action.target]),
            attack=token(action.declared),
        ),
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
            Text(
                "{fighter} was caught bluffing, so you see the token pushed at you: {token}",
                fighter=fighter(player),
                token=token(pushed.kind),
            ),
            action.player,
            visible_to=[action.target],
            kind=pushed.kind,
        )


def reveal_problem(state: Over9000State, action: Reveal) -> IllegalAction | None:
    if not 0 <= action.slot < SLOT_COUNT:
        return IllegalAction("no_such_slot", Text("Choose a slot from 1 to {count}.", count=SLOT_COUNT))
    if state.players[action.player].top(action.slot) is None:
        return IllegalAction(
            "slot_empty", Text("Your slot {slot} has no face-down token.", slot=action.slot + 1)
        )
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
    say(
        events,
        "bluff_exposed",
        Plural(
            "{fighter} was caught bluffing: {fighter}'s next {count} attack is shown to the defender "
            "before they reveal",
            "{fighter} was caught bluffing: {fighter}'s next {count} attacks are shown to the defender "
            "before they reveal",
            count,
            fighter=fighter(attacker),
        ),
        attacker.seat,
        attacks=count,
    )


def _change(player: PlayerState, change: int) -> Text:
    """One power level the duel moved, with the level now: "Frieza +1,000 (7,000)"."""
    if change >= 0:
        return Text(
            "{fighter} +{change} ({level})", fighter=fighter(player), change=change, level=player.power_level
        )
    return Text(
        "{fighter} -{change} ({level})", fighter=fighter(player), change=-change, level=player.power_level
    )


def _opening(attacker: PlayerState, defender: PlayerState, pushed: str, revealed: str, bluff: bool) -> Text:
    """What the two tokens were; a pushed token that is no attack is a feint."""
    names = {
        "defender": fighter(defender),
        "revealed": token(revealed),
        "attacker": fighter(attacker),
        "pushed": token(pushed),
    }
    if not is_attack(pushed):
        return Text("{defender} reveals {revealed}; {attacker} pushed {pushed} (a feint!).", names)
    if bluff:
        return Text("{defender} reveals {revealed}; {attacker} pushed {pushed} (a bluff!).", names)
    return Text("{defender} reveals {revealed}; {attacker} pushed {pushed}.", names)


def _duel_text(
    attacker: PlayerState,
    defender: PlayerState,
    duel: Duel,
    revealed: Token,
    resolution: Resolution,
    attacker_change: int,
    defender_change: int,
) -> Text:
    opening = _opening(attacker, defender, duel.token.kind, revealed.kind, resolution.bluff)
    if resolution.result == "blocked":
        verdict = Text("Bluff caught! Blocked") if resolution.bluff else Text("Blocked")
    elif resolution.result == "hit":
        verdict = Text("It hits")
    else:
        verdict = Text("No attack")
    changes = [
        _change(player, change)
        for player, change in ((attacker, attacker_change), (defender, defender_change))
        if change
    ]
    if not changes:
        return Text("{opening} {verdict}.", opening=opening, verdict=verdict)
    return Text("{opening} {verdict}: {changes}", opening=opening, verdict=verdict, changes=listing(changes))
