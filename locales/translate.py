"""The rules' words (``rules.core.text``) in a language: the message looked up in the domain's
catalogue, its parameters translated the same way (content names from the game's content
translations), slash commands as the language's users type them, and numbers written the language's
way."""

from __future__ import annotations

from locales.catalogues import BOT, translations
from locales.content import content_text
from locales.contexts import COMMAND, COMMAND_OPTION_PREFIX, option_context
from locales.languages import Language
from locales.numbers import format_number
from rules.core.text import Name, Param, Plural, Text


def translate(value: Param, domain: str, language: Language) -> str:
    """``value`` as a player of ``language`` reads it; ``domain`` is the catalogue its messages are in
    (a game's name also picks the game's content translations for its ``Name`` parameters)."""
    if isinstance(value, Text):
        catalogue = translations(domain, language)
        template = (
            catalogue.pgettext(value.context, value.msgid)
            if value.context is not None
            else catalogue.gettext(value.msgid)
        )
        return template.format(**_filled(value.params, domain, language))
    if isinstance(value, Plural):
        catalogue = translations(domain, language)
        template = (
            catalogue.npgettext(value.context, value.singular, value.plural, value.count)
            if value.context is not None
            else catalogue.ngettext(value.singular, value.plural, value.count)
        )
        return template.format(
            count=format_number(value.count, language), **_filled(value.params, domain, language)
        )
    if isinstance(value, Name):
        if value.kind == COMMAND:
            return command_words(value.id, language)
        if value.kind == COMMAND_OPTION_PREFIX:
            return option_words(value.id, value.english, language)
        if domain == BOT:
            return value.english
        return content_text(domain, language, value.kind, value.id, value.field, value.english)
    if isinstance(value, int | float):
        return format_number(value, language)
    return value


def _filled(params: dict[str, Param], domain: str, language: Language) -> dict[str, str]:
    return {key: translate(param, domain, language) for key, param in params.items()}


def command(path: str) -> Name:
    """A slash command named in a sentence (``command("cell autoplay")``): each player reads it as
    their client shows it, in their language (``/cell piloto-automático``)."""
    return Name(kind=COMMAND, id=path, english=f"/{path}")


def option(path: str, name: str) -> Name:
    """An option of a slash command named in a sentence (``option("primetime settings",
    "auto_ready")``): each player reads it as their client shows it, in their language."""
    return Name(kind=COMMAND_OPTION_PREFIX, id=path, english=name)


def option_words(path: str, name: str, language: Language) -> str:
    """The option ``name`` of the command ``path`` as the slash commands are synced in ``language``."""
    return translations(BOT, language).pgettext(option_context(path), name)


def command_words(path: str, language: Language) -> str:
    """The command ``path`` (``"cell start"``) as a user of ``language`` types it, from the names the
    slash commands are synced with (the ``bot`` catalogue)."""
    return "/" + " ".join(command_name(word, language) for word in path.split())


def command_name(word: str, language: Language) -> str:
    """One command's or group's name (``"start"``) as the slash commands are synced in ``language``."""
    return translations(BOT, language).pgettext(COMMAND, word)
