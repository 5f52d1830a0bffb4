"""Over 9000's words in a language: the board's input (the public view and the language it is drawn
in) and the lookups the board, and the bot's messages and panels, share: the game's messages (the
``over9000`` catalogue), its content's names (characters, powers, tokens, from
``rules/over9000/data/locales``), the rules' sentences (events, rejections) and power levels written
the language's way (9,000 / 9.000 / 9 000).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from locales.catalogues import BOT, translations
from locales.content import content_text
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import translate
from rules.core.events import Event
from rules.core.text import Words
from rules.over9000.content import TOKEN_NAMES, catalogue
from rules.over9000.view import Over9000View

DOMAIN = "over9000"


class Fighter(Protocol):
    """A player as a state or a view holds them: their character and its English name."""

    @property
    def character(self) -> str: ...

    @property
    def name(self) -> str: ...


class Over9000Board(Over9000View):
    """The public view as the board draws it: ``language`` is the table's, so that the painter's
    cache, keyed by the whole input, keeps one image per language."""

    language: Language = Language.ENGLISH

    @classmethod
    def of(cls, view: Over9000View, language: Language) -> Over9000Board:
        return cls.model_construct(**dict(view), language=language)


@dataclass(frozen=True)
class Over9000Words:
    """The lookups of one language."""

    language: Language

    def gettext(self, message: str) -> str:
        return translations(DOMAIN, self.language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return translations(DOMAIN, self.language).ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return translations(DOMAIN, self.language).pgettext(context, message)

    def command(self, *names: str) -> str:
        """A slash command as the language's users see it in Discord ("/over9000 empezar"): its
        names are the ones the bot syncs for that language (the ``bot`` catalogue's commands)."""
        commands = translations(BOT, self.language)
        return "/" + " ".join(commands.pgettext("command", name) for name in names)

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def fighter(self, player: Fighter) -> str:
        return content_text(DOMAIN, self.language, "characters", player.character, "name", player.name)

    def power(self, player: Fighter) -> str:
        """The name of the player's character's special power."""
        english = catalogue().character(player.character).power
        return content_text(DOMAIN, self.language, "powers", player.character, "name", english.name)

    def power_text(self, player: Fighter) -> str:
        """What the player's character's special power does."""
        english = catalogue().character(player.character).power
        return content_text(DOMAIN, self.language, "powers", player.character, "text", english.text)

    def token(self, kind: str) -> str:
        return content_text(DOMAIN, self.language, "tokens", kind, "name", TOKEN_NAMES[kind])

    def event(self, event: Event) -> str:
        return translate(event.text, DOMAIN, self.language)

    def said(self, words: Words) -> str:
        """A sentence of the rules (a rejection's reason, say) in the language."""
        return translate(words, DOMAIN, self.language)

    def format(self, message: str, **values: Any) -> str:
        """A looked-up message filled in: numbers written the language's way."""
        return message.format(**{key: self._value(value) for key, value in values.items()})

    def _value(self, value: Any) -> str:
        return self.number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


@cache
def over9000_words(language: Language) -> Over9000Words:
    return Over9000Words(language)


def words_of(view: Over9000View) -> Over9000Words:
    """The words of the language ``view`` is drawn in: a plain public view is drawn in English."""
    return over9000_words(view.language if isinstance(view, Over9000Board) else Language.ENGLISH)
