"""Choices around Power Up tiles: paying an equipped tile's activation cost, and buying a tile from
the Power Supply (for oneself, or with Krillin for another fighter)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rules.cell.actions import CellAction, Choose, Confirm, StartSelection
from rules.cell.ai.choices import Choice, Unit, apply_activation, take_source, unit_faces
from rules.cell.ai.model import Permissions, TableModel
from rules.cell.ai.pricing import Pricer
from rules.cell.ai.values import owned_tile_value, survival_value, track_value
from rules.cell.content import FACES, Face, catalogue


def activation_bundles(pricer: Pricer) -> Iterator[Choice]:
    model = pricer.model
    for tile_id in model.power_ups[model.seat]:
        tile = catalogue().power_ups[tile_id]
        if tile_id not in model.permissions.activatable:
            continue
        if tile.once_per_turn and tile_id in model.used_once:
            continue
        payment = pricer.cheapest_payment(list(tile.activation_cost))
        if payment is None:
            continue
        valued = _activation_value(pricer, tile_id, payment)
        if valued is None:
            continue
        worth, target, why = valued
        yield _activation_choice(pricer, tile_id, payment, worth, target, why)


def _activation_value(
    pricer: Pricer, tile_id: int, payment: list[tuple[Unit, Face]]
) -> tuple[float, int | None, str] | None:
    model, weights = pricer.model, pricer.weights
    tile = catalogue().power_ups[tile_id]
    worth = 0.0
    target: int | None = None
    damage = sum(step.amount for step in tile.effects if step.op == "damage")
    if damage:
        if model.track_room < len(payment):
            return None
        damage += pricer.strike_bonus()
        spare = max(0, pricer.attackers() - sum(1 for _, f in payment if f in ("attack", "super_attack")))
        worth += track_value(model, len(payment), damage, weights, spare)
    hp = list(model.hp)
    for step in tile.effects:
        if step.op == "self_damage":
            hp[model.seat] = max(0, hp[model.seat] - step.amount)
        elif step.op == "heal_all":
            hp = [min(m, h + step.amount) if h > 0 else h for h, m in zip(hp, model.max_hp, strict=True)]
        elif step.op == "heal":
            target = _best_heal_target(pricer, step.amount)
            if target is None:
                return None
            hp[target] = min(model.max_hp[target], hp[target] + step.amount)
        elif step.op == "collect_tokens":
            if model.tokens_available <= 0:
                return None
            worth += weights.token_ev * step.amount
        elif step.op == "retrieve_own":
            # Dice parked on threats and the meter only matter again in the last round, when
            # fresh dice for damage beat any progress they hold.
            if not model.final_round or model.parked_dice == 0:
                return None
            worth += weights.fresh_die * model.parked_dice
    if hp != model.hp:
        worth += survival_value(model, weights, hp=hp) - pricer.base
        if hp[model.seat] <= 0 < model.hp[model.seat] and not model.final_round:
            return None
    return worth, target, f"use {tile.name} ({tile.effect_text})"


def _best_heal_target(pricer: Pricer, amount: int) -> int | None:
    model = pricer.model
    best: tuple[float, int] | None = None
    for seat in range(model.players):
        if not model.alive(seat) or model.hp[seat] >= model.max_hp[seat]:
            continue
        hp = list(model.hp)
        hp[seat] = min(model.max_hp[seat], hp[seat] + amount)
        gain = survival_value(model, pricer.weights, hp=hp)
        if best is None or gain > best[0]:
            best = (gain, seat)
    return None if best is None else best[1]


def _activation_choice(
    pricer: Pricer, tile_id: int, payment: list[tuple[Unit, Face]], worth: float, target: int | None, why: str
) -> Choice:
    model = pricer.model
    scratch = model.clone()
    actions: list[CellAction] = [StartSelection(player=model.seat, purpose="activate", tile=tile_id)]
    for unit, face in payment:
        actions.append(Choose(player=model.seat, source=take_source(scratch, unit, face)))
    actions.append(Confirm(player=model.seat, target=target))
    tile = catalogue().power_ups[tile_id]
    strike = pricer.strike_bonus()

    def update(target_model: TableModel) -> None:
        for unit, face in payment:
            take_source(target_model, unit, face)
        apply_activation(target_model, tile_id, len(payment), target, strike)

    chance = any(step.op in ("collect_tokens", "retrieve_own") for step in tile.effects)
    return Choice(actions, worth, why, update, payment, chance=chance)


def purchase_bundles(pricer: Pricer) -> Iterator[Choice]:
    model = pricer.model
    for tile_id in model.supply:
        if tile_id not in model.permissions.buyable:
            continue
        cost = model.purchase_cost(tile_id, model.seat)
        payment = pricer.cheapest_payment(["assist"] * cost)
        if payment is None:
            continue
        placement = _placement(pricer, tile_id)
        if placement is None:
            continue
        receiver, discard, worth = placement
        worth += _follow_up_value(pricer, tile_id, payment, receiver)
        why = _purchase_reason(pricer, tile_id, receiver)
        yield _purchase_choice(pricer, tile_id, payment, receiver, discard, worth, why)


def _purchase_reason(pricer: Pricer, tile_id: int, receiver: int) -> str:
    model = pricer.model
    tile = catalogue().power_ups[tile_id]
    if any(step.op == "retrieve_own" for step in tile.effects):
        when = "now, in the last round" if model.final_round else "in the last round, next round"
        return (
            f"buy {tile.name}: {model.parked_dice} of your dice sit on Threat tiles and the Dragon Ball "
            f"Meter, where they can no longer help; it brings them back rolled, to spend on damage {when}"
        )
    for_whom = "" if receiver == model.seat else f" for {model.names[receiver]}"
    return f"buy {tile.name}{for_whom} ({tile.effect_text})"


def _placement(pricer: Pricer, tile_id: int) -> tuple[int, int | None, float] | None:
    """Who should hold a new tile and what they drop: Krillin hands tiles to fighters with room."""
    model = pricer.model
    candidates = [model.seat]
    if model.abilities[model.seat] == "discount_and_gift":
        candidates += [s for s in range(model.players) if s != model.seat and model.alive(s)]
    best: tuple[float, int, int | None] | None = None
    for receiver in candidates:
        gain = owned_tile_value(model, tile_id, receiver)
        discard = None
        held = model.power_ups[receiver]
        if len(held) >= 3:
            discard = min(held, key=lambda t: owned_tile_value(model, t, receiver))
            gain -= owned_tile_value(model, discard, receiver)
        if best is None or gain > best[0]:
            best = (gain, receiver, discard)
    if best is None or best[0] <= 0:
        return None
    return best[1], best[2], best[0]


def _follow_up_value(pricer: Pricer, tile_id: int, payment: list[tuple[Unit, Face]], receiver: int) -> float:
    """A damage tile bought now can often be used at once with the dice left over."""
    model = pricer.model
    tile = catalogue().power_ups[tile_id]
    damage = sum(step.amount for step in tile.effects if step.op == "damage")
    if receiver != model.seat or not damage or model.track_room < len(tile.activation_cost):
        return 0.0
    left = dict(pricer.units)
    for unit, _ in payment:
        left[unit] -= 1
    price = 0.0
    for slot in sorted(tile.activation_cost, key=lambda s: s == "any"):
        faces = FACES if slot == "any" else (slot,)
        options = [
            (pricer.opportunity(unit, face), unit)
            for unit, count in left.items()
            if count > 0
            for face in unit_faces(unit)
            if face in faces
        ]
        if not options:
            return 0.0
        cheapest, unit = min(options)
        left[unit] -= 1
        price += cheapest
    spare = sum(count for unit, count in left.items() if unit != ("die", "dragon_ball"))
    worth = track_value(model, len(tile.activation_cost), damage, pricer.weights, spare)
    return max(0.0, worth - price)


def _purchase_choice(
    pricer: Pricer,
    tile_id: int,
    payment: list[tuple[Unit, Face]],
    receiver: int,
    discard: int | None,
    worth: float,
    why: str,
) -> Choice:
    model = pricer.model
    scratch = model.clone()
    actions: list[CellAction] = [StartSelection(player=model.seat, purpose="buy", tile=tile_id)]
    for unit, face in payment:
        actions.append(Choose(player=model.seat, source=take_source(scratch, unit, face)))
    give_to = None if receiver == model.seat else receiver
    actions.append(Confirm(player=model.seat, give_to=give_to, discard=discard))

    def update(target_model: TableModel) -> None:
        for unit, face in payment:
            take_source(target_model, unit, face)
        target_model.supply.remove(tile_id)
        held = target_model.power_ups[receiver]
        if discard is not None:
            held.remove(discard)
        held.append(tile_id)
        if receiver == target_model.seat:
            target_model.permissions = _with_activatable(target_model, tile_id)

    return Choice(actions, worth, why, update, payment)


def _with_activatable(model: TableModel, tile_id: int) -> Permissions:
    return replace(model.permissions, activatable=model.permissions.activatable | {tile_id})
