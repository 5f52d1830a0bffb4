"""The rules' words in a language: the message from the catalogue, its parameters translated too,
content names from the content translations and numbers written the language's way."""

from __future__ import annotations

import gettext

import pytest
from babel.messages.catalog import Catalog

import locales.translate
from locales.catalogues import BOT, compiled, translations
from locales.content import ContentTranslations
from locales.contexts import option_context
from locales.languages import Language
from locales.translate import option, translate
from rules.core.text import Name, Plural, Text

CELL = Name(kind="threats", id="cell_jr", english="Cell Jr.")


def french_catalogue() -> gettext.GNUTranslations:
    catalog = Catalog(locale="fr", domain="cell")
    catalog.add("{threat} attacks {fighter}", "{threat} attaque {fighter}")
    catalog.add("Join", "Rejoindre", context="button")
    catalog.add("Join", "Jonction", context="board")
    # French has three plural forms: one, a million and its multiples ("de dés"), any other count.
    catalog.add(("{count} die", "{count} dice"), ("{count} dé", "{count} de dés", "{count} dés"))
    catalog.add("Untranslated but fuzzy", "Traduction douteuse", flags=["fuzzy"])
    return compiled(catalog)


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> Language:
    catalogue = french_catalogue()
    content = ContentTranslations({"threats": {"cell_jr": {"name": "Cell Junior"}}})
    monkeypatch.setattr(locales.translate, "translations", lambda domain, language: catalogue)
    monkeypatch.setattr(
        locales.translate,
        "content_text",
        lambda game, language, kind, content_id, field, english: (
            content.text(kind, content_id, field) or english
        ),
    )
    return Language.FRENCH


def test_a_message_and_its_content_names_are_translated(french: Language) -> None:
    text = Text("{threat} attacks {fighter}", threat=CELL, fighter="Krilin")

    assert translate(text, "cell", french) == "Cell Junior attaque Krilin"


def test_the_context_picks_the_sense(french: Language) -> None:
    assert translate(Text.in_context("button", "Join"), "cell", french) == "Rejoindre"
    assert translate(Text.in_context("board", "Join"), "cell", french) == "Jonction"


def test_plurals_and_numbers_follow_the_language(french: Language) -> None:
    assert translate(Plural("{count} die", "{count} dice", 1), "cell", french) == "1 dé"
    assert translate(Plural("{count} die", "{count} dice", 7000), "cell", french) == "7\u202f000 dés"
    assert translate(Plural("{count} die", "{count} dice", 2_000_000), "cell", french) == (
        "2\u202f000\u202f000 de dés"
    )
    assert translate(Text("{threat} attacks {fighter}", threat=CELL, fighter=12000), "cell", french) == (
        "Cell Junior attaque 12\u202f000"
    )


def test_a_message_without_translation_is_english(french: Language) -> None:
    assert translate(Text("Untranslated but fuzzy"), "cell", french) == "Untranslated but fuzzy"
    assert translate(Text("Never seen"), "cell", french) == "Never seen"


def test_english_is_the_sentence_itself() -> None:
    text = Text("{threat} deals {damage}", threat=CELL, damage=Plural("{count} hit", "{count} hits", 2000))

    assert translate(text, "cell", Language.ENGLISH) == "Cell Jr. deals 2,000 hits"
    assert translate(Name(kind="fighters", id="goku", english="Goku"), "bot", Language.FRENCH) == "Goku"


@pytest.mark.parametrize("language", list(Language), ids=str)
def test_a_commands_option_in_a_sentence_reads_as_the_readers_client_shows_it(language: Language) -> None:
    """An option is named as the slash commands are synced in the reader's language: the same word
    their client shows when they type the command."""
    words = Text("Set `{option}`", option=option("primetime settings", "auto_ready"))
    synced = translations(BOT, language).pgettext(option_context("primetime settings"), "auto_ready")

    said = translate(words, "primetime", language)

    assert f"`{synced}`" in said
    assert str(option("primetime settings", "auto_ready")) == "auto_ready"
    assert (synced == "auto_ready") is (language is Language.ENGLISH)
