"""The Activation Phase (AC-1 to AC-5, 2.7): tokens, Focus Tax, alternation and passing, and the
non-attack actions of an activation (Move, the altitude step, Power Up, ending it)."""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.content import settings
from rules.primetime.context import Ctx
from rules.primetime.damage import lose_hp
from rules.primetime.economy import gain_sk
from rules.primetime.geometry import Cell
from rules.primetime.move_words import LEVEL_WORDS
from rules.primetime.names import fighter, point_word, seat_word
from rules.primetime.state import Activation, PrimeTimeState, Unit
from rules.primetime.stats import char
from rules.primetime.targeting import board, bound


def extra_tokens(state: PrimeTimeState, seat: int) -> int:
    player = state.players[seat]
    return player.bonus_tokens + player.fallen_tokens


def activation_problem(state: PrimeTimeState, unit: Unit) -> Text | None:
    """AC-2, AC-4, AC-5: who may activate, and whether a second activation can be paid."""
    name = fighter(unit)
    if unit.dazed:
        return Text("{name} is Dazed: its activation is skipped.", name=name)
    if unit.activations >= 2:
        return Text("{name} has already activated twice this round.", name=name)
    if unit.activations == 1:
        if extra_tokens(state, unit.seat) == 0:
            return Text(
                "{name} has activated; a second activation needs a bonus or Fallen Order token.", name=name
            )
        tax = settings().focus_tax
        if state.players[unit.seat].bk < tax:
            return Text("A second activation costs {tax} BK Focus Tax.", tax=tax)
    return None


def can_activate(state: PrimeTimeState, seat: int) -> bool:
    return any(activation_problem(state, unit) is None for unit in state.units_of(seat))


def activate(ctx: Ctx, unit: Unit) -> None:
    state = ctx.state
    player = state.players[unit.seat]
    text = Text("{fighter} activates", fighter=fighter(unit))
    if unit.activations == 1:
        # A7: a Fallen Order token is used first; either kind gives the same second activation.
        if player.fallen_tokens:
            player.fallen_tokens -= 1
        else:
            player.bonus_tokens -= 1
        player.bk -= settings().focus_tax
        text = Text(
            "{fighter} activates again (Focus Tax {tax} BK)", fighter=fighter(unit), tax=settings().focus_tax
        )

    player.tokens_spent += 1
    unit.activations += 1
    state.activation = Activation(unit=unit.id)
    ctx.say("activation", text, unit.seat, unit=unit.id, count=unit.activations)


def pass_round(ctx: Ctx, seat: int) -> None:
    """2.7 [D!]: a pass is final for the round."""
    ctx.state.players[seat].passed = True
    ctx.say("pass", Text("{seat} passes", seat=seat_word(seat)), seat)
    next_turn(ctx, seat)


def end_activation(ctx: Ctx) -> None:
    """The activation's card effects end with it; Kaio-ken Times Ten!'s recoil is taken now (A16)."""
    state = ctx.state
    assert state.activation is not None
    unit = state.unit(state.activation.unit)
    recoil = state.activation.recoil
    state.activation = None
    state.window_plays = []
    unit.modifiers = [modifier for modifier in unit.modifiers if modifier.until != "activation"]
    if recoil:
        lose_hp(ctx, unit, recoil, None, Text.in_context("damage cause", "Kaio-ken"))

    ctx.say(
        "activation_ended",
        Text("{fighter}'s activation ends", fighter=fighter(unit)),
        unit.seat,
        unit=unit.id,
    )
    next_turn(ctx, unit.seat)


def next_turn(ctx: Ctx, last: int) -> None:
    """Players alternate; a player with no usable token passes automatically (2.7). The phase ends
    once both have passed, and ``phase_over`` is set for the engine to run Cleanup."""
    state = ctx.state
    for seat in (1 - last, last):
        player = state.players[seat]
        if player.passed:
            continue
        if can_activate(state, seat):
            state.active_seat = seat
            return
        player.passed = True
        ctx.say(
            "pass",
            Text("{seat} has no usable activation and passes", seat=seat_word(seat)),
            seat,
            automatic=True,
        )
    state.active_seat = -1


def after_step(ctx: Ctx) -> None:
    """An activation ends when its second action resolves, or when its model is Dazed."""
    state = ctx.state
    activation = state.activation
    if activation is None or state.attack is not None:
        return
    if activation.actions_left <= 0 or state.unit(activation.unit).dazed:
        end_activation(ctx)


def move(ctx: Ctx, unit: Unit, cell: Cell) -> None:
    start = unit.cell
    unit.cell = cell
    ctx.say(
        "move",
        Text("{fighter} moves to {point}", fighter=fighter(unit), point=point_word(cell)),
        unit.seat,
        unit=unit.id,
        to=list(cell),
        **{"from": list(start)},
    )


def altitude_problem(state: PrimeTimeState, unit: Unit, level: int) -> Text | None:
    """AL-3 [D!]: Fly only, exactly one level, once per activation; never down into a cell impassable
    at the lower level."""
    if not char(unit).has("fly"):
        return Text("{fighter} cannot fly.", fighter=fighter(unit))
    if bound(state, unit):
        return Text("{fighter} is bound by Psychic Bind and cannot move.", fighter=fighter(unit))
    assert state.activation is not None
    if state.activation.altitude_changed:
        return Text("The altitude changes once per activation.")
    if abs(level - unit.level) != 1 or not 0 <= level <= 2:
        return Text("The altitude changes by exactly one level.")
    if not board(state).passable(unit.cell, level):
        return Text("The terrain here is impassable at that level.")
    return None


def change_altitude(ctx: Ctx, unit: Unit, level: int) -> None:
    assert ctx.state.activation is not None
    ctx.state.activation.altitude_changed = True
    unit.level = level
    ctx.say(
        "altitude",
        Text("{fighter} goes to {level}", fighter=fighter(unit), level=LEVEL_WORDS[level]),
        unit.seat,
        unit=unit.id,
        level=level,
    )


def power_up_problem(state: PrimeTimeState, unit: Unit, resource: str) -> Text | None:
    assert state.activation is not None
    player = state.players[unit.seat]
    if state.activation.powered_up:
        return Text("A model powers up once per activation.")
    if player.power_ups >= settings().power_ups_per_round:
        return Text(
            "At most {power_ups_per_round} Power Ups per player per round.",
            power_ups_per_round=settings().power_ups_per_round,
        )
    if resource == "sk" and player.sk >= settings().sk_cap:
        return Text("Your SK is already at its cap of {sk_cap}.", sk_cap=settings().sk_cap)
    return None


def power_up(ctx: Ctx, unit: Unit, resource: str) -> None:
    """2.3 Power Up: +1 SK or +1 BK, and the model becomes Overloaded."""
    assert ctx.state.activation is not None
    ctx.state.activation.powered_up = True
    player = ctx.state.players[unit.seat]
    player.power_ups += 1
    if resource == "sk":
        gain_sk(player, 1)
    else:
        player.bk += 1
    if not unit.has_status("overloaded"):
        unit.statuses.append("overloaded")
    ctx.say(
        "power_up",
        Text(
            "{fighter} powers up: +1 {resource}, Overloaded", fighter=fighter(unit), resource=resource.upper()
        ),
        unit.seat,
    )
