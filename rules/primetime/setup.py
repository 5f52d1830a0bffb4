"""The full setup, SU-1 to SU-9 in order, as pending prompts (2.9) with their Timeout defaults.

- SU-1 ``terrain`` (both, until both accept the same layout): AcceptTerrain, RerollTerrain,
  PlaceTerrain, RemoveTerrain; default accept. Any change clears both acceptances.
- SU-2: no prompt; both rosters are revealed together once the terrain is accepted.
- SU-3: the D20 roll-off (ties reroll); ``first_player`` (the winner): ChooseFirstPlayer
  initiative / south / north, default initiative; then ``side`` (the loser, only if the winner took
  the initiative): ChooseSide, default south.
- SU-4…6: no prompt; the Location, the three Missions and the Condition are drawn and revealed.
- SU-7 ``objective`` (the placer in turn; Dragon Ball Hunt's extras last): PlaceObjective, default
  the first suggestion.
- SU-8 ``deploy`` (alternately, initiative player first): Deploy, default the next model in roster
  order at its first suggested cell, at Ground.
- SU-9: no prompt; both draw up to 3 and Round 1 begins.

Checks are ``problem`` (what ``apply`` raises) and the legal actions are built from the same checks.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.errors import IllegalAction
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
from rules.primetime.content import catalogue, character
from rules.primetime.context import Ctx, reject
from rules.primetime.economy import draw_to_limit
from rules.primetime.geometry import Point
from rules.primetime.rounds import roll_off, start_round
from rules.primetime.scenario import SLOTS, Shape, Side, condition, location, mission, missions_of, scenario
from rules.primetime.state import PlacementKind, PrimeTimeState, Prompt, Unit
from rules.primetime.terrain import TerrainPiece

SETUP_KINDS = frozenset({"terrain", "first_player", "side", "objective", "deploy"})
SETUP_ACTIONS = (
    AcceptTerrain,
    RerollTerrain,
    PlaceTerrain,
    RemoveTerrain,
    ChooseFirstPlayer,
    ChooseSide,
    PlaceObjective,
    Deploy,
)
KIND_OF: dict[type, str] = {
    AcceptTerrain: "terrain",
    RerollTerrain: "terrain",
    PlaceTerrain: "terrain",
    RemoveTerrain: "terrain",
    ChooseFirstPlayer: "first_player",
    ChooseSide: "side",
    PlaceObjective: "objective",
    Deploy: "deploy",
}
SetupAction = (
    AcceptTerrain
    | RerollTerrain
    | PlaceTerrain
    | RemoveTerrain
    | ChooseFirstPlayer
    | ChooseSide
    | PlaceObjective
    | Deploy
)


def _names(state: PrimeTimeState, seat: int) -> str:
    return ", ".join(character(model).name for model in state.players[seat].models)


# The flow.


def begin(ctx: Ctx) -> None:
    """SU-1 opens on a seeded legal layout."""
    state = ctx.state
    state.phase, state.setup_step = "setup", "terrain"
    state.rerolls_left = scenario().terrain.rerolls
    state.terrain = placement.generate_layout(state.rng)
    state.units, state.objectives = [], []
    ctx.say("game_started", "Prime Time: setup begins")
    ctx.say("SU-1", f"A terrain layout of {len(state.terrain)} pieces is proposed", step="SU-1")


def _terrain_changed(ctx: Ctx, seat: int, what: str) -> None:
    ctx.state.terrain_accepted = []
    ctx.say("terrain_changed", f"Seat {seat + 1} {what}", seat)


def _terrain_accepted(ctx: Ctx) -> None:
    """SU-1 is done; SU-2 reveals both rosters, SU-3 rolls off."""
    state = ctx.state
    ctx.say("SU-1", f"Both players accept the terrain ({len(state.terrain)} pieces)", step="SU-1")
    for player in state.players:
        unlocked = ", ".join(character(model).name for model in player.unlocks)
        unlocks = f"; Card 2 for {unlocked}" if unlocked else ""
        affiliation = catalogue().affiliation(player.affiliation).name
        ctx.say(
            "SU-2",
            f"Seat {player.seat + 1} fields {_names(state, player.seat)} ({affiliation}{unlocks})",
            player.seat,
            step="SU-2",
            models=list(player.models),
            affiliation=player.affiliation,
            unlocks=list(player.unlocks),
        )
    winner = roll_off(ctx)
    ctx.say("SU-3", f"Seat {winner + 1} wins the roll-off", winner, step="SU-3")
    state.setup_step, state.active_seat = "first_player", winner


def _sides_chosen(ctx: Ctx, chooser: int, side: Side) -> None:
    """SU-3 is done; SU-4…6 draw the Location, the Missions and the Condition together."""
    state = ctx.state
    state.side_chooser = chooser
    south = chooser if side == "south" else 1 - chooser
    ctx.say(
        "SU-3",
        f"Seat {chooser + 1} takes the {side} side; seat {state.first_seat + 1} has the initiative",
        chooser,
        step="SU-3",
        side=side,
        first_seat=state.first_seat,
    )
    place = state.rng.choice(list(scenario().locations)).id
    drawn = [state.rng.choice(missions_of(slot)).id for slot in SLOTS]
    reveal_scenario(ctx, south, place, drawn, state.rng.choice(list(scenario().conditions)).id)


def reveal_scenario(
    ctx: Ctx, south: int, location_id: str, mission_ids: list[str], condition_id: str
) -> None:
    """SU-4…6 as drawn: the Location's zones (``south`` is the seat on the "south" side) and terrain,
    with the pieces it overlaps removed (A14); the Missions and the Condition; then SU-7."""
    state = ctx.state
    place = location(location_id)
    state.location = place.id
    state.zones = [place.zones[0], place.zones[1]] if south == 0 else [place.zones[1], place.zones[0]]
    accepted = state.terrain
    kept, removed = placement.cleared_layout(place.id, accepted)
    state.terrain = (*place.features, *kept)
    ctx.say("SU-4", f"Location: {place.name}", step="SU-4", location=place.id, removed=len(removed))
    for number, piece in enumerate(accepted, 1):
        reason = placement.clearing_reason(place.id, piece)
        if reason is not None:
            # Both players accepted this piece; the Location takes it away, and the players are told.
            ctx.say(
                "terrain_removed",
                f"{place.name} removes {placement.piece_words(number, piece)}: {reason}",
                piece=number,
                terrain=piece.kind.value,
                x=piece.x,
                y=piece.y,
                width=piece.width,
                height=piece.height,
            )
    state.missions = list(mission_ids)
    names = ", ".join(mission(mission_id).name for mission_id in state.missions)
    ctx.say("SU-5", f"Missions: {names}", step="SU-5", missions=list(state.missions))
    state.condition = condition_id
    rule = condition(condition_id)
    ctx.say("SU-6", f"Condition: {rule.name}: {rule.text}", step="SU-6", condition=rule.id)
    _queue_objectives(ctx)


def _alternating(first: int, count: int, kind: PlacementKind) -> list[tuple[int, PlacementKind]]:
    return [((first + index) % 2, kind) for index in range(count)]


def _queue_objectives(ctx: Ctx) -> None:
    """SU-7: fixed points (moved by A14), then the alternate placements, the side chooser first, then
    Dragon Ball Hunt's extras, the other player first."""
    state = ctx.state
    opening, finale = mission(state.missions[0]), mission(state.missions[2])
    for point in opening.fixed:
        settled = placement.settle_fixed(state, point)
        state.objectives.append(settled)
        if settled != point:
            ctx.say(
                "objective_moved",
                f"The objective at {point[0]},{point[1]} moves to {settled[0]},{settled[1]}",
            )
    chooser = state.side_chooser
    assert chooser is not None
    state.placements = [
        *_alternating(chooser, opening.placed, "objective"),
        *_alternating(1 - chooser, finale.extra, "dragon_ball"),
    ]
    state.setup_step = "objectives"
    _next_placement(ctx)


