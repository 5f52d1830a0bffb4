"""The Over 9000 board image: every state of AI games for 2-6 players renders from the public
view, the picture's size, the alt text's facts, hidden tokens that change nothing, distinct icon
shapes, and determinism across threads and processes."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import pytest
from PIL import Image

from renderers.common import ALT_TEXT_LIMIT, Colour, RenderedBoard
from renderers.over9000 import render_over9000, samples, tokens
from renderers.over9000.describe import PHASE_WORDS
from renderers.over9000.layout import WIDTH
from rules.over9000.content import SLOT_COUNT, SLOT_DEPTH, TOKEN_KINDS, TOKEN_NAMES
from rules.over9000.state import FaceUpToken, Over9000State, Token
from rules.over9000.view import Over9000View, view
from tests.renderers.fresh_process import render_elsewhere

DUEL_ACTIONS = 8
"""Actions rendered after everyone's six placements, so every game reaches its duels."""


def public_view(state: Over9000State) -> Over9000View:
    board_view = view(state, None)
    assert board_view.viewer is None
    for player in board_view.players:
        assert player.hand is None and player.reserve is None
        assert all(slot.tokens is None for slot in player.slots)
    assert board_view.duel is None or board_view.duel.pushed is None
    assert all(event.visible_to is None for event in board_view.recent_events)
    return board_view


def check_alt_text(text: str, board_view: Over9000View) -> None:
    assert len(text) <= ALT_TEXT_LIMIT
    assert f"round {board_view.round}, {PHASE_WORDS[board_view.phase]}" in text
    for player in board_view.players:
        assert f"{player.name} {player.power_level:,}" in text
    if board_view.outcome is not None:
        assert all(board_view.players[seat].name in text for seat in board_view.outcome.winners)
    elif board_view.phase == "placement":
        waiting = [player.name for player in board_view.players if not player.placed]
        assert "still arranging" in text and all(name in text for name in waiting)
    else:
        assert board_view.active_seat is not None
        attacker = board_view.players[board_view.active_seat].name
        assert f"{attacker}'s turn" in text
        duel = board_view.duel
        if duel is not None:
            defender = board_view.players[duel.defender].name
            assert f"{attacker} attacks {defender}, declaring {TOKEN_NAMES[duel.declared]}" in text


def check_board(board: RenderedBoard, board_view: Over9000View) -> None:
    image = Image.open(io.BytesIO(board.png))
    assert image.format == "PNG"
    assert image.size == (board.width, board.height)
    assert board.width == WIDTH == 864, "phone size: 24 px text is 10 px at 360 px wide"
    assert board.height <= 1.6 * board.width
    assert len(board.png) <= 200 * 1024
    check_alt_text(board.alt_text, board_view)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23), (5, 24), (6, 25)])
def test_every_public_state_of_an_ai_game_renders(players: int, seed: int) -> None:
    states = list(samples.playout(players, seed, max_actions=6 * players + DUEL_ACTIONS))
    assert any(state.phase == "duel" for state in states)
    for state in states:
        board_view = public_view(state)
        check_board(render_over9000(board_view), board_view)


@pytest.mark.parametrize("players", [2, 6])
def test_finished_games_render_with_their_winner(players: int) -> None:
    state = samples.finished(players)
    board_view = public_view(state)
    board = render_over9000(board_view)
    check_board(board, board_view)
    assert "game over" in board.alt_text and "wins" in board.alt_text


def test_a_six_player_duel_names_every_level_whose_turn_and_the_duel() -> None:
    state = samples.duel_in_progress(6)
    board_view = public_view(state)
    board = render_over9000(board_view)
    check_board(board, board_view)
    assert board_view.duel is not None
    assert f"pushed from slot {board_view.duel.slot + 1}" in board.alt_text
    assert "Turn order: " in board.alt_text


def crowded_state() -> Over9000State:
    """Six players mid-duel with every slot's two tokens revealed, every Dragon Ball flipped and
    everybody over 9000: the most to draw and the longest alt text."""
    state = samples.duel_in_progress(6).model_copy(deep=True)
    kinds = iter(TOKEN_KINDS * 10)
    for player in state.players:
        player.power_level = 14_000
        player.face_up = [
            FaceUpToken(token=Token(id=f"shown-{player.seat}-{slot}-{depth}", kind=next(kinds)), slot=slot)
            for slot in range(SLOT_COUNT)
            for depth in range(SLOT_DEPTH)
        ]
        player.face_up.append(FaceUpToken(token=Token(id=f"flipped-{player.seat}", kind="dragon_ball")))
    return state


def test_a_crowded_six_player_board_stays_within_limits() -> None:
    board_view = public_view(crowded_state())
    board = render_over9000(board_view)
    check_board(board, board_view)
    assert "(over 9000!)" in board.alt_text


def _with_hidden_kinds_shuffled(state: Over9000State, seed: int) -> Over9000State:
    """The same table with every secret token's kind dealt again at random among the secret tokens."""
    shuffled = state.model_copy(deep=True)
    hidden: list[Token] = [*shuffled.pile]
    for player in shuffled.players:
        hidden.extend(player.hand)
        hidden.extend(token for slot in player.slots for token in slot)
        if player.reserve is not None:
            hidden.append(player.reserve)
    if shuffled.turn is not None and shuffled.turn.duel is not None:
        hidden.append(shuffled.turn.duel.token)
    kinds = [token.kind for token in hidden]
    random.Random(seed).shuffle(kinds)
    for token, kind in zip(hidden, kinds, strict=True):
        token.kind = kind
    return shuffled


def test_secret_tokens_change_nothing_in_the_image() -> None:
    for state in (samples.duel_in_progress(4), samples.arranging()):
        expected = render_over9000(public_view(state))
        for seed in range(3):
            shuffled = _with_hidden_kinds_shuffled(state, seed)
            assert shuffled != state
            board = render_over9000(public_view(shuffled))
            assert board.png == expected.png
            assert board.alt_text == expected.alt_text


def test_every_token_kind_has_its_own_shape() -> None:
    """Drawn in the same two colours, no two kinds give the same picture."""
    pictures = {kind: tokens.icon(kind, 48, Colour.WHITE, Colour.INK).tobytes() for kind in TOKEN_KINDS}
    for first, second in combinations(TOKEN_KINDS, 2):
        assert pictures[first] != pictures[second], f"{first} and {second} share a shape"


def test_the_same_view_gives_the_same_bytes_in_threads() -> None:
    views = [
        public_view(state)
        for state in (samples.duel_in_progress(4), samples.arranging(), samples.finished(2))
    ]
    expected = [render_over9000(board_view).png for board_view in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        rendered = list(pool.map(lambda board_view: render_over9000(board_view).png, views * 3))
    assert rendered == expected * 3


def test_the_same_view_gives_the_same_bytes_in_another_process() -> None:
    board_view = public_view(samples.duel_in_progress(4))
    elsewhere = render_elsewhere(
        "renderers.over9000:render_over9000", "rules.over9000.view:Over9000View", board_view, hash_seed="4242"
    )
    assert elsewhere == render_over9000(board_view).png
