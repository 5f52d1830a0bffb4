"""Extracting the templates from the source and bringing the catalogues up to date with them (what
``bash scripts/i18n`` runs; the tests use the same extraction to check the templates are current).

The messages are found by Babel's extraction, with the methods ``babel.cfg`` names for each file and
the keywords below, and each file's messages go to one domain: a game's (``cell``, ``over9000``,
``primetime``) for the files under ``bot/games/<game>/``, ``rules/<game>/`` and
``renderers/<game>/``, and ``bot`` for every other file.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from locales.catalogues import BOT, DOMAINS, catalogue_path, read_catalogue, template_path
from locales.languages import TRANSLATED, Language

ROOT = Path(__file__).resolve().parent.parent
MAPPING = ROOT / "babel.cfg"
# gettext's own functions (``_``, ``N_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext``...) and
# the rules' messages (``rules.core.text``): the English message is the argument named.
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "Text": None,
    "Plural": (1, 2),
    "in_context": ((1, "c"), 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
HEADER = {
    "project": "dbz-tabletop-bot",
    "version": "1",
    "msgid_bugs_address": "the project's issues",
    "last_translator": "the project's contributors",
    "fuzzy": False,
}
WIDTH = 100


def domain_of(path: str) -> str:
    """The domain of a source file, by its path from the project's root."""
    parts = PurePosixPath(path).parts
    game = (
        parts[2] if parts[:2] == ("bot", "games") and len(parts) > 3 else parts[1] if len(parts) > 2 else ""
    )
    return game if game in DOMAINS and parts[0] in ("bot", "rules", "renderers") else BOT


def extract_templates() -> dict[str, Catalog]:
    """Every domain's template, as the source marks its messages now."""
    with MAPPING.open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file, str(MAPPING))
    templates = {domain: _empty(domain) for domain in DOMAINS}
    found = extract_from_dir(
        str(ROOT), method_map, options_map, KEYWORDS, COMMENT_TAGS, strip_comment_tags=True
    )
    for path, _lineno, message, comments, context in found:
        domain = domain_of(path)
        templates[domain].add(message, None, [(path, None)], auto_comments=comments, context=context)
    return templates


def _empty(domain: str) -> Catalog:
    return Catalog(
        domain=domain,
        header_comment=f"# The {domain} domain's messages, extracted from the source by `bash scripts/i18n "
        "extract`.\n# Never edited by hand: translations go in the catalogues beside it.",
        **HEADER,
    )


def _new_catalogue(domain: str, language: Language) -> Catalog:
    return Catalog(
        locale=language.value,
        domain=domain,
        header_comment=f"# The {domain} domain in {language.own_name}: see docs/TRANSLATING.md.",
        language_team=language.own_name,
        **HEADER,
    )


def same_messages(one: Catalog, other: Catalog) -> bool:
    """Whether two catalogues hold the same messages (ids, contexts, plurals, translations, comments
    and files), whatever their headers' dates say."""

    def messages(catalog: Catalog) -> list[tuple[object, ...]]:
        return sorted(
            (
                repr(message.id),
                message.context or "",
                repr(_translation(message.string)),
                tuple(sorted(message.auto_comments)),
                tuple(sorted(message.locations)),
                message.fuzzy,
            )
            for message in catalog
            if message.id
        )

    return messages(one) == messages(other) and not one.obsolete and not other.obsolete


def _translation(string: object) -> object:
    """A message's translation with "none yet" always written the same way (a template read back has
    "" where a freshly extracted one has None)."""
    if isinstance(string, tuple | list):
        return tuple(form or "" for form in string)
    return string or ""


def write_catalogue(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=WIDTH, sort_output=True, include_lineno=False, ignore_obsolete=True)


def extract() -> list[Path]:
    """Writes each domain's template whose messages changed; returns the ones written."""
    written = []
    for domain, template in extract_templates().items():
        path = template_path(domain)
        if path.is_file() and same_messages(read_catalogue(path), template):
            continue
        write_catalogue(path, template)
        written.append(path)
    return written


def update(languages: Iterable[Language] = TRANSLATED) -> list[Path]:
    """Brings every catalogue in line with its domain's template: new messages added untranslated, a
    changed message kept as a fuzzy guess from the old one, messages no longer used removed. A missing
    catalogue (a new language or domain) is created. Returns the catalogues written."""
    written = []
    for domain in DOMAINS:
        template = read_catalogue(template_path(domain))
        for language in languages:
            path = catalogue_path(domain, language)
            if path.is_file():
                catalog = read_catalogue(path, language)
                before = read_catalogue(path, language)
            else:
                catalog, before = _new_catalogue(domain, language), None
            catalog.update(template, update_header_comment=False)
            catalog.obsolete.clear()
            if before is not None and same_messages(before, catalog):
                continue
            write_catalogue(path, catalog)
            written.append(path)
    return written


def main(arguments: list[str]) -> int:
    command = arguments[0] if arguments else ""
    if command == "extract":
        changed = extract()
    elif command == "update":
        changed = update()
    else:
        print("usage: python -m locales.extraction extract|update", file=sys.stderr)
        return 2
    for path in changed:
        print(f"wrote {path.relative_to(ROOT)}")
    if not changed:
        print("nothing changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
