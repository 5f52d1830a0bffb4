"""The answers of Prime Time's own commands for one player, in their language: `/primetime card`
(one card in full, with its names offered as the player types, in the player's language or in
English) and `/primetime settings` (the player's own prompt choices)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games.primetime.explain import card_embed, find_cards
from bot.games.primetime.module import AUTO_PASS, AUTO_READY
from bot.games.primetime.speech import DOMAIN, Speaker
from bot.ui.text import clip
from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from rules.core.text import N_
from rules.primetime.cards import Card, cards

CHOICES = 25
"""Discord lists at most 25 autocomplete choices."""


def card_name(chosen: Card, language: Language) -> str:
    return content_text(DOMAIN, language, "cards", chosen.id, "name", chosen.name)


def _plain(text: str) -> str:
    return "".join(letter for letter in text.casefold() if letter.isalnum())


def found_cards(typed: str, language: Language) -> list[Card]:
    """The cards whose name in ``language`` holds ``typed`` (its start first), then those whose
    English name or id does: a player may type either."""
    wanted = _plain(typed)
    named = sorted(
        (chosen for chosen in cards().values() if wanted in _plain(card_name(chosen, language))),
        key=lambda chosen: (
            not _plain(card_name(chosen, language)).startswith(wanted),
            card_name(chosen, language),
        ),
    )
    return [*named, *(chosen for chosen in find_cards(typed) if chosen not in named)]


def card_choices(typed: str, language: Language = Language.ENGLISH) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=card_name(chosen, language), value=chosen.id)
        for chosen in found_cards(typed, language)[:CHOICES]
    ]


def card_answer(typed: str, language: Language = Language.ENGLISH) -> tuple[dict[str, Any], bool]:
    """The reply to `/primetime card` in the player's ``language``: the card in full, or why there is
    none, and whether it is an error. A picked choice sends the card's id; a typed name is looked up
    as the choices are."""
    if typed in cards():
        return {"embed": card_embed(typed, Speaker(language))}, False
    found = found_cards(typed, language)
    wanted = _plain(typed)
    exact = [
        chosen for chosen in found if wanted in (_plain(card_name(chosen, language)), _plain(chosen.name))
    ]
    if len(exact) == 1 or len(found) == 1:
        return {"embed": card_embed((exact or found)[0].id, Speaker(language))}, False
    _ = translations(DOMAIN, language).gettext
    if not found:
        unknown = _("I know no card called `{typed}`. Start typing a name and pick it from the list.")
        return {"content": unknown.format(typed=clip(typed, 40))}, True
    names = ", ".join(card_name(chosen, language) for chosen in found[:10])
    several = _("`{typed}` names several cards: {names}. Pick one from the list.")
    return {"content": several.format(typed=clip(typed, 40), names=names)}, True


SETTING_WORDS = {
    AUTO_PASS: (
        N_("On Hit / On Damage prompts are passed for you at once."),
        N_("You are asked at every On Hit / On Damage prompt."),
    ),
    AUTO_READY: (
        N_("Every Phase Start is answered Ready for you at once (you play no Phase Start card)."),
        N_("You are asked at every Phase Start: Ready, or a card."),
    ),
}
"""Each seat option's words when it is on, and when it is off."""


def settings_words(player: dict[str, Any], language: Language = Language.ENGLISH) -> str:
    _ = translations(DOMAIN, language).gettext
    return "\n".join(_(words[0] if player.get(key) else words[1]) for key, words in SETTING_WORDS.items())
