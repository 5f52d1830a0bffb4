"""A simple Over 9000 opponent.

It decides from ``view(state, seat)`` and ``legal_actions(state, seat)`` only, so it knows exactly
what a human in that seat would know. It keeps a Dragon Ball in reserve when it draws one, attacks
with real attacks first, leans on the leader, bluffs its declaration now and then, and believes
most declarations when it defends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.events import Event
from rules.over9000.actions import Attack, Keep, Over9000Action, Place, Reveal, UsePower
from rules.over9000.content import ATTACKS, DEFENSE_FOR, DEFENSES, TokenKind, catalogue, is_attack
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State
from rules.over9000.view import Over9000View, PlayerView, view

HONEST_DECLARATION = 0.7
ARMORED_HONESTY = 0.3
"""A blocked attack costs nothing under armor, so bluffing is free."""
TRUST_DECLARATION = 0.75
GAMBLE_ON_POWER_UP = 0.3
RESERVE_PREFERENCE: tuple[TokenKind, ...] = (
    "dragon_ball",
    "kick_defense",
    "punch_defense",
    "blast_defense",
    "power_up",
)
REVEAL_SPARE_FIRST: tuple[TokenKind, ...] = (
    "dragon_ball",
    "kick_defense",
    "punch_defense",
    "blast_defense",
    "power_up",
    "kick",
    "punch",
    "blast",
)
ARMED_ON_ATTACK = frozenset({"success_bonus", "drain_on_success", "safe_attack", "unblockable"})


def choose_action(state: Over9000State, seat: int, seed: int) -> Over9000Action:
    """One legal action for ``seat``; raises ValueError when the seat has nothing to do."""
    options = legal_actions(state, seat)
    if not options:
        raise ValueError("this seat has no decision to make")
    seen = view(state, seat)
    rng = random.Random(seed)
    assert seen.prompt is not None
    if seen.prompt.kind == "place":
        return _arrange(seen, seat, options, rng)
    if seen.prompt.kind == "attack":
        return _attack_turn(seen, seat, options, rng)
    return _defend(seen, seat, options, rng)


def _me(seen: Over9000View, seat: int) -> PlayerView:
    return seen.players[seat]


def _tops(player: PlayerView) -> dict[int, TokenKind]:
    """The kind on top of each of the viewer's own non-empty slots."""
    return {index: slot.tokens[-1].kind for index, slot in enumerate(player.slots) if slot.tokens}


def _arrange(
    seen: Over9000View, seat: int, options: Sequence[Over9000Action], rng: random.Random
) -> Over9000Action:
    """Fill the reserve first (a Dragon Ball if there is one), then the slots at random."""
    keeps = {action.kind: action for action in options if isinstance(action, Keep)}
    if keeps:
        preferred = next((keeps[kind] for kind in RESERVE_PREFERENCE if kind in keeps), None)
        return preferred or rng.choice(list(keeps.values()))
    return rng.choice([action for action in options if isinstance(action, Place)])


# Attacking.


def _attack_turn(
    seen: Over9000View, seat: int, options: Sequence[Over9000Action], rng: random.Random
) -> Over9000Action:
    powers = [action for action in options if isinstance(action, UsePower)]
    attacks = [action for action in options if isinstance(action, Attack)]
    tops = _tops(_me(seen, seat))
    if powers:
        chosen = _attack_power(seen, seat, powers, tops, rng)
        if chosen is not None:
            return chosen
    return _pick_attack(seen, seat, attacks, tops, rng)


def _attack_power(
    seen: Over9000View,
    seat: int,
    powers: list[UsePower],
    tops: dict[int, TokenKind],
    rng: random.Random,
) -> UsePower | None:
    """Armed powers wait for a real attack to push; a regeneration waits for a token worth having
    back; a body change gives away a token that is no attack."""
    me = _me(seen, seat)
    ops = {step.op for step in catalogue().character(me.character).power.effects}
    if ops & ARMED_ON_ATTACK and not any(is_attack(kind) for kind in tops.values()):
        return None
    if "regenerate" in ops:
        last = next((token for token in reversed(me.face_up) if token.slot is not None), None)
        if last is None or last.kind == "dragon_ball":
            return None
    if "swap_slot" in ops:
        powers = [action for action in powers if action.slot in tops and not is_attack(tops[action.slot])]
    leader = _leader(seen, seat)
    at_leader = [action for action in powers if action.target == leader]
    return rng.choice(at_leader or powers) if powers else None


