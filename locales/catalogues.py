"""The catalogues: one ``.po`` file per language and domain, read with Babel the first time a
language and domain is asked for and kept as a ``gettext.GNUTranslations`` (no compiled ``.mo``
files: the ``.po`` files are the only copy).

Domains split the words by who writes them, so that each part's catalogue changes on its own:
``bot`` (the table, the features, the commands, everything shared) and one per game, each holding
its game's bot, rules and renderer texts (which folders belong to which: ``locales.extraction``).
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from locales.languages import Language

CATALOGUES = Path(__file__).resolve().parent / "catalogues"
BOT = "bot"
DOMAINS = (BOT, "cell", "over9000", "primetime")


def N_(message: str) -> str:
    """Marks a message kept for later (in a constant) for the extraction; it is looked up, with
    ``gettext``, where it is said."""
    return message


def template_path(domain: str) -> Path:
    """The domain's template (``.pot``): every message its sources mark, extracted."""
    return CATALOGUES / f"{domain}.pot"


def catalogue_path(domain: str, language: Language) -> Path:
    return CATALOGUES / language.value / f"{domain}.po"


def read_catalogue(path: Path, language: Language | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language.value if language else None, abort_invalid=True)


@cache
def translations(domain: str, language: Language) -> gettext.NullTranslations:
    """The domain's words in ``language``, with gettext's methods (``gettext``, ``ngettext``,
    ``pgettext``, ``npgettext``); English gives back the message ids themselves. A message that has
    no translation yet (or only a fuzzy one) comes out in English."""
    if domain not in DOMAINS:
        raise ValueError(f"no domain {domain!r}: the domains are {', '.join(DOMAINS)}")
    if language is Language.ENGLISH:
        return gettext.NullTranslations()
    return compiled(read_catalogue(catalogue_path(domain, language), language))


def compiled(catalog: Catalog) -> gettext.GNUTranslations:
    """A catalogue as gettext reads it: compiled in memory, fuzzy translations left out."""
    data = io.BytesIO()
    write_mo(data, catalog)
    data.seek(0)
    return gettext.GNUTranslations(data)
