"""A whole Perfect Cell game on a Spanish server (es-ES) with one player on Spanish and one on
Brazilian Portuguese: every public text (the board message, its controls, its image's alt text) is
Spanish, each player's private panels and answers are in their own language, and no English
sentence (of Perfect Cell's words or the table's) is left anywhere.

Every request body the bot sent is read from the fake's log, with its audience worked out as
Discord shows it: a message posted or edited in the channel, or an interaction's answer or update
that is not ephemeral, is public; an ephemeral one is its user's.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from locales.catalogues import template_path
from tests.bot.driver import lobby_select, make_bot, private_answer
from tests.bot.games.cell.driver import CellTable, control_op
from tests.bot.games.cell.policies import heuristic
from tests.bot.games.cell.test_cell_ai_bot import winning_seed
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.people import FakeUser
from tests.fakediscord.rest import RecordedRequest

FIGHTERS = ["goku", "krillin"]
EPHEMERAL = 64
PUBLIC = "public"
MIN_FRAGMENT = 10
"""The shortest piece of an English message (between its placeholders) that counts as English left:
shorter ones ("Cell", "Power Ups", "Kamehameha") are names every language keeps."""
SAME_IN_EVERY_LANGUAGE = {"Burning Attack", "Perfect Cell"}
"""Names the dubs keep in English."""

# Words only one of the two languages writes, to tell a Spanish text from a Portuguese one.
SPANISH_ONLY = ("Elige", "Bola de Dragón", "Relanzar", "Varios dados", "Lanzar dados", "Terminar turno")
PORTUGUESE_ONLY = ("Escolha", "Esfera do Dragão", "Rerrolar", "Vários dados", "Rolar dados", "Encerrar turno")


def english_fragments() -> set[str]:
    """The pieces of the English messages (Perfect Cell's and the table's) a translation must not
    leave as they are."""
    fragments = set()
    for message in [message for domain in ("cell", "bot") for message in _template(domain)]:
        for msgid in [message.id] if isinstance(message.id, str) else list(message.id):
            if not msgid:
                continue
            for literal, _, _, _ in string.Formatter().parse(msgid):
                piece = literal.strip(" .,:;!?()—·*\n")
                if len(piece) >= MIN_FRAGMENT and " " in piece and piece not in SAME_IN_EVERY_LANGUAGE:
                    fragments.add(piece)
    return fragments


def _template(domain: str) -> Any:
    with template_path(domain).open("rb") as file:
        return read_po(file)


def texts_of(body: Any) -> Iterator[str]:
    """Every text a message body shows a person: content, embeds, controls, attachments' alt text."""
    if not isinstance(body, dict):
        return
    data = body.get("data", body) if "type" in body and "data" in body else body
    if not isinstance(data, dict):
        return
    if data.get("content"):
        yield data["content"]
    for embed in data.get("embeds") or []:
        yield from (embed.get(key) or "" for key in ("title", "description"))
        yield from (part for field in embed.get("fields") or [] for part in (field["name"], field["value"]))
        yield (embed.get("footer") or {}).get("text", "")
    yield from _component_texts(data.get("components") or [])
    for attachment in data.get("attachments") or []:
        yield attachment.get("description") or ""


def _component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for component in components:
        yield component.get("label") or ""
        yield component.get("placeholder") or ""
        for option in component.get("options") or []:
            yield option.get("label") or ""
            yield option.get("description") or ""
        yield from _component_texts(component.get("components") or [])


def audience(fake: FakeDiscord, request: RecordedRequest) -> FakeUser | str:
    """Who reads the body: ``PUBLIC``, or the one user an ephemeral message is for."""
    template = request.template or ""
    body = request.body if isinstance(request.body, dict) else {}
    if template.startswith("/interactions/"):
        interaction = fake.interactions[int(request.path.split("/")[2])]
        if body.get("type") in (6, 7):
            source = interaction.source_message
            return interaction.user if source is not None and source.ephemeral else PUBLIC
        flags = (body.get("data") or {}).get("flags") or 0
        return interaction.user if flags & EPHEMERAL else PUBLIC
    if template.startswith("/webhooks/"):
        interaction = fake.interactions_by_token[request.path.split("/")[3]]
        if request.method == "POST":
            return interaction.user if (body.get("flags") or 0) & EPHEMERAL else PUBLIC
        edited = request.path.rsplit("/", 1)[1]
        message_id = interaction.response_message_id if edited == "@original" else int(edited)
        message = fake.world.find_message(message_id) if message_id is not None else None
        source = interaction.source_message
        private = (message is not None and message.ephemeral) or (
            message is None and source is not None and source.ephemeral
        )
        return interaction.user if private else PUBLIC
    return PUBLIC


