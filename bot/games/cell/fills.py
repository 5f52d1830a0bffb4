"""The ways to pay with several dice: the sets of dice and tokens that cancel a threat, and those
that pay a Power Up.

Which sets fit is a question of faces alone (the rules' own ``faces_fit`` and ``cost_fits``), so the
sets are counted out by face, cheapest first: dice before tokens, Assists before Attacks and Dragon
Balls, Super Attacks (the most damage) last, a Wild token (any face) last of all. Each set kept is
then played through the engine's legal actions, which makes it a path (see ``paths``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product

from bot.games.cell.paths import FACE_EMOJI, TOKEN_EMOJI, Explorer, Path, source_kind
from rules.cell.actions import CellAction, Choose, Confirm, Spend
from rules.cell.content import FACES, Face, catalogue
from rules.cell.describe import describe
from rules.cell.queries import purchase_cost, spendable_sources
from rules.cell.selections import cost_fits
from rules.cell.state import CellState, Source
from rules.cell.threat_slots import faces_fit
from rules.core.text import Text

FACE_COST = {"assist": 1, "attack": 2, "dragon_ball": 2, "super_attack": 3}
TOKEN_COST = {"attack": 10, "super_attack": 10, "wild": 20}
MAX_WAYS = 6


@dataclass(frozen=True)
class Way:
    """One way to pay: its path from the state it was found in, the dice and tokens it uses (with
    the face each is spent as), and for a Power Up the confirmations it leaves (words, index)."""

    path: Path
    sources: tuple[Source, ...]
    emoji: str
    cost: int
    confirms: list[tuple[Text, int]] = field(default_factory=list)


@dataclass(frozen=True)
class _Kind:
    """Interchangeable dice or tokens in the player's hand: how many, and the faces they can be."""

    source: Source
    count: int
    faces: tuple[Face, ...]
    cost: int


def _kinds(state: CellState, seat: int) -> list[_Kind]:
    found: dict[tuple[object, ...], _Kind] = {}
    for source in spendable_sources(state, seat):
        if source.token == "wild":
            source = Source(token="wild", face=FACES[0])
        key = source_kind(state, source)
        if key in found:
            continue
        if source.die is not None:
            die = state.dice[source.die]
            count = sum(
                1
                for other in state.dice
                if (other.zone, other.holder, other.owner, other.face) == ("mat", seat, die.owner, die.face)
            )
            found[key] = _Kind(source, count, (die.face,), FACE_COST[die.face])  # type: ignore[arg-type]
        else:
            count = state.fighters[seat].tokens.count(source.token)  # type: ignore[arg-type]
            faces = FACES if source.token == "wild" else (source.face,)
            found[key] = _Kind(source, count, faces, TOKEN_COST[source.token])  # type: ignore[arg-type, index]
    return sorted(found.values(), key=lambda kind: kind.cost)


def _sets(kinds: list[_Kind], size: int) -> Iterator[tuple[int, list[Source]]]:
    """Every set of ``size`` dice and tokens from ``kinds``, as (cost, sources with their faces)."""
    for picked in combinations_with_replacement(range(len(kinds)), size):
        if any(picked.count(number) > kinds[number].count for number in set(picked)):
            continue
        chosen = [kinds[number] for number in picked]
        for faces in product(*(kind.faces for kind in chosen)):
            sources = [
                kind.source if kind.source.token != "wild" else Source(token="wild", face=face)
                for kind, face in zip(chosen, faces, strict=True)
            ]
            yield sum(kind.cost for kind in chosen), sources


def _best_sets(
    kinds: list[_Kind], size: int, fits: Callable[[tuple[Face, ...]], bool]
) -> list[tuple[int, list[Source]]]:
    seen: set[tuple[object, ...]] = set()
    found = []
    for cost, sources in _sets(kinds, size):
        faces = tuple(sorted(_face(source, kinds) for source in sources))
        key = tuple(sorted(map(str, sources)))
        if key not in seen and fits(faces):
            seen.add(key)
            found.append((cost, sources))
    found.sort(key=lambda found_set: found_set[0])
    return found[:MAX_WAYS]


