"""Where placed dice sit on a threat tile, and the alt text's fallbacks when the board is crowded."""

from __future__ import annotations

from renderers.cell.describe import alt_text
from renderers.cell.slots import slot_placements
from renderers.common import ALT_TEXT_LIMIT
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, new_game
from rules.cell.state import ActiveThreat, Placement
from rules.cell.view import view


def placed(*faces: str) -> list[Placement]:
    return [Placement(face=face, die=index, placed_by=0) for index, face in enumerate(faces)]


def faces_in_slots(cost: list[str], *faces: str) -> list[str | None]:
    return [None if slot is None else slot.face for slot in slot_placements(cost, placed(*faces))]


def test_fixed_icons_take_their_own_face_before_the_wilds() -> None:
    assert faces_in_slots(["attack", "any", "any"], "assist", "attack") == ["attack", "assist", None]


def test_linked_wilds_take_the_face_they_share() -> None:
    cost = ["super_attack", "attack", "attack", "same", "same"]
    assert faces_in_slots(cost, "assist", "attack", "assist") == [None, "attack", None, "assist", "assist"]


def test_separated_wilds_fill_in_order() -> None:
    cost = ["super_attack", "different", "different"]
    assert faces_in_slots(cost, "dragon_ball", "super_attack") == ["super_attack", "dragon_ball", None]


def test_an_empty_tile_has_empty_slots() -> None:
    assert faces_in_slots(["dragon_ball", "same", "same"]) == [None, None, None]


def test_crowded_alt_text_names_every_threat_or_counts_them() -> None:
    state = new_game(CellOptions(fighters=["goku", "gohan", "krillin", "trunks"]), seed=4)
    state.active_threats = [ActiveThreat(tile=tile.id) for tile in catalogue().threats] * 3
    text = alt_text(view(state, None))
    assert len(text) <= ALT_TEXT_LIMIT
    assert f"Active threats: {len(state.active_threats)} (0 canceled)" in text
    goku = state.fighters[0]
    assert f"Goku {goku.hp}/{goku.max_hp} HP, standing" in text
    assert "Cell health 70 of 70" in text
