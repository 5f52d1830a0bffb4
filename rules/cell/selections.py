"""Choices paid with several dice or tokens: a reroll or a retrieval (each burning a die), buying
a Power Up, and paying a tile's activation cost. A selection is started, filled one die or token at
a time, then confirmed or cancelled."""

from __future__ import annotations

from collections import Counter

from rules.cell import board, words
from rules.cell.actions import Choose, Confirm, StartSelection
from rules.cell.content import Face, catalogue
from rules.cell.power_ups import (
    activate,
    activation_target_problem,
    buy,
    discard_problem,
    heal_target_problem,
)
from rules.cell.queries import (
    fighter_ability,
    placed_dice,
    purchase_cost,
    restriction_active,
    rolled_dice,
    source_problem,
)
from rules.cell.rolling import reroll
from rules.cell.state import CellState, Selection, Source
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Plural, Text


def cost_fits(cost: list[str], faces: list[Face]) -> bool:
    """Can ``faces`` pay part of an activation cost (fixed faces first, ``any`` takes the rest)?"""
    needed = Counter(slot for slot in cost if slot != "any")
    spare = cost.count("any")
    for face, count in Counter(faces).items():
        spare -= max(0, count - needed[face])
    return spare >= 0 and len(faces) <= len(cost)


def _affordable_sources(state: CellState, seat: int, cost: list[str]) -> bool:
    """Can the fighter's rolled dice and tokens pay ``cost`` in full? Fixed faces are paid first
    from matching dice and tokens, Wild tokens cover what is missing, and ``any`` takes the rest."""
    fighter = state.fighters[seat]
    available = Counter(die.face for die in rolled_dice(state, seat))
    wilds = 0
    if not fighter.knocked_out:
        tokens = Counter(fighter.tokens)
        wilds = tokens.pop("wild", 0)
        available.update(tokens)
    needed = Counter(slot for slot in cost if slot != "any")
    missing = sum(max(0, count - available[face]) for face, count in needed.items())
    spare = sum(max(0, count - needed[face]) for face, count in available.items())
    return missing <= wilds and missing + cost.count("any") <= wilds + spare


def _payment_cost(state: CellState, selection: Selection, seat: int) -> list[str]:
    if selection.purpose == "buy":
        return ["assist"] * purchase_cost(state, seat, selection.tile)  # type: ignore[arg-type]
    return list(catalogue().power_ups[selection.tile].activation_cost)  # type: ignore[index]


def start_problem(state: CellState, action: StartSelection) -> IllegalAction | None:
    seat, purpose = action.player, action.purpose
    fighter = state.fighters[seat]
    if purpose in ("reroll", "retrieve"):
        if action.burn is None:
            return IllegalAction("burn_needed", Text("Burn one of your rolled dice to do that."))
        problem = source_problem(state, seat, Source(die=action.burn))
        if problem:
            return problem
    elif action.burn is not None:
        return IllegalAction("no_burn", Text("That doesn't burn a die."))
    if purpose not in ("buy", "activate") and action.tile is not None:
        return IllegalAction("bad_option", Text("That choice doesn't apply here."))
    if purpose in ("reroll", "free_reroll"):
        if fighter.knocked_out:
            return IllegalAction(
                "ko_no_reroll",
                Text("{fighter} is KO'd: dice can't be rerolled.", fighter=words.fighter(state, seat)),
            )
        if restriction_active(state, "no_reroll"):
            return IllegalAction("no_reroll", Text("A threat in play blocks rerolls until it is discarded."))
        if purpose == "free_reroll":
            if fighter_ability(state, seat) != "free_reroll":
                return IllegalAction("no_ability", Text("Only Gohan has a free reroll."))
            if fighter.free_reroll_used:
                return IllegalAction(
                    "free_reroll_used", Text("Gohan's free reroll is already used this turn.")
                )
        others = [die for die in rolled_dice(state, seat) if die.id != action.burn]
        if not others:
            return IllegalAction("nothing_to_reroll", Text("There are no other dice to reroll."))
        return None
    if purpose == "retrieve":
        if not placed_dice(state):
            return IllegalAction(
                "nothing_to_retrieve", Text("There are no dice on Threat tiles or the Dragon Ball Meter.")
            )
        return None
    if fighter.knocked_out:
        return IllegalAction(
            "ko_no_power_ups",
            Text("{fighter} is KO'd: Power Ups can't be bought or used.", fighter=words.fighter(state, seat)),
        )
    tile_id = action.tile
    if tile_id is None or not 0 <= tile_id < len(catalogue().power_ups):
        return IllegalAction("no_such_tile", Text("There is no such Power Up tile."))
    tile, name = catalogue().power_ups[tile_id], words.power_up(tile_id)
    if purpose == "buy":
        if tile_id not in state.power_supply:
            return IllegalAction(
                "not_in_supply", Text("{power_up} is not in the Power Supply.", power_up=name)
            )
        price = purchase_cost(state, seat, tile_id)
        if not _affordable_sources(state, seat, ["assist"] * price):
            return IllegalAction(
                "cannot_afford",
                Plural(
                    "{power_up} costs {count} Assist.",
                    "{power_up} costs {count} Assists.",
                    price,
                    power_up=name,
                ),
            )
        return None
    if tile_id not in fighter.power_ups:
        return IllegalAction("not_equipped", Text("You don't have {power_up} equipped.", power_up=name))
    if tile.is_passive:
        return IllegalAction(
            "passive_tile",
            Text("{power_up} works by itself while equipped: there is nothing to pay.", power_up=name),
        )
    if tile.once_per_turn and tile_id in fighter.power_ups_used:
        return IllegalAction("once_per_turn", Text("{power_up} can be used once per turn.", power_up=name))
    if not _affordable_sources(state, seat, list(tile.activation_cost)):
        return IllegalAction(
            "cannot_afford", Text("You don't have the dice {power_up} needs.", power_up=name)
        )
    return activation_target_problem(state, seat, tile_id)


