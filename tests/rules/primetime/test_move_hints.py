"""Suggested moves and what each is good for (2.2 Move, LOS and Cover; 2.8 zones of control): each
reason is the geometry's own answer, and the suggestions cover every kind a board offers."""

from __future__ import annotations

from rules.primetime.geometry import in_contact, point_within
from rules.primetime.move_hints import MAX_HINTS, move_hints
from rules.primetime.sight import line_of_sight
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import board as terrain_of_state
from rules.primetime.targeting import move_options
from tests.rules.primetime.helpers import activated, board, piece

SPIRE = piece("spire", 8, 9, 4, 2)
"""Cells 9-12 x 10-11, between Goku's start and Frieza."""
RUINS = piece("ruins", 3, 2, 3, 3)
"""Cells 4-6 x 3-5, within Goku's move."""


def _goku_moves() -> PrimeTimeState:
    state = board([("goku", 0, (10, 5)), ("frieza", 1, (10, 14)), ("zarbon", 1, (15, 9))], [SPIRE, RUINS])
    state.objectives = [(13, 7), (25, 25)]
    return activated(state, "goku", 0)


def test_every_reason_a_suggestion_gives_holds_on_the_board() -> None:
    state = _goku_moves()
    goku = state.unit("goku-0")
    costs = move_options(state, goku)
    hints = move_hints(state, goku, costs, 0)
    assert 0 < len(hints) <= MAX_HINTS
    assert len({hint.cell for hint in hints}) == len(hints)
    terrain = terrain_of_state(state)
    for hint in hints:
        assert costs[hint.cell] == hint.cost
        assert all(point_within(hint.cell, point, 3) for point in hint.objectives)
        assert all(in_contact(hint.cell, state.unit(other).cell) for other in hint.contact)
        for enemy_id in hint.hidden_from:
            enemy = state.unit(enemy_id)
            assert not line_of_sight(terrain, enemy.cell, enemy.level, hint.cell, 0)
        for enemy_id in hint.cover_from:
            enemy = state.unit(enemy_id)
            assert line_of_sight(terrain, enemy.cell, enemy.level, hint.cell, 0)


def test_the_suggestions_take_the_zone_the_contact_the_cover_and_the_hiding_place() -> None:
    state = _goku_moves()
    goku = state.unit("goku-0")
    costs = {cell: cost for cell, cost in move_options(state, goku).items() if cell != goku.cell}
    hints = move_hints(state, goku, costs, 0)
    assert any((13, 7) in hint.objectives for hint in hints)
    assert any("zarbon-1" in hint.contact for hint in hints)
    # The ruins give Cover from Zarbon, who sees into them; the spire hides Goku from Frieza.
    assert any("zarbon-1" in hint.cover_from for hint in hints)
    assert any(set(hint.hidden_from) == {"frieza-1", "zarbon-1"} for hint in hints)
    # The far objective is out of reach: the nearest cell to it is offered, saying so.
    toward = [hint for hint in hints if hint.toward == (25, 25)]
    assert len(toward) == 1 and (25, 25) not in toward[0].objectives
    # The first suggestions are the objectives', in the order the objectives are listed; the model's
    # own cell comes first only when it is offered (an evade may stay).
    assert (13, 7) in hints[0].objectives and hints[1] is toward[0]
    assert move_hints(state, goku, move_options(state, goku), 0)[0].cell == goku.cell


def test_an_only_cell_is_the_only_suggestion_and_no_move_suggests_nothing() -> None:
    state = _goku_moves()
    goku = state.unit("goku-0")
    assert [hint.cell for hint in move_hints(state, goku, {(10, 6): 10}, 0)] == [(10, 6)]
    assert move_hints(state, goku, {}, 0) == []
