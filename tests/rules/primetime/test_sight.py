"""Line of sight and Cover (DESIGN.md 2.2 LOS and Cover, A16), with an independent exact reference
for "the line crosses the piece"."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from rules.primetime.geometry import Cell
from rules.primetime.sight import has_cover, line_of_sight
from rules.primetime.terrain import TerrainPiece, terrain_of
from tests.rules.primetime.layouts import CRATER, LAKE, MESA, RUINS, SPIRE, cells, layouts, levels, piece

GROUND, L1, L2 = 0, 1, 2


def reference_crosses(p: TerrainPiece, a: Cell, b: Cell) -> bool:
    """Clip the segment's parameter t to the open rectangle, one axis at a time, with exact fractions."""
    start = (Fraction(2 * a[0] - 1, 2), Fraction(2 * a[1] - 1, 2))
    end = (Fraction(2 * b[0] - 1, 2), Fraction(2 * b[1] - 1, 2))
    lowest, highest = Fraction(0), Fraction(1)
    strict_low = strict_high = False
    for origin, finish, low, high in (
        (start[0], end[0], p.x, p.x + p.width),
        (start[1], end[1], p.y, p.y + p.height),
    ):
        step = finish - origin
        if step == 0:
            if not low < origin < high:
                return False
            continue
        enter, leave = sorted(((low - origin) / step, (high - origin) / step))
        if enter >= lowest:
            lowest, strict_low = enter, True
        if leave <= highest:
            highest, strict_high = leave, True
    return lowest < highest or (lowest == highest and not (strict_low or strict_high))


def reference_sight(layout: tuple[TerrainPiece, ...], a: Cell, a_level: int, b: Cell, b_level: int) -> bool:
    return not any(
        max(a_level, b_level) < p.clearance()
        and not p.contains(a)
        and not p.contains(b)
        and reference_crosses(p, a, b)
        for p in layout
    )


# Acceptance 2 of issue 12.

SPIRE_BETWEEN = terrain_of((piece(SPIRE, 9, 8, 2, 4),))  # cells 10-11 by 9-12, between 5,10 and 15,10


def test_ground_to_ground_across_a_spire_is_blocked():
    """2.2 LOS: a Spire blocks a line it crosses when the higher model is below L1."""
    assert not line_of_sight(SPIRE_BETWEEN, (5, 10), GROUND, (15, 10), GROUND)


@pytest.mark.parametrize(("a_level", "b_level"), [(L1, GROUND), (GROUND, L1), (L1, L1), (L2, GROUND)])
def test_a_spire_does_not_block_once_a_model_is_at_l1_or_higher(a_level, b_level):
    """2.2 LOS: the *higher* of the two models decides; a Spire's clearance is L1."""
    assert line_of_sight(SPIRE_BETWEEN, (5, 10), a_level, (15, 10), b_level)


MESA_BETWEEN = terrain_of((piece(MESA, 9, 8, 2, 4),))


@pytest.mark.parametrize(("a_level", "b_level"), [(GROUND, GROUND), (L1, GROUND), (GROUND, L1), (L1, L1)])
def test_a_mesa_blocks_below_l2(a_level, b_level):
    """2.2 LOS: a Mesa's clearance is L2, so it blocks Ground and L1 alike."""
    assert not line_of_sight(MESA_BETWEEN, (5, 10), a_level, (15, 10), b_level)


@pytest.mark.parametrize(("a_level", "b_level"), [(L2, GROUND), (GROUND, L2), (L2, L1), (L2, L2)])
def test_a_mesa_does_not_block_a_model_at_l2(a_level, b_level):
    """2.2 LOS: with either model at L2 the line passes over a Mesa."""
    assert line_of_sight(MESA_BETWEEN, (5, 10), a_level, (15, 10), b_level)


