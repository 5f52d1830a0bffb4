"""Movement (DESIGN.md 2.2 Move, Altitude, A16) and Push/Pull (2.3), checked against an independent
brute-force reference written straight from the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.primetime.geometry import Cell, in_contact, within
from rules.primetime.movement import forced_move, reachable, step_cost
from rules.primetime.terrain import Terrain, TerrainPiece, terrain_of
from tests.rules.primetime.layouts import CRATER, LAKE, MESA, RUINS, SPIRE, cells, layouts, levels, piece

GOKU_MOV = 70
"""Goku's MOV 7 in tenths of an inch (3.3)."""

OPEN = terrain_of(())
NOBODY: frozenset[Cell] = frozenset()


def reference_reach(
    layout: tuple[TerrainPiece, ...],
    start: Cell,
    level: int,
    mov_tenths: int,
    enemies: frozenset[Cell] = NOBODY,
    friends: frozenset[Cell] = NOBODY,
    namekian: bool = False,
) -> dict[Cell, int]:
    """Relax every step until nothing improves (Bellman-Ford), with the rules read off 2.2 directly."""

    def blocked(cell: Cell) -> bool:
        x, y = cell
        if not (1 <= x <= 30 and 1 <= y <= 30):
            return True
        return any(
            p.x < x <= p.x + p.width
            and p.y < y <= p.y + p.height
            and ((p.kind == SPIRE and level == 0) or (p.kind == MESA and level < 2))
            for p in layout
        )

    def slow(cell: Cell) -> bool:
        x, y = cell
        return level == 0 and any(
            p.x < x <= p.x + p.width
            and p.y < y <= p.y + p.height
            and (p.kind in (RUINS, CRATER) or (p.kind == LAKE and not namekian))
            for p in layout
        )

    cost = {start: 0}
    changed = True
    while changed:
        changed = False
        for (x, y), spent in list(cost.items()):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    to = (x + dx, y + dy)
                    if to == (x, y) or blocked(to) or to in enemies:
                        continue
                    if dx and dy and (blocked((x + dx, y)) or blocked((x, y + dy))):
                        continue
                    step = 14 if dx and dy else 10
                    total = spent + (2 * step if slow(to) else step)
                    if total <= mov_tenths and total < cost.get(to, mov_tenths + 1):
                        cost[to] = total
                        changed = True
    return {cell: spent for cell, spent in cost.items() if cell == start or cell not in friends}


# Acceptance 1 of issue 12: Goku (MOV 7) at 5,5.


