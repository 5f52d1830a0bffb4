"""The Prime Time board image: every state of seeded random playouts renders from the public view,
the picture's size, the alt text's facts, the models' marks (owner, tier, altitude, Dazed, dimmed),
objectives in their controller's colour, the last action and the caller's highlights, and
determinism across renders and processes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.common import ALT_TEXT_LIMIT, RenderedBoard
from renderers.drawing import text_boxes
from renderers.primetime import Highlight, PrimeTimeBoard, render_primetime, samples
from renderers.primetime.board import draw_primetime
from renderers.primetime.describe import LEVEL_WORDS, PHASE_WORDS, model_words
from renderers.primetime.inputs import DEFAULT_NAMES
from renderers.primetime.layout import BOARD, SIDE_COLOURS, WIDTH
from renderers.primetime.models import DAZED_FILL, disc_fill, disc_sprite
from renderers.primetime.objectives import UNCONTROLLED, controller
from renderers.primetime.overlays import HIT_RED, REACH_TINT
from rules.core.events import Event
from rules.primetime.content import settings
from rules.primetime.seat_words import SEAT
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char, hp_max
from rules.primetime.view import PrimeTimeView, view
from tests.renderers.fresh_process import render_elsewhere

INCH = BOARD.inch
cell_centre_pixel, point_pixel = BOARD.cell_centre_pixel, BOARD.point_pixel

PLAYOUT_SEEDS = (0, 5, 10, 27)
"""Four pairings; among them combat, Dazed models, flyers at L2 and a Deflect."""


def public_view(state: PrimeTimeState) -> PrimeTimeView:
    board_view = view(state, None)
    assert board_view.viewer is None
    assert all(player.hand is None and player.ascension_plan is None for player in board_view.players)
    return board_view


def image_of(board: RenderedBoard) -> Image.Image:
    image = Image.open(io.BytesIO(board.png))
    assert image.format == "PNG"
    return image.convert("RGB")


def check_alt_text(text: str, board_view: PrimeTimeView, names: tuple[str, str] = DEFAULT_NAMES) -> None:
    """4.2: round and phase, who acts, the score by name, then each model with tier, HP, cell and
    altitude."""
    assert len(text) <= ALT_TEXT_LIMIT
    assert text.startswith(f"Prime Time board, round {board_view.round}/4, {PHASE_WORDS[board_view.phase]}.")
    for player in board_view.players:
        assert f"{names[player.seat]} (" in text and f") {player.glory}" in text
    for unit in board_view.units:
        assert model_words(unit) in text


def check_board(board: RenderedBoard, board_view: PrimeTimeView) -> None:
    """Phone size: 1,080 px wide (30 px text is 10 px at 360 px), close to square."""
    assert board.width == WIDTH == 1080
    assert BOARD.field_pixels <= board.height <= 1.1 * board.width
    assert image_of(board).size == (board.width, board.height)
    assert len(board.png) <= 200 * 1024
    check_alt_text(board.alt_text, board_view)


@pytest.mark.parametrize("seed", PLAYOUT_SEEDS)
def test_every_state_of_a_random_playout_renders(seed: int) -> None:
    """Issue 14: every state reached in random playouts renders without error."""
    states = list(samples.playout(seed))
    assert states[-1].outcome is not None
    for state in states:
        board_view = public_view(state)
        check_board(render_primetime(board_view), board_view)


def test_the_sample_states_show_what_the_gallery_promises() -> None:
    assert any(unit.level == 2 for unit in samples.flyer_at_l2().units)
    assert any(unit.dazed for unit in samples.dazed().units)
    deflecting = samples.deflecting()
    assert deflecting.attack is not None and deflecting.attack.deflect_to is not None
    mid_game = samples.mid_game()
    assert len(mid_game.units) == 8 and mid_game.activation is not None
    assert samples.reach_highlight(mid_game).reach
    targeting = samples.targeting()
    assert len(samples.technique_highlight(targeting).targets) >= samples.TARGETED
    assert samples.final().outcome is not None


def test_a_model_shows_its_owner_tier_altitude_and_hp() -> None:
    """4.2 Models: owner ring, a glow per tier, a shadow farther at altitude and an HP bar; the first
    seat's bases are square and the second's round, so the sides differ without colour."""
    state = samples.flyer_at_l2()
    board_view = public_view(state)
    image = image_of(render_primetime(board_view))
    radius = BOARD.disc_radius
    for unit in board_view.units:
        if unit.dazed:
            continue
        x, y = cell_centre_pixel(unit.cell)
        base = {image.getpixel((x + dx, y + dy)) for dx in range(-radius, radius) for dy in range(-radius, 0)}
        assert SIDE_COLOURS[unit.seat] in base or unit.activations, unit.id
    base = disc_sprite(0, 0, 0, False, INCH)
    assert disc_sprite(0, 1, 0, False, INCH).tobytes() != base.tobytes()
    assert disc_sprite(0, 3, 0, False, INCH).getbbox() != disc_sprite(0, 1, 0, False, INCH).getbbox()
    assert disc_sprite(0, 0, 2, False, INCH).tobytes() != disc_sprite(0, 0, 1, False, INCH).tobytes()
    dimmed = disc_sprite(0, 0, 0, True, INCH)
    centre = dimmed.size[0] // 2
    assert sum(dimmed.getpixel((centre, centre - 6))[:3]) < sum(base.getpixel((centre, centre - 6))[:3])
    assert disc_fill(0) != disc_fill(1)
    corner = centre - radius + 2
    square, round_base = base, disc_sprite(1, 0, 0, False, INCH)
    assert square.getpixel((corner, corner))[3] > 200 > round_base.getpixel((corner, corner))[3]


def test_the_hp_bar_shrinks_with_damage() -> None:
    state = samples.mid_game().model_copy(deep=True)
    unit = state.units[0]
    full = image_of(render_primetime(public_view(state)))
    unit.hp = 1
    hurt = image_of(render_primetime(public_view(state)))
    x, y = cell_centre_pixel(unit.cell)
    radius = BOARD.disc_radius
    bar = (x - radius, y + radius - 4, x + radius + 1, y + radius + 1)
    assert full.crop(bar).tobytes() != hurt.crop(bar).tobytes()
    assert hp_max(unit) > 1


def test_a_dazed_model_lies_under_a_model_standing_in_its_cell() -> None:
    """4.2: Dazed models are tipped, grey and crossed, drawn under any model in the same cell."""
    state = samples.mid_game().model_copy(deep=True)
    fallen, standing, alone = state.units[0], state.units[1], state.units[2]
    fallen.dazed, fallen.hp, fallen.cell = True, 0, standing.cell
    alone.dazed, alone.hp = True, 0
    board_view = public_view(state)
    image = image_of(render_primetime(board_view))
    x, y = cell_centre_pixel(standing.cell)
    top = {image.getpixel((x + dx, y - BOARD.disc_radius + 2)) for dx in range(-2, 3)}
    assert top & {SIDE_COLOURS[standing.seat], disc_fill(standing.seat)} or standing.activations, (
        "the standing model is drawn over the fallen one"
    )
    x, y = cell_centre_pixel(alone.cell)
    around = {image.getpixel((x + dx, y + dy)) for dx in range(-8, 9) for dy in range(-3, 4)}
    assert DAZED_FILL in around, "a fallen model alone in its cell shows grey"
    assert (
        f"{char(fallen).name} Dazed at {standing.cell[0]},{standing.cell[1]}"
        in render_primetime(board_view).alt_text
    )


def test_objective_zones_take_the_controllers_colour() -> None:
    """4.2 Objectives: a dashed 3" ZOC ring in the controller's colour (2.8 control)."""
    state = samples.mid_game().model_copy(deep=True)
    point = state.objectives[0]
    for unit in state.units:
        unit.cell = (30, 30) if unit.seat == 1 else (1, 1)
    holder = next(unit for unit in state.units if unit.seat == 0 and char(unit).base.oc > 0)
    holder.cell, holder.level, holder.dazed = (point[0], point[1]), 0, False
    assert controller(state.units, point) == 0
    image = image_of(render_primetime(public_view(state)))
    x, y = point_pixel(point)
    radius = settings().zoc * INCH
    ring = {image.getpixel((x + radius + dx, y + dy)) for dx in (-1, 0, 1) for dy in range(-20, 21)}
    assert SIDE_COLOURS[0] in ring
    other = point_pixel(state.objectives[1])
    ring = {
        image.getpixel((other[0] + radius + dx, other[1] + dy)) for dx in (-1, 0, 1) for dy in range(-20, 21)
    }
    assert UNCONTROLLED in ring