def test_ground_terrain_never_blocks():
    """2.2 terrain table: Ruins, Craters and Lakes never block LOS."""
    terrain = terrain_of((piece(RUINS, 9, 8, 2, 4), piece(CRATER, 6, 8), piece(LAKE, 12, 8)))
    assert line_of_sight(terrain, (5, 10), GROUND, (15, 10), GROUND)


def test_a_line_that_misses_the_piece_is_clear():
    """2.2 LOS: only a piece the line crosses can block it."""
    assert line_of_sight(SPIRE_BETWEEN, (5, 14), GROUND, (15, 14), GROUND)
    assert line_of_sight(SPIRE_BETWEEN, (5, 10), GROUND, (8, 10), GROUND)


def test_a_line_through_a_corner_only_does_not_cross():
    """A16: "a line that only touches a piece's corner or edge does not cross it". The diagonal
    from 1,1 to 4,4 passes exactly through the shared corner (2, 2) of two Spires on either side of
    it, touching both and crossing neither. (A line between cell centres runs along an edge only
    at a point, so the corner is the case that arises.)"""
    terrain = terrain_of((piece(SPIRE, 2, 0), piece(SPIRE, 0, 2)))
    assert line_of_sight(terrain, (1, 1), GROUND, (4, 4), GROUND)
    assert not line_of_sight(terrain, (1, 1), GROUND, (4, 3), GROUND)


def test_a_piece_containing_an_endpoint_is_ignored():
    """2.2 LOS: pieces that contain an endpoint are ignored (checked even for a position no model could
    legally hold, since the function only looks at geometry)."""
    assert line_of_sight(SPIRE_BETWEEN, (10, 10), GROUND, (15, 10), GROUND)
    assert line_of_sight(SPIRE_BETWEEN, (5, 10), GROUND, (11, 12), GROUND)


@settings(max_examples=150, deadline=None)
@given(layouts(), cells, levels, cells, levels)
def test_sight_matches_the_exact_reference_and_is_symmetric(layout, a, a_level, b, b_level):
    """2.2 LOS and A16: the integer test agrees with exact clipping, and sight works both ways."""
    terrain = terrain_of(layout)
    seen = line_of_sight(terrain, a, a_level, b, b_level)
    assert seen == reference_sight(layout, a, a_level, b, b_level)
    assert seen == line_of_sight(terrain, b, b_level, a, a_level)


# Cover: every case of 2.2.


def test_a_ground_target_in_ruins_has_cover():
    """2.2 Cover: a Ground target standing in Ruins has Cover, from any direction and altitude."""
    terrain = terrain_of((piece(RUINS, 12, 8, 4, 4),))
    assert has_cover(terrain, (5, 10), GROUND, (14, 10), GROUND)
    assert has_cover(terrain, (20, 20), L2, (14, 10), GROUND)


def test_ruins_crossed_but_not_stood_in_give_no_cover():
    """2.2 table: Ruins give Cover only to models inside; Craters and Lakes never give it."""
    terrain = terrain_of((piece(RUINS, 12, 8, 2, 4), piece(CRATER, 14, 12), piece(LAKE, 14, 6)))
    assert not has_cover(terrain, (5, 10), GROUND, (15, 10), GROUND)
    assert not has_cover(terrain, (15, 20), GROUND, (15, 14), GROUND)
    assert not has_cover(terrain, (15, 2), GROUND, (15, 8), GROUND)


# A Spire and a Mesa each 0.5" west of the target 15,10 (centre 14.5, 9.5), across the line from 5,10.
NEAR_SPIRE = terrain_of((piece(SPIRE, 12, 8, 2, 4),))
NEAR_MESA = terrain_of((piece(MESA, 12, 8, 2, 4),))


@pytest.mark.parametrize("terrain", [NEAR_SPIRE, NEAR_MESA], ids=["spire", "mesa"])
def test_a_spire_or_mesa_crossed_within_two_inches_gives_cover(terrain):
    """2.2 Cover: the line crosses a Spire or Mesa whose nearest point is within 2" of the target."""
    assert has_cover(terrain, (5, 10), GROUND, (15, 10), GROUND)


