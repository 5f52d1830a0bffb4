"""Random legal playouts of Perfect Cell under the invariant harness (``tests/rules/cell/invariants.py``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cell.content import catalogue
from rules.cell.engine import CellOptions
from rules.cell.state import Placement
from tests.rules.cell import invariants
from tests.rules.cell.helpers import start

FIGHTER_IDS = [fighter.id for fighter in catalogue().fighters]
VARIANTS = ("normal", "easy", "challenge", "impossible")


@st.composite
def game_options(draw: st.DrawFn) -> CellOptions:
    players = draw(st.integers(min_value=1, max_value=4))
    fighters = draw(st.permutations(FIGHTER_IDS))[:players]
    return CellOptions(fighters=fighters, variant=draw(st.sampled_from(VARIANTS)))


@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(
    options=game_options(),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    scenario=st.sampled_from(sorted(invariants.SCENARIOS)),
    data=st.data(),
)
def test_random_playouts_keep_every_invariant(
    options: CellOptions, seed: int, scenario: str, data: st.DataObject
):
    """Hypothesis picks the game and, at every step, which legal action to take."""

    def pick(count: int) -> int:
        return data.draw(st.integers(min_value=0, max_value=count - 1), label="action index")

    final = invariants.play_checked(options, seed, pick, scenario)
    assert final.outcome is not None


@pytest.mark.parametrize("seed", range(12))
def test_seeded_playouts_keep_every_invariant(seed: int):
    """A fixed spread of games over every player count and variant, chosen by a seeded generator."""
    chooser = random.Random(seed)
    options = CellOptions(
        fighters=chooser.sample(FIGHTER_IDS, seed % 4 + 1),
        variant=VARIANTS[(seed // 4 + seed) % len(VARIANTS)],
    )
    scenario = sorted(invariants.SCENARIOS)[seed % len(invariants.SCENARIOS)]
    final = invariants.play_checked(
        options, seed, chooser.randrange, scenario, check_every_successor=seed % 3 == 0
    )
    assert final.outcome is not None


def test_the_harness_notices_a_lost_token():
    """The token count is a real check: a token gone missing fails it."""
    state = start("goku")
    state.token_pile.pop()
    with pytest.raises(AssertionError):
        invariants.check_tokens(state)


def test_the_harness_notices_a_die_in_two_places():
    """The dice check is a real check: a die on the meter and on the mat at once fails it."""
    state = start("goku")
    state.dragon_ball_meter.append(Placement(face="dragon_ball", die=0, placed_by=0))
    with pytest.raises(AssertionError):
        invariants.check_dice(state)


def test_the_harness_notices_an_accepted_action_nobody_listed():
    """The refusal check is a real check: an unlisted action the engine accepts fails it."""
    state = start("goku", "gohan")
    from rules.cell.actions import Roll

    with pytest.raises(AssertionError, match="accepted but not listed"):
        invariants.check_refusals(state, [], [Roll(player=0)])
