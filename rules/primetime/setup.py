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

from rules.core.errors import IllegalAction
from rules.core.text import N_, Name, Plural, Text
from rules.primetime import placement
from rules.primetime.actions import (
    AcceptTerrain,
    ChooseFirstPlayer,
    ChooseSide,
    Deploy,
    PlaceObjective,
    PlaceTerrain,
    RemoveTerrain,
    RerollTerrain,
)
from rules.primetime.content import character
from rules.primetime.context import Ctx, reject
from rules.primetime.economy import draw_to_limit
from rules.primetime.geometry import Point
from rules.primetime.names import (
    affiliation_name,
    character_name,
    in_a_list,
    location_name,
    point_word,
    seat_word,
)
from rules.primetime.rounds import roll_off, start_round
from rules.primetime.scenario import SLOTS, Shape, Side, condition, location, mission, missions_of, scenario
from rules.primetime.state import PlacementKind, PrimeTimeState, Unit
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


def _names(state: PrimeTimeState, seat: int) -> Text | Name:
    return in_a_list([character_name(model) for model in state.players[seat].models])


# The flow.


def begin(ctx: Ctx) -> None:
    """SU-1 opens on a seeded legal layout."""
    state = ctx.state
    state.phase, state.setup_step = "setup", "terrain"
    state.rerolls_left = scenario().terrain.rerolls
    state.terrain = placement.generate_layout(state.rng)
    state.units, state.objectives = [], []
    ctx.say("game_started", Text("Prime Time: setup begins"))
    ctx.say(
        "SU-1",
        Plural(
            "A terrain layout of {count} piece is proposed",
            "A terrain layout of {count} pieces is proposed",
            len(state.terrain),
        ),
        step="SU-1",
    )


def _terrain_changed(ctx: Ctx, seat: int, what: Text | Plural) -> None:
    ctx.state.terrain_accepted = []
    ctx.say("terrain_changed", what, seat)


def _terrain_accepted(ctx: Ctx) -> None:
    """SU-1 is done; SU-2 reveals both rosters, SU-3 rolls off."""
    state = ctx.state
    ctx.say(
        "SU-1",
        Plural(
            "Both players accept the terrain ({count} piece)",
            "Both players accept the terrain ({count} pieces)",
            len(state.terrain),
        ),
        step="SU-1",
    )
    for player in state.players:
        fielded = {"seat": seat_word(player.seat), "models": _names(state, player.seat)}
        fielded["affiliation"] = affiliation_name(player.affiliation)
        text = (
            Text(
                "{seat} fields {models} ({affiliation}; Card 2 for {unlocked})",
                unlocked=in_a_list([character_name(model) for model in player.unlocks]),
                **fielded,
            )
            if player.unlocks
            else Text("{seat} fields {models} ({affiliation})", **fielded)
        )
        ctx.say(
            "SU-2",
            text,
            player.seat,
            step="SU-2",
            models=list(player.models),
            affiliation=player.affiliation,
            unlocks=list(player.unlocks),
        )
    winner = roll_off(ctx)
    ctx.say("SU-3", Text("{seat} wins the roll-off", seat=seat_word(winner)), winner, step="SU-3")
    state.setup_step, state.active_seat = "first_player", winner


SIDE_WORDS = {
    "south": N_("{seat} takes the south side; {other_seat} has the initiative"),
    "north": N_("{seat} takes the north side; {other_seat} has the initiative"),
}
"""The SU-3 side choice's event, by side (the seats filled in)."""


