"""Prime Time's words on Discord in one language: the primetime catalogue's messages, the rules'
words (``rules.core.text``) and the content's names from its translations. The public board speaks
its table's language, a private panel or answer the clicking player's (``bot.core.speech``)."""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import translate
from rules.core.text import Param
from rules.primetime.cards import cards
from rules.primetime.content import catalogue, character
from rules.primetime.seat_words import with_names
from rules.primetime.state import PrimeTimeState

DOMAIN = "primetime"


@dataclass(frozen=True)
class Speaker:
    """Says Prime Time's words in ``language``."""

    language: Language

    @property
    def catalogue(self) -> gettext.NullTranslations:
        return translations(DOMAIN, self.language)

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalogue.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form for ``count``; ``{count}`` is left for the caller to fill."""
        return self.catalogue.ngettext(singular, plural, count)

    def say(self, value: Param) -> str:
        """One of the rules' messages (a refusal, an event, an action's words) in this language."""
        return translate(value, DOMAIN, self.language)

    def name(self, kind: str, content_id: str, english: str) -> str:
        return content_text(DOMAIN, self.language, kind, content_id, "name", english)

    def text(self, kind: str, content_id: str, field: str, english: str) -> str:
        """Another field of a piece of content than its name (a card's ``text``, a technique's...)."""
        return content_text(DOMAIN, self.language, kind, content_id, field, english)

    def character(self, model: str) -> str:
        return self.name("characters", model, character(model).name)

    def unit(self, state: PrimeTimeState, unit_id: str | None) -> str:
        """A model on the battlefield, or one not deployed yet, by its character's name."""
        if unit_id is None:
            return "—"
        found = state.find_unit(unit_id)
        return self.character(found.character if found is not None else unit_id.rsplit("-", 1)[0])

    def event(self, text: Param, names: Sequence[str]) -> str:
        """An event's words in this language, each seat named by its player (``names``)."""
        return with_names(self.say(text), names)

    def affiliation(self, affiliation_id: str) -> str:
        return self.name("affiliations", affiliation_id, catalogue().affiliation(affiliation_id).name)

    def card(self, card_id: str) -> str:
        return self.name("cards", card_id, cards()[card_id].name)

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def none(self) -> str:
        return self.gettext("none")
