"""The search player: the heuristic's plans, checked by looking ahead.

Rerolls are chosen by Monte Carlo: each candidate (which die to burn, which dice to roll again) is
played out on sampled faces — drawn from the die's faces with the player's own generator, never the
game's — and the greedy plan's worth is averaged. Spending is chosen by a one-step lookahead: the
few best first choices are each followed by the greedy plan, and the best total wins.

The time budget is turned into fixed sample and branch counts (not a clock), so a seed always
replays the same game on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.cell.ai.choice_maker import ChoiceMaker
from rules.cell.ai.choices import Choice
from rules.cell.ai.model import TableModel
from rules.cell.ai.planner import (
    BUNDLE_MARGIN,
    RerollPlan,
    die_values,
    fresh_die_value,
    greedy,
    plan_value,
)
from rules.cell.ai.players import HeuristicPlayer
from rules.cell.ai.values import DEFAULT_WEIGHTS, Weights
from rules.cell.content import catalogue

DEFAULT_BUDGET_MS = 20
MS_PER_SAMPLE = 1.5


@dataclass(frozen=True)
class SearchEffort:
    samples: int
    branches: int

    @staticmethod
    def for_budget(budget_ms: float) -> SearchEffort:
        samples = int(max(4, min(48, budget_ms / (3 * MS_PER_SAMPLE))))
        branches = int(max(2, min(6, budget_ms / 10)))
        return SearchEffort(samples=samples, branches=branches)


class SearchPlayer(HeuristicPlayer):
    name = "strong"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(weights)
        self.effort = SearchEffort.for_budget(budget_ms)

    def reroll(
        self, model: TableModel, after: TableModel, plan: list[Choice], rng: random.Random
    ) -> RerollPlan | None:
        candidates = self._reroll_candidates(model, after, plan)
        if not candidates:
            return None
        keep = sum(choice.value for choice in plan)
        best: RerollPlan | None = None
        best_gain = 0.25
        faces = catalogue().board.die_faces
        for candidate in candidates:
            total = 0.0
            for _ in range(self.effort.samples):
                rolled = model.clone()
                if candidate.burn is not None:
                    _remove_die(rolled, candidate.burn)
                for die in candidate.dice:
                    _remove_die(rolled, die)
                    rolled.dice.setdefault(rng.choice(faces), []).append(die)
                total += plan_value(rolled, self.weights)
            gain = total / self.effort.samples - keep
            if gain > best_gain:
                best, best_gain = RerollPlan(candidate.burn, candidate.dice, gain), gain
        return best

    def _reroll_candidates(
        self, model: TableModel, after: TableModel, plan: list[Choice]
    ) -> list[RerollPlan]:
        """The weakest dice first: roll again the k weakest, burning the weakest of all when paying.
        Nothing is sampled when no die is worth less than a fresh one."""
        fresh = fresh_die_value(ChoiceMaker(after, self.weights))
        values = die_values(model, plan)
        if not values or values[0][0] >= fresh:
            return []
        dice = [die for _, die, _ in values]
        if model.permissions.free_reroll:
            return [RerollPlan(None, dice[:k], 0.0) for k in range(1, min(3, len(dice)) + 1)]
        if len(dice) < 2:
            return []
        burn, rest = dice[0], dice[1:]
        return [RerollPlan(burn, rest[:k], 0.0) for k in range(1, min(3, len(rest)) + 1)]

    def spend(self, model: TableModel, full: list[Choice] | None) -> list[Choice]:
        return greedy(model.clone(), self.weights, chooser=self._lookahead)

    def _lookahead(self, maker: ChoiceMaker) -> Choice | None:
        """Among the few best next choices, the one whose greedy continuation is worth the most."""
        ranked = _ranked(maker)[: self.effort.branches]
        if len(ranked) <= 1:
            return ranked[0] if ranked else None
        best: tuple[float, Choice] | None = None
        for choice in ranked:
            after = maker.model.clone()
            choice.update(after)
            total = choice.value + (
                0.0 if after.cell_hp <= 0 or after.knocked_out else plan_value(after, self.weights)
            )
            if best is None or total > best[0]:
                best = (total, choice)
        return best[1] if best else None


def _ranked(maker: ChoiceMaker) -> list[Choice]:
    """Bundles that beat their dice spent singly, then single spends, each best first."""
    bundles = []
    for choice in maker.bundle_choices():
        net = choice.value - sum(maker.opportunity(unit, face) for unit, face in choice.units)
        if net > BUNDLE_MARGIN:
            bundles.append((net, choice))
    bundles.sort(key=lambda pair: -pair[0])
    singles = sorted(maker.single_choices(), key=lambda choice: -choice.value)
    return [choice for _, choice in bundles] + _distinct(singles)


def _distinct(choices: list[Choice]) -> list[Choice]:
    """One single spend per kind of use and target: dice of one face are interchangeable."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for choice in choices:
        key = (choice.reason, str(choice.units[0][1]) if choice.units else "")
        if key not in seen:
            seen.add(key)
            kept.append(choice)
    return kept


def _remove_die(model: TableModel, die: int) -> None:
    for ids in model.dice.values():
        if die in ids:
            ids.remove(die)
            return
