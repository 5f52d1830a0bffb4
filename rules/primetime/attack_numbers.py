"""What an attack is made with (DESIGN.md 2.4): its technique as fixed at declaration, the cost the
attacker pays, and the skill and Acc its roll adds."""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.content import Technique, settings
from rules.primetime.context import Ctx
from rules.primetime.names import fighter
from rules.primetime.state import PendingAttack, PrimeTimeState, Unit
from rules.primetime.stats import char, modifier_sum, stat
from rules.primetime.techniques import (
    technique_cost,
)


def technique_of(state: PrimeTimeState, unit_id: str, technique_id: str) -> Technique:
    return char(state.unit(unit_id)).technique(technique_id)


def attacking_technique(attack: PendingAttack, state: PrimeTimeState) -> Technique:
    """The attack's technique with the attacker's card changes fixed at declaration."""
    return attack.boosted or technique_of(state, attack.attacker, attack.technique)


def pay(ctx: Ctx, unit: Unit, technique: Technique, own_activation: bool) -> None:
    state = ctx.state
    activation = state.activation if own_activation else None
    bk, sk = technique_cost(unit, technique, activation)
    player = state.players[unit.seat]
    player.bk -= bk
    player.sk -= sk
    if activation is not None and bk < technique.bk and not sk:
        activation.android_discount_used = True
    if sk:
        ctx.say(
            "breakthrough",
            Text("{fighter} breaks through Exhaustion for {sk} SK", fighter=fighter(unit), sk=sk),
            unit.seat,
        )


def skill_total(attacker: Unit, technique: Technique, target: Unit, attacker_level: int) -> int:
    """Skill with its capped modifiers, the dive bonus of AL-4 included (A12)."""
    dive = settings().dive_bonus if attacker_level > target.level else 0
    return stat(attacker, technique.skill, dive + modifier_sum(attacker, "skill"))


def accuracy(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> int:
    """Acc sources stack and are not capped: printed Acc, Rage Charge, Brutal Duo, Sibling Sync."""
    acc = technique.acc
    if technique.acc_if_friend_dazed and any(unit.dazed for unit in state.units_of(attacker.seat)):
        acc += technique.acc_if_friend_dazed
    passives = char(attacker).passives
    if "brutal_duo" in passives and "burter" in target.attacked_by:
        acc += 1
    if "sibling_sync" in passives and "android_17" in target.attacked_by:
        acc += 1
    activation = state.activation
    if activation is not None and activation.unit == attacker.id:
        acc += sum(int(flag.split(":")[1]) for flag in activation.flags if flag.startswith("acc:"))
    return acc
