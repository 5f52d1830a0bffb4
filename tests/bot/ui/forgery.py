"""Forged clicks made from real ones, as a tampered client sends them, and what a user may change.

``harvest`` collects every control the bot ever sent (from the request bodies the fake recorded, so
the controls of boards and panels since edited count too); ``Forger`` mutates them: other seats, other
games and versions, truncated or oversized ids, other scripts' digits, huge and negative numbers,
other component types, values on buttons and menus' values that were never offered. ``shown_to``
says which clicks a user could really make now: the only ones that may change anything.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tests.fakediscord.world import FakeUser, StoredMessage, World

BUTTON, STRING_SELECT = 2, 3
OTHER_COMPONENT_TYPES = (1, 4, 5, 6, 7, 8, 99)
# Digits of other scripts, superscripts and full-width forms: ``isdigit`` accepts them all.
ODD_DIGITS = ("²", "³", "\uff13", "\u0663", "\u0967", "\U0001d7d9", "\u2460")
ODD_NUMBERS = (
    str(2**63),
    str(2**63 - 1),
    str(2**64),
    str(10**30),
    "9" * 400,
    "-1",
    str(-(2**63)),
    "+1",
    " 1",
    "01",
    "1e3",
    "",
)


@dataclass(frozen=True)
class Drawn:
    """A control as the bot drew it: its custom id, type, and a menu's options and bounds."""

    custom_id: str
    kind: int
    options: tuple[str, ...] = ()
    min_values: int = 1
    max_values: int = 1


@dataclass(frozen=True)
class Click:
    custom_id: str
    kind: int
    values: tuple[str, ...] | None


def _components(body: Any) -> Iterator[dict[str, Any]]:
    if isinstance(body, dict):
        if isinstance(body.get("custom_id"), str) and body.get("type") in (BUTTON, STRING_SELECT):
            yield body
        for value in body.values():
            yield from _components(value)
    elif isinstance(body, list):
        for value in body:
            yield from _components(value)


def drawn(component: dict[str, Any]) -> Drawn:
    options = tuple(option["value"] for option in component.get("options", ()))
    return Drawn(
        component["custom_id"],
        component["type"],
        options,
        component.get("min_values", 1),
        component.get("max_values", 1),
    )


def harvest(bodies: list[Any]) -> list[Drawn]:
    """Every control in the request bodies, once each, in the order first sent."""
    found = dict.fromkeys(drawn(component) for body in bodies for component in _components(body))
    return list(found)


def shown_to(world: World, user: FakeUser) -> dict[int, list[dict[str, Any]]]:
    """The enabled controls of every message ``user`` sees now, by message id."""
    shown = {}
    for guild in world.guilds:
        for channel in guild.channels:
            for message in channel.messages.values():
                if message.visible_for(user):
                    shown[message.id] = [c for c in message.walk_components() if not c.get("disabled")]
    return shown


def could_make(
    shown: dict[int, list[dict[str, Any]]], ever_shown: set[str], on: StoredMessage, click: Click
) -> bool:
    """Whether an untampered client could send ``click``: a button the user sees or once saw (a late
    click on a message that changed meanwhile: ``ever_shown`` holds their buttons' custom ids), or
    choices a menu on that message offers."""
    if click.kind == BUTTON and click.values is None:
        return click.custom_id in ever_shown
    if click.kind != STRING_SELECT or click.values is None:
        return False
    for component in shown.get(on.id, []):
        if component["type"] == STRING_SELECT and component["custom_id"] == click.custom_id:
            menu = drawn(component)
            values = click.values
            return (
                set(values) <= set(menu.options)
                and len(set(values)) == len(values)
                and menu.min_values <= len(values) <= menu.max_values
            )
    return False


def buttons_of(shown: dict[int, list[dict[str, Any]]]) -> set[str]:
    return {c["custom_id"] for cs in shown.values() for c in cs if c["type"] == BUTTON}


