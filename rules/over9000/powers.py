"""The registry of steps that special powers are made of.

A step either acts at once when the Dragon Ball is flipped (``immediate``) or is armed and changes
how the duel resolves (``modifier``). Each step belongs to one window: ``attack`` (the user's turn,
before attacking) or ``defense`` (before the user reveals a slot). Adding a character means writing
data; a new kind of step means one function here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text
from rules.over9000.content import (
    REGISTRY_CHECKS,
    Catalogue,
    Power,
    PowerStep,
    Window,
    catalogue,
)
from rules.over9000.narration import fighter, token
from rules.over9000.resolution import DuelModifiers
from rules.over9000.state import FaceUpToken, Over9000State


@dataclass
class PowerContext:
    state: Over9000State
    events: list[Event]
    user: int
    target: int | None = None
    slot: int | None = None


Check = Callable[[PowerContext, PowerStep], IllegalAction | None]
Run = Callable[[PowerContext, PowerStep], None]
Modify = Callable[[DuelModifiers, PowerStep], None]


@dataclass(frozen=True)
class PowerOp:
    window: Window
    needs_target: bool = False
    needs_slot: bool = False
    needs_amount: bool = False
    check: Check | None = None
    run: Run | None = None
    modify: Modify | None = None


POWER_OPS: dict[str, PowerOp] = {}


def immediate(
    name: str,
    window: Window,
    *,
    needs_target: bool = False,
    needs_slot: bool = False,
    needs_amount: bool = False,
    check: Check | None = None,
) -> Callable[[Run], Run]:
    def register(function: Run) -> Run:
        POWER_OPS[name] = PowerOp(window, needs_target, needs_slot, needs_amount, check, run=function)
        return function

    return register


def modifier(name: str, window: Window, *, needs_amount: bool = False) -> Callable[[Modify], Modify]:
    def register(function: Modify) -> Modify:
        POWER_OPS[name] = PowerOp(window, needs_amount=needs_amount, modify=function)
        return function

    return register


def validate_power(character: str, power: Power) -> None:
    for step in power.effects:
        op = POWER_OPS.get(step.op)
        if op is None:
            raise ValueError(f"{character}: unknown power step {step.op!r}")
        if op.window != power.window:
            raise ValueError(f"{character}: {step.op} belongs to the {op.window} window")
        if op.needs_amount != (step.amount > 0):
            raise ValueError(f"{character}: {step.op} takes an amount exactly when it needs one")


def validate_catalogue(content: Catalogue) -> None:
    for character in content.characters:
        validate_power(character.name, character.power)


def needs_target(power: Power) -> bool:
    return any(POWER_OPS[step.op].needs_target for step in power.effects)


def needs_slot(power: Power) -> bool:
    return any(POWER_OPS[step.op].needs_slot for step in power.effects)


def power_problem(context: PowerContext, power: Power) -> IllegalAction | None:
    for step in power.effects:
        check = POWER_OPS[step.op].check
        problem = check(context, step) if check else None
        if problem:
            return problem
    return None


def run_power(context: PowerContext, power: Power) -> list[PowerStep]:
    """Runs the immediate steps and returns the armed ones for the duel."""
    armed: list[PowerStep] = []
    for step in power.effects:
        op = POWER_OPS[step.op]
        if op.run is not None:
            op.run(context, step)
        else:
            armed.append(step)
    return armed


def duel_modifiers(steps: list[PowerStep]) -> DuelModifiers:
    modifiers = DuelModifiers()
    for step in steps:
        modify = POWER_OPS[step.op].modify
        assert modify is not None
        modify(modifiers, step)
    return modifiers


def change_level(state: Over9000State, seat: int, amount: int) -> int:
    """Moves a power level, never below the floor; returns the change actually made."""
    player = state.players[seat]
    before = player.power_level
    player.power_level = max(catalogue().settings.floor, before + amount)
    return player.power_level - before


def _say(
    context: PowerContext, event_kind: str, text: Text, visible_to: list[int] | None = None, **data: object
) -> None:
    context.events.append(
        Event(kind=event_kind, text=text, actor=context.user, data=dict(data), visible_to=visible_to)
    )


def _target_slot_filled(context: PowerContext, step: PowerStep) -> IllegalAction | None:
    assert context.target is not None and context.slot is not None
    target = context.state.players[context.target]
    if target.top(context.slot) is None:
        return IllegalAction(
            "slot_empty",
            Text(
                "{fighter}'s slot {slot} has no face-down token.",
                fighter=fighter(target),
                slot=context.slot + 1,
            ),
        )
    return None


def _both_slots_filled(context: PowerContext, step: PowerStep) -> IllegalAction | None:
    assert context.slot is not None
    if context.state.players[context.user].top(context.slot) is None:
        return IllegalAction(
            "slot_empty", Text("Your slot {slot} has no face-down token.", slot=context.slot + 1)
        )
    return _target_slot_filled(context, step)


def _has_slot_token_face_up(context: PowerContext, step: PowerStep) -> IllegalAction | None:
    if _last_regenerable(context) is None:
        return IllegalAction(
            "nothing_to_regenerate", Text("None of your slot tokens has been revealed this round.")
        )
    return None


def _last_regenerable(context: PowerContext) -> FaceUpToken | None:
    face_up = context.state.players[context.user].face_up
    return next((token for token in reversed(face_up) if token.slot is not None), None)


# Immediate steps.


@immediate("peek_slot", "attack", needs_target=True, needs_slot=True, check=_target_slot_filled)
def _peek_slot(context: PowerContext, step: PowerStep) -> None:
    assert context.target is not None and context.slot is not None
    target = context.state.players[context.target]
    seen = target.top(context.slot)
    assert seen is not None
    where = {"target": fighter(target), "slot": context.slot + 1}
    user = fighter(context.state.players[context.user])
    _say(context, "slot_peeked", Text("{fighter} reads {target}'s slot {slot}", where, fighter=user))
    _say(
        context,
        "slot_seen",
        Text("The top token of {target}'s slot {slot}: {token}", where, token=token(seen.kind)),
        visible_to=[context.user],
        target=context.target,
        slot=context.slot,
        kind=seen.kind,
    )


@immediate("absorb", "attack", needs_target=True, needs_amount=True)
def _absorb(context: PowerContext, step: PowerStep) -> None:
    assert context.target is not None
    state = context.state
    lost = change_level(state, context.target, -step.amount)
    gained = change_level(state, context.user, step.amount)
    user, target = state.players[context.user], state.players[context.target]
    _say(
        context,
        "absorbed",
        Text(
            "{fighter} absorbs {amount} from {target} ({fighter} {level}, {target} {target_level})",
            fighter=fighter(user),
            amount=-lost,
            target=fighter(target),
            level=user.power_level,
            target_level=target.power_level,
        ),
        target=context.target,
        gained=gained,
        lost=-lost,
    )


@immediate("discard_slot", "attack", needs_target=True, needs_slot=True, check=_target_slot_filled)
def _discard_slot(context: PowerContext, step: PowerStep) -> None:
    assert context.target is not None and context.slot is not None
    target = context.state.players[context.target]
    discarded = target.slots[context.slot].pop()
    target.face_up.append(FaceUpToken(token=discarded, slot=context.slot))
    _say(
        context,
        "slot_discarded",
        Text(
            "{target}'s slot {slot} token turns face up: {token}, out of play this round",
            target=fighter(target),
            slot=context.slot + 1,
            token=token(discarded.kind),
        ),
        target=context.target,
        slot=context.slot,
        kind=discarded.kind,
    )


@immediate("swap_slot", "attack", needs_target=True, needs_slot=True, check=_both_slots_filled)
def _swap_slot(context: PowerContext, step: PowerStep) -> None:
    assert context.target is not None and context.slot is not None
    user, target = context.state.players[context.user], context.state.players[context.target]
    slot = context.slot
    given, taken = user.slots[slot].pop(), target.slots[slot].pop()
    user.slots[slot].append(taken)
    target.slots[slot].append(given)
    names = {"fighter": fighter(user), "target": fighter(target), "slot": slot + 1}
    _say(context, "slots_swapped", Text("{fighter} swaps slot {slot} tokens with {target}", names))
    _say(
        context,
        "token_received",
        Text("You take a token from {target}'s slot {slot}: {token}", names, token=token(taken.kind)),
        visible_to=[context.user],
        kind=taken.kind,
    )
    _say(
        context,
        "token_received",
        Text("{fighter} puts a token on your slot {slot}: {token}", names, token=token(given.kind)),
        visible_to=[context.target],
        kind=given.kind,
    )


@immediate("regenerate", "attack", check=_has_slot_token_face_up)
def _regenerate(context: PowerContext, step: PowerStep) -> None:
    user = context.state.players[context.user]
    face_up = _last_regenerable(context)
    assert face_up is not None and face_up.slot is not None
    user.face_up.remove(face_up)
    user.slots[face_up.slot].append(face_up.token)
    # The token lay face up in front of everyone, so naming it gives nothing away; the text says it
    # is still known, because "face down" alone would suggest it is a secret again.
    _say(
        context,
        "regenerated",
        Text(
            "{fighter} regenerates: the {token} everyone saw revealed from slot {slot} goes back on top "
            "of slot {slot}, face down but no secret",
            fighter=fighter(user),
            token=token(face_up.token.kind),
            slot=face_up.slot + 1,
        ),
        slot=face_up.slot,
    )


@immediate("peek_attack", "defense")
def _peek_attack(context: PowerContext, step: PowerStep) -> None:
    turn = context.state.turn
    assert turn is not None and turn.duel is not None
    user = fighter(context.state.players[context.user])
    _say(context, "attack_peeked", Text("{fighter} sees the attack coming", fighter=user))
    _say(
        context,
        "attack_seen",
        Text("The token pushed at you: {token}", token=token(turn.duel.token.kind)),
        visible_to=[context.user],
        kind=turn.duel.token.kind,
    )


# Armed steps: they change the duel's resolution.


@modifier("success_bonus", "attack", needs_amount=True)
def _success_bonus(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.success_bonus += step.amount


@modifier("drain_on_success", "attack", needs_amount=True)
def _drain_on_success(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.drain_on_success += step.amount


@modifier("safe_attack", "attack")
def _safe_attack(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.safe_attack = True


@modifier("unblockable", "attack")
def _unblockable(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.unblockable = True


@modifier("block_bonus", "defense", needs_amount=True)
def _block_bonus(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.block_bonus += step.amount


@modifier("any_defense_blocks", "defense")
def _any_defense_blocks(modifiers: DuelModifiers, step: PowerStep) -> None:
    modifiers.any_defense_blocks = True


# Every step is registered: check the content already loaded, then every catalogue validated later.
validate_catalogue(catalogue())
REGISTRY_CHECKS.append(validate_catalogue)
