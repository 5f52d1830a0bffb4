"""Where things may go during setup: the seeded terrain layout and its edits (SU-1, A14), objective
points (SU-7, A14, 3.6) and deployment cells (SU-8, 2.2), with the suggestions a player is offered
and the prompts' defaults take.

Every check returns the reason a choice is refused, or None; ``setup.py`` and ``legal.py`` build the
legal actions from the same checks.
"""

from __future__ import annotations

from math import hypot

from rules.core.rng import Rng
from rules.core.text import Name, Text
from rules.primetime.content import character, settings
from rules.primetime.geometry import BOARD_SIZE, Cell, Point, distance_to_point
from rules.primetime.names import in_a_list, location_name, point_word, terrain_name
from rules.primetime.scenario import Shape, Zone, location, scenario
from rules.primetime.state import PlacementKind, PrimeTimeState
from rules.primetime.terrain import TerrainKind, TerrainPiece, terrain_of

DEFAULT_ZONES = location("namek_plains").zones
"""A14: terrain is placed before the Location is known; the seeded layout keeps out of the default
8" zones (a piece players add may go in one: SU-1's "unless both agree")."""
SPACING = 6
"""3.6: placed objectives are at least 6" apart (and Dragon Ball Hunt's 6" from the zones)."""
SUGGESTIONS = 24
"""4.1: a select offers up to 24 suggested positions."""
LAYOUT_ATTEMPTS = 200


# SU-1: terrain.


def _apart(a: TerrainPiece, b: TerrainPiece, gap: int) -> bool:
    """Whether the two pieces are at least ``gap`` inches apart on one axis (0: they do not overlap)."""
    return (
        a.x + a.width + gap <= b.x
        or b.x + b.width + gap <= a.x
        or a.y + a.height + gap <= b.y
        or b.y + b.height + gap <= a.y
    )


def _mirror(piece: TerrainPiece) -> TerrainPiece:
    """The piece turned half a turn about the centre point 15,15 (2.2 Points)."""
    return piece.model_copy(
        update={"x": BOARD_SIZE - piece.x - piece.width, "y": BOARD_SIZE - piece.y - piece.height}
    )


def _band(shape: Shape) -> tuple[range, range]:
    """The anchors that keep a piece of this shape on the board and out of the default zones."""
    south, north = DEFAULT_ZONES
    return (
        range(0, BOARD_SIZE - shape.width + 1),
        range(south.y + south.height, north.y - shape.height + 1),
    )


def _anchors(shape: Shape) -> tuple[range, range]:
    """The anchors that keep a piece of this shape on the board. SU-1: a piece may stand in a
    deployment zone when both players agree, and both accepting the layout is that agreement."""
    return range(0, BOARD_SIZE - shape.width + 1), range(0, BOARD_SIZE - shape.height + 1)


def shape_words() -> Text | Name:
    """The standard shapes, for people: "Spire 2x2, Mesa 3x3, Ruins 4x2 or 2x4, …"."""
    sizes: dict[TerrainKind, list[str]] = {}
    for shape in scenario().terrain.shapes:
        sizes.setdefault(shape.kind, []).append(f"{shape.width}x{shape.height}")
    shapes: list[Text | Name] = []
    for kind, found in sizes.items():
        one = Text("{terrain} {size}", terrain=terrain_name(kind), size=found[0])
        for size in found[1:]:
            one = Text("{earlier} or {size}", earlier=one, size=size)
        shapes.append(one)
    return in_a_list(shapes)


def piece_words(number: int, piece: TerrainPiece) -> Text:
    """A layout piece as players see it in_a_list: "piece 3, the Ruins at 13,8" (numbered from 1)."""
    return Text(
        "piece {number}, the {terrain} at {point}",
        number=number,
        terrain=terrain_name(piece.kind),
        point=point_word((piece.x, piece.y)),
    )


def _overlapping(layout: tuple[TerrainPiece, ...], x: int, y: int, width: int, height: int) -> int | None:
    """The index of the first piece the rectangle shares a cell with, if any."""
    for index, other in enumerate(layout):
        if (
            x < other.x + other.width
            and other.x < x + width
            and y < other.y + other.height
            and other.y < y + height
        ):
            return index
    return None


