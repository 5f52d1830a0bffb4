"""The last action read from the public view (4.2 Last action): a move's arrow when the events tell
where it began, an attack's line and outcome, and a Deflect's new line, pending or resolved."""

from __future__ import annotations

from typing import Any

from renderers.primetime import samples
from renderers.primetime.last_action import LastAction, Line, Moved, last_action
from rules.core.events import Event
from rules.primetime.state import PendingAttack, PrimeTimeState
from rules.primetime.view import view


def with_events(events: list[Event], **cells: tuple[int, int]) -> PrimeTimeState:
    """A mid-game state whose recent events are ``events``, with the named units moved to ``cells``."""
    state = samples.mid_game().model_copy(deep=True)
    state.attack = None
    for unit_id, cell in cells.items():
        state.unit(unit_id).cell = cell
    state.recent_events = events
    return state


def event(kind: str, text: str = "", **data: Any) -> Event:
    return Event(kind=kind, text=text or kind, data=data)


def units(count: int) -> list[str]:
    return [unit.id for unit in samples.mid_game().units[:count]]


def test_a_second_move_is_an_arrow_from_the_first_moves_end() -> None:
    (mover,) = units(1)
    state = with_events(
        [
            event("activation", unit=mover),
            event("move", unit=mover, to=[4, 4]),
            event("move", unit=mover, to=[6, 7]),
        ]
    )
    assert last_action(view(state, None)) == LastAction(move=Moved(mover, (4, 4), (6, 7)))


def test_a_first_move_marks_only_its_end_the_events_not_naming_the_start() -> None:
    (mover,) = units(1)
    state = with_events([event("activation", unit=mover), event("move", unit=mover, to=[6, 7])])
    assert last_action(view(state, None)) == LastAction(move=Moved(mover, None, (6, 7)))


def test_a_push_between_two_moves_breaks_the_chain() -> None:
    (mover,) = units(1)
    state = with_events(
        [
            event("move", unit=mover, to=[4, 4]),
            event("forced_move", "X is pushed to 5,5", unit=mover),
            event("move", unit=mover, to=[6, 7]),
        ]
    )
    move = last_action(view(state, None)).move
    assert move is not None and move.start is None


def test_a_hit_and_an_evaded_attack() -> None:
    attacker, target = units(2)
    declared = event("attack_declared", attacker=attacker, technique="x", target=target)
    cells = {attacker: (3, 3), target: (9, 3)}
    hit = with_events([declared, event("attack_total"), event("hit")], **cells)
    assert last_action(view(hit, None)).lines == (Line((3, 3), (9, 3), "hit"),)
    evaded = with_events([declared, event("evaded")], **cells)
    assert last_action(view(evaded, None)).lines == (Line((3, 3), (9, 3), "failed"),)
    clash_lost = with_events([declared, event("clash_totals", totals=[8, 12])], **cells)
    assert last_action(view(clash_lost, None)).lines == (Line((3, 3), (9, 3), "failed"),)


def test_a_later_move_replaces_the_attack_line() -> None:
    attacker, target = units(2)
    state = with_events(
        [
            event("attack_declared", attacker=attacker, technique="x", target=target),
            event("hit"),
            event("move", unit=attacker, to=[2, 2]),
        ]
    )
    action = last_action(view(state, None))
    assert action.lines == () and action.move is not None


def test_a_resolved_deflect_draws_the_new_line_to_the_model_it_damaged() -> None:
    attacker, target, struck = units(3)
    state = with_events(
        [
            event("attack_declared", attacker=attacker, technique="x", target=target),
            event("evaded"),
            event("deflect", "Critical evasion! The attack is deflected at Y"),
            event("hit"),
            event("damage", unit=struck, amount=3),
        ],
        **{attacker: (3, 3), target: (9, 3), struck: (9, 9)},
    )
    assert last_action(view(state, None)).lines == (
        Line((3, 3), (9, 3), "failed"),
        Line((9, 3), (9, 9), "hit", deflected=True),
    )


def test_a_pending_deflect_shows_both_lines() -> None:
    attacker, target, new_target = units(3)
    state = with_events([], **{attacker: (3, 3), target: (9, 3), new_target: (9, 9)})
    state.attack = PendingAttack(
        attacker=attacker,
        technique="x",
        target=target,
        origin=(9, 3),
        origin_level=0,
        credit_seat=state.unit(attacker).seat,
        stage="evade_move",
        evader=target,
        deflect_to=new_target,
    )
    assert last_action(view(state, None)).lines == (
        Line((3, 3), (9, 3), "failed"),
        Line((9, 3), (9, 9), "pending", deflected=True),
    )


def test_nothing_is_drawn_after_the_round_is_scored() -> None:
    attacker, target = units(2)
    state = with_events(
        [
            event("attack_declared", attacker=attacker, technique="x", target=target),
            event("hit"),
            event("CL-1"),
        ]
    )
    assert last_action(view(state, None)) == LastAction()


def test_an_attack_already_deflected_runs_from_the_deflector_to_its_new_target() -> None:
    """After after_evade the pending attack's origin is the deflector's cell and its credit changes
    side: the original line is grey, the new one pending with the Deflect's edge."""
    attacker, deflector, new_target = units(3)
    state = with_events([], **{attacker: (3, 3), deflector: (9, 4), new_target: (9, 9)})
    state.attack = PendingAttack(
        attacker=attacker,
        technique="x",
        target=new_target,
        origin=(9, 3),
        origin_level=0,
        credit_seat=1 - state.unit(attacker).seat,
    )
    assert last_action(view(state, None)).lines == (
        Line((3, 3), (9, 3), "failed"),
        Line((9, 3), (9, 9), "pending", deflected=True),
    )
