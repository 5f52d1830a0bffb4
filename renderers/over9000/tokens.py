"""Over 9000's tokens as pictures: a face-up token's icon and word, a face-down token's back.

Every kind has its own shape, so nothing depends on colour alone: a Kick is a boot, a Punch a
fist, a High Blast a burst of ki, a defense a shield with its attack cut out of it, a Power-Up an
arrow pointing up and a Dragon Ball a disc with a star. Attacks, Power-Ups and Dragon Balls are
solid tiles; defenses are outlined tiles. A face-down token is a plain coin with a question mark:
the public image never knows what it is. Every sprite is drawn once per size and cached.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.common import RGB, Colour, antialiased, blend, font, ink_on, star_points
from renderers.drawing import drawing
from rules.over9000.content import DEFENSE_FOR

Box = tuple[float, float, float, float]

COIN_BACK = (58, 66, 86)
COIN_RIM = (150, 160, 178)

ATTACK_COLOURS: dict[str, RGB] = {
    "kick": Colour.SKY,
    "punch": Colour.VERMILLION,
    "blast": Colour.YELLOW,
}
_ATTACK_OF_DEFENSE = {defense: attack for attack, defense in DEFENSE_FOR.items()}


def kind_colour(kind: str) -> RGB:
    attack = _ATTACK_OF_DEFENSE.get(kind, kind)
    if attack in ATTACK_COLOURS:
        return ATTACK_COLOURS[attack]
    return {"power_up": Colour.BLUISH_GREEN, "dragon_ball": Colour.ORANGE}[kind]


def is_defense(kind: str) -> bool:
    return kind in _ATTACK_OF_DEFENSE


def defense_fill(kind: str) -> RGB:
    """A defense tile is dark, tinted with its attack's colour, so it reads as the outlined twin."""
    return blend(Colour.INSET, kind_colour(kind), 0.22)


