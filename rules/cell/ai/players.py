"""The players: a random one (the baseline) and the fast heuristic one.

A player turns ``(state, seat, seed)`` into the next steps of its turn: the actions up to and
including the first one whose result is random (a roll, a reroll, a token drawn) or the end of the
turn, each with the reason it was chosen. It reads the table only through ``view`` and
``legal_actions``; the seed drives its own tie-breaking and sampling, never the game's.
"""

from __future__ import annotations

import random
from typing import Protocol

from rules.cell.actions import CellAction, Choose, StartSelection
from rules.cell.ai.choices import Choice, no_change
from rules.cell.ai.model import TableModel, build_model
from rules.cell.ai.planner import (
    RerollPlan,
    can_reroll,
    end_turn_choice,
    face_change_choice,
    finish_selection,
    greedy,
    heuristic_reroll,
    knocked_out_plan,
    reroll_choice,
    roll_choice,
    until_chance,
)
from rules.cell.ai.values import DEFAULT_WEIGHTS, Weights
from rules.cell.engine import legal_actions, twin_dice, with_die
from rules.cell.state import CellState
from rules.cell.view import view


class Player(Protocol):
    name: str

    def plan(self, state: CellState, seat: int, seed: int) -> list[Choice]: ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the floor any real strategy must clear."""

    name = "random"

    def plan(self, state: CellState, seat: int, seed: int) -> list[Choice]:
        legal = legal_actions(state, seat)
        if not legal:
            return []
        action = random.Random(seed).choice(legal)
        return [Choice([action], 0.0, "a random legal action", no_change, chance=True)]


def _same_kind(state: CellState, die: int | None, other: int | None) -> bool:
    if die is None or other is None:
        return die == other
    return other in twin_dice(state, die)


def _swap_die(action: CellAction, planned: int | None, taken: int | None) -> CellAction:
    """The plan's action with the twin the caller used in place of the die the plan named."""
    if planned == taken or not isinstance(action, Choose) or action.source.die not in (planned, taken):
        return action
    return with_die(action, taken if action.source.die == planned else planned)  # type: ignore[arg-type]


class HeuristicPlayer:
    """Greedy on the value model: rerolls by rule, then the most valuable spends one after another."""

    name = "heuristic"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def plan(self, state: CellState, seat: int, seed: int) -> list[Choice]:
        seen = view(state, seat)
        if seen.outcome is not None or seen.active_seat != seat:
            return []
        if not seen.rolled:
            return [roll_choice(seat)]
        legal = legal_actions(state, seat)
        if seen.selection is not None:
            return self.resume(state, seat, seed) or finish_selection(seen, legal, seat)
        model = build_model(seen, seat, legal)
        if model.knocked_out:
            return knocked_out_plan(model, self.weights)
        return self.plan_rolled(model, random.Random(seed))

    def resume(self, state: CellState, seat: int, seed: int) -> list[Choice]:
        """The rest of this player's own plan when the open selection is the one it would start.

        A caller that plays one action at a time asks again after starting a reroll or retrieval;
        planning from the table as it was before the selection opened (the selection changes
        nothing else) finds the same step, so the player finishes it instead of cancelling it and
        starting it again forever. Dice of one owner showing one face are interchangeable, so the
        caller may have burned or chosen a twin of the die the plan names.
        """
        selection = state.selection
        assert selection is not None
        before = state.model_copy(update={"selection": None})
        steps = self.plan(before, seat, seed)
        if not steps or not steps[0].actions:
            return []
        first = steps[0]
        start = first.actions[0]
        if not (
            isinstance(start, StartSelection)
            and (start.purpose, start.tile) == (selection.purpose, selection.tile)
            and _same_kind(before, start.burn, selection.burn)
        ):
            return []
        rest = [_swap_die(action, start.burn, selection.burn) for action in first.actions[1:]]
        for source in selection.chosen:
            match = next(
                (
                    action
                    for action in rest
                    if isinstance(action, Choose)
                    and (action.source == source or _same_kind(before, action.source.die, source.die))
                ),
                None,
            )
            if match is None:
                return []
            rest.remove(match)
        return [Choice(rest, first.value, first.reason, no_change, chance=first.chance)]

    def plan_rolled(self, model: TableModel, rng: random.Random) -> list[Choice]:
        after = model.clone()
        full: list[Choice] | None = greedy(after, self.weights, stop_at_chance=False)
        assert full is not None
        if can_reroll(model) and after.cell_hp > 0:
            reroll = self.reroll(model, after, full, rng)
            if reroll is not None:
                return [reroll_choice(model, reroll)]
        steps: list[Choice] = []
        if model.permissions.change_face:
            face_change = self.face_change(model, full)
            if face_change is not None:
                steps.append(face_change)
                face_change.update(model)
                full = None
        spend = self.spend(model, full)
        for choice in spend:
            if not choice.chance:
                choice.update(model)
        steps += spend
        if (not steps or not steps[-1].chance) and model.cell_hp > 0:
            steps.append(end_turn_choice(model.seat))
        return steps

    def reroll(
        self, model: TableModel, after: TableModel, plan: list[Choice], rng: random.Random
    ) -> RerollPlan | None:
        """``plan`` is the full greedy plan without rerolling and ``after`` the table it leaves."""
        return heuristic_reroll(model, after, plan, self.weights)

    def face_change(self, model: TableModel, plan: list[Choice]) -> Choice | None:
        return face_change_choice(model, self.weights, plan)

    def spend(self, model: TableModel, full: list[Choice] | None) -> list[Choice]:
        """The spends to make before the next random result; ``full`` is the greedy plan for
        ``model`` when one is at hand."""
        return until_chance(full) if full is not None else greedy(model.clone(), self.weights)
