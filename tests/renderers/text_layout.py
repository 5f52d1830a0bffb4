"""The checks every board's text must pass, read from the text boxes the renderers leave on the image:
no two texts overlap, no line ends in an ellipsis, none is smaller than a phone can read, all lie
inside the image."""

from __future__ import annotations

from itertools import combinations

from PIL import Image

from renderers.common import smallest_text
from renderers.drawing import TextBox, text_boxes
from renderers.primetime.labels import disc_box
from renderers.primetime.layout import Scale
from renderers.primetime.models import model_boxes
from rules.primetime.state import Unit

ELLIPSES = ("…", "...")


def overlapping(boxes: list[TextBox]) -> list[tuple[TextBox, TextBox]]:
    return [(first, second) for first, second in combinations(boxes, 2) if first.overlaps(second)]


def _has_words(box: TextBox) -> bool:
    """A lone mark such as the question mark of a wild cost slot is part of an icon (explained by
    the board's key), drawn at the icon's size; anything with a letter or a figure is text."""
    return any(character.isalnum() for character in box.text)


def layout_problems(image: Image.Image) -> list[str]:
    """Everything wrong with the texts drawn on ``image``, in words (empty when all is well)."""
    boxes = text_boxes(image)
    problems = [f"{first} overlaps {second}" for first, second in overlapping(boxes)]
    problems += [f"{box} ends in an ellipsis" for box in boxes if box.text.rstrip().endswith(ELLIPSES)]
    smallest = smallest_text(image.width)
    problems += [
        f"{box} is smaller than {smallest} px" for box in boxes if box.size < smallest and _has_words(box)
    ]
    problems += [
        f"{box} leaves the {image.width}x{image.height} image"
        for box in boxes
        if box.box[0] < 0 or box.box[1] < 0 or box.box[2] > image.width or box.box[3] > image.height
    ]
    return problems


def texts_over_models(image: Image.Image, units: list[Unit], scale: Scale) -> list[str]:
    """Prime Time's texts (the models' tags, the terrain's names, any other) that cover a model's
    base, any model's."""
    bases = [(unit.id, disc_box(tag)) for unit, tag in zip(units, model_boxes(units, scale), strict=True)]
    return [
        f"{text} covers {unit}"
        for text in text_boxes(image)
        for unit, base in bases
        if TextBox(base, unit, 0).overlaps(text)
    ]
