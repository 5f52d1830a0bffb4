"""The text layout checks over states of random games: a few dozen per game, drawn by hypothesis
from seeded playouts (a seed and how far into the game), so a failure shrinks to a short game."""

from __future__ import annotations

from collections import deque
from itertools import islice

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from renderers.cell import samples as cell_samples
from renderers.cell.board import draw_cell
from renderers.gallery import LONG_NAMES
from renderers.over9000 import samples as over9000_samples
from renderers.over9000.board import draw_over9000
from renderers.primetime import PrimeTimeBoard
from renderers.primetime import samples as primetime_samples
from renderers.primetime.board import draw_primetime
from renderers.primetime.layout import BOARD
from rules.cell.view import view as cell_view
from rules.over9000.view import view as over9000_view
from rules.primetime.view import view as primetime_view
from tests.renderers.text_layout import layout_problems, texts_over_models

STATES_PER_GAME = 30
PLAYOUTS = settings(
    max_examples=STATES_PER_GAME,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(min_value=0, max_value=10_000)


def _nth(states, moves: int):  # type: ignore[no-untyped-def]
    """The state ``moves`` into a game, or its last when it ends sooner."""
    return deque(islice(states, moves + 1), maxlen=1)[0]


@PLAYOUTS
@given(players=st.integers(min_value=1, max_value=4), seed=seeds, moves=st.integers(0, 120))
def test_random_perfect_cell_boards_lay_out_their_texts(players: int, seed: int, moves: int) -> None:
    state = _nth(cell_samples.playout(players, seed), moves)
    assert layout_problems(draw_cell(cell_view(state, None))) == []


@PLAYOUTS
@given(players=st.integers(min_value=2, max_value=6), seed=seeds, moves=st.integers(0, 200))
def test_random_over_9000_boards_lay_out_their_texts(players: int, seed: int, moves: int) -> None:
    state = _nth(over9000_samples.playout(players, seed), moves)
    assert layout_problems(draw_over9000(over9000_view(state, None))) == []


@PLAYOUTS
@given(seed=seeds, moves=st.integers(0, 300))
def test_random_prime_time_boards_lay_out_their_texts(seed: int, moves: int) -> None:
    view = primetime_view(_nth(primetime_samples.playout(seed), moves), None)
    image = draw_primetime(PrimeTimeBoard(view=view, names=LONG_NAMES))
    assert layout_problems(image) == []
    assert texts_over_models(image, view.units, BOARD) == []
