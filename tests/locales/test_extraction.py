"""The templates are what the source marks now, and each source file's messages go to its domain."""

from __future__ import annotations

import pytest

from locales.catalogues import DOMAINS, read_catalogue, template_path
from locales.extraction import domain_of, extract_templates, same_messages


@pytest.mark.parametrize(
    ("path", "domain"),
    [
        ("bot/games/cell/panel.py", "cell"),
        ("bot/games/over9000/controller.py", "over9000"),
        ("rules/primetime/actions.py", "primetime"),
        ("renderers/cell/board.py", "cell"),
        ("bot/games/registry.py", "bot"),
        ("bot/table/lobby.py", "bot"),
        ("bot/command_strings.py", "bot"),
        ("rules/core/text.py", "bot"),
        ("renderers/fonts.py", "bot"),
    ],
)
def test_each_file_belongs_to_its_games_domain_or_the_bots(path: str, domain: str) -> None:
    assert domain_of(path) == domain


def test_the_templates_are_current() -> None:
    """A message marked in the source but missing from its template (or one left over) means the
    templates need `bash scripts/i18n extract` and the catalogues `bash scripts/i18n update`."""
    extracted = extract_templates()

    assert set(extracted) == set(DOMAINS)
    stale = [
        domain
        for domain in DOMAINS
        if not same_messages(read_catalogue(template_path(domain)), extracted[domain])
    ]
    assert stale == [], "run `bash scripts/i18n extract` then `bash scripts/i18n update`"
