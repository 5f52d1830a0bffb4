"""The AI's picture of the table, built only from what a player may know.

Everything comes from ``view(state, seat)`` (public information) and ``legal_actions(state, seat)``
(what the rules allow right now). The stacks' order, the token pile's order and the random generator
never reach this module, so nothing the AI decides can depend on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.cell.actions import CellAction, ChangeFace, Spend, StartSelection
from rules.cell.content import Face, SlotKind, TokenKind, catalogue
from rules.cell.engine import legal_actions
from rules.cell.state import CellState
from rules.cell.threat_slots import is_complete
from rules.cell.view import CellView, view


class ThreatInPlay:
    """A threat on the table and the faces placed on it so far."""

    __slots__ = ("complete", "cost", "placed", "tile")

    def __init__(self, tile: int, cost: tuple[SlotKind, ...], placed: list[Face]) -> None:
        self.tile = tile
        self.cost = cost
        self.placed = placed
        self.complete = is_complete(list(cost), placed)

    def place(self, face: Face) -> None:
        self.placed.append(face)
        self.complete = is_complete(list(self.cost), self.placed)

    def copy(self) -> ThreatInPlay:
        twin = ThreatInPlay.__new__(ThreatInPlay)
        twin.tile, twin.cost, twin.placed, twin.complete = (
            self.tile,
            self.cost,
            list(self.placed),
            self.complete,
        )
        return twin

    @property
    def missing(self) -> int:
        return len(self.cost) - len(self.placed)


@dataclass
class Permissions:
    """What ``legal_actions`` allows at the moment the model is built."""

    share: bool = False
    reroll: bool = False
    free_reroll: bool = False
    change_face: bool = False
    collect: bool = False
    buyable: frozenset[int] = frozenset()
    activatable: frozenset[int] = frozenset()


@dataclass
class TableModel:
    """A mutable summary of the table from one seat's point of view; planners change copies of it."""

    seat: int
    players: int
    names: list[str]
    cell_hp: int
    cell_max_hp: int
    hp: list[int]
    max_hp: list[int]
    abilities: list[str]
    power_ups: list[list[int]]
    tokens: list[list[TokenKind]]
    dice: dict[Face, list[int]]
    threats: list[ThreatInPlay]
    track_filled: int
    row_ends: tuple[tuple[int, int], ...]
    meter: int
    meter_capacity: int
    supply: list[int]
    future_rounds: int
    later_seats: tuple[int, ...]
    no_share: bool
    no_reroll: bool
    tokens_available: int
    used_once: list[int]
    struck_first: bool
    parked_dice: int
    permissions: Permissions = field(default_factory=Permissions)

    def clone(self) -> TableModel:
        return TableModel(
            seat=self.seat,
            players=self.players,
            names=self.names,
            cell_hp=self.cell_hp,
            cell_max_hp=self.cell_max_hp,
            hp=list(self.hp),
            max_hp=self.max_hp,
            abilities=self.abilities,
            power_ups=[list(tiles) for tiles in self.power_ups],
            tokens=[list(held) for held in self.tokens],
            dice={face: list(ids) for face, ids in self.dice.items()},
            threats=[threat.copy() for threat in self.threats],
            track_filled=self.track_filled,
            row_ends=self.row_ends,
            meter=self.meter,
            meter_capacity=self.meter_capacity,
            supply=list(self.supply),
            future_rounds=self.future_rounds,
            later_seats=self.later_seats,
            no_share=self.no_share,
            no_reroll=self.no_reroll,
            tokens_available=self.tokens_available,
            used_once=list(self.used_once),
            struck_first=self.struck_first,
            parked_dice=self.parked_dice,
            permissions=self.permissions,
        )

    @property
    def track_capacity(self) -> int:
        return self.row_ends[-1][0]

    @property
    def track_room(self) -> int:
        return self.track_capacity - self.track_filled

    @property
    def my_tokens(self) -> list[TokenKind]:
        return self.tokens[self.seat]

    @property
    def knocked_out(self) -> bool:
        return self.hp[self.seat] <= 0

    @property
    def final_round(self) -> bool:
        """After this round no threats can be drawn, so only damage dealt now can still win."""
        return self.future_rounds == 0

    def alive(self, seat: int) -> bool:
        return self.hp[seat] > 0

    def dice_count(self) -> int:
        return sum(len(ids) for ids in self.dice.values())

    def purchase_cost(self, tile: int, buyer: int) -> int:
        cost = catalogue().power_ups[tile].purchase_cost
        return max(1, cost - 1) if self.abilities[buyer] == "discount_and_gift" else cost


