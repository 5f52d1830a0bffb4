"""Every catalogue of every language against its domain's template: complete, nothing left over,
the same placeholders as the English, and within Discord's limits where the message is shown."""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog, Message

from locales.catalogues import DOMAINS, catalogue_path, read_catalogue, template_path
from locales.contexts import is_name_context, is_valid_command_name, length_limit
from locales.languages import TRANSLATED, Language

CATALOGUES = [(domain, language) for domain in DOMAINS for language in TRANSLATED]


def catalogue_id(value: object) -> str:
    return value.value if isinstance(value, Language) else str(value)


def keys(catalog: Catalog) -> set[tuple[str, str]]:
    return {(message.context or "", str(message.id)) for message in catalog if message.id}


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string or ""]


def english_forms(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def translated(domain: str, language: Language) -> list[Message]:
    return [message for message in read_catalogue(catalogue_path(domain, language), language) if message.id]


@pytest.mark.parametrize(("domain", "language"), CATALOGUES, ids=catalogue_id)
def test_every_catalogue_holds_its_templates_messages_and_no_others(domain: str, language: Language) -> None:
    template = read_catalogue(template_path(domain))
    catalogue = read_catalogue(catalogue_path(domain, language), language)

    assert sorted(keys(template) - keys(catalogue)) == [], "run `bash scripts/i18n update`"
    assert sorted(keys(catalogue) - keys(template)) == [], "messages no longer in the source"
    assert not catalogue.obsolete


@pytest.mark.parametrize(("domain", "language"), CATALOGUES, ids=catalogue_id)
def test_every_message_is_translated(domain: str, language: Language) -> None:
    expected_forms = read_catalogue(catalogue_path(domain, language), language).num_plurals
    untranslated = [
        str(message.id)
        for message in translated(domain, language)
        if message.fuzzy
        or not all(forms(message))
        or (message.pluralizable and len(forms(message)) != expected_forms)
    ]

    assert untranslated == []


@pytest.mark.parametrize(("domain", "language"), CATALOGUES, ids=catalogue_id)
def test_placeholders_are_the_english_ones(domain: str, language: Language) -> None:
    """A translation may move a placeholder but never lose, add or rename one (it would fail or
    show a blank when the message is filled in)."""
    wrong = [
        (str(message.id), form)
        for message in translated(domain, language)
        for form in forms(message)
        if placeholders(form) != set().union(*(placeholders(english) for english in english_forms(message)))
    ]

    assert wrong == []


@pytest.mark.parametrize(("domain", "language"), CATALOGUES, ids=catalogue_id)
def test_translations_fit_where_they_are_shown(domain: str, language: Language) -> None:
    too_long = [
        (message.context, form)
        for message in translated(domain, language)
        for form in forms(message)
        if (limit := length_limit(message.context)) is not None and len(form) > limit
    ]
    bad_names = [
        form
        for message in translated(domain, language)
        if is_name_context(message.context)
        for form in forms(message)
        if not is_valid_command_name(form)
    ]

    assert too_long == []
    assert bad_names == [], "names: lower case letters, digits, - and _, at most 32"


def test_the_english_fits_too() -> None:
    too_long = [
        (message.context, message.id)
        for domain in DOMAINS
        for message in read_catalogue(template_path(domain))
        if message.id
        for english in english_forms(message)
        if (limit := length_limit(message.context)) is not None and len(english) > limit
    ]

    assert too_long == []


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("empezar", True),
        ("piloto-automático", True),
        ("días_conservación", True),
        ("règles", True),
        ("Start", False),
        ("two words", False),
        ("", False),
        ("x" * 33, False),
    ],
)
def test_command_names_follow_discords_rule(name: str, valid: bool) -> None:
    assert is_valid_command_name(name) is valid
