"""The Missions of 3.6 at play: which one is in force, control of an objective (2.8, with the Cell
Games Ring and Dragon Radar's Seize), what each objective scores, the Missions' per-round bonuses,
and Namek Is Collapsing's removal. The Missions themselves are data (``data/scenario.json``)."""

from __future__ import annotations

from math import hypot

from rules.core.text import Text
from rules.primetime.content import settings
from rules.primetime.context import Ctx
from rules.primetime.geometry import Point, point_within
from rules.primetime.names import fighter, point_word
from rules.primetime.placement import edge_distance
from rules.primetime.scenario import Mission, location, mission
from rules.primetime.state import PrimeTimeState, Unit
from rules.primetime.stats import char

CENTRE = (15, 15)
SEIZE_REACH = 1
"""Dragon Radar: a Seize needs the model within 1" of the objective."""


def in_force(state: PrimeTimeState) -> Mission:
    """R1 the Opening, R2 the Escalation, R3-4 the Finale (SU-5)."""
    return mission(state.missions[min(state.round, 3) - 1])


def oc(state: PrimeTimeState, unit: Unit) -> int:
    """The model's OC, +1 in the Cell Games Ring."""
    ring = location(state.location).ring
    bonus = location(state.location).ring_oc if ring is not None and ring.contains_cell(unit.cell) else 0
    return char(unit).base.oc + bonus


def controller(state: PrimeTimeState, point: Point) -> int | None:
    """2.8: the higher total OC of Ground, non-Dazed models within the 3" ZOC; a tie is nobody's."""
    zoc = settings().zoc
    totals = [0, 0]
    for unit in state.units:
        if not unit.dazed and unit.level == 0 and point_within(unit.cell, point, zoc):
            totals[unit.seat] += oc(state, unit)
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def holder(state: PrimeTimeState, point: Point) -> int | None:
    """Who scores the objective now: a Seize in force (Dragon Radar's round) overrides the OC."""
    if in_force(state).seize:
        for seized, seat in state.seized:
            if tuple(seized) == tuple(point):
                return seat
    return controller(state, point)


def objective_values(state: PrimeTimeState) -> list[int]:
    """The Glory each objective scores under the mission in force (3.6)."""
    rule = in_force(state)
    if rule.extra:
        dragon_balls = {tuple(point) for point in state.dragon_balls}
        return [
            rule.extra_glory if tuple(point) in dragon_balls else rule.glory for point in state.objectives
        ]
    if not rule.centre_glory or not state.objectives:
        return [rule.glory] * len(state.objectives)
    distances = [round(hypot(x - CENTRE[0], y - CENTRE[1]), 9) for x, y in state.objectives]
    nearest = min(distances)
    return [rule.centre_glory if distance == nearest else rule.glory for distance in distances]


def objective_bonus(state: PrimeTimeState, seat: int, point: Point) -> int:
    """Power Level Rising: +1 for a held objective with a friendly non-Dazed model at T1+ in its ZOC."""
    rule = in_force(state)
    if rule.bonus != "ascended":
        return 0
    zoc = settings().zoc
    near = any(
        not unit.dazed and unit.tier >= 1 and point_within(unit.cell, point, zoc)
        for unit in state.units_of(seat)
    )
    return rule.bonus_glory if near else 0


def round_bonuses(state: PrimeTimeState, held: list[int]) -> list[tuple[int, int, Text]]:
    """The mission's Glory beyond its objectives, as (seat, Glory, why)."""
    rule = in_force(state)
    found: list[tuple[int, int, Text]] = []
    if rule.bonus == "more_held" and held[0] != held[1]:
        found.append((0 if held[0] > held[1] else 1, rule.bonus_glory, Text("more objectives held")))
    if rule.bonus == "dazed":
        for player in state.players:
            amount = min(player.dazed_enemies_this_round, rule.bonus_glory)
            if amount:
                found.append((player.seat, amount, Text("enemy models Dazed this round")))

    return found


def round_start(ctx: Ctx) -> None:
    """Namek Is Collapsing: at the start of its round the objective nearest an edge goes, and every
    objective tied with it."""
    state = ctx.state
    rule = mission(state.missions[-1])
    if rule.collapse_round != state.round or not state.objectives:
        return
    nearest = min(edge_distance(point) for point in state.objectives)
    for point in [point for point in state.objectives if edge_distance(point) == nearest]:
        state.objectives.remove(point)
        if point in state.dragon_balls:
            state.dragon_balls.remove(point)
        ctx.say(
            "objective_removed",
            Text("Namek is collapsing: the objective at {point} is lost", point=point_word(point)),
            point=list(point),
        )


def seize_points(state: PrimeTimeState, unit: Unit) -> list[Point]:
    """Dragon Radar's Seize: in its round, a non-Dazed Ground model within 1" of an objective that its
    player does not hold by a Seize already."""
    if not in_force(state).seize or unit.dazed or unit.level != 0:
        return []
    mine = {tuple(point) for point, seat in state.seized if seat == unit.seat}
    return [
        point
        for point in state.objectives
        if tuple(point) not in mine and point_within(unit.cell, point, SEIZE_REACH)
    ]


def seize_problem(state: PrimeTimeState, unit: Unit, point: Point) -> Text | None:
    if tuple(point) in {tuple(open_point) for open_point in seize_points(state, unit)}:
        return None
    if not in_force(state).seize:
        return Text("Only Dragon Radar's round has the Seize action.")
    return Text(
        'Seize an objective you do not hold by a Seize, within 1" of the active non-Dazed Ground model.'
    )


def seize(ctx: Ctx, unit: Unit, point: Point) -> None:
    state = ctx.state
    state.seized = [(other, seat) for other, seat in state.seized if tuple(other) != tuple(point)]
    state.seized.append((point, unit.seat))
    ctx.say(
        "seized",
        Text("{fighter} Seizes the objective at {point}", fighter=fighter(unit), point=point_word(point)),
        unit.seat,
        point=list(point),
    )
