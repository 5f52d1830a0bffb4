"""The Ascension panel (AS-1…3, 4.1): one menu per deciding model, four models a page, with what each
choice costs, and Lock in. The plan being chosen rides in the step's letters (``asc.<letters>.<page>``),
one per deciding model in roster order, so the panel needs no storage until it is locked."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.primetime.codes import PLAN_LETTERS, plan_letters
from bot.games.primetime.controls import Controls
from locales.catalogues import N_
from rules.primetime.ascension import choice_cost, choices_for, deciding_units, default_plan, tier_name
from rules.primetime.state import PrimeTimeState

MODELS_PER_PAGE = 4
CHOICE_WORDS = {"ascend": N_("Ascend"), "hold": N_("Hold"), "descend": N_("Descend"), "stay": N_("Stay")}
"""Each Ascension choice as a player reads it (a word of the catalogue)."""


def ascension_items(
    state: PrimeTimeState, seat: int, controls: Controls, letters: str, page: int
) -> list[Any]:
    words = controls.words
    units = deciding_units(state, seat)
    pages = max(1, -(-len(units) // MODELS_PER_PAGE))
    page = max(0, min(page, pages - 1))
    items: list[Any] = []
    for index in range(page * MODELS_PER_PAGE, min(len(units), (page + 1) * MODELS_PER_PAGE)):
        unit = units[index]
        chosen = {letter: choice for choice, letter in PLAN_LETTERS.items()}[letters[index]]
        options = [
            discord.SelectOption(
                label=words.pgettext("menu option", "{choice} ({cost} SK)").format(
                    choice=words.gettext(CHOICE_WORDS[choice]),
                    cost=words.number(choice_cost(state, unit, choice)),
                ),
                value=PLAN_LETTERS[choice],
                default=choice == chosen,
            )
            for choice in choices_for(unit)
        ]
        items.append(
            controls.select(
                "choose",
                options,
                placeholder=f"{words.character(unit.character)} ({words.say(tier_name(unit))})",
                arg=f"asc.{letters}.{page}.{index}",
                row=len(items),
            )
        )
    items.append(
        controls.button(
            controls.play_op,
            f"lock_ascension.{letters}",
            label=words.pgettext("button", "Lock in"),
            style=discord.ButtonStyle.success,
            row=4,
        )
    )
    if pages > 1:
        more = words.pgettext("button", "More models")
        items.append(controls.step(f"asc.{letters}.{(page + 1) % pages}", more, row=4))
    return items


def ascension_total(state: PrimeTimeState, seat: int, letters: str) -> int:
    chosen = {letter: choice for choice, letter in PLAN_LETTERS.items()}
    units = deciding_units(state, seat)
    return sum(choice_cost(state, unit, chosen[letter]) for unit, letter in zip(units, letters, strict=True))


def default_letters(state: PrimeTimeState, seat: int) -> str:
    return plan_letters(default_plan(state, seat))


def step_letters(state: PrimeTimeState, seat: int, step: str) -> str:
    """The plan an ``asc.<letters>…`` step carries, when it is one for ``seat``'s models (one letter
    each, every letter a choice); otherwise (another seat's menu, a tampered id) the default plan."""
    kind, _, rest = step.partition(".")
    letters = rest.partition(".")[0] if kind == "asc" else ""
    if len(letters) != len(deciding_units(state, seat)) or not set(letters) <= set(PLAN_LETTERS.values()):
        return default_letters(state, seat)
    return letters
