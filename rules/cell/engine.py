"""Perfect Cell as a pure reducer, and the entry point of its engine: new games, legal actions,
apply, outcome and storage.

Every rule check lives in one ``*_problem`` function per action that returns the rejection (or
None); ``legal_actions`` lists the actions whose check passes and ``apply`` raises the rejection, so
the two can never disagree. The rules themselves live beside this module, one responsibility each:
``setup``, ``spending``, ``selections``, ``rolling``, ``power_ups``, ``rounds`` and ``candidates``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.cell import board, words
from rules.cell.actions import (
    ACTION_ADAPTER,
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    GiveTile,
    Roll,
    Spend,
    StartSelection,
)
from rules.cell.candidates import candidates
from rules.cell.content import catalogue
from rules.cell.power_ups import MAX_EQUIPPED, give_tile, give_tile_problem
from rules.cell.rolling import change_face, change_face_problem, roll
from rules.cell.rounds import SUPPLY_SIZE, end_turn
from rules.cell.selections import apply_confirm, choose_problem, confirm_problem, start_problem
from rules.cell.setup import CellOptions, new_game
from rules.cell.spending import apply_spend, spend_problem
from rules.cell.state import SCHEMA_VERSION, CellState, Selection, Source
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.game import Outcome, StateCodec, reduce_copy
from rules.core.text import Text

__all__ = [
    "CODEC",
    "MAX_EQUIPPED",
    "SUPPLY_SIZE",
    "CellOptions",
    "apply",
    "is_legal",
    "iter_legal_actions",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "twin_dice",
    "with_die",
]


def _problem(state: CellState, action: CellAction) -> IllegalAction | None:
    if state.outcome is not None:
        return IllegalAction("game_over", Text("The game is over."))
    if not 0 <= action.player < state.players:
        return IllegalAction("not_playing", Text("You are not playing in this game."))
    if action.player != state.active_seat:
        return IllegalAction(
            "not_your_turn", Text("It is {fighter}'s turn.", fighter=words.fighter(state, state.active_seat))
        )
    if isinstance(action, Roll):
        return (
            IllegalAction("already_rolled", Text("You already rolled this turn.")) if state.rolled else None
        )
    if not state.rolled:
        return IllegalAction("roll_first", Text("Roll your dice first."))
    if state.selection is not None and not isinstance(action, Choose | Confirm | CancelSelection):
        return IllegalAction("finish_selection", Text("Finish or cancel the choice in progress first."))
    if state.selection is None and isinstance(action, Choose | Confirm | CancelSelection):
        return IllegalAction("no_selection", Text("There is no choice in progress."))
    check = _CHECKS.get(type(action))
    return check(state, action) if check else None  # type: ignore[operator]


_CHECKS: dict[type, Any] = {
    Spend: spend_problem,
    StartSelection: start_problem,
    Choose: choose_problem,
    Confirm: confirm_problem,
    ChangeFace: change_face_problem,
    GiveTile: give_tile_problem,
}


def _mutate(state: CellState, events: list[Event], action: CellAction) -> None:
    seat = action.player
    if isinstance(action, Roll):
        roll(state, events, seat)
    elif isinstance(action, Spend):
        apply_spend(state, events, action)
    elif isinstance(action, StartSelection):
        state.selection = Selection(purpose=action.purpose, tile=action.tile, burn=action.burn)
    elif isinstance(action, Choose):
        state.selection.chosen.append(action.source)  # type: ignore[union-attr]
    elif isinstance(action, Confirm):
        apply_confirm(state, events, action)
    elif isinstance(action, CancelSelection):
        state.selection = None
    elif isinstance(action, ChangeFace):
        change_face(state, events, action)
    elif isinstance(action, GiveTile):
        give_tile(state, events, action)
    else:
        end_turn(state, events, seat)


_SHARED_LISTS = frozenset({"recent_events"})


def apply(state: CellState, action: CellAction) -> tuple[CellState, list[Event]]:
    problem = _problem(state, action)
    if problem:
        raise problem

    def mutate(working: CellState, events: list[Event]) -> None:
        _mutate(working, events, action)
        working.actions_taken += 1
        board.remember(working, events)

    return reduce_copy(state, mutate, _SHARED_LISTS)


def is_legal(state: CellState, action: CellAction) -> bool:
    return _problem(state, action) is None


def legal_actions(state: CellState, player: int) -> list[CellAction]:
    """The legal actions, one per kind: where several dice of one owner show the same face, only the
    lowest-numbered appears (``apply`` accepts any of them; ``with_die`` swaps in another)."""
    return list(iter_legal_actions(state, player))


def iter_legal_actions(state: CellState, player: int) -> Iterator[CellAction]:
    """``legal_actions`` one at a time, in the same order: a search that wants the first legal action
    of some sort checks no more candidates than it needs."""
    if state.outcome is not None or player != state.active_seat:
        return
    for action in candidates(state, player):
        if _problem(state, action) is None:
            yield action


def with_die(action: CellAction, die: int) -> CellAction:
    """The same action spending, burning or choosing ``die`` instead of its interchangeable twin."""
    if isinstance(action, Spend | Choose) and action.source.die is not None:
        return action.model_copy(update={"source": Source(die=die)})
    if isinstance(action, StartSelection) and action.burn is not None:
        return action.model_copy(update={"burn": die})
    if isinstance(action, ChangeFace):
        return action.model_copy(update={"die": die})
    return action


def twin_dice(state: CellState, die: int) -> list[int]:
    """Dice interchangeable with ``die``: same mat, same owner, same face."""
    reference = state.dice[die]
    return [
        other.id
        for other in state.dice
        if (other.zone, other.holder, other.owner, other.face)
        == (reference.zone, reference.holder, reference.owner, reference.face)
    ]


# Storage.


def outcome(state: CellState) -> Outcome | None:
    return state.outcome


def _colour_dice(document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 to 2: dice colours became the players' choice; older games keep the palette's order."""
    palette = [colour.name for colour in catalogue().board.dice_colours]
    for seat, fighter in enumerate(document["fighters"]):
        fighter.setdefault("dice_colour", palette[seat])
    return {**document, "schema_version": 2}


CODEC = StateCodec(CellState, SCHEMA_VERSION, {1: _colour_dice})


def parse_action(data: dict[str, Any]) -> CellAction:
    return ACTION_ADAPTER.validate_python(data)