def test_cover_reaches_two_inches_from_the_target_centre():
    """2.2 Cover: 1.5" from the target still gives Cover; 2.5" does not (whole cells make 2.0" itself
    impossible along an axis)."""
    spire = terrain_of((piece(SPIRE, 11, 8, 2, 4),))  # east edge x = 13, target centre x = 14.5
    assert has_cover(spire, (5, 10), L1, (15, 10), GROUND)
    farther = terrain_of((piece(SPIRE, 10, 8, 2, 4),))  # east edge x = 12: 2.5" away
    assert not has_cover(farther, (5, 10), L1, (15, 10), GROUND)


def test_a_piece_farther_than_two_inches_gives_no_cover():
    """2.2 Cover: a crossed Spire far from the target gives none (from L1, where the line is clear)."""
    far = terrain_of((piece(SPIRE, 7, 8, 2, 4),))
    assert line_of_sight(far, (5, 10), L1, (15, 10), GROUND)
    assert not has_cover(far, (5, 10), L1, (15, 10), GROUND)


def test_a_piece_near_the_target_but_not_crossed_gives_no_cover():
    """2.2 Cover: the line must cross the piece; a Spire beside the target on the far side gives none."""
    beside = terrain_of((piece(SPIRE, 15, 8, 2, 4),))  # just east of the target, the attacker is west
    assert not has_cover(beside, (5, 10), GROUND, (15, 10), GROUND)


def test_a_piece_containing_the_attackers_cell_is_ignored():
    """2.2 Cover: a flyer firing out of a Spire it hovers over does not give its target Cover."""
    terrain = terrain_of((piece(SPIRE, 12, 8, 2, 4),))
    assert not has_cover(terrain, (13, 12), L1, (15, 10), GROUND)
    both = terrain_of((piece(SPIRE, 12, 8, 2, 4), piece(SPIRE, 15, 7, 2, 2)))  # second: 16-17 by 8-9
    assert has_cover(both, (13, 12), L1, (18, 7), GROUND)


@pytest.mark.parametrize("target_level", [L1, L2])
def test_an_airborne_target_never_has_cover(target_level):
    """2.2 Cover is for a Ground target: in Ruins or behind a Spire, an airborne target has none."""
    assert not has_cover(NEAR_SPIRE, (5, 10), GROUND, (15, 10), target_level)
    ruins = terrain_of((piece(RUINS, 12, 8, 4, 4),))
    assert not has_cover(ruins, (5, 10), GROUND, (14, 10), target_level)


def test_an_attacker_at_l1_still_gives_cover_through_a_spire_it_sees_over():
    """2.2 Cover "whatever the attacker's altitude": from L1 the Spire no longer blocks, but still covers."""
    assert line_of_sight(NEAR_SPIRE, (5, 10), L1, (15, 10), GROUND)
    assert has_cover(NEAR_SPIRE, (5, 10), L1, (15, 10), GROUND)
    assert line_of_sight(NEAR_MESA, (5, 10), L2, (15, 10), GROUND)
    assert has_cover(NEAR_MESA, (5, 10), L2, (15, 10), GROUND)


@settings(max_examples=150, deadline=None)
@given(layouts(), cells, levels, cells)
def test_cover_matches_the_rule_read_directly(layout, attacker, attacker_level, target):
    """2.2 Cover, recomputed from the reference crossing and the nearest-point distance."""

    def near(p: TerrainPiece) -> bool:
        return p.distance_to((target[0] - 0.5, target[1] - 0.5)) <= 2

    expected = any(p.kind == RUINS and p.contains(target) for p in layout) or any(
        p.kind in (SPIRE, MESA)
        and not p.contains(attacker)
        and near(p)
        and reference_crosses(p, attacker, target)
        for p in layout
    )
    assert has_cover(terrain_of(layout), attacker, attacker_level, target, GROUND) == expected
