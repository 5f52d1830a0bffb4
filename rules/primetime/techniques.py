"""Which techniques a model may use, what they cost, and whom they reach (2.3, 2.4 step 1, KW-1,
the Android keyword), plus the Clash and Intercept options of a defender (2.4 steps 2-3)."""

from __future__ import annotations

from typing import NamedTuple

from rules.core.text import Text
from rules.primetime.cards import card
from rules.primetime.content import Rider, Technique, settings
from rules.primetime.geometry import Cell, within
from rules.primetime.names import fighter, technique_name
from rules.primetime.state import Activation, PendingAttack, PrimeTimeState, Unit
from rules.primetime.stats import can_fly, char
from rules.primetime.targeting import dash_cell, reaches

COMPASS: tuple[Cell, ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""Psychokinesis's 8 directions: N, NE, E, SE, S, SW, W, NW."""

INTERCEPTS = {"mentors_shield": 3, "gentle_giant": 2}
"""Passive Intercepts (3.3) and their granting distance in inches; each once per round."""


DEATH_BALL_BLAST, DEATH_BALL_DMG = 3, 2
DISC_MASTERY_BK, DISC_MASTERY_ACC = 1, 1


def _with_blast(technique: Technique, inches: int) -> Technique:
    riders = tuple(rider for rider in technique.riders if rider.op != "blast")
    return technique.model_copy(update={"riders": (*riders, Rider(op="blast", inches=inches))})


def effective(state: PrimeTimeState, unit: Unit, technique: Technique) -> Technique:
    """The technique as this model's cards change it now: Activation Start flags of its own
    activation (Hell's Flash Reload, Final Flash Overcharge, Unlimited Energy, Ultra Fighting Bomber,
    Death Ball) and Legacy cards (Destructo Disc Mastery)."""
    changes: dict[str, object] = {}
    if "destructo_disc_mastery" in unit.legacy and technique.family == "disc" and not technique.basic:
        changes.update(bk=min(technique.bk, DISC_MASTERY_BK), acc=technique.acc + DISC_MASTERY_ACC)
    activation = state.activation
    if activation is not None and activation.unit == unit.id and activation.flags:
        flags = activation.flags
        if f"uncharged:{technique.id}" in flags:
            changes["charged"] = False
        if "free_techniques" in flags:
            changes["bk"] = 0
        if f"unexhausted:{technique.id}" in flags:
            changes["exhausted_ok"] = True
    changed = technique.model_copy(update=changes) if changes else technique
    if activation is not None and activation.unit == unit.id:
        for flag in activation.flags:
            if flag.startswith(f"blast:{technique.id}:"):
                changed = _with_blast(changed, int(flag.rsplit(":", 1)[1]))
        if "death_ball" in activation.flags and not technique.basic:
            changed = _with_blast(changed, DEATH_BALL_BLAST).model_copy(
                update={"dmg": changed.dmg + DEATH_BALL_DMG}
            )
    return changed


def technique_cost(unit: Unit, technique: Technique, activation: Activation | None) -> tuple[int, int]:
    """(BK, SK) to use ``technique``. Exhausted: only 0-BK techniques, or 2 SK through Breakthrough;
    an Android's first paid technique of its own activation costs 1 BK less."""
    if unit.has_status("exhausted") and technique.bk > 0 and not technique.exhausted_ok:
        return 0, settings().breakthrough_sk
    bk = technique.bk
    own = activation is not None and activation.unit == unit.id
    if bk and own and char(unit).has("android") and not activation.android_discount_used:
        bk -= 1
    return bk, 0


def cost_problem(
    state: PrimeTimeState, unit: Unit, technique: Technique, activation: Activation | None
) -> Text | None:
    exhausted = unit.has_status("exhausted") and not technique.exhausted_ok
    if exhausted and technique.bk > 0 and not char(unit).has("breakthrough"):
        return Text("{fighter} is Exhausted: only techniques printed at 0 BK.", fighter=fighter(unit))
    bk, sk = technique_cost(unit, technique, activation)
    player = state.players[unit.seat]
    if bk > player.bk:
        return Text(
            "{technique} costs {cost} BK and you have {bk}.",
            technique=technique_name(technique),
            cost=bk,
            bk=player.bk,
        )
    if sk > player.sk:
        return Text("Breakthrough costs {cost} SK and you have {sk}.", cost=sk, sk=player.sk)
    return None


def available(unit: Unit, technique: Technique) -> bool:
    """Tier-only techniques (Monster Crush T1, Solar Kamehameha T3)."""
    return unit.tier >= technique.min_tier


def target_problem(state: PrimeTimeState, attacker: Unit, technique: Technique, target: Unit) -> Text | None:
    if target.dazed:
        return Text("{fighter} is Dazed and cannot be targeted.", fighter=fighter(target))
    if target.seat == attacker.seat:
        return Text("Attack an enemy model.")
    if technique.dash:
        if dash_cell(state, attacker, technique, target) is None:
            return Text(
                '{fighter} is not within {dash}" of a cell in contact.',
                fighter=fighter(target),
                dash=technique.dash,
            )
        return None
    if not reaches(state, attacker, technique, target):
        if technique.family == "melee":
            return Text(
                "{fighter} is not in melee reach (contact, altitudes at most one level apart).",
                fighter=fighter(target),
            )
        return Text(
            "{fighter} is out of {technique}'s {range}\" range or line of sight.",
            fighter=fighter(target),
            technique=technique_name(technique),
            range=technique.range,
        )

    return None


def clash_options(state: PrimeTimeState, attack: PendingAttack) -> list[Technique]:
    """2.4 step 3 [D!]: the defender's same-family techniques (Melee vs Melee, Ki/Beam vs Ki/Beam)
    that are not basic, Charged, Disc or Special, reach the attacker, and can be paid."""
    attacking = attack.boosted or char(state.unit(attack.attacker)).technique(attack.technique)
    if not attack.can_clash or attack.unopposed or attack.undeniable or not attacking.clashable:
        return []
    defender = state.unit(attack.target)
    attacker = state.unit(attack.attacker)
    if defender.has_status("staggered") or attacker.dazed:
        return []
    return [technique for technique in char(defender).techniques if clash_fits(state, attack, technique)]


def clash_fits(state: PrimeTimeState, attack: PendingAttack, technique: Technique) -> bool:
    """The defender's ``technique`` may answer the attack: same family group (Purple Spiral Flash:
    a Beam only), not Charged, usable and paid now, and reaching the attacker (or, against Purple
    Spiral Flash, either partner: A16)."""
    attacking = attack.boosted or char(state.unit(attack.attacker)).technique(attack.technique)
    defender = state.unit(attack.target)
    melee = attacking.family == "melee"
    if not technique.clashable or technique.charged or (technique.family == "melee") != melee:
        return False
    if attack.clash_family is not None and technique.family != attack.clash_family:
        return False
    if not available(defender, technique) or cost_problem(state, defender, technique, None):
        return False
    answered = [attack.attacker] + ([attack.partner] if attack.partner else [])
    return any(
        reaches(state, defender, technique, state.unit(unit_id))
        for unit_id in answered
        if not state.unit(unit_id).dazed
    )


class InterceptSource(NamedTuple):
    kind: str
    """``grant`` (Special Beam Cover, until Cleanup), ``passive`` (once per round) or ``card``."""
    name: str


def intercept_source(state: PrimeTimeState, unit: Unit, target: Unit) -> InterceptSource | None:
    """What lets ``unit`` Intercept for ``target``, the most lasting grant first so that the scarcer
    ones are kept: a Special Beam Cover grant, then a passive (Mentor's Shield for a Gohan within 3",
    Gentle Giant within 2"), then a Persistent card beside the model (Namekian Resolve within 6")."""
    player = state.players[unit.seat]
    for flag in player.flags:
        kind, _, rest = flag.partition(":")
        if kind == "cover":
            guard, ward, inches = rest.split(":")
            if guard == unit.id and ward == target.id and within(unit.cell, target.cell, int(inches)):
                return InterceptSource("grant", flag)
    for passive, inches in INTERCEPTS.items():
        if passive not in char(unit).passives or passive in unit.used_this_round:
            continue
        if passive == "mentors_shield" and not char(target).has("gohan"):
            continue
        if within(unit.cell, target.cell, inches):
            return InterceptSource("passive", passive)
    for card_id, holder in player.persistent:
        if holder != unit.id:
            continue
        for effect in card(card_id).effects:
            if effect.op == "grant_intercept" and within(unit.cell, target.cell, effect.inches):
                return InterceptSource("card", card_id)
    return None


def intercept_options(state: PrimeTimeState, attack: PendingAttack) -> list[Unit]:
    """2.4 step 2 [D!]: every non-Dazed friendly model an ``intercept_source`` lets Intercept;
    against Melee the two swap cells and altitudes, which is illegal if a model without Fly would
    change altitude."""
    if attack.undeniable or not attack.can_intercept:
        return []
    target = state.unit(attack.target)
    attacking = attack.boosted or char(state.unit(attack.attacker)).technique(attack.technique)
    melee = attacking.family == "melee"
    options = []
    for unit in state.units_of(target.seat):
        if unit.dazed or unit.id == target.id:
            continue
        if melee and unit.level != target.level and not (can_fly(unit) and can_fly(target)):
            continue
        if intercept_source(state, unit, target) is not None:
            options.append(unit)
    return options
