"""What each die or token in the active fighter's hand is worth, spent alone in every way open to
it; those prices are the floor a choice spending several together must beat."""

from __future__ import annotations

from collections.abc import Iterator

from rules.cell.actions import Spend
from rules.cell.ai.choices import (
    HEALING,
    HEALING_FACES,
    Choice,
    Unit,
    Use,
    a_face,
    apply_single,
    die_damage,
    peek_source,
    take_source,
    unit_faces,
    units_in_hand,
)
from rules.cell.ai.model import TableModel
from rules.cell.ai.values import (
    Weights,
    cancel_value,
    completion_chance,
    later_alive,
    survival_value,
    token_keep_value,
    track_value,
)
from rules.cell.content import FACES, Face, catalogue
from rules.cell.threat_slots import fits_with


class Pricer:
    """Prices every way the active fighter can spend one die or token, in one model (each price is
    worked out on first ask)."""

    def __init__(self, model: TableModel, weights: Weights) -> None:
        self.model = model
        self.weights = weights
        self.units = units_in_hand(model)
        self.base = survival_value(model, weights)
        self._cancel_worth: dict[int, float] = {}
        self._uses: dict[Face, list[Use]] = {}
        self._heals: list[Use] | None = None
        self._opportunities: dict[tuple[Unit, Face], float] = {}

    def uses(self, face: Face) -> list[Use]:
        """Every way to spend one die or token showing ``face``, priced (computed on first ask)."""
        known = self._uses.get(face)
        if known is not None:
            return known
        model, weights = self.model, self.weights
        uses: list[Use] = []
        if face in ("attack", "super_attack") and model.track_room > 0:
            damage = die_damage(model, face) + self.strike_bonus()
            value = track_value(model, 1, damage, weights, max(0, self.attackers() - 1))
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

    def attackers(self) -> int:
        dice = len(self.model.dice.get("attack", [])) + len(self.model.dice.get("super_attack", []))
        return dice + len(self.model.my_tokens)

    def strike_bonus(self) -> int:
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
        strike = self.strike_bonus()

        def update(target_model: TableModel) -> None:
            take_source(target_model, unit, face)
            apply_single(target_model, face, use, strike)

        return Choice([action], use.value, use.reason, update, [(unit, face)], chance=use.use == "collect")

    def cheapest_payment(
        self, cost: list[str], available: dict[Unit, int] | None = None
    ) -> list[tuple[Unit, Face]] | None:
        """The units that pay ``cost`` giving up the least of what they are worth alone: fixed faces
        first from the cheapest unit that shows them, then the cheapest for ``any``."""
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
