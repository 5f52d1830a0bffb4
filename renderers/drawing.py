"""The drawing context every renderer uses: Pillow's, with the shape of each piece of text kept.

A board is drawn afresh after every move, and most of its text is the same as last time (names,
labels, the last moves scrolling by). Rasterizing a line with FreeType is the costliest part of
drawing it, so the shape (an 8-bit coverage mask) of each text is kept and painted again in the
requested colour: the same primitive ``ImageDraw.text`` ends in, so the pixels are identical.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

# Each mask is a few kilobytes: some 3 MB at most.
KEPT_TEXTS = 512


class Drawing(ImageDraw.ImageDraw):
    def text(  # type: ignore[override]
        self,
        xy: tuple[int, int],
        text: str,
        fill: Any = None,
        font: Any = None,
        anchor: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        keepable = (
            not args
            and not kwargs
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(font, ImageFont.FreeTypeFont)
            and self.fontmode == "L"
            and all(type(value) is int for value in xy)
        )
        if not keepable:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        mask, (left, top) = _shape(text, font, anchor)
        if mask is not None:
            self.bitmap((xy[0] + left, xy[1] + top), mask, fill=fill)


def drawing(image: Image.Image) -> Drawing:
    return Drawing(image)


@lru_cache(maxsize=KEPT_TEXTS)
def _shape(
    text: str, typeface: ImageFont.FreeTypeFont, anchor: str | None
) -> tuple[Image.Image | None, tuple[int, int]]:
    """The text's coverage mask and where its top left lies from the anchor point (None when the
    text has no ink, such as a space)."""
    left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
    if right <= left or bottom <= top:
        return None, (0, 0)
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.ImageDraw(mask).text((-left, -top), text, fill=255, font=typeface, anchor=anchor)
    return mask, (left, top)
