"""The Prime Time board during the full setup (SU-1…9): every setup state renders from the public
view, with each Location's zones in its seats' colours, the Cell Games Ring, objectives not yet
placed and models not yet deployed, and words that say so."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.primetime import render_primetime, samples
from renderers.primetime.battlefield import RING_EDGE
from renderers.primetime.layout import BOARD, WIDTH, zone_fill
from rules.primetime.actions import Timeout
from rules.primetime.engine import apply
from rules.primetime.geometry import distance_to_point
from rules.primetime.scenario import scenario
from rules.primetime.state import PrimeTimeState
from rules.primetime.view import view
from tests.rules.primetime.setup_helpers import full_game, scenario_game

cell_centre_pixel, point_pixel = BOARD.cell_centre_pixel, BOARD.point_pixel


def _image(state: PrimeTimeState) -> tuple[Image.Image, str]:
    board = render_primetime(view(state, None))
    return Image.open(io.BytesIO(board.png)).convert("RGB"), board.alt_text


def _bare_zone_cell(state: PrimeTimeState, seat: int) -> tuple[int, int]:
    """A cell of the seat's zone with no model, no terrain and far from every objective's ring."""
    taken = {unit.cell for unit in state.units}
    free = [
        cell
        for cell in state.zones[seat].cells()
        if cell not in taken and not any(piece.contains(cell) for piece in state.terrain)
    ]
    return max(free, key=lambda cell: min((distance_to_point(cell, p) for p in state.objectives), default=99))


@pytest.mark.parametrize("seed", range(3))
def test_every_setup_state_renders(seed: int) -> None:
    state = full_game(seed)
    while state.phase == "setup":
        image, text = _image(state)
        assert image.width == WIDTH and BOARD.field_pixels <= image.height <= 1.1 * WIDTH
        assert text.startswith("Prime Time board, round 1/4, setup.")
        state, _ = apply(state, Timeout(player=state.prompts[0].who))


def test_the_terrain_step_shows_no_roster_and_no_draw_yet() -> None:
    state = full_game()
    _, text = _image(state)
    assert "roster hidden" in text and "nothing deployed yet" in text
    assert "accept, reroll or edit the terrain" in text


@pytest.mark.parametrize("location", [place.id for place in scenario().locations])
def test_each_locations_zones_are_tinted_in_their_seats_colours(location: str) -> None:
    state = scenario_game(("scouter_sweep", "hold_the_centre", "last_stand"), location=location)
    assert state.prompts[0].kind == "objective"
    image, text = _image(state)
    assert "places an objective" in text
    for seat in (0, 1):
        assert image.getpixel(cell_centre_pixel(_bare_zone_cell(state, seat))) == zone_fill(seat)
    ring = next(place for place in scenario().locations if place.id == location).ring
    if ring is not None:
        x, y = point_pixel((ring.x, ring.y + 5))
        assert image.getpixel((x + 1, y)) == RING_EDGE


def test_the_gallerys_deployment_sample_is_on_the_cell_games_arena() -> None:
    state = samples.deploying()
    assert state.location == "cell_games_arena" and state.setup_step == "deploy" and state.dragon_balls
    image, _ = _image(state)
    assert image.width == WIDTH and BOARD.field_pixels <= image.height <= 1.1 * WIDTH


def test_a_half_deployed_board_draws_the_models_already_down() -> None:
    state = scenario_game(("first_contact", "hold_the_centre", "last_stand"))
    for _ in range(3):
        state, _ = apply(state, Timeout(player=state.prompts[0].who))
    image, text = _image(state)
    assert "deploys a model" in text
    for unit in state.units:
        assert image.getpixel(cell_centre_pixel(unit.cell)) != zone_fill(unit.seat)
    waiting = state.prompts[0].who
    assert len([unit for unit in state.units if unit.seat == waiting]) < 4
