"""How much things are worth to the Z-Fighters, in one currency: points of damage to Cell.

Every choice the AI makes compares values from here. Damage dealt now counts at face value; a
threat left in play, a fighter close to a KO, a Power Up owned or a token kept count as what they are
expected to cost or bring in damage over the rounds that remain. The weights are plain numbers so the
search player can use its own.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

from rules.cell.ai.model import TableModel
from rules.cell.content import FACES, Face, SlotKind, catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.threat_slots import faces_fit


@dataclass(frozen=True)
class Weights:
    ko_base: float = 2.0
    ko_per_round: float = 2.5
    risk_tau: float = 1.8
    wipe: float = 30.0
    hp_future: float = 1.3
    threat_persistence: float = 0.8
    restriction: float = 0.3
    token_ev: float = 1.45
    token_keep: float = 0.85
    fresh_die: float = 1.1
    meter_progress: float = 0.3
    meter_share: float = 0.5
    die_lock: float = 0.7
    coop: float = 0.75
    track_progress: float = 0.6
    win: float = 1000.0


DEFAULT_WEIGHTS = Weights()

GENERIC_FACE_VALUE: dict[str, float] = {
    "dragon_ball": 1.5,
    "assist": 1.1,
    "attack": 1.3,
    "super_attack": 2.3,
    "any": 1.1,
}
TOKEN_FACE_VALUE: dict[str, float] = {"attack": 1.0, "super_attack": 2.0, "wild": 2.2}


@cache
def face_probability() -> dict[Face, float]:
    faces = catalogue().board.die_faces
    return {face: faces.count(face) / len(faces) for face in FACES}


@cache
def _compositions(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every way ``dice`` dice can land, as face counts with their probability."""
    probability = face_probability()
    outcomes: list[tuple[tuple[int, ...], float]] = []
    for combo in combinations_with_replacement(range(len(FACES)), dice):
        counts = tuple(combo.count(index) for index in range(len(FACES)))
        ways = math.factorial(dice)
        chance = 1.0
        for index, count in enumerate(counts):
            ways //= math.factorial(count)
            chance *= probability[FACES[index]] ** count
        outcomes.append((counts, ways * chance))
    return tuple(outcomes)


def _copies_affordable(counts: tuple[int, ...], cost: tuple[str, ...], limit: int) -> int:
    needed = Counter(slot for slot in cost if slot != "any")
    spare_needed = cost.count("any")
    copies = 0
    left = list(counts)
    while copies < limit:
        for face, count in needed.items():
            left[FACES.index(face)] -= count  # type: ignore[arg-type]
        if min(left) < 0 or sum(left) < spare_needed:
            break
        taken = spare_needed
        for index in sorted(range(len(left)), key=lambda i: -left[i]):
            used = min(taken, left[index])
            left[index] -= used
            taken -= used
        copies += 1
    return copies


@cache
def power_up_gain(tile_id: int, players: int) -> float:
    """Expected extra damage (or its worth) per round from owning a tile, over spending its dice plainly."""
    tile = catalogue().power_ups[tile_id]
    if tile.is_passive:
        return passive_gain(tile_id)
    cost = tuple(tile.activation_cost)
    limit = 1 if tile.once_per_turn else 3
    uses = sum(
        chance * _copies_affordable(counts, cost, limit)
        for counts, chance in _compositions(catalogue().board.dice_per_player)
    )
    effect = 0.0
    for step in tile.effects:
        if step.op == "damage":
            effect += step.amount + 0.3 * len(cost)
        elif step.op == "self_damage":
            effect -= 0.6 * step.amount
        elif step.op == "heal":
            effect += 0.5 * step.amount
        elif step.op == "heal_all":
            effect += 0.35 * step.amount * players
        elif step.op == "collect_tokens":
            effect += DEFAULT_WEIGHTS.token_ev * step.amount
        elif step.op == "retrieve_own":
            effect += 0.2
    baseline = sum(GENERIC_FACE_VALUE[slot] for slot in cost)
    return 0.8 * uses * max(0.0, effect - baseline)


PASSIVE_USE_SHARE = 0.7
"""The share of a turn's matching dice that end up on the Damage Track rather than elsewhere."""


