"""Over 9000 in its readers' languages, end to end through the fake Discord: a whole game on a
Spanish (Spain) server between a Spanish and a Brazilian player. The board, its calls, its image and
alt text speak the server's language; each panel, menu, button and note the clicking player's. A
scan reads every public and private text for English left: a message of the game's catalogue in its
English words, or a piece of content under its English name."""

from __future__ import annotations

import re
import string
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from locales.catalogues import read_catalogue, template_path, translations
from locales.content import content_translations
from locales.languages import Language
from rules.over9000.content import TOKEN_NAMES, catalogue
from tests.bot.driver import make_bot
from tests.bot.games.over9000.driver import Over9000Table, button_for
from tests.bot.games.over9000.test_over9000_bot import PublicMessages, _texts, policy
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage

SPANISH = Language.SPAIN_SPANISH
BRAZILIAN = Language.BRAZILIAN_PORTUGUESE
FIRST_GAME_GREETING = re.compile(r"^👋 .*$", re.MULTILINE)
"""The table's welcome to a first game (``bot.table.first_game``), which the bot's own catalogue
words around the game's hint: not the game's to translate."""


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


def _fragments(message: str) -> Iterator[str]:
    """The English words of a message between its placeholders, long enough to tell English by."""
    for literal, _, _, _ in string.Formatter().parse(message):
        words = literal.strip(" .,:;!?()*—·•-…🏆🐉🤖`'")
        if len(re.findall(r"[A-Za-z]{2,}", words)) >= 2 or re.fullmatch(r"[A-Za-z]{5,}", words):
            yield words


def english_left(language: Language) -> dict[str, re.Pattern[str]]:
    """What reads as English in ``language``: each fragment of the game's messages, and each content
    name, that the language says differently."""
    domain = translations("over9000", language)
    found: dict[str, re.Pattern[str]] = {}
    for message in read_catalogue(template_path("over9000")):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[1]
        shown = (
            domain.npgettext(message.context, english, english, 2)
            if message.context and not isinstance(message.id, str)
            else domain.pgettext(message.context, english)
            if message.context
            else domain.ngettext(message.id[0], english, 2)
            if not isinstance(message.id, str)
            else domain.gettext(english)
        )
        for fragment in _fragments(english):
            if fragment not in shown:
                found[fragment] = re.compile(rf"(?<![\w]){re.escape(fragment)}(?![\w])")
    translated = content_translations("over9000", language)
    english_names = {
        **{("characters", item.id): item.name for item in catalogue().characters},
        **{("powers", item.id): item.power.name for item in catalogue().characters},
        **{("tokens", kind): name for kind, name in TOKEN_NAMES.items()},
    }
    for (kind, item), name in english_names.items():
        if translated.text(kind, item, "name") != name:
            found[name] = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")
    return found


def _message_texts(message: StoredMessage) -> list[str]:
    snapshot: dict[str, Any] = {
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "attachments": [{"description": attachment.description} for attachment in message.attachments],
    }
    return [text for text in _texts(snapshot) if text]


class Scan:
    """Every text a reader was shown, with the language it must be in."""

    def __init__(self) -> None:
        self.seen: list[tuple[Language, str, str]] = []

    def add(self, language: Language, where: str, texts: list[str]) -> None:
        self.seen.extend((language, where, FIRST_GAME_GREETING.sub("", text)) for text in texts)

    def english(self) -> list[str]:
        patterns = {language: english_left(language) for language in (SPANISH, BRAZILIAN)}
        left = []
        for language, where, text in self.seen:
            for fragment, pattern in patterns[language].items():
                if pattern.search(text):
                    left.append(f"{where} ({language}): {fragment!r} in {text!r}")
        return sorted(set(left))


async def _snapshot_panels(table: Over9000Table, scan: Scan, languages: dict[int, Language]) -> None:
    for seat, panel in list(table.panels.items()):
        current = table.fake.world.find_message(panel.id)
        if current is not None:
            scan.add(languages[seat], f"seat {seat}'s panel", _message_texts(current))


async def test_a_spanish_server_plays_with_a_spanish_and_a_brazilian_player(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    bob, carol = fake.users.bob, fake.users.carol
    bob.locale, carol.locale = "es-ES", "pt-BR"
    languages = {0: SPANISH, 1: BRAZILIAN}
    public = PublicMessages(fake)
    scan = Scan()
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [bob, carol])
        await table.open(["frieza", "krillin"])
        started = len(public.snapshots)
        await _a_stranger_is_answered_in_their_language(fake, table)
        for _ in range(2000):
            state = await table.state()
            if state.outcome is not None:
                break
            assert state.prompt is not None
            seat = state.prompt.seats[0]
            result = await table.play(policy(state, seat))
            if result.message is not None:
                scan.add(languages[seat], f"seat {seat}'s answer", _message_texts(result.message))
            await _snapshot_panels(table, scan, languages)
        assert (await table.state()).outcome is not None

        board = await table.board()
        title = board.embeds[0]["title"]
        assert "🏆" in title and ("gana" in title or "ganan" in title), title
        alt = board.attachments[0].description
        assert alt.startswith("Tablero de Over 9000"), alt
        assert fake.image(board).width >= 800
        bob_title = (await table.panel(0)).embeds[0]["title"]
        carol_title = (await table.panel(1)).embeds[0]["title"]
        assert bob_title == "Freezer — tus fichas", bob_title
        assert carol_title == "Kuririn — suas fichas", carol_title

    for snapshot in public.snapshots[started:]:
        scan.add(SPANISH, "the board", [text for text in _texts(snapshot) if text])
    assert len(scan.seen) > 100
    assert scan.english() == []


async def _a_stranger_is_answered_in_their_language(fake: FakeDiscord, table: Over9000Table) -> None:
    dave = fake.users.dave
    dave.locale = "fr"
    board = await table.board()
    result = await fake.click(dave, board, button_for(board, "mine"))
    assert result.message is not None
    assert result.message.content.startswith("Tu ne joues pas dans cette partie."), result.message.content
