"""Choices that spend several dice or tokens the same way at once: healing one fighter by more
than one, filling the Dragon Ball Meter to the top (with the heals that let a fighter outlast Cell
first), and canceling a whole threat."""

from __future__ import annotations

from collections.abc import Iterator

from rules.cell.actions import CellAction, Spend
from rules.cell.ai.choices import HEALING, Choice, Unit, Use, apply_single, joined, take_source, unit_faces
from rules.cell.ai.model import TableModel
from rules.cell.ai.pricing import Pricer
from rules.cell.ai.values import survival_value
from rules.cell.content import Face, catalogue
from rules.cell.threat_slots import faces_fit, fits_with


def heal_bundles(pricer: Pricer) -> Iterator[Choice]:
    """Several heals on one fighter: one alone may not keep them standing when two would."""
    model = pricer.model
    if model.final_round:
        return
    healers = sum(
        count for unit, count in pricer.units.items() if set(unit_faces(unit)) & {"dragon_ball", "assist"}
    )
    for seat in range(model.players):
        room = model.max_hp[seat] - model.hp[seat]
        if not model.alive(seat) or room < 2 or healers < 2:
            continue
        for amount in range(2, min(room, healers) + 1):
            payment = pricer.cheapest_payment([HEALING] * amount)
            if payment is None:
                break
            hp = list(model.hp)
            hp[seat] += amount
            worth = survival_value(model, pricer.weights, hp=hp) - pricer.base
            why = f"heal {model.names[seat]} by {amount} ({model.hp[seat]} HP now)"
            yield _spend_bundle(pricer, payment, "heal", seat, worth, why)


def meter_bundles(pricer: Pricer) -> Iterator[Choice]:
    """Fill the Dragon Ball Meter to the top at once: the wish is worth far more than its parts,
    and with just enough heals to outlast Cell's activation it saves a fighter outright."""
    model = pricer.model
    needed = model.meter_capacity - model.meter
    if model.final_round or needed < 1:
        return
    payment = pricer.cheapest_payment(["dragon_ball"] * needed)
    if payment is None:
        return
    worth = survival_value(pricer.model, pricer.weights, meter=model.meter_capacity) - pricer.base
    why = "fill the Dragon Ball Meter: the wish heals and revives everyone"
    if needed >= 2:
        yield _spend_bundle(pricer, payment, "meter", None, worth, why)
    yield from _rescue_bundles(pricer, payment)


def _rescue_bundles(pricer: Pricer, meter_payment: list[tuple[Unit, Face]]) -> Iterator[Choice]:
    model = pricer.model
    left = dict(pricer.units)
    for unit, _ in meter_payment:
        left[unit] -= 1
    healers = sum(count for unit, count in left.items() if set(unit_faces(unit)) & {"dragon_ball", "assist"})
    for seat in range(model.players):
        room = model.max_hp[seat] - model.hp[seat]
        if not model.alive(seat) or room < 1:
            continue
        for amount in range(1, min(room, healers) + 1):
            heal_payment = pricer.cheapest_payment([HEALING] * amount, left)
            if heal_payment is None:
                break
            hp = list(model.hp)
            hp[seat] += amount
            worth = survival_value(model, pricer.weights, hp=hp, meter=model.meter_capacity) - pricer.base
            heal = _spend_bundle(pricer, heal_payment, "heal", seat, 0.0, "")
            wish = _spend_bundle(pricer, meter_payment, "meter", None, 0.0, "", after=heal_payment)
            why = f"heal {model.names[seat]} by {amount} to outlast Cell, then fill the meter for the wish"
            yield joined(heal, wish, worth, why)


def _spend_bundle(
    pricer: Pricer,
    payment: list[tuple[Unit, Face]],
    use: str,
    target: int | None,
    worth: float,
    why: str,
    after: list[tuple[Unit, Face]] = (),  # type: ignore[assignment]
) -> Choice:
    """One spend per unit of ``payment``; ``after`` are units an earlier part of the same
    choice takes first (so the right dice are named)."""
    model = pricer.model
    scratch = model.clone()
    for unit, face in after:
        take_source(scratch, unit, face)
    actions: list[CellAction] = [
        Spend(player=model.seat, source=take_source(scratch, unit, face), use=use, target=target)  # type: ignore[arg-type]
        for unit, face in payment
    ]
    single = Use(use, target, worth, why)

    def update(target_model: TableModel) -> None:
        for unit, face in payment:
            take_source(target_model, unit, face)
            apply_single(target_model, face, single, 0)

    return Choice(actions, worth, why, update, payment)


def cancel_bundles(pricer: Pricer) -> Iterator[Choice]:
    model = pricer.model
    if model.final_round:
        return
    in_hand = sum(pricer.units.values())
    for index, threat in enumerate(model.threats):
        if threat.complete or threat.missing > in_hand:
            continue
        payment = _cheapest_completion(pricer, threat.cost, threat.placed, threat.missing)
        if payment is None:
            continue
        worth = pricer.cancel_worth(index)
        tile = catalogue().threats[threat.tile]
        yield _cancel_choice(pricer, index, payment, worth, f"cancel {tile.name} ({tile.effect_text})")


def _cancel_choice(
    pricer: Pricer, index: int, payment: list[tuple[Unit, Face]], worth: float, why: str
) -> Choice:
    model = pricer.model
    tile = model.threats[index].tile
    scratch = model.clone()
    actions: list[CellAction] = []
    for unit, face in payment:
        source = take_source(scratch, unit, face)
        actions.append(Spend(player=model.seat, source=source, use="cancel", target=tile))

    def update(target_model: TableModel) -> None:
        for unit, face in payment:
            take_source(target_model, unit, face)
            target_model.threats[index].place(face)

    return Choice(actions, worth, why, update, payment)


def _cheapest_completion(
    pricer: Pricer, cost: tuple, placed: list[Face], missing: int
) -> list[tuple[Unit, Face]] | None:
    options = [(unit, face) for unit in pricer.units for face in unit_faces(unit)]
    best: tuple[float, list[tuple[Unit, Face]]] | None = None

    def search(start: int, chosen: list[tuple[Unit, Face]], used: dict[Unit, int], price: float) -> None:
        nonlocal best
        if best is not None and price >= best[0]:
            return
        if len(chosen) == missing:
            faces = tuple(sorted([*placed, *(face for _, face in chosen)]))
            if faces_fit(cost, faces):
                best = (price, list(chosen))
            return
        for position in range(start, len(options)):
            unit, face = options[position]
            if used.get(unit, 0) >= pricer.units[unit]:
                continue
            if not fits_with(list(cost), [*placed, *(f for _, f in chosen)], face):
                continue
            used[unit] = used.get(unit, 0) + 1
            chosen.append((unit, face))
            search(position, chosen, used, price + pricer.opportunity(unit, face))
            chosen.pop()
            used[unit] -= 1

    search(0, [], {}, 0.0)
    return None if best is None else best[1]
