"""Numbers written the language's way: 7,000 in English, 7.000 in Spain and Brazil, 7 000 in France."""

from __future__ import annotations

import functools

from babel.numbers import format_decimal

from locales.languages import Language


# Boards and panels write the same few numbers (power levels, HP, counts) over and over, and Babel
# works each one out from the locale's pattern anew: tens of microseconds a number.
@functools.lru_cache(maxsize=4096)
def format_number(value: float, language: Language) -> str:
    """``value`` with the language's digit grouping and decimal sign (Babel's CLDR data)."""
    return format_decimal(value, locale=language.value)
