"""The languages the bot speaks, and which of them a Discord locale is."""

from __future__ import annotations

from enum import StrEnum


class Language(StrEnum):
    """A language with its own catalogues; the value names its folder in ``locales/catalogues`` and
    its locale in Babel. English is the language of the source, and of everything not translated."""

    ENGLISH = "en"
    SPAIN_SPANISH = "es_ES"
    LATIN_AMERICAN_SPANISH = "es_419"
    BRAZILIAN_PORTUGUESE = "pt_BR"
    FRENCH = "fr"

    @property
    def discord_locale(self) -> str:
        """The locale Discord names this language by (English: the one Discord falls back to)."""
        return DISCORD_LOCALES[self]

    @property
    def own_name(self) -> str:
        """The language's name in itself, as a menu of languages shows it to everyone."""
        return OWN_NAMES[self]


DISCORD_LOCALES = {
    Language.ENGLISH: "en-US",
    Language.SPAIN_SPANISH: "es-ES",
    Language.LATIN_AMERICAN_SPANISH: "es-419",
    Language.BRAZILIAN_PORTUGUESE: "pt-BR",
    Language.FRENCH: "fr",
}
OWN_NAMES = {
    Language.ENGLISH: "English",
    Language.SPAIN_SPANISH: "Español (España)",
    Language.LATIN_AMERICAN_SPANISH: "Español (Latinoamérica)",
    Language.BRAZILIAN_PORTUGUESE: "Português (Brasil)",
    Language.FRENCH: "Français",
}
TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
"""The languages with catalogues of their own (English is the message ids themselves)."""

_BY_DISCORD_LOCALE = {locale.lower(): language for language, locale in DISCORD_LOCALES.items()}


def language_of(locale: object) -> Language:
    """The language to speak to a Discord locale (``"es-ES"``, ``discord.Locale.brazil_portuguese``,
    a guild's preferred locale); one we have no catalogue for, or none, is English. A language's
    own value (``"es_419"``, as the server settings store it) is read too."""
    if locale is None:
        return Language.ENGLISH
    text = str(locale)
    try:
        return Language(text)
    except ValueError:
        return _BY_DISCORD_LOCALE.get(text.lower(), Language.ENGLISH)
