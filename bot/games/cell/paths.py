"""Perfect Cell decisions as paths through ``legal_actions``, and the emoji the controls use (their words:
``speech``).

A control that makes several moves at once (a threat canceled with three dice, a Power Up bought and
paid) carries a *path*: the index of its first action in ``legal_actions`` of the board's state, then
the index of the next action in the state the first leads to, and so on. The engine is a pure reducer
whose randomness lives in the state, so a path drawn on a board version means the same moves whenever
it is played on that version, and each of its moves is one the engine lists as legal at that point.

An option that spends every die of a face the same way carries a *repeat* instead (``repeat_text``):
the index of the first spend, then the same spend with each further die of that face while the
engine allows it. Its path is worked out when it is played (``choice_path``): a board shows many
such options, and the index of each further step is only known once every legal action before it
in that state has been checked, while the spends themselves are found die by die (``repeat_spend``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.cell.actions import CellAction, EndTurn, Roll, Spend
from rules.cell.content import Face
from rules.cell.engine import apply, is_legal, iter_legal_actions, legal_actions
from rules.cell.queries import spendable_sources
from rules.cell.state import CellState, Source
from rules.core.errors import IllegalAction
from rules.core.game import Applied
from rules.core.text import Text

FACE_EMOJI = {"dragon_ball": "🐉", "assist": "🤝", "attack": "👊", "super_attack": "💥"}
TOKEN_EMOJI = {"attack": "👊", "super_attack": "💥", "wild": "🌟"}

Path = tuple[int, ...]
# Longer paths would not fit in a custom id (100 characters with the game id and version).
MAX_PATH_STEPS = 16
_PATH = re.compile(rf"\d{{1,3}}(?:\.\d{{1,3}}){{0,{MAX_PATH_STEPS - 1}}}")
REPEAT_MARK = "*"
_REPEAT = re.compile(rf"(\d{{1,3}}){re.escape(REPEAT_MARK)}")
STALE_CHOICE = IllegalAction("stale_choice", Text("That choice isn't available any more."))


def path_text(path: Path) -> str:
    return ".".join(str(index) for index in path)


def parse_path(text: str) -> Path | None:
    """The path a control carries, or None when the text is not one."""
    if not _PATH.fullmatch(text):
        return None
    return tuple(int(index) for index in text.split("."))


def repeat_text(index: int) -> str:
    """The value of an option that spends the die at ``index`` of ``legal_actions``, then every further
    die of its face the same way (see ``repeat_spend``)."""
    return f"{index}{REPEAT_MARK}"


@dataclass(frozen=True)
class Repeat:
    """A spend made again with each further die of its face: ``states[k]`` is the state before
    ``spends[k]``, and the last of ``states`` the one after every spend."""

    spends: list[Spend]
    states: list[CellState]


def repeat_spend(state: CellState, seat: int, first: Spend) -> Repeat:
    """``first``, then the same spend with each further die of its face (of any owner) while it stays
    legal: at each step the first such die in the order ``legal_actions`` lists them, so the path
    these spends make (``choice_path``) plays exactly them."""
    assert first.source.die is not None
    kind = source_kind(state, first.source, owners=False)
    spends, states = [first], [state]
    current, _ = apply(state, first)
    while True:
        following = next(
            (
                spend
                for source in spendable_sources(current, seat, one_per_kind=True)
                if source.die is not None and source_kind(current, source, owners=False) == kind
                for spend in [first.model_copy(update={"source": source})]
                if is_legal(current, spend)
            ),
            None,
        )
        states.append(current)
        if following is None:
            return Repeat(spends, states)
        spends.append(following)
        current, _ = apply(current, following)


def choice_path(state: CellState, seat: int, text: str) -> Path | None:
    """The path an option's value names (a path, or a repeat worked out on ``state``), or None when
    the text is neither or its repeat does not start with a die's spend."""
    repeat = _REPEAT.fullmatch(text)
    if repeat is None:
        return parse_path(text)
    index = int(repeat[1])
    legal = legal_actions(state, seat)
    first = legal[index] if index < len(legal) else None
    if not isinstance(first, Spend) or first.source.die is None:
        return None
    spends = repeat_spend(state, seat, first)
    path = [index]
    for before, spend in zip(spends.states[1:-1], spends.spends[1:], strict=True):
        path.append(legal_actions(before, seat).index(spend))
    return tuple(path)


