"""The dice on a Z-Fighter's mat: however many a fighter is given, they sit side by side in rows of
equal length across the mat, never over each other, each row's "from <name>" labels under it."""

from __future__ import annotations

from itertools import combinations

import pytest

from renderers.cell import samples
from renderers.cell.board import draw_cell
from renderers.cell.layout import GAP, INNER, MAT_DIE, PAD, mat_columns
from renderers.cell.mats import ROW_GAP, dice_rows
from rules.cell.state import CellState
from rules.cell.view import view
from tests.renderers.text_layout import layout_problems

MAT_INNER = (INNER - GAP) // mat_columns(4) - 2 * PAD
"""The width the dice have on a four-player board's mat."""


def given_to_the_first(count: int) -> CellState:
    """The four-player mid-game with ``count`` dice (the other fighters' first, then the first
    fighter's own) on the first fighter's mat."""
    state = samples.many_gifts().model_copy(deep=True)
    for die in state.dice:
        die.zone, die.holder = "spent", None
    ordered = sorted(state.dice, key=lambda die: (die.owner == 0, die.owner, die.id))
    for die in ordered[:count]:
        die.zone, die.holder = "mat", 0
        die.face = die.face or "attack"
    return state


def dice_boxes(state: CellState, width: int) -> list[tuple[int, int, int, int]]:
    boxes, top = [], 0
    for row in dice_rows(view(state, None), 0, width):
        boxes += [(x, top, x + MAT_DIE, top + MAT_DIE) for x, _ in row.dice]
        top += row.height + ROW_GAP
    return boxes


@pytest.mark.parametrize("count", [1, 8, 9, 10, 15, 20])
def test_dice_on_a_mat_never_overlap_and_stay_on_it(count: int) -> None:
    state = given_to_the_first(count)
    boxes = dice_boxes(state, MAT_INNER)
    assert len(boxes) == count
    assert all(left >= 0 and right <= MAT_INNER for left, _, right, _ in boxes)
    overlapping = [
        (a, b)
        for a, b in combinations(boxes, 2)
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]
    assert overlapping == []
    rows = dice_rows(view(state, None), 0, MAT_INNER)
    assert max(len(row.dice) for row in rows) - min(len(row.dice) for row in rows) <= 1, (
        "rows of equal length"
    )


def test_every_die_a_four_player_game_has_fits_on_one_mat_with_its_labels() -> None:
    state = given_to_the_first(len(samples.many_gifts().dice))
    assert len(dice_rows(view(state, None), 0, MAT_INNER)) > 1, "the dice wrap"
    assert layout_problems(draw_cell(view(state, None))) == []
