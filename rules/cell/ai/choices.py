"""The choices a fighter has with the dice and tokens in hand, each priced by ``values``.

A choice is one or more engine actions that belong together (a whole Power Up purchase, a whole
threat cancel), the value it adds, a one-line reason a player can read, and how it changes the
model so the planner can look for the next choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from rules.cell.actions import CellAction, Choose, Confirm, Spend, StartSelection
from rules.cell.ai.model import Permissions, TableModel
from rules.cell.ai.values import (
    Weights,
    cancel_value,
    completion_chance,
    later_alive,
    owned_tile_value,
    survival_value,
    token_keep_value,
    track_value,
)
from rules.cell.content import FACE_NAMES, FACES, Face, TokenKind, catalogue
from rules.cell.effects import passive_damage_bonus
from rules.cell.state import Source
from rules.cell.threat_slots import faces_fit, fits_with

HEALING = "healing"
HEALING_FACES: tuple[Face, ...] = ("dragon_ball", "assist")

Unit = tuple[str, str]
"""A kind of spendable thing: ``("die", face)`` or ``("token", kind)``; units of one kind are alike."""


@dataclass
class Choice:
    """One step of a plan: engine actions that belong together, what they add, and why."""

    actions: list[CellAction]
    value: float
    reason: str
    update: Callable[[TableModel], None] = field(repr=False)
    units: list[tuple[Unit, Face]] = field(default_factory=list)
    chance: bool = False


def a_face(face: Face) -> str:
    name = FACE_NAMES[face]
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def no_change(model: TableModel) -> None:
    """The update of a choice that changes nothing the planner tracks (a roll, ending the turn)."""


@dataclass
class Use:
    """One way to spend a single die or token of a given face."""

    use: str
    target: int | None
    value: float
    reason: str


def units_in_hand(model: TableModel) -> dict[Unit, int]:
    units: dict[Unit, int] = {("die", face): len(ids) for face, ids in model.dice.items() if ids}
    for kind in model.my_tokens:
        units[("token", kind)] = units.get(("token", kind), 0) + 1
    return units


def unit_faces(unit: Unit) -> tuple[Face, ...]:
    if unit[0] == "die":
        return (unit[1],)  # type: ignore[return-value]
    return FACES if unit[1] == "wild" else (unit[1],)  # type: ignore[return-value]


def take_source(model: TableModel, unit: Unit, face: Face) -> Source:
    """The engine source for one unit, removed from the model's hand."""
    if unit[0] == "die":
        return Source(die=model.dice[face].pop(0))
    kind: TokenKind = unit[1]  # type: ignore[assignment]
    model.my_tokens.remove(kind)
    return Source(token=kind, face=face)


def peek_source(model: TableModel, unit: Unit, face: Face, skip: int = 0) -> Source:
    if unit[0] == "die":
        return Source(die=model.dice[face][skip])
    return Source(token=unit[1], face=face)  # type: ignore[arg-type]


