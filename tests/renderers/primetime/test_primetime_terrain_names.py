"""The terrain's names on the Prime Time board: placed per image, each on a plate clear of every
model's base, every Dragon Ball and every other name, moving aside (to an edge, an end, just
outside the piece, down to the initial) when a model stands where it would go; the key spells out
exactly the initials shown."""

from __future__ import annotations

from itertools import combinations

from renderers.drawing import text_boxes
from renderers.primetime import PrimeTimeBoard, samples
from renderers.primetime.battlefield import TERRAIN_STYLES, terrain_plate, terrain_texts
from renderers.primetime.board import draw_primetime, placed_terrain_names
from renderers.primetime.layout import BOARD
from renderers.primetime.objectives import ball_boxes
from rules.primetime.state import PrimeTimeState
from rules.primetime.terrain import TerrainKind
from rules.primetime.view import PrimeTimeView, view
from tests.renderers.text_layout import layout_problems, texts_over_models

FIELD = (BOARD.margin, BOARD.margin, BOARD.margin + BOARD.board_pixels, BOARD.margin + BOARD.board_pixels)


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def models_on_the_terrain() -> PrimeTimeState:
    """The mid-game board with a model on the middle cell of each piece (the biggest first), where
    the name would go if nothing stood there."""
    state = samples.mid_game().model_copy(deep=True)
    pieces = sorted(state.terrain, key=lambda piece: -piece.width * piece.height)
    for unit, piece in zip(state.units, pieces, strict=False):
        unit.cell = (piece.x + (piece.width + 1) // 2, piece.y + (piece.height + 1) // 2)
    return state


def nameable(board_view: PrimeTimeView) -> int:
    """The pieces with room for at least their initial."""
    return sum(
        1
        for piece in board_view.terrain
        if terrain_texts(piece.kind, piece.width * BOARD.inch, piece.height * BOARD.inch, BOARD.text)
    )


def test_a_model_in_the_middle_of_a_piece_moves_its_name_aside() -> None:
    board_view = view(models_on_the_terrain(), None)
    names = placed_terrain_names(board_view, BOARD, FIELD)
    assert len(names) == nameable(board_view), "every piece with room keeps a name"
    footprints = [BOARD.footprint(unit.cell) for unit in board_view.units]
    for name in names:
        assert not any(_overlaps(name.box, other) for other in footprints), name
        assert not any(_overlaps(name.box, ball) for ball in ball_boxes(board_view.objectives, BOARD)), name
    assert not any(_overlaps(first.box, second.box) for first, second in combinations(names, 2))
    image = draw_primetime(PrimeTimeBoard(view=board_view))
    assert texts_over_models(image, board_view.units, BOARD) == []
    assert layout_problems(image) == []


def test_the_name_stays_in_the_middle_when_nothing_is_there() -> None:
    room = (100, 100, 260, 180)
    plate = terrain_plate(TerrainKind.LAKE, room, BOARD.text, [], FIELD)
    assert plate is not None and plate.text == "Lake" and plate.centre == (180, 140)


def test_a_piece_with_no_clear_spot_goes_unnamed() -> None:
    room = (100, 100, 260, 180)
    assert terrain_plate(TerrainKind.LAKE, room, BOARD.text, [(60, 40, 300, 240)], FIELD) is None


def test_the_key_spells_out_the_initials_the_board_shows() -> None:
    board_view = view(models_on_the_terrain(), None)
    shown = {
        TERRAIN_STYLES[name.kind].name
        for name in placed_terrain_names(board_view, BOARD, FIELD)
        if len(name.text) == 1
    }
    assert shown, "the sample shows initials"
    words = [text.text for text in text_boxes(draw_primetime(PrimeTimeBoard(view=board_view)))]
    key = " ".join(words[words.index("KEY") + 1 :])
    for name in TERRAIN_STYLES.values():
        assert (f"{name.name[0]} {name.name}" in key) == (name.name in shown), name.name
