"""The Perfect Cell board image: every state of random games renders, the picture's size and the
alt text's facts, determinism across processes and threads, and the worst-case board."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from renderers.cell import render_cell, samples
from renderers.cell.describe import activity
from renderers.cell.layout import WIDTH
from renderers.common import ALT_TEXT_LIMIT, RenderedBoard
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, new_game
from rules.cell.state import ActiveThreat, CellState, Source
from rules.cell.view import CellView, view
from tests.renderers.fresh_process import render_elsewhere

ACTIONS_PER_GAME = 45


def check_board(board: RenderedBoard, board_view: CellView) -> None:
    image = Image.open(io.BytesIO(board.png))
    assert image.format == "PNG"
    assert image.size == (board.width, board.height)
    assert board.width == WIDTH
    assert len(board.alt_text) <= ALT_TEXT_LIMIT
    assert f"Cell health {board_view.cell_hp} of {board_view.cell_max_hp}" in board.alt_text
    for fighter in board_view.fighters:
        state = "KO'd" if fighter.knocked_out else "standing"
        assert f"{fighter.name} {fighter.hp}/{fighter.max_hp} HP, {state}" in board.alt_text
    if board_view.outcome is None:
        assert f"{board_view.fighters[board_view.active_seat].name}'s turn: {activity(board_view)}" in (
            board.alt_text
        )
    names = [catalogue().threats[threat.tile].name for threat in board_view.active_threats]
    assert all(name in board.alt_text for name in names) or (
        f"Active threats: {len(names)} (" in board.alt_text
    )


@pytest.mark.parametrize(
    ("players", "seed", "variant"),
    [(1, 11, "normal"), (2, 12, "easy"), (3, 13, "challenge"), (4, 14, "normal")],
)
def test_every_state_of_a_random_game_renders(players: int, seed: int, variant: str) -> None:
    for state in samples.playout(players, seed, max_actions=ACTIONS_PER_GAME, variant=variant):
        board_view = view(state, None)
        check_board(render_cell(board_view), board_view)


def test_finished_games_render_with_their_outcome() -> None:
    for state in (samples.won(4), samples.lost(1)):
        board_view = view(state, None)
        board = render_cell(board_view)
        check_board(board, board_view)
        assert ("Victory" if state.outcome.result == "win" else "Cell wins") in board.alt_text


def test_tokens_chosen_for_a_payment_are_ringed_on_their_mat() -> None:
    state = samples.paying_for_a_power_up().model_copy(deep=True)
    fighter = state.fighters[state.active_seat]
    fighter.tokens = ["attack", "wild"]
    assert state.selection is not None
    state.selection.chosen.append(Source(token="wild", face="assist"))
    plain = samples.paying_for_a_power_up().model_copy(deep=True)
    plain.fighters[plain.active_seat].tokens = ["attack", "wild"]
    board_view = view(state, None)
    board = render_cell(board_view)
    check_board(board, board_view)
    assert board.png != render_cell(view(plain, None)).png


def test_the_full_picture_decodes_at_the_expected_size() -> None:
    board = render_cell(view(samples.knocked_out_mid_game(), None))
    image = Image.open(io.BytesIO(board.png))
    image.load()
    assert image.size == (WIDTH, board.height)
    assert WIDTH <= board.height <= 1.5 * WIDTH
    assert len(board.png) <= 200 * 1024


def crowded_state() -> CellState:
    """Every threat tile in play at once, with long names: the tallest board and longest alt text."""
    state = new_game(CellOptions(fighters=["goku", "gohan", "vegeta", "trunks"]), seed=2)
    state.active_threats = [ActiveThreat(tile=tile.id) for tile in catalogue().threats]
    state.threat_stack = []
    return state


def test_a_board_with_every_threat_stays_within_limits() -> None:
    board_view = view(crowded_state(), None)
    board = render_cell(board_view)
    check_board(board, board_view)
    assert "Active threats" in board.alt_text
    assert board.height > render_cell(view(samples.start_of_game(4), None)).height


def test_the_same_view_gives_the_same_bytes_in_threads() -> None:
    views = [
        view(state, None) for state in (samples.mid_game(4), samples.paying_for_a_power_up(), samples.lost(1))
    ]
    expected = [render_cell(board_view).png for board_view in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        rendered = list(pool.map(lambda board_view: render_cell(board_view).png, views * 4))
    assert rendered == expected * 4


def test_the_same_view_gives_the_same_bytes_in_another_process() -> None:
    board_view = view(samples.paying_for_a_power_up(), None)
    elsewhere = render_elsewhere(
        "renderers.cell:render_cell", "rules.cell.view:CellView", board_view, hash_seed="12345"
    )
    assert elsewhere == render_cell(board_view).png
