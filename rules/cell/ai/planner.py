"""Turn planning on the model: the greedy plan both players build on, rerolls, Piccolo's face
change, a KO'd fighter's turn and finishing a choice someone left open."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rules.cell.actions import (
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Roll,
    Spend,
    StartSelection,
)
from rules.cell.ai.choice_maker import ChoiceMaker
from rules.cell.ai.choices import Choice, a_face, no_change
from rules.cell.ai.model import Permissions, TableModel
from rules.cell.ai.values import Weights, face_probability
from rules.cell.content import FACES, Face, catalogue
from rules.cell.state import Source
from rules.cell.view import CellView

BUNDLE_MARGIN = 0.05
MAX_CHOICES = 40


def end_turn_choice(seat: int) -> Choice:
    return Choice([EndTurn(player=seat)], 0.0, "end the turn: nothing left worth spending", no_change)


def roll_choice(seat: int) -> Choice:
    return Choice([Roll(player=seat)], 0.0, "roll the dice to start the turn", no_change, chance=True)


def pick(maker: ChoiceMaker) -> Choice | None:
    """The bundle that beats spending its dice one by one the most, else the best single spend."""
    best_bundle: tuple[float, Choice] | None = None
    for choice in maker.bundle_choices():
        net = choice.value - sum(maker.opportunity(unit, face) for unit, face in choice.units)
        if net > BUNDLE_MARGIN and (best_bundle is None or net > best_bundle[0]):
            best_bundle = (net, choice)
    if best_bundle is not None:
        return best_bundle[1]
    return max(maker.single_choices(), key=lambda choice: choice.value, default=None)


def greedy(
    model: TableModel,
    weights: Weights,
    stop_at_chance: bool = True,
    chooser: Callable[[ChoiceMaker], Choice | None] = pick,
) -> list[Choice]:
    """Choices in order of worth until nothing is worth spending (or the next result is random);
    ``model`` is left as the plan leaves the table."""
    plan: list[Choice] = []
    for _ in range(MAX_CHOICES):
        choice = chooser(ChoiceMaker(model, weights))
        if choice is None:
            break
        plan.append(choice)
        if choice.chance and stop_at_chance:
            break
        choice.update(model)
        if model.cell_hp <= 0 or model.knocked_out:
            break
    return plan


def plan_value(model: TableModel, weights: Weights) -> float:
    return sum(choice.value for choice in greedy(model.clone(), weights, stop_at_chance=False))


def until_chance(plan: list[Choice]) -> list[Choice]:
    """The part of a full plan that can be played before a random result changes the picture."""
    for position, choice in enumerate(plan):
        if choice.chance:
            return plan[: position + 1]
    return plan


def die_values(model: TableModel, plan: list[Choice]) -> list[tuple[float, int, Face]]:
    """What each rolled die is worth in a full plan (a bundle's worth split over its dice), lowest
    first; dice the plan leaves unused are worth nothing."""
    worth: dict[Face, list[float]] = {face: [] for face in FACES}
    for choice in plan:
        share = choice.value / max(1, len(choice.units))
        for unit, face in choice.units:
            if unit[0] == "die":
                worth[face].append(share)
    values: list[tuple[float, int, Face]] = []
    for face, ids in model.dice.items():
        spent = sorted(worth[face], reverse=True)
        for position, die in enumerate(ids):
            values.append((spent[position] if position < len(spent) else 0.0, die, face))
    return sorted(values)


def fresh_die_value(maker: ChoiceMaker) -> float:
    """What one more die of a random face would add to this turn, face by face."""
    probability = face_probability()
    return sum(probability[face] * max(0.0, maker.best_use(face)) for face in FACES)


@dataclass
class RerollPlan:
    burn: int | None
    dice: list[int]
    gain: float


def reroll_choice(model: TableModel, reroll: RerollPlan) -> Choice:
    seat = model.seat
    purpose = "free_reroll" if reroll.burn is None else "reroll"
    actions: list[CellAction] = [StartSelection(player=seat, purpose=purpose, burn=reroll.burn)]
    actions += [Choose(player=seat, source=Source(die=die)) for die in reroll.dice]
    actions.append(Confirm(player=seat))
    how = "free reroll" if reroll.burn is None else "burn a die to reroll"
    count = len(reroll.dice)
    why = f"{how} {count} weak {'die' if count == 1 else 'dice'} (worth about {reroll.gain:+.1f})"
    return Choice(actions, reroll.gain, why, no_change, chance=True)


def can_reroll(model: TableModel) -> bool:
    permissions = model.permissions
    return (permissions.reroll or permissions.free_reroll) and model.dice_count() >= 2


def heuristic_reroll(
    model: TableModel, after: TableModel, plan: list[Choice], weights: Weights
) -> RerollPlan | None:
    """Reroll dice worth clearly less than a fresh die would add once the plan is played, burning
    the weakest when it pays."""
    permissions = model.permissions
    fresh = fresh_die_value(ChoiceMaker(after, weights))
    values = die_values(model, plan)
    weak = [(value, die) for value, die, _ in values if value < fresh - 0.3]
    if permissions.free_reroll and weak:
        return RerollPlan(None, [die for _, die in weak], sum(fresh - value for value, _ in weak))
    if not permissions.reroll or len(weak) < 2:
        return None
    (burn_value, burn), rest = weak[0], weak[1:]
    gain = sum(fresh - value for value, _ in rest) - burn_value
    return RerollPlan(burn, [die for _, die in rest], gain) if gain > 0.5 else None


def with_face(model: TableModel, die: int, old: Face, new: Face) -> TableModel:
    changed = model.clone()
    changed.dice[old].remove(die)
    changed.dice.setdefault(new, []).append(die)
    return changed


def face_change_choice(model: TableModel, weights: Weights, plan: list[Choice]) -> Choice | None:
    """Piccolo turns one die over: the least useful die of each face he shows is tried (a die has one
    opposite face, so that is at most four plans), and the best gain is kept."""
    values = die_values(model, plan)
    current = sum(choice.value for choice in plan)
    faces_tried: list[tuple[int, Face]] = []
    for _, die, face in values:
        if face not in (f for _, f in faces_tried):
            faces_tried.append((die, face))
    best: tuple[float, int, Face, Face] | None = None
    for die, old in faces_tried:
        new = catalogue().board.opposite_face(old)
        gain = plan_value(with_face(model, die, old, new), weights) - current
        if gain > 0.2 and (best is None or gain > best[0]):
            best = (gain, die, old, new)
    if best is None:
        return None
    gain, die, old, new = best
    action = ChangeFace(player=model.seat, die=die, face=new)
    why = f"turn {a_face(old)} into {a_face(new)} (worth about {gain:+.1f})"

    def update(target: TableModel) -> None:
        target.dice[old].remove(die)
        target.dice.setdefault(new, []).append(die)
        target.permissions = _no_face_change(target)

    return Choice([action], gain, why, update)


def _no_face_change(model: TableModel) -> Permissions:
    return replace(model.permissions, change_face=False)


def knocked_out_plan(model: TableModel, weights: Weights) -> list[Choice]:
    """A KO'd fighter can only pass dice on (and Krillin his tiles): give them to those who can fight."""
    seat = model.seat
    plan: list[Choice] = []
    standing = [s for s in range(model.players) if s != seat and model.alive(s)]
    if not standing:
        return [end_turn_choice(seat)]
    receiver = next((s for s in model.later_seats if s in standing), standing[0])
    shareable: list[Face] = list(FACES) if model.abilities[seat] == "share_any" else ["assist"]
    if model.permissions.share and not model.no_share:
        for face in shareable:
            for die in model.dice.get(face, []):
                action = Spend(player=seat, source=Source(die=die), use="share", target=receiver)
                why = f"KO'd: pass {a_face(face)} to {model.names[receiver]}"
                plan.append(Choice([action], weights.fresh_die, why, no_change))
    if model.abilities[seat] == "discount_and_gift":
        room = {s: len(model.power_ups[s]) for s in standing}
        for tile in model.power_ups[seat]:
            target = min(standing, key=lambda s: room[s])
            if room[target] >= 3:
                break
            room[target] += 1
            name = catalogue().power_ups[tile].name
            why = f"KO'd: give {name} to {model.names[target]}, who can still use it"
            plan.append(Choice([GiveTile(player=seat, tile=tile, to=target)], 1.0, why, no_change))
    plan.append(end_turn_choice(seat))
    return plan


def finish_selection(seen: CellView, legal: list[CellAction], seat: int) -> list[Choice]:
    """Someone left a choice open (a player asking for a hint mid-purchase): finish it if it can be
    paid, else cancel it so the turn can be planned afresh."""
    selection = seen.selection
    assert selection is not None
    confirms = [action for action in legal if isinstance(action, Confirm)]
    chooses = [action for action in legal if isinstance(action, Choose)]
    if confirms:
        confirm = _sensible_confirm(seen, confirms)
        return [Choice([confirm], 0.0, "confirm the choice in progress", no_change, chance=True)]
    if chooses and selection.purpose in ("buy", "activate"):
        return [Choice([chooses[0]], 0.0, "keep paying for the Power Up in progress", no_change, chance=True)]
    return [Choice([CancelSelection(player=seat)], 0.0, "cancel the open choice and plan afresh", no_change)]


def _sensible_confirm(seen: CellView, confirms: list[Confirm]) -> Confirm:
    def rank(confirm: Confirm) -> tuple[int, float]:
        patient = 0
        if confirm.target is not None:
            fighter = seen.fighters[confirm.target]
            patient = fighter.hp - fighter.max_hp
        return (patient, 0.0 if confirm.discard is None else 1.0)

    return min(confirms, key=rank)