def _face(source: Source, kinds: list[_Kind]) -> Face:
    if source.face is not None:
        return source.face
    return next(kind.faces[0] for kind in kinds if kind.source == source)


def _play(
    explorer: Explorer, prefix: Path, sources: list[Source], step: Callable[[CellAction], bool]
) -> tuple[Path, tuple[Source, ...]] | None:
    """Plays the set through the engine after ``prefix``, each die as the listed die of its kind;
    None if the engine refuses a step."""
    root = explorer.root
    path = prefix
    used = []
    for source in sources:
        kind = source_kind(root, source)
        index = explorer.find(
            path,
            lambda state, action, kind=kind: step(action) and source_kind(state, action.source) == kind,  # type: ignore[attr-defined]
        )
        if index is None:
            return None
        used.append(explorer.action(path, index).source)  # type: ignore[attr-defined]
        path = (*path, index)
    return path, tuple(used)


def emoji_of(state: CellState, sources: tuple[Source, ...]) -> str:
    """The dice and tokens as emoji, read in ``state``, where they are still in the player's hand."""
    return " ".join(
        TOKEN_EMOJI["wild"]
        if source.token == "wild"
        else FACE_EMOJI[source.face or state.dice[source.die].face]  # type: ignore[index]
        for source in sources
    )


def _played(
    explorer: Explorer,
    prefix: Path,
    found: list[tuple[int, list[Source]]],
    step: Callable[[CellAction], bool],
    wanted: int,
) -> list[Way]:
    """The first ``wanted`` sets the engine accepts, as ways."""
    ways = []
    for set_cost, sources in found:
        played = _play(explorer, prefix, sources, step)
        if played is not None:
            ways.append(Way(played[0], played[1], emoji_of(explorer.root, played[1]), set_cost))
            if len(ways) == wanted:
                break
    return ways


def threat_fills(explorer: Explorer, tile: int, wanted: int = MAX_WAYS) -> tuple[list[Way], Way]:
    """Up to ``wanted`` ways to cancel the threat (cheapest first), and the most dice that fit on it
    at once, complete or not."""
    state = explorer.root
    threat = state.active_threat(tile)
    cost = tuple(catalogue().threats[tile].cost)
    placed = [placement.face for placement in threat.placed] if threat is not None else []

    def step(action: CellAction) -> bool:
        return isinstance(action, Spend) and action.use == "cancel" and action.target == tile

    nothing = Way((), (), "", 0)
    if threat is None or not any(step(action) for action in explorer.legal()):
        return [], nothing
    kinds = _kinds(state, explorer.seat)
    missing = len(cost) - len(placed)
    for size in range(min(missing, sum(kind.count for kind in kinds)), 0, -1):
        found = _best_sets(kinds, size, lambda faces: faces_fit(cost, tuple(sorted([*placed, *faces]))))
        ways = _played(explorer, (), found, step, wanted if size == missing else 1)
        if ways:
            return (ways if size == missing else []), ways[0]
    return [], nothing


def payments(explorer: Explorer, start: int, wanted: int = MAX_WAYS) -> list[Way]:
    """Up to ``wanted`` ways to pay the Power Up that legal action ``start`` begins to buy or use,
    cheapest first, each with the confirmations it leaves to choose from."""
    state, seat = explorer.root, explorer.seat
    action = explorer.legal()[start]
    tile = catalogue().power_ups[action.tile]  # type: ignore[attr-defined]
    cost = (
        ["assist"] * purchase_cost(state, seat, tile.id)
        if action.purpose == "buy"  # type: ignore[attr-defined]
        else list(tile.activation_cost)
    )
    found = _best_sets(_kinds(state, seat), len(cost), lambda faces: cost_fits(cost, list(faces)))
    ways = []
    for way in _played(explorer, (start,), found, lambda step: isinstance(step, Choose), MAX_WAYS):
        confirms = [
            (describe(explorer.state(way.path), confirm), index)
            for index, confirm in enumerate(explorer.legal(way.path))
            if isinstance(confirm, Confirm)
        ]
        if confirms:
            ways.append(Way(way.path, way.sources, way.emoji, way.cost, confirms))
            if len(ways) == wanted:
                break
    return ways