def _at(box: Box, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Maps points given in the unit square onto ``box``."""
    x0, y0, x1, y1 = box
    return [(x0 + (x1 - x0) * u, y0 + (y1 - y0) * v) for u, v in points]


def _scaled(box: Box, u0: float, v0: float, u1: float, v1: float) -> Box:
    (left, top), (right, bottom) = _at(box, [(u0, v0), (u1, v1)])
    return (left, top, right, bottom)


def _boot(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    shaft = [(0.24, 0.0), (0.64, 0.0), (0.64, 0.5), (0.8, 0.58), (0.8, 1.0), (0.24, 1.0)]
    draw.polygon(_at(box, shaft), fill=ink)
    draw.ellipse(_scaled(box, 0.56, 0.58, 1.0, 1.0), fill=ink)
    draw.rectangle(_scaled(box, 0.24, 0.86, 0.8, 1.0), fill=ink)


def _fist(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, hole: RGB) -> None:
    width = box[2] - box[0]
    draw.rounded_rectangle(_scaled(box, 0.1, 0.3, 0.9, 0.98), width * 0.16, fill=ink)
    for centre in (0.22, 0.41, 0.6, 0.79):
        draw.ellipse(_scaled(box, centre - 0.12, 0.1, centre + 0.12, 0.44), fill=ink)
    line = max(1, round(width * 0.07))
    for centre in (0.32, 0.51, 0.7):
        draw.line(_at(box, [(centre, 0.22), (centre, 0.42)]), fill=hole, width=line)
    draw.line(_at(box, [(0.16, 0.66), (0.6, 0.66)]), fill=hole, width=line)


def _burst(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, hole: RGB) -> None:
    x0, y0, x1, y1 = box
    centre, radius = ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2
    draw.polygon(star_points(centre, radius, radius * 0.55, 10), fill=ink)
    core = radius * 0.26
    draw.ellipse((centre[0] - core, centre[1] - core, centre[0] + core, centre[1] + core), fill=hole)


def _arrow_up(draw: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    draw.polygon(
        _at(box, [(0.5, 0.0), (0.98, 0.5), (0.68, 0.5), (0.68, 1.0), (0.32, 1.0), (0.32, 0.5), (0.02, 0.5)]),
        fill=ink,
    )


def _dragon_ball(draw: ImageDraw.ImageDraw, box: Box, ink: RGB, hole: RGB) -> None:
    x0, y0, x1, y1 = box
    draw.ellipse(box, fill=ink)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2 + (y1 - y0) * 0.03)
    draw.polygon(star_points(centre, (x1 - x0) * 0.34, (x1 - x0) * 0.14, 5), fill=hole)


_SHIELD = [
    (0.06, 0.04),
    (0.5, 0.0),
    (0.94, 0.04),
    (0.94, 0.5),
    (0.8, 0.76),
    (0.5, 1.0),
    (0.2, 0.76),
    (0.06, 0.5),
]


def draw_icon(draw: ImageDraw.ImageDraw, kind: str, box: Box, ink: RGB, hole: RGB) -> None:
    """Draws ``kind``'s symbol filling ``box``; ``hole`` is the colour behind it, for cut-outs."""
    if kind in _ATTACK_OF_DEFENSE:
        draw.polygon(_at(box, _SHIELD), fill=ink)
        draw_icon(draw, _ATTACK_OF_DEFENSE[kind], _scaled(box, 0.24, 0.16, 0.76, 0.68), hole, ink)
    elif kind == "kick":
        _boot(draw, box, ink)
    elif kind == "punch":
        _fist(draw, box, ink, hole)
    elif kind == "blast":
        _burst(draw, box, ink, hole)
    elif kind == "power_up":
        _arrow_up(draw, box, ink)
    elif kind == "dragon_ball":
        _dragon_ball(draw, box, ink, hole)
    else:
        raise ValueError(f"unknown token kind {kind}")


@cache
def icon(kind: str, size: int, ink: RGB, hole: RGB) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw_icon(draw, kind, (0, 0, side, side), ink, hole)

    return antialiased((size, size), paint)


@cache
def token_tile(kind: str, size: int, background: RGB) -> Image.Image:
    """A revealed token: its icon on a tile (solid for attacks, Power-Ups and Dragon Balls, dark
    with a coloured edge for defenses), on ``background`` (for the corners). The board's key names
    each icon."""
    tile = Image.new("RGB", (size, size), background)
    draw = drawing(tile)
    colour = kind_colour(kind)
    if is_defense(kind):
        fill, edge, icon_ink = defense_fill(kind), colour, colour
    else:
        fill, edge, icon_ink = colour, Colour.INK, ink_on(colour)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), size // 5, fill=fill, outline=edge, width=3)
    inner = round(size * 0.68)
    sprite = icon(kind, inner, icon_ink, fill)
    tile.paste(sprite, ((size - inner) // 2, (size - inner) // 2), sprite)
    return tile


@cache
def coin(size: int, marked: bool = True) -> Image.Image:
    """A face-down token: the same back for every kind; ``marked`` adds the question mark (a token
    lying under another shows only its rim)."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        rim = side * 0.08
        draw.ellipse((0, 0, side - 1, side - 1), fill=Colour.INK)
        draw.ellipse((rim * 0.5, rim * 0.5, side - 1 - rim * 0.5, side - 1 - rim * 0.5), fill=COIN_RIM)
        draw.ellipse((rim * 1.5, rim * 1.5, side - 1 - rim * 1.5, side - 1 - rim * 1.5), fill=COIN_BACK)
        if not marked:
            return
        typeface = font(round(side * 0.7), bold=True)
        draw.text((side / 2, side / 2), "?", font=typeface, fill=Colour.TEXT, anchor="mm")

    return antialiased((size, size), paint)


STACK_SHIFT = (8, -6)


@cache
def stack(count: int, size: int) -> Image.Image:
    """``count`` face-down tokens piled up, each a little up and to the right of the one below."""
    dx, dy = STACK_SHIFT
    layers = max(count, 1)
    width, height = size + dx * (layers - 1), size - dy * (layers - 1)
    pile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for layer in range(count):
        sprite = coin(size, marked=layer == count - 1)
        pile.alpha_composite(sprite, (dx * layer, height - size + dy * layer))
    return pile


@cache
def empty_socket(size: int, background: RGB) -> Image.Image:
    """Where a face-down token would lie: a faint ring."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        side = size * scale
        draw.ellipse(
            (0, 0, side - 1, side - 1),
            outline=blend(background, Colour.MUTED, 0.45),
            width=round(side * 0.05),
        )

    return antialiased((size, size), paint)
