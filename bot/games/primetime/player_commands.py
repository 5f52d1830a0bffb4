"""The answers of Prime Time's own commands for one player: `/primetime card` (one card in full, with
its names offered as the player types) and `/primetime settings` (the player's own prompt choices)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games.primetime.explain import card_embed, find_cards
from bot.games.primetime.module import AUTO_PASS, AUTO_READY
from bot.ui.text import clip
from rules.primetime.cards import cards

CHOICES = 25
"""Discord lists at most 25 autocomplete choices."""


def card_choices(typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=chosen.name, value=chosen.id) for chosen in find_cards(typed)[:CHOICES]]


def card_answer(typed: str) -> tuple[dict[str, Any], bool]:
    """The reply to `/primetime card`: the card in full, or why there is none, and whether it is an
    error. A picked choice sends the card's id; a typed name is looked up as the choices are."""
    if typed in cards():
        return {"embed": card_embed(typed)}, False
    found = find_cards(typed)
    exact = [chosen for chosen in found if chosen.name.lower() == typed.strip().lower()]
    if len(exact) == 1 or len(found) == 1:
        return {"embed": card_embed((exact or found)[0].id)}, False
    if not found:
        return {
            "content": f"I know no card called `{clip(typed, 40)}`. Start typing a name and pick it from "
            "the list."
        }, True
    names = ", ".join(chosen.name for chosen in found[:10])
    return {"content": f"`{clip(typed, 40)}` names several cards: {names}. Pick one from the list."}, True


SETTING_WORDS = {
    AUTO_PASS: (
        "On Hit / On Damage prompts are passed for you at once.",
        "You are asked at every On Hit / On Damage prompt.",
    ),
    AUTO_READY: (
        "Every Phase Start is answered Ready for you at once (you play no Phase Start card).",
        "You are asked at every Phase Start: Ready, or a card.",
    ),
}
"""Each seat option's words when it is on, and when it is off."""


def settings_words(player: dict[str, Any]) -> str:
    return "\n".join(words[0] if player.get(key) else words[1] for key, words in SETTING_WORDS.items())
