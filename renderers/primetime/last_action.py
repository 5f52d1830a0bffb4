"""The last action as the public view tells it: a move, an attack and its outcome, a Deflect.

A pending attack is read from ``view.attack``, which names the attacker, the target and, after a
critical evasion, the Deflect's new target. A finished one is read from the events: the declaration
names both models, and what follows says how it ended. The events do not name a move's starting
cell, an Intercept's model or a finished Deflect's new target; those are drawn only where a later
event identifies them (an earlier move of the same activation, the model that took the damage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.core.events import Event
from rules.primetime.geometry import Cell
from rules.primetime.state import Unit
from rules.primetime.view import PrimeTimeView

LineKind = Literal["hit", "failed", "pending"]
"""A hit; an attack evaded, missed or negated; one still to resolve."""

MOVED_ELSEWHERE = frozenset({"dash", "evade_move", "forced_move", "intercept", "returned"})
"""Events that move a model without naming it with its cells: a move chain through one is broken."""

FAILED = frozenset({"missed", "evaded", "clash_tie", "detonation"})
ROUND_ENDS = "CL-1"
DEFLECTED_AT = "deflected at"
"""A ranged Deflect's event says so only in words; a melee one ("gets RFX -2") redirects nothing."""


@dataclass(frozen=True)
class Line:
    start: Cell
    end: Cell
    kind: LineKind
    deflected: bool = False
    """A Deflect's new line, from the deflector to its new target."""


@dataclass(frozen=True)
class Moved:
    unit: str
    start: Cell | None
    """None when the events do not tell where the move began."""
    end: Cell


@dataclass(frozen=True)
class LastAction:
    move: Moved | None = None
    lines: tuple[Line, ...] = ()


def last_action(view: PrimeTimeView) -> LastAction:
    units = {unit.id: unit for unit in view.units}
    if view.attack is not None:
        return LastAction(lines=_pending_lines(view, units))
    events = _this_round(view.recent_events)
    move_at = _last_index(events, "move")
    attack_at = _last_index(events, "attack_declared", needs="target")
    if attack_at is not None and (move_at is None or attack_at > move_at):
        return LastAction(lines=_finished_lines(events, attack_at, units))
    if move_at is not None:
        return LastAction(move=_moved(events, move_at))
    return LastAction()


def _this_round(events: list[Event]) -> list[Event]:
    """The events since the last scoring: a board after Cleanup starts clean."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind == ROUND_ENDS:
            return events[index + 1 :]
    return events


def _last_index(events: list[Event], kind: str, needs: str | None = None) -> int | None:
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.kind == kind and (needs is None or needs in event.data):
            return index
    return None


def _pending_lines(view: PrimeTimeView, units: dict[str, Unit]) -> tuple[Line, ...]:
    attack = view.attack
    assert attack is not None
    attacker, target = units[attack.attacker], units[attack.target]
    if attack.deflect_to is not None:
        # The target evaded critically and picked a new target; it may still step aside.
        return (
            Line(attacker.cell, target.cell, "failed"),
            Line(target.cell, units[attack.deflect_to].cell, "pending", deflected=True),
        )
    if attack.credit_seat != attacker.seat:
        # Already deflected: the origin is the deflector's cell, the target the new one.
        return (
            Line(attacker.cell, attack.origin, "failed"),
            Line(attack.origin, target.cell, "pending", deflected=True),
        )
    return (Line(attack.origin, target.cell, "pending"),)


def _finished_lines(events: list[Event], declared_at: int, units: dict[str, Unit]) -> tuple[Line, ...]:
    declared = events[declared_at]
    attacker, target = units.get(declared.data["attacker"]), units.get(declared.data["target"])
    if attacker is None or target is None:
        return ()
    kind: LineKind | None = None
    redirected = deflected = False
    struck: Unit | None = None
    for event in events[declared_at + 1 :]:
        if event.kind == "intercept":
            redirected = True
        elif event.kind == "deflect" and DEFLECTED_AT in str(event.text):
            redirected = deflected = True
        elif event.kind == "hit" or (event.kind == "clash_totals" and _attacker_won(event)):
            kind = "hit"
        elif event.kind in FAILED or event.kind == "clash_totals":
            kind = kind or "failed"
        elif event.kind == "damage" and kind == "hit" and struck is None:
            struck = units.get(event.data.get("unit", ""))
        if event.kind in ("activation_ended", "attack_declared"):
            break
    if kind is None:
        return ()
    if not redirected:
        return (Line(attacker.cell, target.cell, kind),)
    if deflected:
        first = Line(attacker.cell, target.cell, "failed")
        return (
            (first, Line(target.cell, struck.cell, "hit", deflected=True)) if struck is not None else (first,)
        )
    return (Line(attacker.cell, struck.cell, kind),) if struck is not None else ()


def _attacker_won(event: Event) -> bool:
    totals = event.data.get("totals", [0, 0])
    return totals[0] > totals[1]


def _moved(events: list[Event], move_at: int) -> Moved:
    """The move's end, and its start when an earlier move of the same activation tells it."""
    move = events[move_at]
    unit = move.data["unit"]
    end: Cell = tuple(move.data["to"])  # type: ignore[assignment]
    for event in reversed(events[:move_at]):
        if event.kind == "move" and event.data.get("unit") == unit:
            return Moved(unit, tuple(event.data["to"]), end)  # type: ignore[arg-type]
        if event.kind in MOVED_ELSEWHERE or (event.kind == "activation" and event.data.get("unit") == unit):
            break
    return Moved(unit, None, end)