def test_a_resolved_hit_is_drawn_in_red_from_attacker_to_target() -> None:
    """4.2 Last action: an attack line, red for a hit."""
    state = samples.mid_game().model_copy(deep=True)
    attacker, target = state.units[0], state.units[1]
    attacker.cell, target.cell = (5, 15), (15, 15)
    state.recent_events = [
        *state.recent_events,
        Event(
            kind="attack_declared",
            text="declared",
            actor=attacker.seat,
            data={"attacker": attacker.id, "technique": "x", "target": target.id},
        ),
        Event(kind="hit", text="hits"),
    ]
    image = image_of(render_primetime(public_view(state)))
    middle = point_pixel((10, 14.5))
    assert image.getpixel(middle) == HIT_RED


def test_the_reach_highlight_tints_only_the_cells_given() -> None:
    """Issue 14: the reachable cells of the model being moved, given by the caller."""
    state = samples.mid_game()
    board_view = public_view(state)
    highlight = samples.reach_highlight(state)
    plain = image_of(render_primetime(board_view))
    tinted = image_of(render_primetime(PrimeTimeBoard(view=board_view, highlight=highlight)))
    occupied = {unit.cell for unit in board_view.units}
    for cell in sorted(highlight.reach - occupied)[:10]:
        x, y = cell_centre_pixel(cell)
        before, after = plain.getpixel((x - 6, y + 6)), tinted.getpixel((x - 6, y + 6))
        assert after != before and after[2] - after[0] > before[2] - before[0] - 1, cell
    assert REACH_TINT[2] > REACH_TINT[0]
    unreachable = next(
        (x, y)
        for x in range(1, 31)
        for y in range(1, 31)
        if (x, y) not in highlight.reach and (x, y) not in occupied
    )
    point = cell_centre_pixel(unreachable)
    assert plain.getpixel(point) == tinted.getpixel(point)