def passive_gain(tile_id: int) -> float:
    """A passive tile's extra damage per round: its bonus on each matching die rolled."""
    dice = catalogue().board.dice_per_player
    return sum(
        PASSIVE_USE_SHARE * dice * probability * passive_damage_bonus((tile_id,), face)
        for face, probability in face_probability().items()
    )


@cache
def meter_fill_chance(needed: int, later_players: int) -> float:
    """Chance the players still to act this round roll at least ``needed`` Dragon Balls."""
    if needed <= 0:
        return 1.0
    dice = 5 * later_players
    p = face_probability()["dragon_ball"]
    below = sum(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(min(needed, dice + 1)))
    return max(0.0, 1.0 - below)


@cache
def completion_chance(cost: tuple[SlotKind, ...], placed: tuple[Face, ...], later_players: int) -> float:
    """Chance the fighters still to act this round roll the dice a threat still needs (sampled with a
    fixed seed, so the estimate is the same every time)."""
    missing = len(cost) - len(placed)
    if missing <= 0:
        return 1.0
    if later_players <= 0:
        return 0.0
    sampler = random.Random(f"{cost}{placed}{later_players}")
    faces = catalogue().board.die_faces
    samples = 150
    hits = 0
    for _ in range(samples):
        rolled = Counter(sampler.choices(faces, k=5 * later_players))
        if _can_complete(cost, placed, rolled, missing):
            hits += 1
    return hits / samples


def _can_complete(
    cost: tuple[SlotKind, ...], placed: tuple[Face, ...], rolled: Counter[Face], missing: int
) -> bool:
    pool = [face for face in FACES for _ in range(min(rolled[face], missing))]
    return any(
        faces_fit(cost, tuple(sorted((*placed, *combo)))) for combo in set(combinations(pool, missing))
    )


