"""The drawing context every renderer uses: Pillow's, with the shape of each piece of text kept and
the box of each piece of text noted on the image it was drawn on.

A board is drawn afresh after every move, and most of its text is the same as last time (names,
labels, the last moves scrolling by). Rasterizing a line with FreeType is the costliest part of
drawing it, so the shape (an 8-bit coverage mask) of each text is kept and painted again in the
requested colour: the same primitive ``ImageDraw.text`` ends in, so the pixels are identical.

Every text drawn leaves its box, its words and its size in the image's ``info``, and ``paste`` (in
``renderers.common``) carries a sprite's boxes onto the board it is pasted on, so a test can check
that no two texts on a finished board overlap and that none is set too small. The bookkeeping is a
list append per text, and the shapes' boxes come from the kept masks.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

# Each mask is a few kilobytes: some 3 MB at most.
KEPT_TEXTS = 512

TEXT_BOXES = "text_boxes"
"""The key of an image's ``info`` that lists the texts drawn on it."""


@dataclass(frozen=True)
class TextBox:
    """A text on an image: its ink's box (left, top, right, bottom), its words and its type size."""

    box: tuple[int, int, int, int]
    text: str
    size: int

    def moved(self, dx: int, dy: int) -> TextBox:
        left, top, right, bottom = self.box
        return TextBox((left + dx, top + dy, right + dx, bottom + dy), self.text, self.size)

    def overlaps(self, other: TextBox) -> bool:
        a, b = self.box, other.box
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class TextBoxes(list[TextBox]):
    """The boxes of one image. A copy of an image shares its ``info``'s values, so the list knows
    its image and is copied before a copy of the image adds to it."""

    def __init__(self, image: Image.Image, boxes: list[TextBox]) -> None:
        super().__init__(boxes)
        self.image = weakref.ref(image)


def boxes_of(image: Image.Image) -> TextBoxes:
    """The image's own list of text boxes, made (from a shared one, if copied) on first use."""
    boxes = image.info.get(TEXT_BOXES)
    if not isinstance(boxes, TextBoxes) or boxes.image() is not image:
        boxes = TextBoxes(image, list(boxes or ()))
        image.info[TEXT_BOXES] = boxes
    return boxes


def text_boxes(image: Image.Image) -> list[TextBox]:
    """Every text drawn on ``image``, or on a sprite pasted onto it."""
    return list(image.info.get(TEXT_BOXES, ()))


def cropped(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """``image.crop(box)`` with the boxes of the texts wholly inside it, moved with it."""
    part = image.crop(box)
    part.info.pop(TEXT_BOXES, None)
    left, top, right, bottom = box
    boxes_of(part).extend(
        text.moved(-left, -top)
        for text in text_boxes(image)
        if text.box[0] >= left and text.box[1] >= top and text.box[2] <= right and text.box[3] <= bottom
    )
    return part


class Drawing(ImageDraw.ImageDraw):
    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image

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
            if isinstance(font, ImageFont.FreeTypeFont) and text.strip():
                stroke = int(kwargs.get("stroke_width", 0))
                left, top, right, bottom = self.textbbox(xy, text, font=font, anchor=anchor)
                box = (
                    round(left) - stroke,
                    round(top) - stroke,
                    round(right) + stroke,
                    round(bottom) + stroke,
                )
                boxes_of(self.image).append(TextBox(box, text, round(font.size)))
            return
        mask, (left, top) = _shape(text, font, anchor)
        if mask is not None:
            x, y = xy[0] + left, xy[1] + top
            self.bitmap((x, y), mask, fill=fill)
            box = (x, y, x + mask.width, y + mask.height)
            boxes_of(self.image).append(TextBox(box, text, round(font.size)))


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
