"""The Over 9000 board's words in the table's language: the renderer's input (the public view and
the language it is drawn in) and the lookups every part of the board shares, for the game's
messages (the ``over9000`` catalogue), its content's names (characters, powers, tokens, from
``rules/over9000/data/locales``) and power levels written the language's way (9,000 / 9.000 / 9 000).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from locales.catalogues import translations
from locales.content import content_text
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import translate
from rules.core.events import Event
from rules.over9000.content import TOKEN_NAMES
from rules.over9000.view import Over9000View, PlayerView

DOMAIN = "over9000"


class Over9000Board(Over9000View):
    """The public view as the board draws it: ``language`` is the table's, so that the painter's
    cache, keyed by the whole input, keeps one image per language."""

    language: Language = Language.ENGLISH

    @classmethod
    def of(cls, view: Over9000View, language: Language) -> Over9000Board:
        return cls.model_construct(**dict(view), language=language)


@dataclass(frozen=True)
class BoardWords:
    """The lookups of one language."""

    language: Language

    def gettext(self, message: str) -> str:
        return translations(DOMAIN, self.language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return translations(DOMAIN, self.language).ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return translations(DOMAIN, self.language).pgettext(context, message)

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def fighter(self, player: PlayerView) -> str:
        return content_text(DOMAIN, self.language, "characters", player.character, "name", player.name)

    def power(self, player: PlayerView) -> str:
        return content_text(DOMAIN, self.language, "powers", player.character, "name", player.power_name)

    def token(self, kind: str) -> str:
        return content_text(DOMAIN, self.language, "tokens", kind, "name", TOKEN_NAMES[kind])

    def event(self, event: Event) -> str:
        return translate(event.text, DOMAIN, self.language)

    def format(self, message: str, **values: Any) -> str:
        """A looked-up message filled in: numbers written the language's way."""
        return message.format(**{key: self._value(value) for key, value in values.items()})

    def _value(self, value: Any) -> str:
        return self.number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


@cache
def board_words(language: Language) -> BoardWords:
    return BoardWords(language)


def words_of(view: Over9000View) -> BoardWords:
    """The words of the language ``view`` is drawn in: a plain public view is drawn in English."""
    return board_words(view.language if isinstance(view, Over9000Board) else Language.ENGLISH)