def threat_round_harm(model: TableModel, tile_id: int, weights: Weights) -> float:
    """What one future activation of a threat costs, in damage points."""
    harm = 0.0
    alive = sum(1 for seat in range(model.players) if model.alive(seat))
    for step in catalogue().threats[tile_id].effects:
        if step.op == "damage_all":
            harm += weights.hp_future * step.amount * alive
        elif step.op == "heal_cell":
            harm += step.amount
        elif step.op == "discard_tokens":
            harm += weights.token_keep * 1.5 * step.amount * max(1, alive // 2)
        elif step.op == "drain_meter":
            harm += weights.meter_progress * step.amount
    harm += weights.restriction * len(catalogue().threats[tile_id].restrictions)
    return harm


@dataclass
class RoundProjection:
    """What Cell's activation at the end of this round will do if nothing else changes."""

    hp_after: list[int]
    meter_drained: int


def project_activation(
    model: TableModel, canceled: int | None = None, hp: list[int] | None = None
) -> RoundProjection:
    """Cell's activation on the fighters and the meter, threats in reveal order (``canceled`` is
    the index of a threat to leave out, ``hp`` the fighters' health to start from)."""
    hp_after = list(model.hp if hp is None else hp)
    drained = 0
    threats = catalogue().threats
    for index, threat in enumerate(model.threats):
        if index == canceled or threat.complete:
            continue
        for step in threats[threat.tile].effects:
            if step.op == "damage_all":
                hp_after = [max(0, h - step.amount) if h > 0 else h for h in hp_after]
            elif step.op == "drain_meter":
                drained += step.amount
    return RoundProjection(hp_after, drained)


def ko_cost(model: TableModel, weights: Weights) -> float:
    return weights.ko_base + weights.ko_per_round * model.future_rounds


def fighters_value(
    model: TableModel, hp_after: list[int], wish: bool, weights: Weights, incoming: list[int]
) -> float:
    """The fighters' standing after Cell's activation: KOs, and the risk of KOs to come, which grows
    with the damage the threats still in play deal each round (``incoming``)."""
    if all(h <= 0 for h in hp_after):
        return -(weights.wipe + model.cell_hp + ko_cost(model, weights) * model.players)
    cost = ko_cost(model, weights)
    total = 0.0
    for seat, h in enumerate(hp_after):
        health = model.max_hp[seat] if wish else h
        scale = weights.risk_tau * max(1.0, incoming[seat] + 0.5)
        total -= cost if health <= 0 else cost * math.exp(-health / scale)
    return total


def later_alive(model: TableModel) -> int:
    return sum(1 for seat in model.later_seats if model.alive(seat))


def survival_value(
    model: TableModel,
    weights: Weights,
    canceled: int | None = None,
    hp: list[int] | None = None,
    meter: int | None = None,
) -> float:
    """The fighters' value after this round's activation, counting the chance the Dragon Ball Meter is
    full by then (the wish comes after the threats act)."""
    if model.final_round:
        return 0.0
    before = model.hp if hp is None else hp
    projection = project_activation(model, canceled, before)
    incoming = [max(0, b - a) for b, a in zip(before, projection.hp_after, strict=True)]
    filled = (model.meter if meter is None else meter) - projection.meter_drained
    chance = meter_fill_chance(model.meter_capacity - filled, len(model.later_seats))
    if filled < model.meter_capacity:
        chance *= weights.coop
    without = fighters_value(model, projection.hp_after, False, weights, incoming)
    if chance <= 0.0:
        return without
    return (
        chance * fighters_value(model, projection.hp_after, True, weights, incoming) + (1 - chance) * without
    )


def cancel_value(model: TableModel, index: int, weights: Weights, base_survival: float) -> float:
    """What canceling the threat at ``index`` before Cell activates is worth."""
    if model.final_round:
        return 0.0
    threat = model.threats[index]
    tile = catalogue().threats[threat.tile]
    value = survival_value(model, weights, canceled=index) - base_survival
    for step in tile.effects:
        if step.op == "heal_cell":
            value += min(step.amount, model.cell_max_hp - model.cell_hp + 2)
        elif step.op == "discard_tokens":
            value += weights.token_keep * 1.5 * sum(min(step.amount, len(held)) for held in model.tokens)
        elif step.op == "drain_meter":
            value += weights.meter_progress * min(step.amount, model.meter)
    future = threat_round_harm(model, threat.tile, weights) * weights.threat_persistence
    return value + future * model.future_rounds


def token_keep_value(model: TableModel, kind: str, weights: Weights) -> float:
    return 0.0 if model.final_round else weights.token_keep * TOKEN_FACE_VALUE[kind]


def track_value(model: TableModel, dice: int, damage: int, weights: Weights, spare_attackers: int) -> float:
    """Damage from placing ``dice`` on the Damage Track: the hits, any row bonus they complete, and a
    share of the bonus of the row they start, by how likely the round is to finish it."""
    value = float(damage)
    start = model.track_filled
    end = start + dice
    later = later_alive(model)
    for row_end, bonus in model.row_ends:
        row_start = _row_start(model, row_end)
        if start < row_end <= end:
            value += bonus
        elif row_start < end < row_end:
            remaining = row_end - end
            expected = spare_attackers + 2.2 * later
            likely = 1.0 if remaining <= spare_attackers else min(1.0, expected / remaining) * 0.8
            if later == 0 and remaining > spare_attackers:
                likely = 0.0
            value += weights.track_progress * likely * bonus * dice / (row_end - row_start)
    if damage >= model.cell_hp:
        value += weights.win
    return value


def _row_start(model: TableModel, row_end: int) -> int:
    previous = 0
    for end, _ in model.row_ends:
        if end == row_end:
            return previous
        previous = end
    return previous


RETRIEVAL_KEPT = 0.6
"""The share of dice parked now that are still parked when the last round comes (threats get
canceled and the meter used in between)."""


def owned_tile_value(model: TableModel, tile: int, owner: int) -> float:
    if any(step.op == "retrieve_own" for step in catalogue().power_ups[tile].effects):
        return retrieval_value(model, tile, owner)
    rounds = model.future_rounds + (1 if owner in model.later_seats else 0)
    return power_up_gain(tile, model.players) * rounds


def retrieval_value(model: TableModel, tile: int, owner: int) -> float:
    """A tile that brings the owner's parked dice back rolled pays off once, in the last round, when
    dice on threats and the meter can no longer help: the active fighter's parked dice as fresh dice,
    less the activation die. Other fighters' plans are unknown here, so it is worth nothing to them,
    and nothing before the round ahead of the last (parked dice move too much until then)."""
    if owner != model.seat or model.future_rounds > 1:
        return 0.0
    activation = sum(GENERIC_FACE_VALUE[slot] for slot in catalogue().power_ups[tile].activation_cost)
    kept = 1.0 if model.final_round else RETRIEVAL_KEPT
    return max(0.0, kept * DEFAULT_WEIGHTS.fresh_die * model.parked_dice - activation)
