"""Power Up tiles at a fighter's side: buying one, equipping it (three at most), paying its
activation cost to run its effects, and Krillin handing tiles to other fighters."""

from __future__ import annotations

from rules.cell import board, words
from rules.cell.actions import Confirm, GiveTile
from rules.cell.content import catalogue
from rules.cell.effects import EffectContext, run_power_up
from rules.cell.queries import fighter_ability, heal_problem, placed_dice
from rules.cell.state import CellState, Selection
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Text

MAX_EQUIPPED = 3


def activation_target_problem(state: CellState, seat: int, tile_id: int) -> IllegalAction | None:
    tile = catalogue().power_ups[tile_id]
    ops = {step.op for step in tile.effects}
    if "damage" in ops and board.track_room(state) < len(tile.activation_cost):
        return IllegalAction("track_full", Text("The Damage Track doesn't have room for those dice."))
    if ops & {"heal", "heal_all"} and not any(f.hp < f.max_hp and not f.knocked_out for f in state.fighters):
        return IllegalAction("nobody_to_heal", Text("Nobody can be healed right now."))
    if "collect_tokens" in ops and not board.tokens_available(state):
        return IllegalAction("no_tokens_left", Text("Every Dragon Ball token is already held by a fighter."))
    if "retrieve_own" in ops and not any(die.owner == seat for die in placed_dice(state)):
        return IllegalAction(
            "nothing_to_retrieve", Text("None of your dice are on Threat tiles or the Dragon Ball Meter.")
        )
    return None


def heal_target_problem(state: CellState, tile_id: int, target: int | None) -> IllegalAction | None:
    if not catalogue().power_ups[tile_id].needs_target:
        return (
            IllegalAction("bad_option", Text("That Power Up has no target.")) if target is not None else None
        )
    if target is None or not 0 <= target < state.players:
        return IllegalAction("bad_target", Text("Choose which Z-Fighter to heal."))
    return heal_problem(state, target)


def discard_problem(state: CellState, receiver: int, discard: int | None) -> IllegalAction | None:
    fighter = state.fighters[receiver]
    if len(fighter.power_ups) >= MAX_EQUIPPED:
        if discard not in fighter.power_ups:
            return IllegalAction(
                "discard_needed",
                Text(
                    "{fighter} has 3 Power Ups: choose one of theirs to discard.",
                    fighter=words.fighter(state, receiver),
                ),
            )
    elif discard is not None:
        return IllegalAction(
            "no_discard",
            Text("{fighter} has room: nothing needs discarding.", fighter=words.fighter(state, receiver)),
        )
    return None


def give_tile_problem(state: CellState, action: GiveTile) -> IllegalAction | None:
    if fighter_ability(state, action.player) != "discount_and_gift":
        return IllegalAction("no_ability", Text("Only Krillin can give Power Ups to other fighters."))
    if action.tile not in state.fighters[action.player].power_ups:
        return IllegalAction("not_equipped", Text("You can only give a Power Up you have."))
    if not 0 <= action.to < state.players or action.to == action.player:
        return IllegalAction("bad_target", Text("Give the tile to another Z-Fighter in this game."))
    return discard_problem(state, action.to, action.discard)


def buy(state: CellState, events: list[Event], seat: int, selection: Selection, action: Confirm) -> None:
    tile = catalogue().power_ups[selection.tile]  # type: ignore[index]
    for source in selection.chosen:
        board.spend_to_used_pile(state, seat, source)
    state.power_supply.remove(tile.id)
    receiver = seat if action.give_to is None else action.give_to
    equip(state, events, receiver, tile.id, action.discard)
    buyer, bought = words.fighter(state, seat), words.power_up(tile.id)
    said = (
        Text("{fighter} acquires {power_up}", fighter=buyer, power_up=bought)
        if receiver == seat
        else Text(
            "{fighter} acquires {power_up} for {receiver}",
            fighter=buyer,
            power_up=bought,
            receiver=words.fighter(state, receiver),
        )
    )
    board.say(
        state,
        events,
        "power_up_bought",
        said,
        seat,
        tile=tile.id,
    )


def equip(state: CellState, events: list[Event], receiver: int, tile_id: int, discard: int | None) -> None:
    fighter = state.fighters[receiver]
    if discard is not None:
        fighter.power_ups.remove(discard)
        state.power_discard.append(discard)
        board.say(
            state,
            events,
            "power_up_discarded",
            Text(
                "{fighter} discards {power_up}",
                fighter=words.fighter(state, receiver),
                power_up=words.power_up(discard),
            ),
            receiver,
        )
    fighter.power_ups.append(tile_id)


def activate(
    state: CellState, events: list[Event], seat: int, selection: Selection, target: int | None
) -> None:
    tile = catalogue().power_ups[selection.tile]  # type: ignore[index]
    fighter = state.fighters[seat]
    if tile.once_per_turn:
        fighter.power_ups_used.append(tile.id)
    used = words.power_up(tile.id)
    said = Text("{fighter} uses {power_up}", fighter=words.fighter(state, seat), power_up=used)
    board.say(state, events, "power_up_used", said, seat, tile=tile.id)
    deals_damage = any(step.op == "damage" for step in tile.effects)
    bonus = 0
    for source in selection.chosen:
        if deals_damage:
            bonus += board.strike_bonus(state, seat)
            board.place_on_track(state, events, board.take_source(state, seat, source))
        else:
            board.spend_to_used_pile(state, seat, source)
    run_power_up(EffectContext(state=state, events=events, source_name=used, actor=seat, target=target), tile)
    if bonus:
        board.damage_cell(state, events, bonus, seat, Text("Burning Attack"))


def give_tile(state: CellState, events: list[Event], action: GiveTile) -> None:
    seat = action.player
    state.fighters[seat].power_ups.remove(action.tile)
    equip(state, events, action.to, action.tile, action.discard)
    board.say(
        state,
        events,
        "power_up_given",
        Text(
            "{fighter} gives {power_up} to {receiver}",
            fighter=words.fighter(state, seat),
            power_up=words.power_up(action.tile),
            receiver=words.fighter(state, action.to),
        ),
        seat,
    )
