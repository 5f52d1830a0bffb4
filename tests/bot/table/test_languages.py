"""The table speaks its people's languages, through the fake Discord: a server whose preferred locale is
Spanish (Spain), one player on a Spanish client and one on a Brazilian Portuguese one. Private
answers (/help, refusals, /settings) follow the one who acted; the lobby, which everyone in the
channel reads, follows the server. No text the bot shows is one of the ``bot`` catalogue's English
messages, but for the few that read the same in that language (a unit, a page count)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from locales.catalogues import BOT, read_catalogue, template_path, translations
from locales.languages import Language
from tests.bot.driver import make_bot
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import StoredMessage

# The bot's words are split where its messages join their parts: lines, and the separators of a
# seat's line or a field's value.
PIECES = re.compile(r"\n| — | · ")


@cache
def english_patterns(language: Language) -> list[tuple[str, re.Pattern[str]]]:
    """Every message of the ``bot`` catalogue as a pattern of its English words (each placeholder any
    text), except those whose ``language`` words are the English ones."""
    words = translations(BOT, language)
    patterns = []
    for message in read_catalogue(template_path(BOT)):
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        translated = words.pgettext(message.context, english) if message.context else words.gettext(english)
        if translated == english:
            continue
        pattern = re.escape(english.strip())
        pattern = re.sub(r"\\\{[a-z_]+\\\}", ".+", pattern)
        for piece in PIECES.split(english.strip()):
            # A message of several lines is matched line by line too.
            if "{" not in piece and len(piece) > 3:
                patterns.append((piece, re.compile(re.escape(piece))))
        patterns.append((english, re.compile(pattern, re.DOTALL)))
    return patterns


def texts(message: StoredMessage) -> Iterator[str]:
    """Every text of a message a person reads: its content, its embeds and its controls' words."""
    if message.content:
        yield message.content
    for embed in message.embeds:
        yield from (embed.get("title") or "", embed.get("description") or "")
        for field in embed.get("fields", []):
            yield from (field["name"], field["value"])
        yield (embed.get("footer") or {}).get("text", "")
    for component in message.walk_components():
        yield from (component.get("label") or "", component.get("placeholder") or "")
        for option in component.get("options", []):
            yield option["label"]


def english_left(message: StoredMessage, language: Language) -> list[str]:
    found = []
    for text in texts(message):
        for piece in [text, *PIECES.split(text)]:
            piece = piece.strip()
            for english, pattern in english_patterns(language):
                if piece and pattern.fullmatch(piece):
                    found.append(f"{piece!r} is {english!r}")
    return found


