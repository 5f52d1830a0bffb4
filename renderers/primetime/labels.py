"""Where the models' name tags go: beside each model, clear of every other tag, model and Dragon Ball,
and farther out with a leader line where models crowd.

Each tag tries spots on rings around its model, nearest first and a few directions per ring; the
first spot that stays on the battlefield and touches nothing placed is taken. Models with the most
neighbours choose first, since they have the fewest free spots.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, hypot, pi, sin

Box = tuple[int, int, int, int]

DIRECTIONS = 16
RINGS = 10
CLEARANCE = 3


@dataclass(frozen=True)
class Tag:
    anchor: tuple[int, int]
    radius: int
    """The model's own extent: the tag stays outside it."""
    size: tuple[int, int]


@dataclass(frozen=True)
class Placed:
    box: Box
    leader: bool
    """Drawn away from its model: a line joins them."""


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _spot(tag: Tag, ring: int, direction: int) -> tuple[Box, bool]:
    width, height = tag.size
    angle = -2 * pi * direction / DIRECTIONS
    dx, dy = cos(angle), sin(angle)
    reach = abs(dx) * width / 2 + abs(dy) * height / 2
    distance = tag.radius + CLEARANCE + reach + ring * height * 0.8
    x, y = tag.anchor[0] + dx * distance, tag.anchor[1] + dy * distance
    left, top = round(x - width / 2), round(y - height / 2)
    return (left, top, left + width, top + height), ring > 0


# East, west, north-east, north-west, south-east, south-west, north, south, then the others.
ORDER = (0, 8, 2, 6, 14, 10, 4, 12, 1, 7, 15, 9, 3, 5, 13, 11)


def disc_box(tag: Tag) -> Box:
    x, y = tag.anchor
    return (x - tag.radius, y - tag.radius, x + tag.radius, y + tag.radius)


def place(tags: list[Tag], obstacles: list[Box], bounds: Box) -> list[Placed]:
    """A spot for every tag, in the order given. ``obstacles`` are things no tag may cover (the
    models themselves are added); ``bounds`` is where tags may go."""
    blocked = [*obstacles, *(disc_box(tag) for tag in tags)]
    crowd = [
        sum(
            1
            for other in tags
            if other is not tag
            and hypot(other.anchor[0] - tag.anchor[0], other.anchor[1] - tag.anchor[1]) < 3 * tag.size[1]
        )
        for tag in tags
    ]
    chosen: dict[int, Placed] = {}
    for index in sorted(range(len(tags)), key=lambda index: -crowd[index]):
        chosen[index] = _choose(tags[index], blocked, bounds)
        blocked.append(chosen[index].box)
    return [chosen[index] for index in range(len(tags))]


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def _choose(tag: Tag, blocked: list[Box], bounds: Box) -> Placed:
    fallback: Placed | None = None
    for ring in range(RINGS):
        for direction in ORDER:
            box, leader = _spot(tag, ring, direction)
            if not _inside(box, bounds):
                continue
            if fallback is None:
                fallback = Placed(box, leader)
            if not any(_overlaps(box, other) for other in blocked):
                return Placed(box, leader)
    assert fallback is not None, "a tag has no spot on the battlefield"
    return fallback


def leader_line(anchor: tuple[int, int], radius: int, box: Box) -> tuple[tuple[int, int], tuple[int, int]]:
    """From the model's edge to the nearest point of its tag."""
    near = (min(max(anchor[0], box[0]), box[2]), min(max(anchor[1], box[1]), box[3]))
    length = max(hypot(near[0] - anchor[0], near[1] - anchor[1]), 1)
    start = (
        round(anchor[0] + (near[0] - anchor[0]) * radius / length),
        round(anchor[1] + (near[1] - anchor[1]) * radius / length),
    )
    return start, near
