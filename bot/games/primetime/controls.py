"""What every Prime Time control builder shares: where the controls go (``Controls``), menu options
for actions, paged menus of at most 25 options, and suggested cells for a model to go to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.primetime.codes import (
    action_code,
    action_label,
)
from bot.games.primetime.speech import Speaker
from bot.ui.components import button, select
from rules.primetime.actions import (
    PrimeTimeAction,
)
from rules.primetime.geometry import Cell, distance, distance_to_point
from rules.primetime.state import PrimeTimeState

PAGE = 25
SUGGESTIONS = 24


@dataclass(frozen=True)
class Controls:
    """Where the controls go: the game, the version they carry, the op that plays an action and, on a
    private panel, the seat it was drawn for (None on the public board); ``names`` are the players'
    names in seat order, for the words beside the controls, and ``words`` the language they are in
    (the table's on the board, the reader's on a panel): every control built from them says its
    words in it, so ``words`` has no default."""

    game_id: int
    version: int
    play_op: str
    seat: int | None = None
    names: tuple[str, ...] = ()
    words: Speaker = field(kw_only=True)

    def name_of(self, seat: int) -> str:
        if seat < len(self.names):
            return self.names[seat]
        return self.words.gettext("Player {number}").format(number=self.words.number(seat + 1))

    def button(self, op: str, arg: str, **options: Any) -> discord.ui.Item[Any]:
        return button(self.game_id, self.version, op, arg, seat=self.seat, **options)

    def select(self, op: str, options: list[discord.SelectOption], **settings: Any) -> discord.ui.Item[Any]:
        return select(self.game_id, self.version, op, options, seat=self.seat, **settings)

    def play(self, action: PrimeTimeAction, state: PrimeTimeState, **style: Any) -> discord.ui.Item[Any]:
        """A button that plays ``action``, labelled in the controls' language."""
        label = action_label(state, action, self.words)[:80]
        return self.button(self.play_op, action_code(action), label=label, **style)

    def menu(
        self, options: list[discord.SelectOption], placeholder: str, row: int, arg: str = ""
    ) -> discord.ui.Item[Any]:
        """A menu that plays the option chosen; ``arg`` tells apart two menus of one message (Discord
        refuses a message whose controls share a custom id)."""
        return self.select(self.play_op, options, placeholder=placeholder, row=row, arg=arg)

    def step(self, step: str, label: str, row: int, **style: Any) -> discord.ui.Item[Any]:
        return self.button("choose", step, label=label, row=row, **style)

    def coordinates(self, purpose: str, row: int) -> discord.ui.Item[Any]:
        return self.button("coords", purpose, label=self.words.pgettext("button", "Coordinates…"), row=row)


def option(
    state: PrimeTimeState, action: PrimeTimeAction, words: Speaker, description: str | None = None
) -> Any:
    """A menu option that plays ``action``, labelled in ``words``' language (the controls' own: the
    table's on the board, the reader's on a panel); ``description`` is already in it."""
    return discord.SelectOption(
        label=action_label(state, action, words)[:100],
        value=action_code(action),
        description=description[:100] if description else None,
    )


def paged(
    controls: Controls,
    options: list[discord.SelectOption],
    page: int,
    prefix: str,
    placeholder: str,
) -> list[discord.ui.Item[Any]]:
    """One menu of at most 25 options, with ◀ ▶ buttons when there are more; ``placeholder`` is
    already in the controls' language."""
    pages = max(1, -(-len(options) // PAGE))
    page = max(0, min(page, pages - 1))
    shown = options[page * PAGE : (page + 1) * PAGE]
    words = controls.words
    paging = words.pgettext("placeholder", "{menu} (page {page}/{pages})")
    title = (
        paging.format(menu=placeholder, page=words.number(page + 1), pages=words.number(pages))
        if pages > 1
        else placeholder
    )
    items = [controls.menu(shown, title, row=0)]
    if page > 0:
        items.append(controls.step(f"{prefix}.{page - 1}", "◀", row=1))
    if page < pages - 1:
        items.append(controls.step(f"{prefix}.{page + 1}", "▶", row=1))
    return items


def back(controls: Controls) -> discord.ui.Item[Any]:
    return controls.step("main", controls.words.pgettext("button", "Back"), row=4)


def move_suggestions(state: PrimeTimeState, seat: int, cells: list[Cell], start: Cell) -> list[Cell]:
    """Up to 24 cells among ``cells``: the nearest to each objective, contact with each enemy, the
    farthest forward, then the farthest from ``start``; ``start`` first when it is among them."""
    if not cells:
        return []
    chosen: list[Cell] = [start] if start in cells else []
    for point in state.objectives:
        chosen.append(min(cells, key=lambda cell: (distance_to_point(cell, point), cell)))
    for enemy in state.units:
        if enemy.seat != seat and not enemy.dazed:
            chosen.append(min(cells, key=lambda cell: (distance(cell, enemy.cell), cell)))
    forward = 1 if seat == 0 else -1
    chosen.append(max(cells, key=lambda cell: (cell[1] * forward, -abs(cell[0] - start[0]))))
    chosen.extend(sorted(cells, key=lambda cell: (-distance(cell, start), cell)))
    return list(dict.fromkeys(chosen))[:SUGGESTIONS]