async def test_private_answers_follow_the_player_and_the_lobby_follows_the_server(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    bob, carol, owner = fake.users.bob, fake.users.carol, fake.users.owner
    bob.locale, carol.locale, owner.locale = "es-ES", "pt-BR", "pt-BR"
    spanish, portuguese = Language.SPAIN_SPANISH, Language.BRAZILIAN_PORTUGUESE
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        helped = await fake.slash(carol, "help")
        assert helped.message is not None and helped.message.ephemeral
        assert helped.message.embeds[0]["title"] == "Jogos de Dragon Ball Z"
        assert "`/cell iniciar` · de 1 a 4 jogadores" in helped.message.embeds[0]["fields"][0]["value"]
        assert english_left(helped.message, portuguese) == []

        opened = await fake.slash(bob, "cell start")
        lobby = opened.message
        assert lobby is not None and not lobby.ephemeral
        assert lobby.embeds[0]["title"] == "Perfect Cell — sala"
        assert {"Unirse", "Salir", "Empezar", "Cómo se juega", "Añadir IA"} <= set(lobby.button_labels)
        assert english_left(lobby, spanish) == []

        # Carol reads Portuguese, but the lobby everyone sees stays in the server's Spanish.
        joined = await fake.click(carol, lobby, "Unirse")
        assert joined.message is not None and "**2 de 4 plazas**" in joined.message.embeds[0]["description"]
        assert english_left(joined.message, spanish) == []

        refused = await fake.click(carol, joined.message, "Empezar")
        assert refused.message is not None and refused.message.ephemeral
        assert refused.message.content == "Só o anfitrião pode começar a partida."
        again = await fake.click(carol, joined.message, "Unirse")
        assert again.message is not None and again.message.content == "Você já está nesta sala."
        tampered = await fake.slash(bob, "cell start", forged=True, ai_players=9)
        assert tampered.message is not None
        assert tampered.message.content == (
            "`jugadores_ia` debe ser un número entero de 0 a 3, así que no ha cambiado nada."
        )

        settings = await fake.slash(owner, "settings", lobby_minutes=45.0)
        assert settings.message is not None and settings.message.ephemeral
        fields = {field["name"]: field["value"] for field in settings.message.embeds[0]["fields"]}
        assert fields["Salas paradas fecham após"] == "45 min"
        assert fields["Idioma"] == "Automático (o idioma do servidor)"
        for answer in (refused.message, again.message, settings.message):
            assert english_left(answer, portuguese) == []
    assert not fake.bot_errors


async def test_the_records_privacy_leaving_and_a_moved_board_speak_their_languages(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    bob, carol = fake.users.bob, fake.users.carol
    bob.locale, carol.locale = "es-ES", "pt-BR"
    spanish, portuguese = Language.SPAIN_SPANISH, Language.BRAZILIAN_PORTUGUESE
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        # The records are posted in the channel: the server's language, whoever asked.
        board = await fake.slash(carol, "leaderboard")
        assert board.message is not None and not board.message.ephemeral
        assert board.message.embeds[0]["title"] == "Clasificación — Todos los juegos"
        history = await fake.slash(carol, "history")
        assert history.message is not None
        assert history.message.embeds[0]["description"] == "Aún no hay partidas terminadas."
        for message in (board.message, history.message):
            assert english_left(message, spanish) == []

        privacy = await fake.slash(carol, "privacy")
        assert privacy.message is not None and privacy.message.content.startswith("**O que este bot guarda**")
        asked = await fake.slash(carol, "forget-me")
        assert asked.message is not None and {"Esqueça-me", "Cancelar"} == set(asked.message.button_labels)
        cancelled = await fake.click(carol, asked.message, "Cancelar")
        assert cancelled.message is not None and cancelled.message.content == "Nada foi alterado."
        for message in (privacy.message, asked.message, cancelled.message):
            assert english_left(message, portuguese) == []

        opened = await fake.slash(bob, "cell start")
        assert opened.message is not None
        started = await fake.click(bob, opened.message, "Empezar")
        assert started.message is not None
        leave = await fake.slash(bob, "cell leave")
        assert leave.message is not None and leave.message.content.startswith(
            "¿Dejas esta partida de Perfect Cell?"
        )
        assert set(leave.message.button_labels) == {"Dejar la partida", "Quedarme"}
        stayed = await fake.click(bob, leave.message, "Quedarme")
        assert stayed.message is not None and stayed.message.content == "Sigues en la partida."
        refused = await fake.slash(carol, "cell autoplay")
        assert (
            refused.message is not None and refused.message.content == "Você não está jogando nesta partida."
        )

        await fake.slash(bob, "cell status")
        moved = fake.world.find_message(opened.message.id).content or ""
        assert moved.startswith(
            "Perfect Cell, ronda 1 · el tablero se ha movido ↓ https://discord.com/channels/"
        )
    assert not fake.bot_errors


async def test_over_9000s_lobby_and_help_line_speak_the_servers_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The words Over 9000 gives the shared table (its summary, its fighters and their powers, its AI
    hint) are its catalogue's messages and content names, not English kept as it is."""
    fake = fake_discord
    fake.guild.preferred_locale = "es-ES"
    fake.users.bob.locale = "es-ES"
    spanish = translations("over9000", Language.SPAIN_SPANISH)
    summary = spanish.gettext(
        "A bluffing duel of hidden tokens: be the only fighter over 9000 when a round ends."
    )
    assert summary.startswith("Un duelo")
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        helped = await fake.slash(fake.users.bob, "help")
        assert helped.message is not None
        over9000_field = next(
            field["value"] for field in helped.message.embeds[0]["fields"] if summary in field["value"]
        )
        assert "un rival de la IA" in over9000_field
        opened = await fake.slash(fake.users.bob, "over9000 start")
    lobby = opened.message
    assert lobby is not None and summary in (lobby.embeds[0]["description"] or "")
    fighters = next(component for component in lobby.walk_components() if component.get("options"))
    options = {option["value"]: option for option in fighters["options"]}
    assert options["frieza"]["label"] == "Freezer"
    assert options["android18"]["description"].startswith("Barrera: Cualquier icono de defensa")
    assert not fake.bot_errors