class ChoiceMaker:
    """Lists and prices every choice open to the active fighter in one model."""

    def __init__(self, model: TableModel, weights: Weights) -> None:
        self.model = model
        self.weights = weights
        self.units = units_in_hand(model)
        self.base = survival_value(model, weights)
        self._cancel_worth: dict[int, float] = {}
        self._uses: dict[Face, list[Use]] = {}
        self._heals: list[Use] | None = None
        self._opportunities: dict[tuple[Unit, Face], float] = {}

    # Single dice.

    def uses(self, face: Face) -> list[Use]:
        """Every way to spend one die or token showing ``face``, priced (computed on first ask)."""
        known = self._uses.get(face)
        if known is not None:
            return known
        model, weights = self.model, self.weights
        uses: list[Use] = []
        if face in ("attack", "super_attack") and model.track_room > 0:
            damage = die_damage(model, face) + self._strike_bonus()
            value = track_value(model, 1, damage, weights, max(0, self._attackers() - 1))
            uses.append(Use("damage", None, value, f"hit Cell with {a_face(face)} ({damage})"))
        if face in ("dragon_ball", "assist"):
            if self._heals is None:
                self._heals = self._heal_uses()
            uses.extend(self._heals)
        if face == "dragon_ball":
            meter = self._meter_use()
            if meter:
                uses.append(meter)
            if model.permissions.collect and model.tokens_available > 0:
                uses.append(Use("collect", None, weights.token_ev, "collect a Dragon Ball token"))
        uses.extend(self._partial_cancel_uses(face))
        self._uses[face] = uses
        return uses

    def best_use(self, face: Face) -> float:
        return max((use.value for use in self.uses(face)), default=0.0)

    def _attackers(self) -> int:
        dice = len(self.model.dice.get("attack", [])) + len(self.model.dice.get("super_attack", []))
        return dice + len(self.model.my_tokens)

    def _strike_bonus(self) -> int:
        model = self.model
        return 1 if model.abilities[model.seat] == "first_strike" and not model.struck_first else 0

    def _heal_uses(self) -> list[Use]:
        model = self.model
        uses = []
        for seat in range(model.players):
            if not model.alive(seat) or model.hp[seat] >= model.max_hp[seat]:
                continue
            hp = list(model.hp)
            hp[seat] += 1
            gain = survival_value(model, self.weights, hp=hp) - self.base
            uses.append(Use("heal", seat, gain, f"heal {model.names[seat]} ({model.hp[seat]} HP)"))
        return uses

    def _meter_use(self) -> Use | None:
        """A Dragon Ball on the meter: the wish this round if it fills, else a share of what a wish
        would be worth now (the team will likely be as hurt when it does fill)."""
        model = self.model
        if model.meter >= model.meter_capacity:
            return None
        filled = model.meter + 1
        gain = survival_value(model, self.weights, meter=filled) - self.base
        if not model.final_round and filled < model.meter_capacity:
            wish = survival_value(model, self.weights, meter=model.meter_capacity) - self.base
            gain += (
                self.weights.meter_progress + self.weights.meter_share * wish * filled / model.meter_capacity
            )
        if filled >= model.meter_capacity:
            why = "fill the Dragon Ball Meter: the wish heals and revives everyone"
        else:
            why = f"add to the Dragon Ball Meter ({filled}/{model.meter_capacity})"
        return Use("meter", None, gain, why)

    def _partial_cancel_uses(self, face: Face) -> list[Use]:
        model = self.model
        later = later_alive(model)
        if model.final_round or later == 0:
            return []
        uses = []
        for index, threat in enumerate(model.threats):
            if (
                threat.complete
                or threat.missing <= 1
                or not fits_with(list(threat.cost), threat.placed, face)
            ):
                continue
            before = completion_chance(threat.cost, tuple(sorted(threat.placed)), later)
            after = completion_chance(threat.cost, tuple(sorted((*threat.placed, face))), later)
            if after <= before:
                continue
            gain = self.cancel_worth(index) * (after - before) * self.weights.coop
            gain -= self.weights.die_lock * (1 - after)
            name = catalogue().threats[threat.tile].name
            uses.append(Use("cancel", threat.tile, gain, f"start canceling {name} for the next fighters"))
        return uses

    def cancel_worth(self, index: int) -> float:
        known = self._cancel_worth.get(index)
        if known is None:
            known = self._cancel_worth[index] = cancel_value(self.model, index, self.weights, self.base)
        return known

    def _share_uses(self, face: Face) -> list[Use]:
        model = self.model
        if model.no_share or not model.permissions.share:
            return []
        if face != "assist" and model.abilities[model.seat] != "share_any":
            return []
        uses = []
        for seat in range(model.players):
            if seat == model.seat:
                continue
            when = "this round" if seat in model.later_seats else "next round"
            why = f"share {a_face(face)} with {model.names[seat]}, who rolls it {when}"
            uses.append(Use("share", seat, self._fresh_die_value(seat), why))
        return uses

    def _fresh_die_value(self, seat: int) -> float:
        model, weights = self.model, self.weights
        later = seat in model.later_seats
        if not later and model.final_round:
            return 0.0
        if not model.alive(seat):
            return 0.3
        value = weights.fresh_die * (1.0 if later else 0.85)
        return value * (0.7 if model.final_round else 1.0)

    def opportunity(self, unit: Unit, face: Face) -> float:
        """What a unit would bring if spent alone: the floor a bundle must beat."""
        known = self._opportunities.get((unit, face))
        if known is not None:
            return known
        if unit[0] == "die":
            share = max((u.value for u in self._share_uses(face)), default=0.0)
            price = max(self.best_use(face), share, 0.0)
        else:
            keep = token_keep_value(self.model, unit[1], self.weights)
            price = max(keep, max(self.best_use(f) for f in unit_faces(unit)))
        self._opportunities[(unit, face)] = price
        return price

    def single_choices(self) -> Iterator[Choice]:
        model = self.model
        for unit, count in self.units.items():
            if count <= 0:
                continue
            floor = token_keep_value(model, unit[1], self.weights) if unit[0] == "token" else 0.0
            for face in unit_faces(unit):
                candidates = list(self.uses(face))
                if unit[0] == "die":
                    candidates.extend(self._share_uses(face))
                else:
                    candidates = [u for u in candidates if u.use != "collect"]
                for use in candidates:
                    if use.value > floor:
                        yield self._single(unit, face, use)

    def _single(self, unit: Unit, face: Face, use: Use) -> Choice:
        model = self.model
        source = peek_source(model, unit, face)
        action = Spend(player=model.seat, source=source, use=use.use, target=use.target)  # type: ignore[arg-type]
        strike = self._strike_bonus()

        def update(target_model: TableModel) -> None:
            take_source(target_model, unit, face)
            apply_single(target_model, face, use, strike)

        return Choice([action], use.value, use.reason, update, [(unit, face)], chance=use.use == "collect")

    # Bundles: several dice or tokens spent together.

    def bundle_choices(self) -> Iterator[Choice]:
        yield from self._cancel_bundles()
        yield from self._activation_bundles()
        yield from self._purchase_bundles()
        yield from self._heal_bundles()
        yield from self._meter_bundle()

    def _heal_bundles(self) -> Iterator[Choice]:
        """Several heals on one fighter: one alone may not keep them standing when two would."""
        model = self.model
        if model.final_round:
            return
        healers = sum(
            count for unit, count in self.units.items() if set(unit_faces(unit)) & {"dragon_ball", "assist"}
        )
        for seat in range(model.players):
            room = model.max_hp[seat] - model.hp[seat]
            if not model.alive(seat) or room < 2 or healers < 2:
                continue
            for amount in range(2, min(room, healers) + 1):
                payment = self._cheapest_payment([HEALING] * amount)
                if payment is None:
                    break
                hp = list(model.hp)
                hp[seat] += amount
                worth = survival_value(model, self.weights, hp=hp) - self.base
                why = f"heal {model.names[seat]} by {amount} ({model.hp[seat]} HP now)"
                yield self._spend_bundle(payment, "heal", seat, worth, why)

    def _meter_bundle(self) -> Iterator[Choice]:
        """Fill the Dragon Ball Meter to the top at once: the wish is worth far more than its parts,
        and with just enough heals to outlast Cell's activation it saves a fighter outright."""
        model = self.model
        needed = model.meter_capacity - model.meter
        if model.final_round or needed < 1:
            return
        payment = self._cheapest_payment(["dragon_ball"] * needed)
        if payment is None:
            return
        worth = survival_value(self.model, self.weights, meter=model.meter_capacity) - self.base
        why = "fill the Dragon Ball Meter: the wish heals and revives everyone"
        if needed >= 2:
            yield self._spend_bundle(payment, "meter", None, worth, why)
        yield from self._rescue_bundles(payment)

    def _rescue_bundles(self, meter_payment: list[tuple[Unit, Face]]) -> Iterator[Choice]:
        model = self.model
        left = dict(self.units)
        for unit, _ in meter_payment:
            left[unit] -= 1
        healers = sum(
            count for unit, count in left.items() if set(unit_faces(unit)) & {"dragon_ball", "assist"}
        )
        for seat in range(model.players):
            room = model.max_hp[seat] - model.hp[seat]
            if not model.alive(seat) or room < 1:
                continue
            for amount in range(1, min(room, healers) + 1):
                heal_payment = self._cheapest_payment([HEALING] * amount, left)
                if heal_payment is None:
                    break
                hp = list(model.hp)
                hp[seat] += amount
                worth = survival_value(model, self.weights, hp=hp, meter=model.meter_capacity) - self.base
                heal = self._spend_bundle(heal_payment, "heal", seat, 0.0, "")
                wish = self._spend_bundle(meter_payment, "meter", None, 0.0, "", after=heal_payment)
                why = (
                    f"heal {model.names[seat]} by {amount} to outlast Cell, then fill the meter for the wish"
                )
                yield _joined(heal, wish, worth, why)

    def _spend_bundle(
        self,
        payment: list[tuple[Unit, Face]],
        use: str,
        target: int | None,
        worth: float,
        why: str,
        after: list[tuple[Unit, Face]] = (),  # type: ignore[assignment]
    ) -> Choice:
        """One spend per unit of ``payment``; ``after`` are units an earlier part of the same
        choice takes first (so the right dice are named)."""
        model = self.model
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

    def _cancel_bundles(self) -> Iterator[Choice]:
        model = self.model
        if model.final_round:
            return
        in_hand = sum(self.units.values())
        for index, threat in enumerate(model.threats):
            if threat.complete or threat.missing > in_hand:
                continue
            payment = self._cheapest_completion(threat.cost, threat.placed, threat.missing)
            if payment is None:
                continue
            worth = self.cancel_worth(index)
            tile = catalogue().threats[threat.tile]
            yield self._cancel_choice(index, payment, worth, f"cancel {tile.name} ({tile.effect_text})")

    def _cancel_choice(self, index: int, payment: list[tuple[Unit, Face]], worth: float, why: str) -> Choice:
        model = self.model
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
        self, cost: tuple, placed: list[Face], missing: int
    ) -> list[tuple[Unit, Face]] | None:
        options = [(unit, face) for unit in self.units for face in unit_faces(unit)]
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
                if used.get(unit, 0) >= self.units[unit]:
                    continue
                if not fits_with(list(cost), [*placed, *(f for _, f in chosen)], face):
                    continue
                used[unit] = used.get(unit, 0) + 1
                chosen.append((unit, face))
                search(position, chosen, used, price + self.opportunity(unit, face))
                chosen.pop()
                used[unit] -= 1

        search(0, [], {}, 0.0)
        return None if best is None else best[1]

    def _cheapest_payment(
        self, cost: list[str], available: dict[Unit, int] | None = None
    ) -> list[tuple[Unit, Face]] | None:
        """Fixed faces first from the cheapest unit that shows them, then the cheapest for ``any``."""
        left = dict(self.units if available is None else available)
        payment: list[tuple[Unit, Face]] = []
        for slot in sorted(cost, key=lambda s: s in ("any", HEALING)):
            faces = FACES if slot == "any" else HEALING_FACES if slot == HEALING else (slot,)
            options = [
                (self.opportunity(unit, face), unit, face)
                for unit, count in left.items()
                if count > 0
                for face in unit_faces(unit)
                if face in faces
            ]
            if not options:
                return None
            _, unit, face = min(options, key=lambda option: option[0])
            left[unit] -= 1
            payment.append((unit, face))
        return payment

    def _activation_bundles(self) -> Iterator[Choice]:
        model = self.model
        for tile_id in model.power_ups[model.seat]:
            tile = catalogue().power_ups[tile_id]
            if tile_id not in model.permissions.activatable:
                continue
            if tile.once_per_turn and tile_id in model.used_once:
                continue
            payment = self._cheapest_payment(list(tile.activation_cost))
            if payment is None:
                continue
            valued = self._activation_value(tile_id, payment)
            if valued is None:
                continue
            worth, target, why = valued
            yield self._activation_choice(tile_id, payment, worth, target, why)

    def _activation_value(
        self, tile_id: int, payment: list[tuple[Unit, Face]]
    ) -> tuple[float, int | None, str] | None:
        model, weights = self.model, self.weights
        tile = catalogue().power_ups[tile_id]
        worth = 0.0
        target: int | None = None
        damage = sum(step.amount for step in tile.effects if step.op == "damage")
        if damage:
            if model.track_room < len(payment):
                return None
            damage += self._strike_bonus()
            spare = max(0, self._attackers() - sum(1 for _, f in payment if f in ("attack", "super_attack")))
            worth += track_value(model, len(payment), damage, weights, spare)
        hp = list(model.hp)
        for step in tile.effects:
            if step.op == "self_damage":
                hp[model.seat] = max(0, hp[model.seat] - step.amount)
            elif step.op == "heal_all":
                hp = [min(m, h + step.amount) if h > 0 else h for h, m in zip(hp, model.max_hp, strict=True)]
            elif step.op == "heal":
                target = self._best_heal_target(step.amount)
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
            worth += survival_value(model, weights, hp=hp) - self.base
            if hp[model.seat] <= 0 < model.hp[model.seat] and not model.final_round:
                return None
        return worth, target, f"use {tile.name} ({tile.effect_text})"

    def _best_heal_target(self, amount: int) -> int | None:
        model = self.model
        best: tuple[float, int] | None = None
        for seat in range(model.players):
            if not model.alive(seat) or model.hp[seat] >= model.max_hp[seat]:
                continue
            hp = list(model.hp)
            hp[seat] = min(model.max_hp[seat], hp[seat] + amount)
            gain = survival_value(model, self.weights, hp=hp)
            if best is None or gain > best[0]:
                best = (gain, seat)
        return None if best is None else best[1]

    def _activation_choice(
        self, tile_id: int, payment: list[tuple[Unit, Face]], worth: float, target: int | None, why: str
    ) -> Choice:
        model = self.model
        scratch = model.clone()
        actions: list[CellAction] = [StartSelection(player=model.seat, purpose="activate", tile=tile_id)]
        for unit, face in payment:
            actions.append(Choose(player=model.seat, source=take_source(scratch, unit, face)))
        actions.append(Confirm(player=model.seat, target=target))
        tile = catalogue().power_ups[tile_id]
        strike = self._strike_bonus()

        def update(target_model: TableModel) -> None:
            for unit, face in payment:
                take_source(target_model, unit, face)
            apply_activation(target_model, tile_id, len(payment), target, strike)

        chance = any(step.op in ("collect_tokens", "retrieve_own") for step in tile.effects)
        return Choice(actions, worth, why, update, payment, chance=chance)

    def _purchase_bundles(self) -> Iterator[Choice]:
        model = self.model
        for tile_id in model.supply:
            if tile_id not in model.permissions.buyable:
                continue
            cost = model.purchase_cost(tile_id, model.seat)
            payment = self._cheapest_payment(["assist"] * cost)
            if payment is None:
                continue
            placement = self._placement(tile_id)
            if placement is None:
                continue
            receiver, discard, worth = placement
            worth += self._follow_up_value(tile_id, payment, receiver)
            why = self._purchase_reason(tile_id, receiver)
            yield self._purchase_choice(tile_id, payment, receiver, discard, worth, why)

    def _purchase_reason(self, tile_id: int, receiver: int) -> str:
        model = self.model
        tile = catalogue().power_ups[tile_id]
        if any(step.op == "retrieve_own" for step in tile.effects):
            when = "now, in the last round" if model.final_round else "in the last round, next round"
            return (
                f"buy {tile.name}: {model.parked_dice} of your dice sit on Threat tiles and the Dragon Ball "
                f"Meter, where they can no longer help; it brings them back rolled, to spend on damage {when}"
            )
        for_whom = "" if receiver == model.seat else f" for {model.names[receiver]}"
        return f"buy {tile.name}{for_whom} ({tile.effect_text})"

    def _placement(self, tile_id: int) -> tuple[int, int | None, float] | None:
        """Who should hold a new tile and what they drop: Krillin hands tiles to fighters with room."""
        model = self.model
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

    def _follow_up_value(self, tile_id: int, payment: list[tuple[Unit, Face]], receiver: int) -> float:
        """A damage tile bought now can often be used at once with the dice left over."""
        model = self.model
        tile = catalogue().power_ups[tile_id]
        damage = sum(step.amount for step in tile.effects if step.op == "damage")
        if receiver != model.seat or not damage or model.track_room < len(tile.activation_cost):
            return 0.0
        left = dict(self.units)
        for unit, _ in payment:
            left[unit] -= 1
        price = 0.0
        for slot in sorted(tile.activation_cost, key=lambda s: s == "any"):
            faces = FACES if slot == "any" else (slot,)
            options = [
                (self.opportunity(unit, face), unit)
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
        worth = track_value(model, len(tile.activation_cost), damage, self.weights, spare)
        return max(0.0, worth - price)

    def _purchase_choice(
        self,
        tile_id: int,
        payment: list[tuple[Unit, Face]],
        receiver: int,
        discard: int | None,
        worth: float,
        why: str,
    ) -> Choice:
        model = self.model
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


def _joined(first: Choice, second: Choice, worth: float, why: str) -> Choice:
    def update(target_model: TableModel) -> None:
        first.update(target_model)
        second.update(target_model)

    return Choice(first.actions + second.actions, worth, why, update, first.units + second.units)


def _with_activatable(model: TableModel, tile_id: int) -> Permissions:
    return replace(model.permissions, activatable=model.permissions.activatable | {tile_id})


def apply_single(model: TableModel, face: Face, use: Use, strike: int) -> None:
    if use.use == "damage":
        place_on_track(model, 1, die_damage(model, face) + strike)
    elif use.use == "heal":
        model.hp[use.target] += 1  # type: ignore[index]
    elif use.use == "meter":
        model.meter += 1
    elif use.use == "cancel":
        next(t for t in model.threats if t.tile == use.target).place(face)


def die_damage(model: TableModel, face: Face) -> int:
    """One die of ``face`` on the Damage Track, with the passive tiles the active fighter holds."""
    return (2 if face == "super_attack" else 1) + passive_damage_bonus(model.power_ups[model.seat], face)


def place_on_track(model: TableModel, dice: int, damage: int) -> None:
    start = model.track_filled
    model.track_filled += dice
    bonus = sum(b for end, b in model.row_ends if start < end <= model.track_filled)
    model.cell_hp = max(0, model.cell_hp - damage - bonus)
    if damage and model.abilities[model.seat] == "first_strike":
        model.struck_first = True


def apply_activation(model: TableModel, tile_id: int, dice: int, target: int | None, strike: int) -> None:
    tile = catalogue().power_ups[tile_id]
    if tile.once_per_turn:
        model.used_once.append(tile_id)
    damage = sum(step.amount for step in tile.effects if step.op == "damage")
    if damage:
        place_on_track(model, dice, damage + strike)
    for step in tile.effects:
        if step.op == "self_damage":
            model.hp[model.seat] = max(0, model.hp[model.seat] - step.amount)
        elif step.op == "heal_all":
            model.hp = [
                min(m, h + step.amount) if h > 0 else h for h, m in zip(model.hp, model.max_hp, strict=True)
            ]
        elif step.op == "heal" and target is not None:
            model.hp[target] = min(model.max_hp[target], model.hp[target] + step.amount)
