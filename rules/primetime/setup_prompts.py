"""Setup's prompts (SU-1 to SU-8), each prompt's default answer, and the legal actions a setup
prompt offers."""

from __future__ import annotations

from collections.abc import Callable

from rules.primetime import placement
from rules.primetime.actions import (
    AcceptTerrain,
    ChooseFirstPlayer,
    ChooseSide,
    Deploy,
    PlaceObjective,
    PlaceTerrain,
    PrimeTimeAction,
    RemoveTerrain,
    RerollTerrain,
    listed,
)
from rules.primetime.content import character
from rules.primetime.scenario import scenario
from rules.primetime.setup import action_shape
from rules.primetime.state import PrimeTimeState, Prompt


def prompts(state: PrimeTimeState) -> list[Prompt]:
    step = state.setup_step
    if step == "terrain":
        options = ["accept"]
        if state.rerolls_left > 0:
            options.append("reroll")
        if len(state.terrain) < scenario().terrain.max_pieces:
            options.append("place")
        if len(state.terrain) > scenario().terrain.min_pieces:
            options.append("remove")
        return [
            Prompt(who=seat, kind="terrain", options=options, default="accept")
            for seat in (0, 1)
            if seat not in state.terrain_accepted
        ]
    if step == "first_player":
        return [
            Prompt(
                who=state.active_seat,
                kind="first_player",
                options=["initiative", "south", "north"],
                default="initiative",
            )
        ]
    if step == "side":
        return [Prompt(who=state.active_seat, kind="side", options=["south", "north"], default="south")]
    if step == "objectives":
        seat, kind = state.placements[0]
        points = [f"{x},{y}" for x, y in placement.objective_suggestions(state, seat, kind)]
        return [Prompt(who=seat, kind="objective", options=points, default=points[0])]
    seat = state.active_seat
    waiting = placement.undeployed(state, seat)
    return [Prompt(who=seat, kind="deploy", options=waiting, default=_default_deploy(state, seat).unit)]


def _default_deploy(state: PrimeTimeState, seat: int) -> Deploy:
    """2.9: the next model in roster order at the first suggestion, at Ground."""
    unit_id = placement.undeployed(state, seat)[0]
    cell = placement.deploy_suggestions(state, seat, unit_id)[0]
    return Deploy(player=seat, unit=unit_id, to=cell, level=0)


def default_action(state: PrimeTimeState, prompt: Prompt) -> PrimeTimeAction:
    seat = prompt.who
    if prompt.kind == "terrain":
        return AcceptTerrain(player=seat)
    if prompt.kind == "first_player":
        return ChooseFirstPlayer(player=seat, choice="initiative")
    if prompt.kind == "side":
        return ChooseSide(player=seat, side="south")
    if prompt.kind == "objective":
        assert prompt.default is not None
        x, y = prompt.default.split(",")
        return PlaceObjective(player=seat, point=(int(x), int(y)))
    return _default_deploy(state, seat)


def _deploys(state: PrimeTimeState, seat: int, only: str | None = None) -> list[PrimeTimeAction]:
    """Every legal Deploy of the seat, or only those of the unit ``only``."""
    found: list[PrimeTimeAction] = []
    for unit_id in placement.undeployed(state, seat):
        if only is not None and unit_id != only:
            continue
        fly = character(unit_id.rsplit("-", 1)[0]).has("fly")
        for level in (0, 1) if fly else (0,):
            found.extend(
                Deploy(player=seat, unit=unit_id, to=cell, level=level)
                for cell in placement.deploy_cells(state, seat, unit_id, level)
            )
    return found


def _builders(state: PrimeTimeState, seat: int, kind: str) -> dict[type, Callable[[], list[PrimeTimeAction]]]:
    """The legal actions of a setup prompt, by action class, in the order they are listed."""
    if kind == "terrain":
        return {
            AcceptTerrain: lambda: [AcceptTerrain(player=seat)],
            RerollTerrain: lambda: [RerollTerrain(player=seat)] if state.rerolls_left > 0 else [],
            RemoveTerrain: lambda: [
                RemoveTerrain(player=seat, index=index)
                for index in range(len(state.terrain))
                if placement.remove_terrain_problem(state, index) is None
            ],
            PlaceTerrain: lambda: [
                PlaceTerrain(player=seat, kind=shape.kind, x=x, y=y, width=shape.width, height=shape.height)
                for shape, x, y in placement.terrain_placements(state)
            ],
        }
    if kind == "first_player":
        return {
            ChooseFirstPlayer: lambda: [
                ChooseFirstPlayer(player=seat, choice=choice) for choice in ("initiative", "south", "north")
            ]
        }
    if kind == "side":
        return {ChooseSide: lambda: [ChooseSide(player=seat, side=side) for side in ("south", "north")]}
    if kind == "objective":
        return {
            PlaceObjective: lambda: [
                PlaceObjective(player=seat, point=point)
                for point in placement.objective_points(state, state.placements[0][1])
            ]
        }
    return {Deploy: lambda: _deploys(state, seat)}


def legal(state: PrimeTimeState, seat: int, kind: str) -> list[PrimeTimeAction]:
    return [action for build in _builders(state, seat, kind).values() for action in build()]


def offered(state: PrimeTimeState, seat: int, kind: str, action: PrimeTimeAction) -> bool:
    """Whether ``legal`` lists ``action``. An added piece is judged by the one check the list of
    placements is built from, since listing thousands of them for one action would be wasted work."""
    if isinstance(action, PlaceTerrain) and kind == "terrain":
        try:
            shape = action_shape(action)
        except ValueError:
            return False
        return action.player == seat and placement.placeable(state, shape, action.x, action.y)
    if isinstance(action, Deploy) and kind == "deploy":
        return listed(action, _deploys(state, seat, only=action.unit))
    build = _builders(state, seat, kind).get(type(action))
    return build is not None and listed(action, build())
