"""Current stats of a model: its tier line, plus modifiers capped at ±3 (ZR-7, A12), and the derived
numbers every rule needs (Defense, technique DMG, HP maximum, Absorb)."""

from __future__ import annotations

from rules.primetime.content import Character, Technique, character, settings
from rules.primetime.geometry import Cell
from rules.primetime.state import PrimeTimeState, Unit

_TIER_STATS = ("foc", "imp", "res", "rfx", "dmg")
TURTLE_SCHOOL = "turtle_school_discipline"
"""Krillin's Legacy card: a permanent FOC +1, RFX +1 (a modifier under the cap)."""
_STATUS_MODIFIERS = {"staggered": ("rfx", -1), "overloaded": ("rfx", -2)}


def char(unit: Unit) -> Character:
    return character(unit.character)


def tier_value(unit: Unit, stat: str) -> int:
    """The stat as printed for the model's current tier (tier lines are not modifiers, A12)."""
    profile = char(unit)
    if stat == "hp":
        return profile.hp_max(unit.tier)
    value = getattr(profile.base, stat)
    if unit.tier and stat in _TIER_STATS:
        value += getattr(profile.tiers[unit.tier - 1], stat)
    return value


def hp_max(unit: Unit) -> int:
    return char(unit).hp_max(unit.tier)


def modifier_sum(unit: Unit, stat: str) -> int:
    """Every uncapped change to ``stat``: effects, statuses (2.5) and Vanity (3.3)."""
    total = sum(modifier.amount for modifier in unit.modifiers if modifier.stat == stat)
    for status in unit.statuses:
        change = _STATUS_MODIFIERS.get(status)
        if change is not None and change[0] == stat:
            total += change[1]
    if stat == "rfx" and "vanity" in char(unit).passives and unit.hp >= hp_max(unit):
        total += 1
    if stat in ("foc", "rfx") and TURTLE_SCHOOL in unit.legacy:
        total += 1
    return total


def stat(unit: Unit, name: str, extra: int = 0) -> int:
    """The current stat; ``extra`` (the dive bonus, AL-4) counts toward the cap like any modifier."""
    cap = settings().stat_cap
    change = max(-cap, min(cap, modifier_sum(unit, name) + extra))
    return tier_value(unit, name) + change


def defense(unit: Unit, cover: bool) -> int:
    """2.4 step 5: 10 + RFX, +2 with Cover against a ranged attack."""
    rules = settings()
    return rules.defense_base + stat(unit, "rfx") + (rules.cover_bonus if cover else 0)


def technique_damage(unit: Unit, technique: Technique) -> int:
    """2.3: Rush deals DMG, Ki Volley DMG - 1, others printed DMG + (current DMG - Base DMG)."""
    current = stat(unit, "dmg")
    if technique.basic:
        return current if technique.family == "melee" else max(0, current - 1)
    if technique.dmg == 0 or technique.fixed_dmg:
        return technique.dmg
    return technique.dmg + current - char(unit).base.dmg


def below_half(unit: Unit) -> bool:
    """A15: HP x 2 below the current maximum."""
    return unit.hp * 2 < hp_max(unit)


def absorb(unit: Unit) -> int:
    """KW-2: Recoome's passive Absorb 1, or 2 below half HP (only the highest single value counts)."""
    if "absorb" not in char(unit).passives:
        return 0
    return 2 if below_half(unit) else 1


def can_fly(unit: Unit) -> bool:
    return char(unit).has("fly")


def is_namekian(unit: Unit) -> bool:
    return char(unit).has("namekian")


def standing(state: PrimeTimeState) -> list[Unit]:
    """Every non-Dazed model: only they occupy a cell (2.2), block movement and can be targeted."""
    return [unit for unit in state.units if not unit.dazed]


def occupied(state: PrimeTimeState, ignore: str | None = None) -> frozenset[Cell]:
    return frozenset(unit.cell for unit in state.units if not unit.dazed and unit.id != ignore)


def heal(unit: Unit, amount: int) -> int:
    """Recovers up to ``amount`` HP, never above the maximum; returns the HP gained."""
    before = unit.hp
    unit.hp = min(hp_max(unit), unit.hp + amount)
    return unit.hp - before