def _next_placement(ctx: Ctx) -> None:
    state = ctx.state
    if state.placements:
        return
    ctx.say("SU-7", f"{len(state.objectives)} objectives are on the board", step="SU-7")
    state.setup_step, state.active_seat = "deploy", state.first_seat


def _place_objective(ctx: Ctx, seat: int, point: Point) -> None:
    state = ctx.state
    _, kind = state.placements.pop(0)
    state.objectives.append(point)
    if kind == "dragon_ball":
        state.dragon_balls.append(point)
    label = "a Dragon Ball" if kind == "dragon_ball" else "an objective"
    ctx.say(
        "objective_placed",
        f"Seat {seat + 1} places {label} at {point[0]},{point[1]}",
        seat,
        point=list(point),
    )
    _next_placement(ctx)


def _deploy(ctx: Ctx, action: Deploy) -> None:
    """SU-8, one model at a time, alternating while both have models left; then SU-9."""
    state = ctx.state
    name = action.unit.rsplit("-", 1)[0]
    profile = character(name)
    state.units.append(
        Unit(
            id=action.unit,
            seat=action.player,
            character=name,
            cell=action.to,
            level=action.level,
            hp=profile.base.hp,
        )
    )
    where = f"{action.to[0]},{action.to[1]}" + (" at L1" if action.level else "")
    ctx.say("deployed", f"{profile.name} deploys at {where}", action.player, unit=action.unit)
    other = 1 - action.player
    if placement.undeployed(state, other):
        state.active_seat = other
    elif not placement.undeployed(state, action.player):
        _finish(ctx)