def test_technique_targets_are_bracketed() -> None:
    state = samples.mid_game()
    board_view = public_view(state)
    target = state.units[0]
    plain = image_of(render_primetime(board_view))
    marked = image_of(
        render_primetime(PrimeTimeBoard(view=board_view, highlight=Highlight(targets=frozenset({target.id}))))
    )
    x, y = cell_centre_pixel(target.cell)
    corner = (x - 14, y - 14, x - 8, y - 8)
    assert plain.crop(corner).tobytes() != marked.crop(corner).tobytes()


def test_the_alt_text_of_a_full_board_fits_and_names_levels() -> None:
    board_view = public_view(samples.flyer_at_l2())
    board = render_primetime(board_view)
    check_board(board, board_view)
    assert f" {LEVEL_WORDS[2]}" in board.alt_text


def test_the_final_board_names_the_winner() -> None:
    state = samples.final()
    names = ("Bulma", "Chi-Chi")
    board = render_primetime(PrimeTimeBoard(view=public_view(state), names=names))
    assert state.outcome is not None
    if state.outcome.winners:
        assert f"Game over: {names[state.outcome.winners[0]]} wins" in board.alt_text
    else:
        assert "a draw" in board.alt_text


def test_output_is_deterministic_here_and_in_another_process() -> None:
    """Issue 14: output deterministic for a given state, whatever the hash seed."""
    board_view = public_view(samples.deflecting())
    first = render_primetime(board_view).png
    assert render_primetime(board_view).png == first
    elsewhere = render_elsewhere(
        "renderers.primetime:render_primetime", "rules.primetime.view:PrimeTimeView", board_view, "4242"
    )
    assert elsewhere == first


def test_the_last_moves_and_the_alt_text_name_the_players_not_their_seats() -> None:
    state = samples.final()
    names = ("Bulma", "Chi-Chi")
    assert any(SEAT.search(str(event.text)) for event in state.recent_events), "the engine words seats"
    image = draw_primetime(PrimeTimeBoard(view=public_view(state), names=names))
    words = [text.text for text in text_boxes(image)]
    assert not [text for text in words if SEAT.search(text)]
    assert any(names[0] in text or names[1] in text for text in words if len(text.split()) > 2)
    alt = render_primetime(PrimeTimeBoard(view=public_view(state), names=names)).alt_text
    assert not SEAT.search(alt)
