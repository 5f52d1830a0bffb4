"""What counts as English left in a Prime Time message of another language: a piece of one of the
catalogue's English messages (between its placeholders, at least ``MIN_FRAGMENT`` characters and two
words long) of the files a test reads (and, for the pages beside the shared table's words, of every
message of the ``bot`` catalogue), or, in a text made of a few words (a label, a stat line), one of
those files' short English words that the language translates differently."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from locales.catalogues import BOT, template_path, translations
from locales.languages import Language

MIN_FRAGMENT = 10
"""The shortest piece of an English message that counts as English left ("Prime Time" is kept)."""
KEPT = {"Prime Time"}
"""Names every language keeps."""


def _template(domain: str) -> Any:
    with template_path(domain).open("rb") as file:
        return read_po(file)


@cache
def _messages(files: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(
        message for message in _template("primetime") if any(path in files for path, _ in message.locations)
    )


def _literals(msgid: str) -> list[str]:
    return [literal for literal, _, _, _ in string.Formatter().parse(msgid)]


@cache
def english_fragments(files: tuple[str, ...], table_words: bool = False) -> frozenset[str]:
    """The pieces of the files' English messages between their placeholders (with ``table_words``,
    of the ``bot`` catalogue's too) that a translation must not leave as they are."""
    messages = [*_messages(files), *(_template(BOT) if table_words else [])]
    fragments = set()
    for message in messages:
        for msgid in [message.id] if isinstance(message.id, str) else list(message.id):
            for literal in _literals(msgid or ""):
                piece = literal.strip(" .,:;!?()—·*•\n")
                if len(piece) >= MIN_FRAGMENT and " " in piece and piece not in KEPT:
                    fragments.add(piece)
    return frozenset(fragments)


@cache
def english_words(files: tuple[str, ...], language: Language) -> frozenset[str]:
    """The files' messages without placeholders that ``language`` says otherwise, as whole words."""
    catalogue = translations("primetime", language)
    found = set()
    for message in _messages(files):
        if not isinstance(message.id, str) or len(_literals(message.id)) > 1 or "{" in message.id:
            continue
        if message.context:
            said = catalogue.pgettext(message.context, message.id)
        else:
            said = catalogue.gettext(message.id)
        if said != message.id:
            found.add(message.id)
    return frozenset(found)


def english_left(texts: Iterable[str], files: tuple[str, ...], table_words: bool = False) -> list[str]:
    """Every English fragment of the files' messages (and the table's) found in ``texts``."""
    fragments = english_fragments(files, table_words)
    return sorted({f"{piece!r} in {text!r}" for text in texts for piece in fragments if piece in text})


def english_words_left(texts: Iterable[str], files: tuple[str, ...], language: Language) -> list[str]:
    """Every short English word of the files' messages found whole in ``texts`` (labels and stat
    lines, where a word of the catalogue stands alone)."""
    words = english_words(files, language)
    if not words:
        return []
    alternatives = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")
    return sorted({f"{found.group(0)!r} in {text!r}" for text in texts for found in pattern.finditer(text)})
