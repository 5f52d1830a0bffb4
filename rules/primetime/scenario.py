"""The scenario content of DESIGN.md 3.6 and SU-1: Locations, Missions, Conditions and the terrain
pieces players place, loaded from ``data/scenario.json`` and validated.

Each Mission and Condition is data; its ``bonus``, ``seize``, ``extra``, ``collapse_round``,
``sight_limit``, ``mov``, ``forced_move``, ``bk`` and ``dazed_glory`` fields are interpreted by
``missions.py`` and ``conditions.py``. Decisions are in ``CONTENT.md``.
"""

from __future__ import annotations

import json
from functools import cache
from math import hypot
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from rules.primetime.geometry import BOARD_SIZE, Cell, Point
from rules.primetime.terrain import TerrainKind, TerrainPiece

Slot = Literal["opening", "escalation", "finale"]
SLOTS: tuple[Slot, ...] = ("opening", "escalation", "finale")
MissionBonus = Literal["none", "more_held", "dazed", "ascended"]
Side = Literal["south", "north"]
SIDES: tuple[Side, ...] = ("south", "north")


class Zone(BaseModel, frozen=True):
    """A rectangle between whole-inch grid points, anchored at its south-west one: a deployment zone
    or the Cell Games Ring."""

    x: int = Field(ge=0, le=BOARD_SIZE)
    y: int = Field(ge=0, le=BOARD_SIZE)
    width: int = Field(ge=1, le=BOARD_SIZE)
    height: int = Field(ge=1, le=BOARD_SIZE)

    def contains_cell(self, cell: Cell) -> bool:
        return self.x < cell[0] <= self.x + self.width and self.y < cell[1] <= self.y + self.height

    def touches_cell(self, cell: Cell) -> bool:
        """The cell is in the zone or in base contact with one of its cells (diagonals included)."""
        return (
            self.x - 1 < cell[0] <= self.x + self.width + 1
            and self.y - 1 < cell[1] <= self.y + self.height + 1
        )

    def contains_point(self, point: Point) -> bool:
        """A grid point inside the rectangle or on its edge."""
        return self.x <= point[0] <= self.x + self.width and self.y <= point[1] <= self.y + self.height

    def distance_to_point(self, point: Point) -> float:
        dx = max(self.x - point[0], 0, point[0] - (self.x + self.width))
        dy = max(self.y - point[1], 0, point[1] - (self.y + self.height))
        return hypot(dx, dy)

    def overlaps(self, piece: TerrainPiece) -> bool:
        """Whether a terrain piece shares at least one cell with the rectangle."""
        return (
            self.x < piece.x + piece.width
            and piece.x < self.x + self.width
            and self.y < piece.y + piece.height
            and piece.y < self.y + self.height
        )

    def cells(self) -> list[Cell]:
        return [
            (x, y)
            for y in range(self.y + 1, self.y + self.height + 1)
            for x in range(self.x + 1, self.x + self.width + 1)
        ]

    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


class Shape(BaseModel, frozen=True):
    kind: TerrainKind
    width: int = Field(ge=2, le=8)
    height: int = Field(ge=2, le=8)


class TerrainRules(BaseModel, frozen=True):
    pieces: int
    """How many pieces the seeded layout of SU-1 has (4.1)."""
    rerolls: int
    min_pieces: int
    max_pieces: int
    shapes: tuple[Shape, ...]
    """The pieces players place or add by an edit: each kind's standard shapes."""


class Location(BaseModel, frozen=True):
    id: str
    name: str
    zones: tuple[Zone, Zone]
    """The "south" side's zone first, then the "north" side's (A1)."""
    features: tuple[TerrainPiece, ...] = ()
    ring: Zone | None = None
    ring_oc: int = 0


class Mission(BaseModel, frozen=True):
    id: str
    name: str
    slot: Slot
    glory: int = Field(ge=0)
    """Glory per objective held."""
    fixed: tuple[Point, ...] = ()
    """Objectives at fixed points (moved off blocked points by A14)."""
    placed: int = Field(default=0, ge=0)
    """Objectives the players place alternately (SU-7)."""
    centre_glory: int = 0
    """Hold the Centre: what the objective nearest the centre (and any tied with it) scores."""
    bonus: MissionBonus = "none"
    bonus_glory: int = 0
    seize: bool = False
    """Dragon Radar: the Seize action is open in this mission's round."""
    extra: int = Field(default=0, ge=0)
    """Dragon Ball Hunt: extra objectives placed after SU-7, scoring ``extra_glory`` in this slot."""
    extra_glory: int = 0
    collapse_round: int = 0
    """Namek Is Collapsing: the round at whose start the objective nearest an edge is removed."""

    @property
    def rounds(self) -> tuple[int, ...]:
        return {"opening": (1,), "escalation": (2,), "finale": (3, 4)}[self.slot]


class Condition(BaseModel, frozen=True):
    id: str
    name: str
    text: str
    sight_limit: int = 0
    mov: int = 0
    forced_move: int = 0
    bk: int = 0
    dazed_glory: int = 0


class Scenario(BaseModel, frozen=True):
    terrain: TerrainRules
    locations: tuple[Location, ...]
    missions: tuple[Mission, ...]
    conditions: tuple[Condition, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        for location in self.locations:
            first, second = location.zones
            if any(first.touches_cell(cell) for cell in second.cells()):
                raise ValueError(f"{location.id}: the two zones must not touch")
            for feature in location.features:
                if any(zone.overlaps(feature) for zone in location.zones):
                    raise ValueError(f"{location.id}: a feature lies in a zone")
        for slot in SLOTS:
            if not any(mission.slot == slot for mission in self.missions):
                raise ValueError(f"no {slot} mission")
        for mission in self.missions:
            if mission.slot != "opening" and (mission.fixed or mission.placed):
                raise ValueError(f"{mission.id}: only an Opening sets the objectives")
            if mission.slot == "opening" and not (mission.fixed or mission.placed):
                raise ValueError(f"{mission.id}: an Opening needs objectives")
        ids = [item.id for item in (*self.locations, *self.missions, *self.conditions)]
        if len(ids) != len(set(ids)):
            raise ValueError("scenario ids must be unique")
        return self


@cache
def scenario() -> Scenario:
    path = Path(__file__).parent / "data" / "scenario.json"
    return Scenario(**json.loads(path.read_text(encoding="utf-8")))


@cache
def location(location_id: str) -> Location:
    return next(item for item in scenario().locations if item.id == location_id)


@cache
def mission(mission_id: str) -> Mission:
    return next(item for item in scenario().missions if item.id == mission_id)


@cache
def condition(condition_id: str) -> Condition:
    return next(item for item in scenario().conditions if item.id == condition_id)


def missions_of(slot: Slot) -> list[Mission]:
    return [item for item in scenario().missions if item.slot == slot]


QUICK_LOCATION = "namek_plains"
QUICK_MISSIONS = ("first_contact", "hold_the_centre", "last_stand")
"""The fixed game's scenario (CONTENT.md "The fixed setup"), also the state's defaults."""
