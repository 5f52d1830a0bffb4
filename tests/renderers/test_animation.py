"""Replay GIFs: frames sampled evenly, the last one held, and always under the upload limit."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from renderers.animation import (
    FALLBACK_WIDTHS,
    GIF_WIDTH,
    LAST_FRAME_MS,
    encode_gif,
    fitted_gif,
    frame_of,
    sample_evenly,
)


def test_sampling_keeps_the_first_and_last_frames_and_spreads_the_rest_evenly() -> None:
    assert sample_evenly(5, 10) == [0, 1, 2, 3, 4]
    assert sample_evenly(101, 5) == [0, 25, 50, 75, 100]
    picked = sample_evenly(1000, 48)
    assert len(picked) == 48 and picked[0] == 0 and picked[-1] == 999
    gaps = {later - earlier for earlier, later in itertools.pairwise(picked)}
    assert max(gaps) - min(gaps) <= 1
    assert sample_evenly(7, 1) == [6]


def noisy_board(seed: int) -> bytes:
    """A board-sized picture that compresses badly, so the GIF has to shrink to fit."""
    image = Image.effect_noise((960, 800), 60 + seed).convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def gif_of(data: bytes) -> tuple[int, int, int]:
    with Image.open(io.BytesIO(data)) as gif:
        frames, width = gif.n_frames, gif.width
        gif.seek(frames - 1)
        return frames, width, int(gif.info["duration"])


def test_a_replay_that_is_too_big_gets_narrower_and_then_fewer_frames() -> None:
    boards = [noisy_board(seed) for seed in range(6)]
    roomy = fitted_gif(boards, max_bytes=50 * 1024 * 1024)
    assert gif_of(roomy) == (6, GIF_WIDTH, LAST_FRAME_MS)
    narrowest = FALLBACK_WIDTHS[-1]
    one_narrow_frame = len(encode_gif([frame_of(boards[0], narrowest)]))
    budget = round(one_narrow_frame * 3.5)
    tight = fitted_gif(boards, max_bytes=budget)
    frames, width, last = gif_of(tight)
    assert len(tight) <= budget and width == narrowest and 1 < frames < 6 and last == LAST_FRAME_MS
    with pytest.raises(ValueError, match="single frame"):
        fitted_gif(boards, max_bytes=1000)