def _leader(seen: Over9000View, seat: int) -> int:
    opponents = [player for player in seen.players if player.seat != seat]
    return max(opponents, key=lambda player: player.power_level).seat


def _pick_attack(
    seen: Over9000View, seat: int, attacks: list[Attack], tops: dict[int, TokenKind], rng: random.Random
) -> Attack:
    real = [slot for slot, kind in tops.items() if is_attack(kind)]
    power_ups = [slot for slot, kind in tops.items() if kind == "power_up"]
    slot = rng.choice(real or power_ups or list(tops))
    kind = tops[slot]
    targets = sorted({action.target for action in attacks if action.slot == slot})
    leader = max(targets, key=lambda target: seen.players[target].power_level)
    target = leader if rng.random() < 0.5 else rng.choice(targets)
    avoided = _known_blocks(seen, target)
    honesty = ARMORED_HONESTY if "safe_attack" in seen.turn_armed else HONEST_DECLARATION
    if is_attack(kind) and kind not in avoided and rng.random() < honesty:
        declared = kind
    else:
        declared = rng.choice([attack for attack in ATTACKS if attack != kind])
    return next(
        action
        for action in attacks
        if action.slot == slot and action.target == target and action.declared == declared
    )


def _known_blocks(seen: Over9000View, target: int) -> set[str]:
    """Attack kinds that the token last seen with a Scouter in the target's slot would block."""
    seen_kinds = [
        event.data["kind"]
        for event in _since(seen, "round_started")
        if event.kind == "slot_seen" and event.data.get("target") == target
    ]
    return {attack for attack in ATTACKS for kind in seen_kinds[-1:] if kind in (attack, DEFENSE_FOR[attack])}


def _since(seen: Over9000View, kind: str) -> list[Event]:
    """The visible events after the latest one of ``kind``."""
    events = seen.recent_events
    starts = [index for index, event in enumerate(events) if event.kind == kind]
    return events[starts[-1] + 1 :] if starts else events


# Defending.


def _defend(
    seen: Over9000View, seat: int, options: Sequence[Over9000Action], rng: random.Random
) -> Over9000Action:
    assert seen.duel is not None
    tops = _tops(_me(seen, seat))
    declared = seen.duel.declared
    power = next((action for action in options if isinstance(action, UsePower)), None)
    if power is not None and _worth_defending_with(seen, seat, tops, declared):
        return power
    reveals = {action.slot: action for action in options if isinstance(action, Reveal)}
    known = _attack_seen(seen)
    expected = known if known is not None else declared if rng.random() < TRUST_DECLARATION else None
    slot = _reveal_slot(tops, expected, "any_defense_blocks" in seen.duel.defense_armed, rng)
    return reveals[slot]


def _worth_defending_with(seen: Over9000View, seat: int, tops: dict[int, TokenKind], declared: str) -> bool:
    ops = {step.op for step in catalogue().character(_me(seen, seat).character).power.effects}
    blockers = {declared, DEFENSE_FOR[declared]}
    if "block_bonus" in ops:
        return any(kind in blockers for kind in tops.values())
    if "any_defense_blocks" in ops:
        return any(kind in DEFENSES for kind in tops.values())
    return True


def _attack_seen(seen: Over9000View) -> TokenKind | None:
    seen_kinds = [
        event.data["kind"] for event in _since(seen, "attack_declared") if event.kind == "attack_seen"
    ]
    return seen_kinds[-1] if seen_kinds else None


def _reveal_slot(
    tops: dict[int, TokenKind], expected: str | None, any_defense: bool, rng: random.Random
) -> int:
    if expected is not None and is_attack(expected):
        blockers = [DEFENSE_FOR[expected], expected]
        if any_defense:
            blockers = [*DEFENSES, expected]
        for kind in blockers:
            slot = next((slot for slot, top in tops.items() if top == kind), None)
            if slot is not None:
                return slot
    power_ups = [slot for slot, kind in tops.items() if kind == "power_up"]
    feint_expected = expected is not None and not is_attack(expected)
    if power_ups and (feint_expected or rng.random() < GAMBLE_ON_POWER_UP):
        return power_ups[0]
    return min(tops, key=lambda slot: REVEAL_SPARE_FIRST.index(tops[slot]))
