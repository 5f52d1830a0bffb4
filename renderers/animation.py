"""Animated GIF replays from rendered boards, shared by the offline demo and the bot's replay command.

Each board is scaled to one width and quantised to its own palette; every frame shows for the same
time except the last, which is held so the ending can be read before the loop starts again.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

GIF_WIDTH = 720
FRAME_MS = 900
LAST_FRAME_MS = 4000
# Discord refuses uploads over 8 MiB to servers without boosts; a replay must fit the smallest limit.
UPLOAD_LIMIT_BYTES = 8 * 1024 * 1024
# Narrower frames (or fewer of them) are tried in this order until the replay fits its byte budget.
FALLBACK_WIDTHS = (720, 560, 420, 320)


def frame_of(png: bytes, width: int = GIF_WIDTH) -> Image.Image:
    """A rendered board as one GIF frame, ``width`` pixels wide. Boards are drawn on a palette of
    their own, so the scaled frame is mapped back onto it: several times faster than choosing a new
    palette per frame, and the board's colours stay exact."""
    with Image.open(io.BytesIO(png)) as opened:
        opened.load()
        palette = opened.copy() if opened.mode == "P" else None
        image = opened.convert("RGB")
    height = round(image.height * width / image.width)
    scaled = image.resize((width, height), Image.Resampling.LANCZOS)
    if palette is None:
        return scaled.quantize(colors=255)
    return scaled.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_gif(
    frames: Sequence[Image.Image], frame_ms: int = FRAME_MS, last_frame_ms: int = LAST_FRAME_MS
) -> bytes:
    durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        optimize=True,
    )
    return out.getvalue()


def sample_evenly(count: int, limit: int) -> list[int]:
    """At most ``limit`` indices of ``range(count)``, evenly spread, always keeping the first and last."""
    if count <= limit:
        return list(range(count))
    if limit < 2:
        return [count - 1]
    step = (count - 1) / (limit - 1)
    return sorted({round(number * step) for number in range(limit)})


def fitted_gif(pngs: Sequence[bytes], max_bytes: int = UPLOAD_LIMIT_BYTES) -> bytes:
    """The boards as one GIF under ``max_bytes``: at full width if it fits, else narrower, and at the
    narrowest with every other frame dropped (the last always kept) until it fits."""
    chosen = list(range(len(pngs)))
    for width in FALLBACK_WIDTHS:
        gif = encode_gif([frame_of(pngs[index], width) for index in chosen])
        if len(gif) <= max_bytes:
            return gif
    while len(chosen) > 1:
        chosen = [chosen[index] for index in sample_evenly(len(chosen), max(1, len(chosen) // 2))]
        gif = encode_gif([frame_of(pngs[index], FALLBACK_WIDTHS[-1]) for index in chosen])
        if len(gif) <= max_bytes:
            return gif
    raise ValueError(f"even a single frame is over {max_bytes} bytes")