async def test_a_whole_game_speaks_the_servers_language_in_public_and_each_players_in_private(
    tmp_path: Path,
) -> None:
    seed = winning_seed(FIGHTERS, "easy")
    async with FakeDiscord(quiet_period=0.02) as fake:
        # The server's language is read from its preferred locale when the bot receives the guild.
        fake.guild.preferred_locale = "es-ES"
        spanish, brazilian = fake.users.bob, fake.users.carol
        spanish.locale, brazilian.locale = "es-ES", "pt-BR"
        async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=seed)) as bot:
            table = CellTable(fake, bot, fake.guild.channels[0], [spanish, brazilian])
            await _play_a_whole_game(fake, table)
        read = read_by_audience(fake, [spanish, brazilian])

    fragments = english_fragments()
    english = sorted(
        {
            f"{fragment!r} in {text!r}"
            for texts in read.values()
            for text in texts
            for fragment in fragments
            if fragment in text
        }
    )
    assert english == [], "\n".join(english)
    public_text = "\n".join(read[PUBLIC])
    assert "Vida de Cell" in public_text and "Ronda" in public_text
    assert "¡Victoria! Cell está derrotado" in public_text
    spanish_text, brazilian_text = "\n".join(read[spanish]), "\n".join(read[brazilian])
    assert spanish_text and brazilian_text
    for word in PORTUGUESE_ONLY:
        assert word not in public_text and word not in spanish_text, word
    for word in SPANISH_ONLY:
        assert word not in brazilian_text, word
    assert any(word in brazilian_text for word in PORTUGUESE_ONLY)
    assert re.search(r"\bÉ a vez de\b", brazilian_text), "the refusal speaks the clicker's language"


async def _play_a_whole_game(fake: FakeDiscord, table: CellTable) -> None:
    """The lobby, each player's help, rules, log and hint, a click out of turn, then the game to
    its end."""
    await _open(fake, table)
    state = await table.state()
    for user in table.players:
        for command in ("cell help", "cell rules", "cell log", "cell hint"):
            await fake.slash(user, command, channel=table.channel)
    waiting = next(user for user in table.players if user is not table.players[state.active_seat])
    board = await table.board()
    roll = next(c for c in board.walk_components() if control_op(c) == "act")
    refused = private_answer(await fake.click(waiting, board, roll["custom_id"]), waiting)
    assert refused.content
    final = await table.play_out(heuristic)
    assert final.outcome is not None and final.outcome.result == "win"


def read_by_audience(fake: FakeDiscord, players: list[FakeUser]) -> dict[FakeUser | str, list[str]]:
    """Every text the bot sent, by who reads it."""
    read: dict[FakeUser | str, list[str]] = {PUBLIC: [], **{player: [] for player in players}}
    for request in fake.requests:
        if request.method in ("POST", "PATCH") and isinstance(request.body, dict):
            read[audience(fake, request)].extend(text for text in texts_of(request.body) if text)
    return read


async def _open(fake: FakeDiscord, table: CellTable) -> None:
    """The lobby of ``table``, its players in, their fighters picked, started (each by its control,
    whatever its label reads)."""
    host = table.players[0]
    lobby = await fake.slash(host, "cell start", channel=table.channel, difficulty="easy")
    for player in table.players[1:]:
        await fake.click(player, lobby, _button(await table.board(), "join"))
    for player, fighter in zip(table.players, FIGHTERS, strict=True):
        board = await table.board()
        await fake.select(player, board, [fighter], custom_id=lobby_select(board, "pick"))
    await fake.click(host, await table.board(), _button(await table.board(), "start"))
    assert (await table.record()).status == "active"


def _button(message: Any, op: str) -> str:
    return next(c["custom_id"] for c in message.buttons if control_op(c) == op)