def choose_problem(state: CellState, action: Choose) -> IllegalAction | None:
    selection = state.selection
    assert selection is not None
    seat, source = action.player, action.source
    if selection.purpose == "retrieve":
        if source.die is None or not 0 <= source.die < len(state.dice):
            return IllegalAction("retrieve_dice_only", Text("Only dice can be retrieved."))
        if state.dice[source.die].zone not in ("threat", "meter"):
            return IllegalAction(
                "not_placed", Text("Retrieve dice from Threat tiles or the Dragon Ball Meter.")
            )
        if source in selection.chosen:
            return IllegalAction("die_already_chosen", Text("You already chose that die."))
        return None
    if selection.purpose in ("reroll", "free_reroll"):
        if source.die is None:
            return IllegalAction("reroll_dice_only", Text("Tokens can't be rerolled."))
        if source.die == selection.burn:
            return IllegalAction("burned_die", Text("That die is the one being burned."))
        return source_problem(state, seat, source, selection.chosen)
    problem = source_problem(state, seat, source, selection.chosen)
    if problem:
        return problem
    cost = _payment_cost(state, selection, seat)
    faces = [board.source_face(state, chosen) for chosen in selection.chosen]
    if len(faces) >= len(cost):
        return IllegalAction("paid_in_full", Text("That is already paid in full: confirm it."))
    if not cost_fits(cost, [*faces, board.source_face(state, source)]):
        die = words.A_FACE_FIRST[board.source_face(state, source)]
        return IllegalAction("wrong_face", Text("{die} isn't part of that cost.", die=die))
    return None


def confirm_problem(state: CellState, action: Confirm) -> IllegalAction | None:
    selection = state.selection
    assert selection is not None
    seat = action.player
    if selection.purpose in ("reroll", "free_reroll", "retrieve"):
        if action.give_to is not None or action.discard is not None or action.target is not None:
            return IllegalAction("bad_option", Text("That choice doesn't apply here."))
        if not selection.chosen:
            return IllegalAction("nothing_chosen", Text("Choose at least one die first."))
        return None
    cost = _payment_cost(state, selection, seat)
    if len(selection.chosen) < len(cost):
        missing = len(cost) - len(selection.chosen)
        return IllegalAction(
            "not_paid",
            Plural(
                "Choose {count} more die or token first.",
                "Choose {count} more dice or tokens first.",
                missing,
            ),
        )
    if selection.purpose == "activate":
        if action.give_to is not None or action.discard is not None:
            return IllegalAction("bad_option", Text("That choice doesn't apply here."))
        return heal_target_problem(state, selection.tile, action.target)  # type: ignore[arg-type]
    if action.target is not None:
        return IllegalAction("bad_option", Text("That choice doesn't apply here."))
    receiver = seat if action.give_to is None else action.give_to
    if action.give_to is not None:
        if fighter_ability(state, seat) != "discount_and_gift":
            return IllegalAction("no_ability", Text("Only Krillin can give Power Ups to other fighters."))
        if not 0 <= action.give_to < state.players or action.give_to == seat:
            return IllegalAction("bad_target", Text("Give the tile to another Z-Fighter in this game."))
    return discard_problem(state, receiver, action.discard)


def apply_confirm(state: CellState, events: list[Event], action: Confirm) -> None:
    selection = state.selection
    assert selection is not None
    state.selection = None
    seat = action.player
    if selection.purpose in ("reroll", "free_reroll"):
        reroll(state, events, seat, selection)
    elif selection.purpose == "retrieve":
        _retrieve(state, events, seat, selection)
    elif selection.purpose == "buy":
        buy(state, events, seat, selection, action)
    else:
        activate(state, events, seat, selection, action.target)


def _retrieve(state: CellState, events: list[Event], seat: int, selection: Selection) -> None:
    burned = state.dice[selection.burn]  # type: ignore[index]
    burned.zone, burned.holder = "spent", None
    chosen = {source.die for source in selection.chosen}
    for threat in state.active_threats:
        threat.placed = [p for p in threat.placed if p.die not in chosen]
    state.dragon_ball_meter = [p for p in state.dragon_ball_meter if p.die not in chosen]
    for die_id in chosen:
        board.return_die(state, state.dice[die_id])  # type: ignore[index]
    said = Plural(
        "{fighter} burns a die and retrieves {count} die",
        "{fighter} burns a die and retrieves {count} dice",
        len(chosen),
        fighter=words.fighter(state, seat),
    )
    board.say(state, events, "dice_retrieved", said, seat)
