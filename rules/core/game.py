"""The contract every game engine follows, and the helpers they share.

A game is a pure reducer: ``new_game(options, seed)`` makes a state, ``legal_actions(state, player)``
lists what a player may do, ``apply(state, action)`` returns a new state and the events it caused
without touching its input, ``view(state, viewer)`` is what one player (or, for ``None``, the
public) may see, and ``outcome(state)`` tells whether the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from rules.core.errors import IllegalAction
from rules.core.events import Event

StateT = TypeVar("StateT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)

RECENT_EVENT_LIMIT = 30


class Outcome(BaseModel):
    """How a finished game ended: ``result`` is ``win``/``loss`` for co-op games or names a winner."""

    result: str
    reason: str
    winners: list[int] = []


@dataclass(frozen=True)
class Applied:
    """One move worked out already: ``apply(before, action)`` gave ``after`` and ``events``. The
    reducers are pure, so whoever applies ``action`` to that very ``before`` again may take these."""

    before: Any
    action: Any
    after: Any
    events: list[Event]


class GameRules(Protocol[StateT, ActionT]):
    name: str
    schema_version: int

    def new_game(self, options: Any, seed: int) -> StateT: ...

    def legal_actions(self, state: StateT, player: int) -> list[ActionT]: ...

    def apply(self, state: StateT, action: ActionT) -> tuple[StateT, list[Event]]: ...

    def view(self, state: StateT, viewer: int | None) -> BaseModel: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def parse_action(self, data: dict[str, Any]) -> ActionT: ...

    def dump_state(self, state: StateT) -> str: ...

    def load_state(self, text: str) -> StateT: ...


def reduce_copy(
    state: StateT,
    mutate: Callable[[StateT, list[Event]], None],
    shared_lists: frozenset[str] = frozenset(),
) -> tuple[StateT, list[Event]]:
    """Runs ``mutate`` on a deep copy, so a rejection half-way leaves the caller's state untouched.

    The copy is a dump-and-validate round trip: pydantic-core does it several times faster than
    ``copy.deepcopy``, and states round-trip exactly by design. ``shared_lists`` names list fields
    whose items are frozen (such as the event log): the copy gets a new list holding the same items,
    which spares re-validating them on every action.
    """
    working = type(state).model_validate(state.model_dump(exclude=shared_lists))
    for name in shared_lists:
        setattr(working, name, list(getattr(state, name)))
    events: list[Event] = []
    mutate(working, events)
    return working, events


class StateCodec(Generic[StateT]):
    """JSON storage of a state with a schema version and migrations from older versions."""

    def __init__(
        self,
        model: type[StateT],
        version: int,
        migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
    ) -> None:
        self.model = model
        self.version = version
        self.migrations = migrations or {}

    def dump(self, state: StateT) -> str:
        return state.model_dump_json()

    def load(self, text: str) -> StateT:
        document = json.loads(text)
        found = document.get("schema_version", 0)
        while found < self.version:
            step = self.migrations.get(found)
            if step is None:
                raise IllegalAction(
                    "unknown_schema", f"This saved game uses schema {found}, which I cannot read."
                )
            document = step(document)
            found = document["schema_version"]
        if found != self.version:
            raise IllegalAction(
                "unknown_schema", f"This saved game uses schema {found}, newer than this bot."
            )
        return self.model.model_validate(document)