def generate_layout(rng: Rng) -> tuple[TerrainPiece, ...]:
    """A seeded legal layout: pairs of pieces mirrored through the centre, 1" apart, none in the
    default zones, so neither side starts with the better ground."""
    rules = scenario().terrain
    for _ in range(LAYOUT_ATTEMPTS):
        pieces: list[TerrainPiece] = []
        for _ in range(rules.pieces // 2):
            shape = rng.choice(list(rules.shapes))
            xs, ys = _band(shape)
            piece = TerrainPiece(
                kind=shape.kind,
                x=rng.choice(list(xs)),
                y=rng.choice(list(ys)),
                width=shape.width,
                height=shape.height,
            )
            twin = _mirror(piece)
            if _apart(piece, twin, 1) and all(_apart(new, old, 1) for new in (piece, twin) for old in pieces):
                pieces.extend((piece, twin))
        if len(pieces) == rules.pieces - rules.pieces % 2:
            return tuple(pieces)
    raise RuntimeError("no terrain layout found")


def place_terrain_problem(state: PrimeTimeState, shape: Shape, x: int, y: int) -> Text | None:
    rules = scenario().terrain
    if shape not in rules.shapes:
        return Text("Pieces come in standard shapes only: {shapes}.", shapes=shape_words())
    if len(state.terrain) >= rules.max_pieces:
        return Text(
            "The layout already has {max_pieces} pieces, the most it may hold.", max_pieces=rules.max_pieces
        )
    xs, ys = _anchors(shape)
    if x not in xs or y not in ys:
        return Text(
            "A {width}x{height} piece with its south-west corner at {x},{y} would leave the board: that "
            "corner goes at 0 to {last_x} across and 0 to {last_y} up.",
            width=shape.width,
            height=shape.height,
            x=x,
            y=y,
            last_x=xs[-1],
            last_y=ys[-1],
        )
    overlapped = _overlapping(state.terrain, x, y, shape.width, shape.height)
    if overlapped is not None:
        return Text("It would overlap {piece}.", piece=piece_words(overlapped + 1, state.terrain[overlapped]))
    return None


def placeable(state: PrimeTimeState, shape: Shape, x: int, y: int) -> bool:
    """Whether the piece may be added: the predicate ``terrain_placements`` lists by."""
    rules = scenario().terrain
    if shape not in rules.shapes or len(state.terrain) >= rules.max_pieces:
        return False
    return _free_anchor(state, shape, x, y)


def _free_anchor(state: PrimeTimeState, shape: Shape, x: int, y: int) -> bool:
    xs, ys = _anchors(shape)
    return x in xs and y in ys and _overlapping(state.terrain, x, y, shape.width, shape.height) is None


def terrain_placements(state: PrimeTimeState) -> list[tuple[Shape, int, int]]:
    """Every legal added piece: each standard shape at each free anchor, in a zone or not (SU-1),
    by the predicate of ``placeable`` (the shape being a standard one by construction)."""
    rules = scenario().terrain
    if len(state.terrain) >= rules.max_pieces:
        return []
    found = []
    for shape in rules.shapes:
        xs, ys = _anchors(shape)
        found.extend((shape, x, y) for y in ys for x in xs if _free_anchor(state, shape, x, y))
    return found


def remove_terrain_problem(state: PrimeTimeState, index: int) -> Text | None:
    """``index`` counts from 0; players see the pieces numbered from 1."""
    count = len(state.terrain)
    if not 0 <= index < count:
        return Text(
            "There is no piece {number}: the pieces are numbered 1 to {count}.", number=index + 1, count=count
        )
    if count <= scenario().terrain.min_pieces:
        return Text(
            "The layout needs at least {min_pieces} pieces, so none can be removed.",
            min_pieces=scenario().terrain.min_pieces,
        )
    return None


# SU-4: the Location's changes.


def clearing_reason(location_id: str, piece: TerrainPiece) -> Text | None:
    """A14: why the Location removes an accepted piece (its zones, its Ring or its own terrain
    overlap it), in words for people; None when the piece stays."""
    place = location(location_id)
    if any(zone.overlaps(piece) for zone in place.zones):
        return Text("it lies in a deployment zone")
    if place.ring is not None and place.ring.overlaps(piece):
        return Text("it lies in the Ring")
    feature = next((feature for feature in place.features if feature.overlaps(piece)), None)
    if feature is not None:
        return Text(
            "it overlaps the {label} of {place}",
            label=terrain_name(feature.kind),
            place=location_name(place.id),
        )
    return None


def cleared_layout(
    location_id: str, layout: tuple[TerrainPiece, ...]
) -> tuple[list[TerrainPiece], list[TerrainPiece]]:
    """A14: the pieces that stay and those that overlap the Location's zones, Ring or own terrain."""
    kept = [piece for piece in layout if clearing_reason(location_id, piece) is None]
    removed = [piece for piece in layout if piece not in kept]
    return kept, removed


# SU-7: objectives.


def blocked(state: PrimeTimeState, point: Point) -> bool:
    """A14: a point in or on the edge of terrain impassable at Ground (a Spire or a Mesa)."""
    return any(
        piece.clearance() > 0
        and piece.x <= point[0] <= piece.x + piece.width
        and piece.y <= point[1] <= piece.y + piece.height
        for piece in state.terrain
    )


def _points() -> list[Point]:
    return [(x, y) for y in range(BOARD_SIZE + 1) for x in range(BOARD_SIZE + 1)]


def settle_fixed(state: PrimeTimeState, point: Point) -> Point:
    """A14: a fixed mission point on blocked ground moves to the nearest legal point (ties: 2.2)."""
    if not blocked(state, point):
        return point
    free = [other for other in _points() if not blocked(state, other) and other not in state.objectives]
    return min(
        free,
        key=lambda other: (round(hypot(other[0] - point[0], other[1] - point[1]), 9), other[1], other[0]),
    )


def _fits(state: PrimeTimeState, point: Point, kind: PlacementKind, limit: int) -> bool:
    if blocked(state, point) or point in state.objectives:
        return False
    if any(hypot(point[0] - x, point[1] - y) < limit for x, y in state.objectives):
        return False
    if kind == "dragon_ball":
        return all(zone.distance_to_point(point) >= limit for zone in state.zones)
    return not any(zone.contains_point(point) for zone in state.zones)


def placement_limit(state: PrimeTimeState, kind: PlacementKind) -> int:
    """3.6: 6", shrinking 1" at a time while no grid point qualifies."""
    limit = SPACING
    while limit > 0 and not any(_fits(state, point, kind, limit) for point in _points()):
        limit -= 1
    return limit


def objective_problem(state: PrimeTimeState, point: Point, kind: PlacementKind) -> Text | None:
    if not (0 <= point[0] <= BOARD_SIZE and 0 <= point[1] <= BOARD_SIZE):
        return Text("Objectives go on grid points 0 to 30 each way.")
    if blocked(state, point):
        return Text("No objective goes in or on the edge of a Spire or a Mesa.")
    limit = placement_limit(state, kind)
    if not _fits(state, point, kind, limit):
        if kind == "dragon_ball":
            return Text('Keep {limit}" from every objective and from both zones.', limit=limit)
        return Text('Keep {limit}" from every objective, outside both zones.', limit=limit)
    return None


def objective_points(state: PrimeTimeState, kind: PlacementKind) -> list[Point]:
    limit = placement_limit(state, kind)
    return [point for point in _points() if _fits(state, point, kind, limit)]


def _spread(ordered: list[Point], gap: float) -> list[Point]:
    """Up to ``SUGGESTIONS`` of the ordered positions, each ``gap`` inches from those already taken."""
    chosen: list[Point] = []
    for position in ordered:
        if all(hypot(position[0] - x, position[1] - y) >= gap for x, y in chosen):
            chosen.append(position)
            if len(chosen) == SUGGESTIONS:
                break
    return chosen


def edge_distance(point: Point) -> int:
    return min(point[0], BOARD_SIZE - point[0], point[1], BOARD_SIZE - point[1])


def objective_suggestions(state: PrimeTimeState, seat: int, kind: PlacementKind) -> list[Point]:
    """Legal points whose 3" zone of control lies on the board first, then nearest the placer's zone
    centre (the default takes the first); 3" apart."""
    own = state.zones[seat].centre()
    zoc = settings().zoc

    def key(point: Point) -> tuple[bool, float, int, int]:
        distance = round(hypot(point[0] - own[0], point[1] - own[1]), 9)
        return edge_distance(point) < zoc, distance, point[1], point[0]

    return _spread(sorted(objective_points(state, kind), key=key), 3)


# SU-8: deployment.


def deployed(state: PrimeTimeState, unit_id: str) -> bool:
    return state.find_unit(unit_id) is not None


def undeployed(state: PrimeTimeState, seat: int) -> list[str]:
    """The seat's models still to deploy, in roster order, as unit ids."""
    ids = [f"{model}-{seat}" for model in state.players[seat].models]
    return [unit_id for unit_id in ids if not deployed(state, unit_id)]


def deploy_problem(state: PrimeTimeState, seat: int, unit_id: str, cell: Cell, level: int) -> Text | None:
    if unit_id not in undeployed(state, seat):
        return Text("That is not one of your models waiting to deploy.")
    if not state.zones[seat].contains_cell(cell):
        return Text("{point} is outside your deployment zone.", point=point_word(cell))
    if state.zones[1 - seat].touches_cell(cell):
        return Text("No model may deploy in base contact with the enemy zone.")
    profile = character(unit_id.rsplit("-", 1)[0])
    if level not in (0, 1) or (level == 1 and not profile.has("fly")):
        return Text("Models deploy at Ground, or at L1 with Fly.")
    if not terrain_of(state.terrain).passable(cell, level):
        return Text("That cell is impassable at that altitude.")
    if any(unit.cell == cell for unit in state.units):
        return Text("That cell is taken.")
    return None


def deploy_cells(state: PrimeTimeState, seat: int, unit_id: str, level: int) -> list[Cell]:
    zone: Zone = state.zones[seat]
    return [cell for cell in zone.cells() if deploy_problem(state, seat, unit_id, cell, level) is None]


def deploy_suggestions(state: PrimeTimeState, seat: int, unit_id: str) -> list[Cell]:
    """Ground cells nearest an objective first (the default takes the first), 2" apart."""
    objectives = state.objectives or [(15, 15)]

    def key(cell: Cell) -> tuple[float, int, int]:
        return round(min(distance_to_point(cell, point) for point in objectives), 9), cell[1], cell[0]

    return _spread(sorted(deploy_cells(state, seat, unit_id, 0), key=key), 2)