class Forger:
    """Mutated clicks, from ``pool`` and the game ids in ``games``, drawn with a seeded RNG."""

    def __init__(self, pool: list[Drawn], games: list[int], seed: int) -> None:
        self.pool = pool
        self.games = games
        self.rng = random.Random(seed)
        ours = [drawn.custom_id.split(":") for drawn in pool if drawn.custom_id.count(":") >= 4]
        self.ops = sorted({parts[3] for parts in ours})
        self.args = [parts[4] for parts in ours]
        self.values = sorted({value for drawn in pool for value in drawn.options})

    def click(self) -> Click:
        original = self.rng.choice(self.pool)
        click = Click(original.custom_id, original.kind, self._fair_values(original))
        for _ in range(self.rng.choice((0, 1, 1, 2, 3))):
            click = self.rng.choice(self._mutations)(self, click)
        return click

    def _fair_values(self, drawn: Drawn) -> tuple[str, ...] | None:
        if drawn.kind != STRING_SELECT:
            return None
        count = max(drawn.min_values, 1) if drawn.options else 0
        return tuple(self.rng.sample(drawn.options, min(count, len(drawn.options))))

    # Mutations of one field of the id, or of how it is sent.

    def _parts(self, click: Click) -> list[str]:
        return click.custom_id.split(":")

    def _with_part(self, click: Click, index: int, text: str) -> Click:
        parts = self._parts(click)
        if index >= len(parts):
            parts.extend([""] * (index + 1 - len(parts)))
        parts[index] = text
        return Click(":".join(parts), click.kind, click.values)

    def _other_game(self, click: Click) -> Click:
        game = self.rng.choice([*self.games, 0, max(self.games) + 1, 2**63 - 1])
        return self._with_part(click, 1, str(game))

    def _other_version(self, click: Click) -> Click:
        parts = self._parts(click)
        current = int(parts[2]) if len(parts) > 2 and parts[2].isascii() and parts[2].isdigit() else 0
        return self._with_part(click, 2, str(max(0, current + self.rng.choice((-2, -1, 1, 2, 50)))))

    def _other_seat(self, click: Click) -> Click:
        parts = self._parts(click)
        seat = self.rng.choice(("0", "1", "2", "3", "9", "99"))
        if len(parts) == 6 and self.rng.random() < 0.3:
            return Click(":".join(parts[:5]), click.kind, click.values)
        return self._with_part(click, 5, seat)

    def _other_op(self, click: Click) -> Click:
        return self._with_part(click, 3, self.rng.choice(self.ops))

    def _other_arg(self, click: Click) -> Click:
        return self._with_part(click, 4, self.rng.choice(self.args))

    def _truncated(self, click: Click) -> Click:
        cut = self.rng.randrange(len(click.custom_id)) if click.custom_id else 0
        return Click(click.custom_id[:cut], click.kind, click.values)

    def _oversized(self, click: Click) -> Click:
        tail = self.rng.choice(("x" * 120, ".0" * 60, "9" * 90, ":" + "1" * 30, "." + "a" * 10))
        return Click(click.custom_id + tail, click.kind, click.values)

    def _odd_digit(self, click: Click) -> Click:
        positions = [index for index, char in enumerate(click.custom_id) if char.isdigit()]
        if not positions:
            return click
        at = self.rng.choice(positions)
        text = click.custom_id[:at] + self.rng.choice(ODD_DIGITS) + click.custom_id[at + 1 :]
        return Click(text, click.kind, click.values)

    def _odd_number(self, click: Click) -> Click:
        return self._with_part(click, self.rng.choice((1, 2, 4, 5)), self.rng.choice(ODD_NUMBERS))

    def _odd_index(self, click: Click) -> Click:
        parts = self._parts(click)
        if len(parts) < 5:
            return click
        fields = parts[4].split(".")
        fields[self.rng.randrange(len(fields))] = self.rng.choice(ODD_NUMBERS + ODD_DIGITS)
        return self._with_part(click, 4, ".".join(fields))

    def _other_type(self, click: Click) -> Click:
        kind = self.rng.choice((BUTTON, STRING_SELECT, *OTHER_COMPONENT_TYPES))
        values = None if kind == BUTTON and self.rng.random() < 0.5 else (click.values or ("0",))
        return Click(click.custom_id, kind, values)

    def _odd_values(self, click: Click) -> Click:
        choices = (
            (),
            (self.rng.choice(self.values),) if self.values else ("0",),
            tuple(self.rng.sample(self.values, min(3, len(self.values)))),
            (click.values or ("0",)) * 2,
            ("x" * 3000,),
            (self.rng.choice(ODD_NUMBERS + ODD_DIGITS),),
        )
        return Click(click.custom_id, click.kind, self.rng.choice(choices))

    def _prefix(self, click: Click) -> Click:
        return self._with_part(click, 0, self.rng.choice(("gb", "gs", "gx", "GB", "g", "")))

    _mutations = (
        _other_game,
        _other_version,
        _other_seat,
        _other_op,
        _other_arg,
        _truncated,
        _oversized,
        _odd_digit,
        _odd_number,
        _odd_index,
        _other_type,
        _odd_values,
        _prefix,
    )