def _finish(ctx: Ctx) -> None:
    """SU-8 is done; SU-9 draws the starting hands and Round 1 begins."""
    state = ctx.state
    ctx.say("SU-8", "Every model is deployed", step="SU-8")
    for player in state.players:
        draw_to_limit(ctx, player)
    ctx.say("SU-9", "Both players draw their starting hands", step="SU-9")
    state.setup_step = None
    start_round(ctx)


def apply_setup(ctx: Ctx, action: SetupAction) -> None:
    state = ctx.state
    seat = action.player
    if isinstance(action, AcceptTerrain):
        state.terrain_accepted.append(seat)
        ctx.say("terrain_accepted", f"Seat {seat + 1} accepts the terrain", seat)
        if len(set(state.terrain_accepted)) == 2:
            _terrain_accepted(ctx)
    elif isinstance(action, RerollTerrain):
        state.rerolls_left -= 1
        state.terrain = placement.generate_layout(state.rng)
        _terrain_changed(ctx, seat, f"rerolls the terrain ({state.rerolls_left} rerolls left)")
    elif isinstance(action, PlaceTerrain):
        piece = _piece(action)
        state.terrain = (*state.terrain, piece)
        _terrain_changed(ctx, seat, f"adds {placement.piece_words(len(state.terrain), piece)}")
    elif isinstance(action, RemoveTerrain):
        piece = state.terrain[action.index]
        state.terrain = tuple(other for index, other in enumerate(state.terrain) if index != action.index)
        _terrain_changed(ctx, seat, f"removes {placement.piece_words(action.index + 1, piece)}")
    elif isinstance(action, ChooseFirstPlayer):
        if action.choice == "initiative":
            state.first_seat, state.setup_step, state.active_seat = seat, "side", 1 - seat
            ctx.say("SU-3", f"Seat {seat + 1} takes the initiative", seat, step="SU-3")
        else:
            state.first_seat = 1 - seat
            _sides_chosen(ctx, seat, action.choice)
    elif isinstance(action, ChooseSide):
        _sides_chosen(ctx, seat, action.side)
    elif isinstance(action, PlaceObjective):
        _place_objective(ctx, seat, action.point)
    else:
        _deploy(ctx, action)


# Checks.


def _shape(action: PlaceTerrain) -> Shape:
    return Shape(kind=action.kind, width=action.width, height=action.height)


def _piece(action: PlaceTerrain) -> TerrainPiece:
    return TerrainPiece(kind=action.kind, x=action.x, y=action.y, width=action.width, height=action.height)


def _refused(code: str, message: str | None) -> IllegalAction | None:
    return reject(code, message) if message else None


def problem(state: PrimeTimeState, action: SetupAction) -> IllegalAction | None:
    """Why ``apply`` refuses a setup action (the prompt kind was checked already)."""
    seat = action.player
    if isinstance(action, AcceptTerrain):
        return (
            reject("already_accepted", "You accepted this layout.")
            if seat in state.terrain_accepted
            else None
        )
    if isinstance(action, RerollTerrain):
        return reject("no_rerolls", "No rerolls are left.") if state.rerolls_left <= 0 else None
    if isinstance(action, PlaceTerrain):
        try:
            shape = _shape(action)
        except ValueError:
            return reject("bad_terrain", f"Pieces come in standard shapes only: {placement.shape_words()}.")
        return _refused("bad_terrain", placement.place_terrain_problem(state, shape, action.x, action.y))
    if isinstance(action, RemoveTerrain):
        return _refused("bad_terrain", placement.remove_terrain_problem(state, action.index))
    if isinstance(action, ChooseFirstPlayer | ChooseSide):
        return None
    if isinstance(action, PlaceObjective):
        kind = state.placements[0][1]
        return _refused("bad_objective", placement.objective_problem(state, action.point, kind))
    return _refused(
        "bad_deployment", placement.deploy_problem(state, seat, action.unit, action.to, action.level)
    )


# Prompts, defaults and legal actions.


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
            shape = _shape(action)
        except ValueError:
            return False
        return action.player == seat and placement.placeable(state, shape, action.x, action.y)
    if isinstance(action, Deploy) and kind == "deploy":
        return listed(action, _deploys(state, seat, only=action.unit))
    build = _builders(state, seat, kind).get(type(action))
    return build is not None and listed(action, build())
