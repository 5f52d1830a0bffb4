"""The registry of effect steps that threat and Power Up tiles are made of.

Threat steps run when Cell activates; Power Up steps run when a fighter pays a tile's activation
cost; passive steps hold while their tile is equipped and are asked what they add. Adding a tile
means writing data; a new kind of step means one function here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rules.cell import board, words
from rules.cell.content import (
    REGISTRY_CHECKS,
    Catalogue,
    EffectStep,
    Face,
    PowerUpTile,
    ThreatTile,
    catalogue,
)
from rules.cell.state import CellState, Placement
from rules.core.events import Event
from rules.core.text import Name, Plural


@dataclass
class EffectContext:
    state: CellState
    events: list[Event]
    source_name: Name
    actor: int | None = None
    target: int | None = None
    payment_on_track: list[int] = field(default_factory=list)


EffectFunction = Callable[[EffectContext, EffectStep], None]
DamageBonus = Callable[[EffectStep, Face], int]
"""A passive step's extra damage for one die (or token) of ``face`` put on the Damage Track."""

THREAT_OPS: dict[str, EffectFunction] = {}
POWER_UP_OPS: dict[str, EffectFunction] = {}
PASSIVE_OPS: dict[str, DamageBonus] = {}


def threat_op(name: str) -> Callable[[EffectFunction], EffectFunction]:
    def register(function: EffectFunction) -> EffectFunction:
        THREAT_OPS[name] = function
        return function

    return register


def power_up_op(name: str) -> Callable[[EffectFunction], EffectFunction]:
    def register(function: EffectFunction) -> EffectFunction:
        POWER_UP_OPS[name] = function
        return function

    return register


def passive_op(name: str) -> Callable[[DamageBonus], DamageBonus]:
    def register(function: DamageBonus) -> DamageBonus:
        PASSIVE_OPS[name] = function
        return function

    return register


def validate_threat(tile: ThreatTile) -> None:
    for step in tile.effects:
        if step.op not in THREAT_OPS:
            raise ValueError(f"threat {tile.name}: unknown effect {step.op!r}")


def validate_power_up(tile: PowerUpTile) -> None:
    for step in tile.effects:
        if step.op not in POWER_UP_OPS:
            raise ValueError(f"power up {tile.name}: unknown effect {step.op!r}")
    for step in tile.passive:
        if step.op not in PASSIVE_OPS:
            raise ValueError(f"power up {tile.name}: unknown passive effect {step.op!r}")
        if step.face is None:
            raise ValueError(f"power up {tile.name}: a passive step names the face it applies to")
    needs_target = any(step.op == "heal" for step in tile.effects)
    if needs_target != tile.needs_target:
        raise ValueError(f"power up {tile.name}: needs_target must be set exactly for healing one fighter")


def validate_catalogue(content: Catalogue) -> None:
    for threat in content.threats:
        validate_threat(threat)
    for power_up in content.power_ups:
        validate_power_up(power_up)


def run_threat(context: EffectContext, tile: ThreatTile) -> None:
    for step in tile.effects:
        THREAT_OPS[step.op](context, step)
        if context.state.outcome is not None:
            return


def run_power_up(context: EffectContext, tile: PowerUpTile) -> None:
    for step in tile.effects:
        POWER_UP_OPS[step.op](context, step)
        if context.state.outcome is not None:
            return


# Threat steps: Cell acts on the Z-Fighters.


@threat_op("damage_all")
def _damage_all(context: EffectContext, step: EffectStep) -> None:
    for fighter in context.state.fighters:
        board.damage_fighter(context.state, context.events, fighter.seat, step.amount, context.source_name)


@threat_op("heal_cell")
def _heal_cell(context: EffectContext, step: EffectStep) -> None:
    board.heal_cell(context.state, context.events, step.amount, context.source_name)


@threat_op("discard_tokens")
def _discard_tokens(context: EffectContext, step: EffectStep) -> None:
    """Each fighter loses their most recently collected tokens."""
    for fighter in context.state.fighters:
        keep = max(0, len(fighter.tokens) - step.amount)
        lost = fighter.tokens[keep:]
        if lost:
            del fighter.tokens[keep:]
            context.state.token_discard.extend(lost)
            board.say(
                context.state,
                context.events,
                "tokens_lost",
                Plural(
                    "{source}: {fighter} discards {count} Dragon Ball token",
                    "{source}: {fighter} discards {count} Dragon Ball tokens",
                    len(lost),
                    source=context.source_name,
                    fighter=words.fighter(context.state, fighter.seat),
                ),
                fighter.seat,
            )


