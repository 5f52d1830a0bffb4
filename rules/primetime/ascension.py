"""The Ascension Phase (AS-1 to AS-3, A3, A10, 2.7): secret plans locked by both players, then
revealed and paid together.

Per model a plan holds one choice: at Base "stay" or "ascend"; at TN "descend", "hold" (pay the Tax
N) or "ascend" (pay the Tax N and 1 SK). Androids and Guldo never ascend. Saiyan Accelerant waives
the 1 SK of an ascension (not the Tax) when a friendly model was Dazed since the last Ascension Phase.
"""

from __future__ import annotations

from itertools import product

from rules.primetime.content import settings
from rules.primetime.context import Ctx
from rules.primetime.state import AscensionChoice, PrimeTimeState, Unit
from rules.primetime.stats import char, hp_max

Plan = tuple[tuple[str, AscensionChoice], ...]


FREE_ASCENT = "free_ascent"
"""Marks a model that ascended by a free-ascend card this phase (A10): it has no other choice."""


def choices_for(unit: Unit) -> tuple[AscensionChoice, ...]:
    top = char(unit).max_tier
    if top == 0 or unit.dazed or FREE_ASCENT in unit.used_this_round:
        return ()
    if unit.tier == 0:
        return ("stay", "ascend")
    return ("descend", "hold", "ascend") if unit.tier < top else ("descend", "hold")


def deciding_units(state: PrimeTimeState, seat: int) -> list[Unit]:
    return [unit for unit in state.units_of(seat) if choices_for(unit)]


def accelerant(state: PrimeTimeState, unit: Unit) -> bool:
    """A10 Saiyan Accelerant."""
    return char(unit).has("saiyan") and state.players[unit.seat].friend_dazed_since_ascension


def choice_cost(state: PrimeTimeState, unit: Unit, choice: AscensionChoice) -> int:
    if choice in ("stay", "descend"):
        return 0
    tax = 0 if unit.tax_waived_through >= state.round else unit.tier
    if choice == "hold":
        return tax
    return tax + (0 if accelerant(state, unit) else settings().ascension_cost)


def plan_cost(state: PrimeTimeState, plan: Plan) -> int:
    return sum(choice_cost(state, state.unit(unit_id), choice) for unit_id, choice in plan)


def plan_problem(state: PrimeTimeState, seat: int, plan: Plan) -> str | None:
    units = deciding_units(state, seat)
    if [unit_id for unit_id, _ in plan] != [unit.id for unit in units]:
        return "Give exactly one choice for each of your models that can change tier, in roster order."
    for (_, choice), unit in zip(plan, units, strict=True):
        if choice not in choices_for(unit):
            return f"{char(unit).name} cannot {choice} now."
    cost = plan_cost(state, plan)
    if cost > state.players[seat].sk:
        return f"This plan costs {cost} SK and you have {state.players[seat].sk}."
    return None


def legal_plans(state: PrimeTimeState, seat: int) -> list[Plan]:
    units = deciding_units(state, seat)
    budget = state.players[seat].sk
    plans: list[Plan] = []
    for combination in product(*(choices_for(unit) for unit in units)):
        plan = tuple((unit.id, choice) for unit, choice in zip(units, combination, strict=True))
        if plan_cost(state, plan) <= budget:
            plans.append(plan)
    return plans


def default_plan(state: PrimeTimeState, seat: int) -> Plan:
    """2.9: pay Taxes from the highest tier down while SK lasts (ties: roster order); the rest
    descend; no new tier."""
    units = deciding_units(state, seat)
    budget = state.players[seat].sk
    chosen: dict[str, AscensionChoice] = {}
    for unit in sorted(units, key=lambda unit: -unit.tier):
        tax = choice_cost(state, unit, "hold")
        if unit.tier == 0:
            chosen[unit.id] = "stay"
        elif tax <= budget:
            budget -= tax
            chosen[unit.id] = "hold"
        else:
            chosen[unit.id] = "descend"
    return tuple((unit.id, chosen[unit.id]) for unit in units)


def set_tier(unit: Unit, tier: int) -> None:
    """AS-3 HP Upshift on a higher maximum; on descent HP is capped at the new maximum (2.7)."""
    before = hp_max(unit)
    unit.tier = tier
    after = hp_max(unit)
    unit.hp = unit.hp + after - before if after > before else min(unit.hp, after)


def reveal(ctx: Ctx) -> None:
    """Both plans are locked: reveal and pay them together, then open the Activation Phase."""
    state = ctx.state
    for player in state.players:
        plan = player.ascension_plan or []
        for unit_id, choice in plan:
            unit = state.unit(unit_id)
            cost = choice_cost(state, unit, choice)
            player.sk -= cost
            name = char(unit).name
            if choice == "descend":
                set_tier(unit, unit.tier - 1)
                text = f"{name} descends to {tier_name(unit)}"
            elif choice == "ascend":
                set_tier(unit, unit.tier + 1)
                text = f"{name} ascends to {tier_name(unit)} ({cost} SK)"
            elif choice == "hold":
                text = f"{name} holds {tier_name(unit)} ({cost} SK Tax)"
            else:
                continue
            ctx.say("ascension", text, player.seat, unit=unit_id, choice=choice, tier=unit.tier, sk=cost)
        player.ascension_plan = None
        player.friend_dazed_since_ascension = False


def tier_name(unit: Unit) -> str:
    return "Base" if unit.tier == 0 else f"T{unit.tier} {char(unit).tiers[unit.tier - 1].name}"
