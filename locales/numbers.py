"""Numbers written the language's way: 7,000 in English, 7.000 in Spain and Brazil, 7 000 in France."""

from __future__ import annotations

from babel.numbers import format_decimal

from locales.languages import Language


def format_number(value: float, language: Language) -> str:
    """``value`` with the language's digit grouping and decimal sign (Babel's CLDR data)."""
    return format_decimal(value, locale=language.value)