@threat_op("drain_meter")
def _drain_meter(context: EffectContext, step: EffectStep) -> None:
    """The most recently placed Dragon Balls leave the meter and return to their owners."""
    meter = context.state.dragon_ball_meter
    keep = max(0, len(meter) - step.amount)
    drained = meter[keep:]
    if drained:
        del meter[keep:]
        board.release_placements(context.state, drained)
        board.say(
            context.state,
            context.events,
            "meter_drained",
            Plural(
                "{source}: {count} Dragon Ball knocked off the meter",
                "{source}: {count} Dragon Balls knocked off the meter",
                len(drained),
                source=context.source_name,
            ),
        )


# Passive steps: what an equipped tile adds to each die its holder puts on the Damage Track.


def passive_damage_bonus(equipped: Iterable[int], face: Face) -> int:
    """What the passive tiles among ``equipped`` add to one die of ``face`` spent on the Damage Track."""
    tiles = catalogue().power_ups
    return sum(PASSIVE_OPS[step.op](step, face) for tile in equipped for step in tiles[tile].passive)


@passive_op("die_damage")
def _die_damage(step: EffectStep, face: Face) -> int:
    return step.amount if step.face == face else 0


# Power Up steps: the active fighter pays the activation cost, then these run in order.


@power_up_op("damage")
def _damage(context: EffectContext, step: EffectStep) -> None:
    assert context.actor is not None
    board.damage_cell(context.state, context.events, step.amount, context.actor, context.source_name)


@power_up_op("self_damage")
def _self_damage(context: EffectContext, step: EffectStep) -> None:
    assert context.actor is not None
    board.damage_fighter(context.state, context.events, context.actor, step.amount, context.source_name)


@power_up_op("heal")
def _heal(context: EffectContext, step: EffectStep) -> None:
    assert context.actor is not None and context.target is not None
    board.heal_fighter(
        context.state, context.events, context.actor, context.target, step.amount, context.source_name
    )


@power_up_op("heal_all")
def _heal_all(context: EffectContext, step: EffectStep) -> None:
    assert context.actor is not None
    for fighter in context.state.fighters:
        board.heal_fighter(
            context.state, context.events, context.actor, fighter.seat, step.amount, context.source_name
        )


@power_up_op("collect_tokens")
def _collect_tokens(context: EffectContext, step: EffectStep) -> None:
    assert context.actor is not None
    for _ in range(step.amount):
        if board.tokens_available(context.state):
            board.draw_token(context.state, context.events, context.actor)


@power_up_op("retrieve_own")
def _retrieve_own(context: EffectContext, step: EffectStep) -> None:
    """The user's dice leave Threat tiles and the Dragon Ball Meter and come back rolled, to be spent
    this turn: that is what sets the tile apart from burning a die to retrieve (CONTENT.md,
    decision 24)."""
    assert context.actor is not None
    state = context.state
    retrieved: list[Placement] = []
    for threat in state.active_threats:
        mine = [p for p in threat.placed if p.die is not None and state.dice[p.die].owner == context.actor]
        threat.placed = [p for p in threat.placed if p not in mine]
        retrieved += mine
    mine = [
        p for p in state.dragon_ball_meter if p.die is not None and state.dice[p.die].owner == context.actor
    ]
    state.dragon_ball_meter = [p for p in state.dragon_ball_meter if p not in mine]
    retrieved += mine
    board.release_placements(state, retrieved)
    faces = catalogue().board.die_faces
    dice = [state.dice[p.die] for p in retrieved if p.die is not None]
    for die in dice:
        die.face = faces[state.rng.below(len(faces))]
    rolled = words.listed([words.face(die.face) for die in dice if die.face is not None])
    board.say(
        state,
        context.events,
        "dice_retrieved",
        Plural(
            "{source}: {count} die returns to the mat and is rolled: {faces}",
            "{source}: {count} dice return to the mat and are rolled: {faces}",
            len(dice),
            source=context.source_name,
            faces=rolled,
        ),
        context.actor,
        faces=[die.face for die in dice],
    )


# Every step is registered: check the content already loaded, then every catalogue validated later.
validate_catalogue(catalogue())
REGISTRY_CHECKS.append(validate_catalogue)