def observe(state: CellState, seat: int) -> tuple[TableModel, CellView]:
    """The model for ``seat``, from its view and its legal actions."""
    seen = view(state, seat)
    return build_model(seen, seat, legal_actions(state, seat)), seen


def build_model(seen: CellView, seat: int, legal: list[CellAction]) -> TableModel:
    content = catalogue()
    players = len(seen.fighters)
    dice: dict[Face, list[int]] = {}
    for die in seen.dice:
        if die.zone == "mat" and die.holder == seat and die.face is not None:
            dice.setdefault(die.face, []).append(die.id)
    ends: list[tuple[int, int]] = []
    total = 0
    for row in seen.track_rows:
        total += len(row.slots)
        ends.append((total, row.bonus))
    restrictions = {r for t in seen.active_threats for r in content.threats[t.tile].restrictions}
    fighter = seen.fighters[seat]
    return TableModel(
        seat=seat,
        players=players,
        names=[f.name for f in seen.fighters],
        cell_hp=seen.cell_hp,
        cell_max_hp=seen.cell_max_hp,
        hp=[f.hp for f in seen.fighters],
        max_hp=[f.max_hp for f in seen.fighters],
        abilities=[content.fighter(f.fighter).ability for f in seen.fighters],
        power_ups=[list(f.power_ups) for f in seen.fighters],
        tokens=[list(f.tokens) for f in seen.fighters],
        dice=dice,
        threats=[
            ThreatInPlay(t.tile, tuple(content.threats[t.tile].cost), [p.face for p in t.placed])
            for t in seen.active_threats
        ],
        track_filled=len(seen.damage_track),
        row_ends=tuple(ends),
        meter=len(seen.dragon_ball_meter),
        meter_capacity=seen.meter_capacity,
        supply=list(seen.power_supply),
        future_rounds=seen.threat_stack_size // players,
        later_seats=tuple(range(seen.active_seat + 1, players)),
        no_share="no_share" in restrictions,
        no_reroll="no_reroll" in restrictions,
        tokens_available=seen.token_pile_size + seen.token_discard_size,
        used_once=list(fighter.power_ups_used),
        struck_first=fighter.struck_first,
        parked_dice=sum(1 for die in seen.dice if die.owner == seat and die.zone in ("threat", "meter")),
        permissions=permissions_from(legal),
    )


def permissions_from(legal: list[CellAction]) -> Permissions:
    buyable: set[int] = set()
    activatable: set[int] = set()
    found = Permissions()
    for action in legal:
        if isinstance(action, Spend):
            if action.use == "share":
                found.share = True
            elif action.use == "collect":
                found.collect = True
        elif isinstance(action, StartSelection):
            if action.purpose == "reroll":
                found.reroll = True
            elif action.purpose == "free_reroll":
                found.free_reroll = True
            elif action.purpose == "buy":
                buyable.add(action.tile)  # type: ignore[arg-type]
            elif action.purpose == "activate":
                activatable.add(action.tile)  # type: ignore[arg-type]
        elif isinstance(action, ChangeFace):
            found.change_face = True
    found.buyable = frozenset(buyable)
    found.activatable = frozenset(activatable)
    return found
