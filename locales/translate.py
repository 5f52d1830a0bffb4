"""The rules' words (``rules.core.text``) in a language: the message looked up in the domain's
catalogue, its parameters translated the same way (content names from the game's content
translations) and numbers written the language's way."""

from __future__ import annotations

from locales.catalogues import BOT, translations
from locales.content import content_text
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
        if domain == BOT:
            return value.english
        return content_text(domain, language, value.kind, value.id, value.field, value.english)
    if isinstance(value, int | float):
        return format_number(value, language)
    return value


def _filled(params: dict[str, Param], domain: str, language: Language) -> dict[str, str]:
    return {key: translate(param, domain, language) for key, param in params.items()}
