"""Variants (rulebook lines 138-144) and CONTENT.md decision 19."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.cell import RULES
from rules.cell.engine import CellOptions
from tests.rules.cell.helpers import amount, end_turns, harmless, ops, put_threats, start, threat_where


def test_easy_mode_starts_cell_at_50():
    """Line 140: "Cell begins the game with 50 health instead of 70 health"."""
    state = start("goku", variant="easy")
    assert state.cell_hp == state.cell_max_hp == 50


def test_easy_mode_caps_cells_healing_at_50():
    """Line 140: "Cell cannot regain health above 50 during the game"."""
    tile = threat_where("a Cell heal", lambda tile: harmless(tile) and ops(tile) == {"heal_cell"})
    state = start("goku", variant="easy")
    put_threats(state, tile.id)
    state.cell_hp = 50 - amount(tile, "heal_cell") + 1
    state = end_turns(state, 1)
    assert state.cell_hp == 50


@pytest.mark.parametrize(
    ("variant", "per_player"), [("normal", 0), ("easy", 0), ("challenge", 1), ("impossible", 2)]
)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_challenge_and_impossible_remove_threats_per_player(variant: str, per_player: int, players: int):
    """Line 142: Challenge — "randomly remove 1 Threat Tile per player"; line 144: Impossible —
    "randomly remove 2 Threat Tiles per player"."""
    fighters = ["goku", "gohan", "vegeta", "piccolo"][:players]
    state = start(*fighters, variant=variant)  # type: ignore[arg-type]
    assert len(state.removed_threats) == per_player * players
    active = [threat.tile for threat in state.active_threats]
    assert len(active) == players
    assert sorted(state.threat_stack + state.removed_threats + active) == list(range(22))


def test_removed_threats_are_random_and_never_shown():
    """Line 142: "randomly remove"; CONTENT.md decision 19: removed threats are never shown."""
    removed = {
        tuple(start("goku", "gohan", variant="challenge", seed=seed).removed_threats) for seed in range(5)
    }
    assert len(removed) > 1
    state = start("goku", "gohan", variant="impossible")
    public = RULES.view(state, None)
    assert "removed_threats" not in public.model_dump()
    assert public.threat_stack_size == 22 - 4 - 2


def test_removed_threats_are_never_drawn():
    """Line 142: removing threats "reduces the amount of time the Z-Fighters have"."""
    state = start("goku", variant="impossible")
    removed = set(state.removed_threats)
    put_threats(state)
    while state.outcome is None:
        state = end_turns(state, 1)
        assert not removed & {threat.tile for threat in state.active_threats}
    assert state.round > 1


def test_variants_are_one_choice():
    """CONTENT.md decision 19: variants are one choice: normal, easy, challenge or impossible."""
    for variant in ("normal", "easy", "challenge", "impossible"):
        assert CellOptions(fighters=["goku"], variant=variant).variant == variant  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        CellOptions(fighters=["goku"], variant="easy+challenge")  # type: ignore[arg-type]
