"""What every rule function of one ``apply`` shares: the working state, the events, and the dice.

Dice come from the state's seeded generator unless a test injects a ``roller`` (a callable giving
the next D20), so a test can force any roll without knowing the generator's sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Name, Plural, Text
from rules.primetime.state import PrimeTimeState

Roller = Callable[[], int]


@dataclass
class Ctx:
    state: PrimeTimeState
    events: list[Event] = field(default_factory=list)
    roller: Roller | None = None

    def d20(self, who: str | Name, unit: str | None = None) -> int:
        """One D20, logged as a public ``rolled`` event (chance outcomes are recorded)."""
        value = self.roller() if self.roller is not None else self.state.rng.below(20) + 1
        if not 1 <= value <= 20:
            raise ValueError(f"a D20 cannot roll {value}")
        self.say("rolled", Text("{who} rolls {value}", who=who, value=value), unit=unit, value=value)
        return value

    def say(
        self,
        kind: str,
        text: Text | Plural,
        actor: int | None = None,
        visible_to: list[int] | None = None,
        **data: object,
    ) -> None:
        self.events.append(Event(kind=kind, text=text, actor=actor, data=dict(data), visible_to=visible_to))


class Dice:
    """A roller that plays back fixed D20 results, for tests; running out is an error."""

    def __init__(self, values: Iterable[int]) -> None:
        self.values = list(values)

    def __call__(self) -> int:
        if not self.values:
            raise AssertionError("the test ran out of forced dice")
        return self.values.pop(0)


def reject(code: str, message: Text | Plural) -> IllegalAction:

    return IllegalAction(code, message)
