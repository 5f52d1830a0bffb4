"""The Ascension Phase (AS-1 to AS-3, A3, A10, 2.7): secret plans locked by both players, then
revealed and paid together.

Per model a plan holds one choice: at Base "stay" or "ascend"; at TN "descend", "hold" (pay the Tax
N) or "ascend" (pay the Tax N and 1 SK). Androids and Guldo never ascend. Saiyan Accelerant waives
the 1 SK of an ascension (not the Tax) when a friendly model was Dazed since the last Ascension Phase.
"""

from __future__ import annotations

from itertools import product

from rules.core.text import Text
from rules.primetime import names
from rules.primetime.content import settings
from rules.primetime.context import Ctx
from rules.primetime.names import fighter
from rules.primetime.state import AscensionChoice, PrimeTimeState, Unit
from rules.primetime.stats import char, hp_max

Plan = tuple[tuple[str, AscensionChoice], ...]


FREE_ASCENT = "free_ascent"
"""Marks a model that ascended by a free-ascend card this phase (A10): it has no other choice."""


CHOICE_WORDS = {
    "stay": Text.in_context("ascension choice", "stay"),
    "ascend": Text.in_context("ascension choice", "ascend"),
    "hold": Text.in_context("ascension choice", "hold"),
    "descend": Text.in_context("ascension choice", "descend"),
}
"""Each choice as the verb of "Goku cannot ascend now"."""


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
        return Text("Give exactly one choice for each of your models that can change tier, in roster order.")
    for (_, choice), unit in zip(plan, units, strict=True):
        if choice not in choices_for(unit):
            return Text("{fighter} cannot {choice} now.", fighter=fighter(unit), choice=CHOICE_WORDS[choice])
    cost = plan_cost(state, plan)
    if cost > state.players[seat].sk:
        return Text("This plan costs {cost} SK and you have {sk}.", cost=cost, sk=state.players[seat].sk)
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
            name = fighter(unit)
            if choice == "descend":
                set_tier(unit, unit.tier - 1)
                text = Text("{fighter} descends to {tier}", fighter=name, tier=tier_name(unit))
            elif choice == "ascend":
                set_tier(unit, unit.tier + 1)
                text = Text(
                    "{fighter} ascends to {tier} ({cost} SK)", fighter=name, tier=tier_name(unit), cost=cost
                )
            elif choice == "hold":
                text = Text(
                    "{fighter} holds {tier} ({cost} SK Tax)", fighter=name, tier=tier_name(unit), cost=cost
                )
            else:
                continue
            ctx.say("ascension", text, player.seat, unit=unit_id, choice=choice, tier=unit.tier, sk=cost)
        player.ascension_plan = None
        player.friend_dazed_since_ascension = False


def tier_name(unit: Unit) -> Text:
    """The unit's tier as players call it: Base, or "T1 Super Saiyan"."""
    if unit.tier == 0:
        return Text("Base")
    return Text("T{number} {tier}", number=unit.tier, tier=names.tier_name(unit.character, unit.tier))