def _sides_chosen(ctx: Ctx, chooser: int, side: Side) -> None:
    """SU-3 is done; SU-4…6 draw the Location, the Missions and the Condition together."""
    state = ctx.state
    state.side_chooser = chooser
    south = chooser if side == "south" else 1 - chooser
    ctx.say(
        "SU-3",
        Text(SIDE_WORDS[side], seat=seat_word(chooser), other_seat=seat_word(state.first_seat)),
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
    ctx.say(
        "SU-4",
        Text("Location: {place}", place=location_name(place.id)),
        step="SU-4",
        location=place.id,
        removed=len(removed),
    )
    for number, piece in enumerate(accepted, 1):
        reason = placement.clearing_reason(place.id, piece)
        if reason is not None:
            # Both players accepted this piece; the Location takes it away, and the players are told.
            ctx.say(
                "terrain_removed",
                Text(
                    "{place} removes {piece}: {reason}",
                    place=location_name(place.id),
                    piece=placement.piece_words(number, piece),
                    reason=reason,
                ),
                piece=number,
                terrain=piece.kind.value,
                x=piece.x,
                y=piece.y,
                width=piece.width,
                height=piece.height,
            )
    state.missions = list(mission_ids)
    names = in_a_list(
        [
            Name(kind="missions", id=mission_id, english=mission(mission_id).name)
            for mission_id in state.missions
        ]
    )
    ctx.say("SU-5", Text("Missions: {names}", names=names), step="SU-5", missions=list(state.missions))
    state.condition = condition_id
    rule = condition(condition_id)
    ctx.say(
        "SU-6",
        Text(
            "Condition: {condition}: {text}",
            condition=Name(kind="conditions", id=rule.id, english=rule.name),
            text=Name(kind="conditions", id=rule.id, english=rule.text, field="text"),
        ),
        step="SU-6",
        condition=rule.id,
    )
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
                Text(
                    "The objective at {point} moves to {settled}",
                    point=point_word(point),
                    settled=point_word(settled),
                ),
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
    ctx.say(
        "SU-7",
        Plural(
            "{count} objective is on the board", "{count} objectives are on the board", len(state.objectives)
        ),
        step="SU-7",
    )
    state.setup_step, state.active_seat = "deploy", state.first_seat


def _place_objective(ctx: Ctx, seat: int, point: Point) -> None:
    state = ctx.state
    _, kind = state.placements.pop(0)
    state.objectives.append(point)
    if kind == "dragon_ball":
        state.dragon_balls.append(point)

    ctx.say(
        "objective_placed",
        Text("{seat} places a Dragon Ball at {point}", seat=seat_word(seat), point=point_word(point))
        if kind == "dragon_ball"
        else Text("{seat} places an objective at {point}", seat=seat_word(seat), point=point_word(point)),
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

    ctx.say(
        "deployed",
        Text(
            "{fighter} deploys at {point} at L1",
            fighter=character_name(profile.id),
            point=point_word(action.to),
        )
        if action.level
        else Text(
            "{fighter} deploys at {point}", fighter=character_name(profile.id), point=point_word(action.to)
        ),
        action.player,
        unit=action.unit,
    )
    other = 1 - action.player
    if placement.undeployed(state, other):
        state.active_seat = other
    elif not placement.undeployed(state, action.player):
        _finish(ctx)


def _finish(ctx: Ctx) -> None:
    """SU-8 is done; SU-9 draws the starting hands and Round 1 begins."""
    state = ctx.state
    ctx.say("SU-8", Text("Every model is deployed"), step="SU-8")
    for player in state.players:
        draw_to_limit(ctx, player)
    ctx.say("SU-9", Text("Both players draw their starting hands"), step="SU-9")
    state.setup_step = None
    start_round(ctx)


def apply_setup(ctx: Ctx, action: SetupAction) -> None:
    state = ctx.state
    seat = action.player
    if isinstance(action, AcceptTerrain):
        state.terrain_accepted.append(seat)
        ctx.say("terrain_accepted", Text("{seat} accepts the terrain", seat=seat_word(seat)), seat)
        if len(set(state.terrain_accepted)) == 2:
            _terrain_accepted(ctx)
    elif isinstance(action, RerollTerrain):
        state.rerolls_left -= 1
        state.terrain = placement.generate_layout(state.rng)
        _terrain_changed(
            ctx,
            seat,
            Plural(
                "{seat} rerolls the terrain ({count} reroll left)",
                "{seat} rerolls the terrain ({count} rerolls left)",
                state.rerolls_left,
                seat=seat_word(seat),
            ),
        )
    elif isinstance(action, PlaceTerrain):
        piece = _piece(action)
        state.terrain = (*state.terrain, piece)
        _terrain_changed(
            ctx,
            seat,
            Text(
                "{seat} adds {piece}",
                seat=seat_word(seat),
                piece=placement.piece_words(len(state.terrain), piece),
            ),
        )
    elif isinstance(action, RemoveTerrain):
        piece = state.terrain[action.index]
        state.terrain = tuple(other for index, other in enumerate(state.terrain) if index != action.index)
        _terrain_changed(
            ctx,
            seat,
            Text(
                "{seat} removes {piece}",
                seat=seat_word(seat),
                piece=placement.piece_words(action.index + 1, piece),
            ),
        )
    elif isinstance(action, ChooseFirstPlayer):
        if action.choice == "initiative":
            state.first_seat, state.setup_step, state.active_seat = seat, "side", 1 - seat
            ctx.say("SU-3", Text("{seat} takes the initiative", seat=seat_word(seat)), seat, step="SU-3")
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


def action_shape(action: PlaceTerrain) -> Shape:
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
            reject("already_accepted", Text("You accepted this layout."))
            if seat in state.terrain_accepted
            else None
        )
    if isinstance(action, RerollTerrain):
        return reject("no_rerolls", Text("No rerolls are left.")) if state.rerolls_left <= 0 else None
    if isinstance(action, PlaceTerrain):
        try:
            shape = action_shape(action)
        except ValueError:
            return reject(
                "bad_terrain",
                Text("Pieces come in standard shapes only: {shapes}.", shapes=placement.shape_words()),
            )
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
