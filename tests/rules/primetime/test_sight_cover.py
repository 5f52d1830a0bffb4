"""Acceptance 2: line of sight by clearance and every Cover case of DESIGN.md 2.2, through attacks."""

from __future__ import annotations

import pytest

from rules.primetime.actions import ChangeAltitude, React, UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.geometry import Cell
from rules.primetime.state import PrimeTimeState
from rules.primetime.terrain import TerrainPiece
from tests.rules.primetime.helpers import act, activated, board, kinds, piece

SPIRE_BETWEEN = piece("spire", 3, 7, 4, 2)  # cells 4-7 x 8-9, between 5,5 and 5,12
MESA_BETWEEN = piece("mesa", 3, 7, 4, 2)


def _set_up(
    terrain: list[TerrainPiece],
    attacker: tuple[str, Cell, int],
    target: tuple[Cell, int],
) -> PrimeTimeState:
    name, cell, level = attacker
    state = board([("goku", 0, target[0]), (name, 1, cell)], terrain, rosters=("z_fighters", "ginyu_force"))
    state.units[0].level = target[1]
    state.units[1].level = level
    return activated(state, name, 1)


def _targets(state: PrimeTimeState, technique: str = "ki_volley") -> bool:
    return any(
        isinstance(action, UseTechnique) and action.technique == technique and action.target == "goku-0"
        for action in legal_actions(state, 1)
    )


def test_ground_to_ground_across_a_spire_is_blocked_and_l1_to_ground_is_clear() -> None:
    state = _set_up([SPIRE_BETWEEN], ("recoome", (5, 5), 0), ((5, 12), 0))
    assert not _targets(state)
    flying, _ = act(state, ChangeAltitude(player=1, level=1))
    assert _targets(flying)


def test_a_mesa_blocks_unless_a_model_is_at_l2() -> None:
    assert not _targets(_set_up([MESA_BETWEEN], ("recoome", (5, 5), 1), ((5, 12), 0)))
    assert not _targets(_set_up([MESA_BETWEEN], ("recoome", (5, 5), 1), ((5, 12), 1)))
    assert _targets(_set_up([MESA_BETWEEN], ("recoome", (5, 5), 1), ((5, 12), 2)))
    assert _targets(_set_up([MESA_BETWEEN], ("recoome", (5, 5), 2), ((5, 12), 0)))


def _covered(terrain: list[TerrainPiece], attacker: tuple[str, Cell, int], target: tuple[Cell, int]) -> bool:
    """Forces an attack total one above Goku's Defense without Cover (14): Cover (+2) makes it miss."""
    state = _set_up(terrain, attacker, target)
    name, _, level = attacker
    focus = {"recoome": 3, "guldo": 5}[name]
    dive = 2 if level > target[1] else 0
    state, _ = act(state, UseTechnique(player=1, technique="ki_volley", target="goku-0"))
    _, events = act(state, React(player=0, choice="none"), dice=[15 - focus - dive])
    assert "hit" in kinds(events) or "missed" in kinds(events)
    return "missed" in kinds(events)


def test_cover_in_ruins() -> None:
    ruins = piece("ruins", 3, 10, 4, 4)  # cells 4-7 x 11-14
    assert _covered([ruins], ("recoome", (5, 5), 0), ((5, 12), 0))


def test_cover_behind_a_spire_within_2_inches_of_the_target() -> None:
    spire = piece("spire", 3, 9, 4, 2)  # cells 4-7 x 10-11; its north edge is 1.5" from 5,12's centre
    assert _covered([spire], ("recoome", (5, 5), 1), ((5, 12), 0))


def test_cover_is_given_whatever_the_attackers_altitude() -> None:
    spire = piece("spire", 3, 9, 4, 2)
    assert _covered([spire], ("recoome", (5, 5), 2), ((5, 12), 0))


def test_no_cover_from_a_spire_more_than_2_inches_from_the_target() -> None:
    spire = piece("spire", 3, 6, 4, 2)  # cells 4-7 x 7-8; 3.5" from 5,12's centre
    assert not _covered([spire], ("recoome", (5, 5), 1), ((5, 12), 0))


def test_cover_behind_a_mesa() -> None:
    mesa = piece("mesa", 3, 9, 4, 2)
    assert _covered([mesa], ("recoome", (5, 5), 2), ((5, 12), 0))


def test_no_cover_for_an_airborne_target() -> None:
    ruins = piece("ruins", 3, 10, 4, 4)
    assert not _covered([ruins], ("recoome", (5, 5), 1), ((5, 12), 1))


@pytest.mark.parametrize("kind", ["crater", "lake"])
def test_craters_and_lakes_give_no_cover(kind: str) -> None:
    assert not _covered([piece(kind, 3, 10, 4, 4)], ("recoome", (5, 5), 0), ((5, 12), 0))


def test_a_piece_holding_the_attacker_is_ignored() -> None:
    spire = piece("spire", 3, 4, 4, 7)  # cells 4-7 x 5-11: the flying attacker hovers over it
    assert not _covered([spire], ("recoome", (5, 5), 1), ((5, 12), 0))


def test_guldos_four_eyes_ignores_cover() -> None:
    ruins = piece("ruins", 3, 10, 4, 4)
    assert not _covered([ruins], ("guldo", (5, 5), 0), ((5, 12), 0))


def test_melee_attacks_ignore_cover() -> None:
    ruins = piece("ruins", 3, 10, 4, 4)
    state = _set_up([ruins], ("recoome", (5, 11), 0), ((5, 12), 0))
    state, _ = act(state, UseTechnique(player=1, technique="rush", target="goku-0"))
    _, events = act(state, React(player=0, choice="none"), dice=[14 - 6])  # IMP 6: total 14 = Defense
    assert "hit" in kinds(events)