def test_goku_at_5_5_reaches_exactly_the_dijkstra_set_on_an_open_board():
    """2.2 Move: 8-neighbour steps of 1.0" and 1.4", total at most MOV, clipped by the board edge."""
    reach = reachable(OPEN, (5, 5), 0, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    assert reach == reference_reach((), (5, 5), 0, GOKU_MOV)
    assert reach[(5, 5)] == 0
    assert reach[(12, 5)] == 70 and reach[(10, 10)] == 70 and reach[(1, 1)] == 56
    assert (13, 5) not in reach and (11, 10) not in reach
    assert list(reach) == sorted(reach, key=lambda cell: (cell[1], cell[0]))


GOKU_LAYOUT = (
    piece(SPIRE, 5, 3, 2, 3),
    piece(CRATER, 1, 6, 3, 2),
    piece(RUINS, 7, 7, 3, 3),
    piece(LAKE, 2, 9, 4, 2),
    piece(MESA, 9, 1, 3, 3),
)


@pytest.mark.parametrize("level", [0, 1, 2])
def test_goku_at_5_5_reaches_exactly_the_dijkstra_set_among_terrain(level):
    """2.2 Move and Altitude: the same at every level, with impassable, difficult and corner rules."""
    terrain = terrain_of(GOKU_LAYOUT)
    reach = reachable(terrain, (5, 5), level, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    assert reach == reference_reach(GOKU_LAYOUT, (5, 5), level, GOKU_MOV)


def test_a_spire_blocks_goku_at_ground_but_not_at_l1():
    """2.2 terrain table and Altitude: a Spire is impassable at Ground; at L1 a model ignores it."""
    terrain = terrain_of((piece(SPIRE, 5, 3, 2, 3),))  # cells 6-7 by 4-6, east of Goku
    ground = reachable(terrain, (5, 5), 0, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    hovering = reachable(terrain, (5, 5), 1, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    assert (6, 5) not in ground and (7, 5) not in ground
    assert ground[(8, 5)] > 30
    assert hovering[(6, 5)] == 10 and hovering[(8, 5)] == 30


def test_a_mesa_is_impassable_at_ground_and_l1_and_ignored_at_l2():
    """2.2 terrain table: a Mesa is impassable also at L1; at L2 a model ignores all terrain."""
    terrain = terrain_of((piece(MESA, 5, 0, 2, 8),))  # a wall at columns 6-7, rows 1-8
    for level in (0, 1):
        reach = reachable(terrain, (5, 5), level, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
        assert (8, 5) not in reach and (6, 5) not in reach
    assert reachable(terrain, (5, 5), 2, GOKU_MOV, enemies=NOBODY, friends=NOBODY)[(8, 5)] == 30


def test_a_crater_doubles_the_cost_of_the_cells_entered():
    """2.2 Move and A16: a difficult cell costs double when entered, and leaving one costs normal."""
    terrain = terrain_of((piece(CRATER, 5, 4, 2, 2),))  # cells 6-7 by 5-6
    reach = reachable(terrain, (5, 5), 0, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    assert reach[(6, 5)] == 20 and reach[(6, 6)] == 28 and reach[(7, 5)] == 40
    assert step_cost(terrain, (5, 5), (6, 5), 0, False) == 20
    assert step_cost(terrain, (6, 5), (5, 5), 0, False) == 10
    assert step_cost(terrain, (6, 5), (7, 6), 0, False) == 28
    assert reachable(terrain, (5, 5), 1, GOKU_MOV, enemies=NOBODY, friends=NOBODY)[(6, 5)] == 10


def test_difficult_terrain_slows_only_ground_models_and_lakes_not_namekians():
    """2.2 terrain table: Ruins and Lakes are difficult at Ground; a Lake is not for Namekians."""
    lake, ruins = piece(LAKE, 5, 4), piece(RUINS, 3, 5)  # lake cells 6-7 by 5-6; ruins 4-5 by 6-7
    terrain = terrain_of((lake, ruins))
    assert step_cost(terrain, (5, 5), (6, 5), 0, False) == 20
    assert step_cost(terrain, (5, 5), (6, 5), 0, True) == 10
    assert step_cost(terrain, (5, 5), (5, 6), 0, True) == 20
    for level in (1, 2):
        assert step_cost(terrain, (5, 5), (6, 5), level, False) == 10
        assert step_cost(terrain, (5, 5), (5, 6), level, False) == 10


def test_no_cutting_the_corner_of_an_impassable_cell():
    """2.2 Move: a diagonal step may not cut the corner of a cell impassable at the model's level."""
    terrain = terrain_of((piece(SPIRE, 5, 5, 2, 2),))  # cells 6-7 by 6-7
    assert step_cost(terrain, (5, 6), (6, 5), 0, False) is None
    assert step_cost(terrain, (8, 5), (7, 5), 0, False) == 10
    assert step_cost(terrain, (8, 8), (9, 9), 0, False) == 14
    assert step_cost(terrain, (5, 6), (6, 5), 1, False) == 14
    reach = reachable(terrain, (5, 6), 0, 20, enemies=NOBODY, friends=NOBODY)
    assert reach[(6, 5)] == 20


def test_step_cost_refuses_anything_but_one_step_onto_the_board():
    """2.2 Move: steps are to one of the 8 neighbours, on the board."""
    assert step_cost(OPEN, (5, 5), (5, 5), 0, False) is None
    assert step_cost(OPEN, (5, 5), (7, 5), 0, False) is None
    assert step_cost(OPEN, (1, 1), (0, 1), 0, False) is None
    assert step_cost(OPEN, (30, 30), (31, 31), 2, False) is None


# A gap in a Mesa wall at column 6, rows 7-8: the only way north for a model at 6,5.
WALL = terrain_of((piece(MESA, 0, 6, 5, 2), piece(MESA, 6, 6, 8, 2)))


def test_a_model_passes_friends_but_does_not_end_on_them():
    """2.2 Move: a model may pass friends, and must end on an empty cell."""
    friends = frozenset({(6, 7)})
    reach = reachable(WALL, (6, 5), 0, GOKU_MOV, enemies=NOBODY, friends=friends)
    assert (6, 7) not in reach
    assert reach[(6, 9)] == 40
    assert reach == reference_reach(WALL.pieces, (6, 5), 0, GOKU_MOV, friends=friends)


@pytest.mark.parametrize("level", [0, 1])
def test_an_enemy_blocks_its_cell_at_every_altitude(level):
    """2.2 Move and A16: a model may not pass an enemy, whatever the two altitudes."""
    enemies = frozenset({(6, 7)})
    reach = reachable(WALL, (6, 5), level, GOKU_MOV, enemies=enemies, friends=NOBODY)
    assert (6, 7) not in reach and (6, 9) not in reach
    assert reach == reference_reach(WALL.pieces, (6, 5), level, GOKU_MOV, enemies=enemies)


def test_a_flyer_at_l2_goes_around_an_enemy_not_over_it():
    """A16: "an enemy model blocks its cell at every altitude": at L2, where no terrain counts, a
    model still cannot end on or pass through an enemy's cell (whose altitude is not asked)."""
    enemies = frozenset({(6, 7)})
    around = reachable(WALL, (6, 5), 2, GOKU_MOV, enemies=enemies, friends=NOBODY)
    over = reachable(WALL, (6, 5), 2, GOKU_MOV, enemies=NOBODY, friends=NOBODY)
    assert (6, 7) not in around
    assert over[(6, 8)] == 30 and around[(6, 8)] == 38  # a step, then two diagonals around it


def test_enemies_do_not_close_a_diagonal_gap():
    """2.2 Move: only impassable terrain has corners that cannot be cut; two enemies side by side on a
    diagonal leave the step between them open (the rules forbid only passing through an enemy)."""
    enemies = frozenset({(6, 5), (5, 6)})
    reach = reachable(OPEN, (5, 5), 0, 14, enemies=enemies, friends=NOBODY)
    assert reach == {(4, 4): 14, (5, 4): 10, (6, 4): 14, (4, 5): 10, (5, 5): 0, (4, 6): 14, (6, 6): 14}


def test_the_start_cell_is_offered_at_no_cost():
    """2.2 Move: staying put is a legal end even with no movement left."""
    assert reachable(OPEN, (5, 5), 0, 0, enemies=NOBODY, friends=frozenset({(5, 5)})) == {(5, 5): 0}
    assert reachable(OPEN, (5, 5), 0, 9, enemies=NOBODY, friends=NOBODY) == {(5, 5): 0}


@settings(max_examples=40, deadline=None)
@given(layouts(), cells, levels, st.integers(0, 90), st.booleans(), st.data())
def test_reach_matches_the_brute_force_reference_on_random_layouts(layout, start, level, mov, namekian, data):
    """2.2 Move: Dijkstra and the rule-by-rule relaxation agree on every cell and cost."""
    terrain = terrain_of(layout)
    if not terrain.passable(start, level):
        return  # a model never stands in a cell impassable at its level
    others = data.draw(st.lists(cells.filter(lambda cell: cell != start), max_size=6, unique=True))
    enemies, friends = frozenset(others[::2]), frozenset(others[1::2])
    reach = reachable(terrain, start, level, mov, enemies=enemies, friends=friends, namekian=namekian)
    assert reach == reference_reach(layout, start, level, mov, enemies, friends, namekian)


@settings(max_examples=40, deadline=None)
@given(layouts((SPIRE, MESA)), cells, cells, levels)
def test_without_difficult_terrain_costs_are_symmetric(layout, a, b, level):
    """2.2 Move: with only impassable terrain a path walked backwards costs the same."""
    terrain = terrain_of(layout)
    if not (terrain.passable(a, level) and terrain.passable(b, level)):
        return
    there = reachable(terrain, a, level, 900, enemies=NOBODY, friends=NOBODY)
    back = reachable(terrain, b, level, 900, enemies=NOBODY, friends=NOBODY)
    assert there.get(b) == back.get(a)


# 2.3 Push/Pull.


def test_a_push_moves_straight_away_from_the_attacker():
    """2.3 Push: T + round(k*d/m) while within X" of T."""
    assert forced_move(OPEN, (5, 5), (6, 5), 0, 3, pull=False, occupied=NOBODY) == ((9, 5), False)
    assert forced_move(OPEN, (5, 5), (6, 6), 0, 2, pull=False, occupied=NOBODY) == ((7, 7), False)


def test_a_push_follows_the_bresenham_line_with_halves_rounded_away_from_zero():
    """2.3 Push: d = (2, 1), m = 2, so step 1 is T + (1, round(0.5) = 1); the mirror rounds to -1."""
    assert forced_move(OPEN, (5, 5), (7, 6), 0, 3, pull=False, occupied=NOBODY) == ((9, 7), False)
    assert forced_move(OPEN, (7, 6), (5, 5), 0, 3, pull=False, occupied=NOBODY) == ((3, 4), False)
    assert forced_move(OPEN, (5, 5), (7, 6), 0, 1, pull=False, occupied=NOBODY) == ((7, 6), False)
    assert forced_move(OPEN, (5, 5), (7, 6), 0, 2, pull=False, occupied=NOBODY) == ((8, 7), False)


def test_a_push_stops_at_the_board_edge():
    """2.3 Push: a step off the board stops the target where it is (stopped, +1 DMG)."""
    assert forced_move(OPEN, (28, 5), (29, 5), 0, 3, pull=False, occupied=NOBODY) == ((30, 5), True)
    assert forced_move(OPEN, (2, 2), (1, 1), 0, 2, pull=False, occupied=NOBODY) == ((1, 1), True)


def test_a_push_stops_at_a_model():
    """2.3 Push: a cell holding a non-Dazed model stops the target (the engine leaves Dazed ones out)."""
    occupied = frozenset({(8, 5), (5, 5)})
    assert forced_move(OPEN, (5, 5), (6, 5), 0, 3, pull=False, occupied=occupied) == ((7, 5), True)


def test_a_push_stops_at_terrain_impassable_at_the_targets_level():
    """2.3 Push: impassable at the target's level stops it; at L1 the Spire is flown over."""
    terrain = terrain_of((piece(SPIRE, 7, 4, 2, 2),))  # cells 8-9 by 5-6
    assert forced_move(terrain, (5, 5), (6, 5), 0, 3, pull=False, occupied=NOBODY) == ((7, 5), True)
    assert forced_move(terrain, (5, 5), (6, 5), 1, 3, pull=False, occupied=NOBODY) == ((9, 5), False)


def test_a_push_stops_at_an_impassable_corner():
    """2.3 Push: a diagonal step that cuts an impassable corner stops the target."""
    terrain = terrain_of((piece(SPIRE, 6, 4, 2, 2),))  # cells 7-8 by 5-6; (7, 6) is beside 6,6 -> 7,7
    assert forced_move(terrain, (5, 5), (6, 6), 0, 3, pull=False, occupied=NOBODY) == ((6, 6), True)
    assert forced_move(terrain, (5, 5), (6, 6), 1, 3, pull=False, occupied=NOBODY) == ((8, 8), False)


def test_a_pull_moves_toward_the_attacker_and_ends_at_contact_unstopped():
    """2.3 Pull: T - round(k*d/m); a Pull that reaches contact simply ends, with no damage."""
    assert forced_move(OPEN, (5, 5), (9, 5), 0, 5, pull=True, occupied=NOBODY) == ((6, 5), False)
    assert forced_move(OPEN, (5, 5), (9, 5), 0, 2, pull=True, occupied=NOBODY) == ((7, 5), False)
    assert forced_move(OPEN, (5, 5), (6, 6), 0, 2, pull=True, occupied=NOBODY) == ((6, 6), False)


def test_demon_hand_pulls_along_the_line_from_three_inches():
    """2.3 Pull (Demon Hand: Melee with 3" reach, Pull 2"): d = (3, 2), m = 3, rounded per step."""
    assert forced_move(OPEN, (5, 5), (8, 7), 0, 2, pull=True, occupied=NOBODY) == ((7, 6), False)
    assert forced_move(OPEN, (5, 5), (8, 7), 0, 3, pull=True, occupied=NOBODY) == ((6, 6), False)


def test_a_pull_stops_at_a_model_in_the_way():
    """2.3 Pull: the same stops as a Push apply before contact."""
    occupied = frozenset({(5, 5), (7, 5)})
    assert forced_move(OPEN, (5, 5), (9, 5), 0, 5, pull=True, occupied=occupied) == ((8, 5), True)


def test_psychokinesis_pushes_along_the_chosen_compass_step():
    """3.3 Psychokinesis and 2.3: d is the chosen step and m = 1, whatever the attacker's position."""
    assert forced_move(OPEN, (5, 5), (10, 10), 0, 4, pull=False, occupied=NOBODY, direction=(1, 0)) == (
        (14, 10),
        False,
    )
    assert forced_move(OPEN, (5, 5), (10, 10), 0, 4, pull=False, occupied=NOBODY, direction=(-1, 1)) == (
        (8, 12),
        False,
    )
    assert forced_move(OPEN, (5, 5), (10, 10), 0, 4, pull=False, occupied=NOBODY, direction=(-1, -1)) == (
        (8, 8),
        False,
    )
    with pytest.raises(ValueError):
        forced_move(OPEN, (5, 5), (10, 10), 0, 4, pull=False, occupied=NOBODY, direction=(2, 0))


@settings(max_examples=80, deadline=None)
@given(layouts(), cells, cells, levels, st.integers(1, 6), st.booleans(), st.data())
def test_a_forced_move_ends_on_a_free_cell_within_range(layout, attacker, target, level, inches, pull, data):
    """2.3 Push/Pull: the target never leaves the board, enters a model or impassable terrain, or goes
    farther than X" from where it stood; a Pull never passes contact with the attacker."""
    terrain: Terrain = terrain_of(layout)
    if attacker == target or not terrain.passable(target, level):
        return
    others = data.draw(st.lists(cells.filter(lambda cell: cell != target), max_size=6))
    occupied = frozenset([attacker, *others])
    final, stopped = forced_move(terrain, attacker, target, level, inches, pull=pull, occupied=occupied)
    assert within(target, final, inches)
    assert final == target or (final not in occupied and terrain.passable(final, level))
    before, after = chebyshev(target, attacker), chebyshev(final, attacker)
    assert after <= before if pull else after >= before
    if pull and not stopped and in_contact(target, attacker):
        assert final == target


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