def follow(state: CellState, seat: int, path: Path) -> tuple[list[CellAction], CellState]:
    """The actions a path names and the state it leads to. Raises IllegalAction when a step is not a
    legal action at that point, or when a path of several moves would roll or end the turn (those are
    decisions of their own)."""
    steps = follow_steps(state, seat, path)
    return [step.action for step in steps], steps[-1].after if steps else state


def follow_steps(state: CellState, seat: int, path: Path) -> list[Applied]:
    """``follow``, move by move: each action with the state it was applied to, the state it led to
    and its events, for the service to save as they are (``Applied``)."""
    steps: list[Applied] = []
    for index in path:
        legal = legal_actions(state, seat)
        if index >= len(legal):
            raise STALE_CHOICE
        action = legal[index]
        if len(path) > 1 and isinstance(action, Roll | EndTurn):
            raise STALE_CHOICE
        after, events = apply(state, action)
        steps.append(Applied(state, action, after, events))
        state = after
    return steps


class Explorer:
    """The states a board's paths lead to and their legal actions, each worked out once: the options
    of one board share their first steps, and the root's legal actions are asked for by every menu.
    A search for one action (``find``) checks the candidates only up to it; the whole list of a state
    is worked out when something asks for it."""

    def __init__(self, state: CellState, seat: int) -> None:
        self.root = state
        self.seat = seat
        self._states: dict[Path, CellState] = {(): state}
        self._legal: dict[Path, list[CellAction]] = {}
        self._found: dict[Path, CellAction] = {}

    def state(self, path: Path) -> CellState:
        found = self._states.get(path)
        if found is None:
            found, _ = apply(self.state(path[:-1]), self.action(path[:-1], path[-1]))
            self._states[path] = found
        return found

    def legal(self, path: Path = ()) -> list[CellAction]:
        found = self._legal.get(path)
        if found is None:
            found = self._legal[path] = legal_actions(self.state(path), self.seat)
        return found

    def action(self, path: Path, index: int) -> CellAction:
        """The legal action at ``index`` after ``path``."""
        found = self._found.get((*path, index))
        return found if found is not None else self.legal(path)[index]

    def find(self, path: Path, wanted: Callable[[CellState, CellAction], bool]) -> int | None:
        """The index of the first legal action after ``path`` that ``wanted`` accepts."""
        state = self.state(path)
        known = self._legal.get(path)
        actions = known if known is not None else iter_legal_actions(state, self.seat)
        for index, action in enumerate(actions):
            if wanted(state, action):
                self._found[(*path, index)] = action
                return index
        return None


# Kinds: dice of one owner showing one face are interchangeable (the engine lists one of them).


def source_kind(state: CellState, source: Source, owners: bool = True) -> tuple[Any, ...]:
    if source.die is not None:
        die = state.dice[source.die]
        return ("die", die.face, die.zone, die.threat, die.owner if owners else None)
    return ("token", source.token, source.face)


def action_kind(state: CellState, action: CellAction, owners: bool = True) -> tuple[Any, ...]:
    """The action with its dice replaced by their kind: two actions of one kind do the same."""
    fields = action.model_dump()
    if "source" in fields:
        fields["source"] = source_kind(state, action.source, owners)  # type: ignore[union-attr]
    for name in ("burn", "die"):
        if fields.get(name) is not None:
            fields[name] = source_kind(state, Source(die=fields[name]), owners)
    return tuple(sorted((name, str(value)) for name, value in fields.items()))


def source_face(state: CellState, source: Source) -> Face:
    if source.die is not None:
        face = state.dice[source.die].face
        assert face is not None
        return face
    assert source.face is not None
    return source.face


def source_emoji(state: CellState, source: Source) -> str:
    if source.token == "wild":
        return TOKEN_EMOJI["wild"]
    return FACE_EMOJI[source_face(state, source)]
