"""Prime Time's pages and answers in each reader's language, through the fake Discord on a Spanish
server (es-ES) with one player on Spanish and one on Brazilian Portuguese: the rules pages (turned
to the last), the list of commands, `/primetime card`'s names and refusals, `/primetime settings`
and `/primetime log` answer each player in their own language, and the roster builder's pages are
drawn in the language asked; no English sentence of these pages and answers is left in them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.games.primetime.roster import builder_message, draft_of
from bot.games.primetime.rule_pages import RULE_PAGES
from locales.languages import Language
from tests.bot.driver import make_bot, private_answer
from tests.bot.games.cell.test_cell_languages import texts_of
from tests.bot.games.primetime.driver import PrimeTimeTable, find
from tests.bot.games.primetime.english import english_left as english_of
from tests.bot.games.primetime.spanish_table import spanish_server
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.people import FakeUser
from tests.fakediscord.world import StoredMessage

OURS = (
    "bot/games/primetime/rule_pages.py",
    "bot/games/primetime/guide.py",
    "bot/games/primetime/roster.py",
    "bot/games/primetime/player_commands.py",
    "bot/games/primetime/commands.py",
)
"""The files whose words these pages and answers are: the rest of Prime Time's own messages (its
board, panels and prompts) are read by its game's test."""
SPANISH_ONLY = ("Elige", "ronda", "Aturdido", "equipo")
PORTUGUESE_ONLY = ("Escolha", "rodada", "Atordoado", "equipe")


def english_left(texts: list[str]) -> list[str]:
    return english_of(texts, OURS, table_words=True)


def message_texts(message: StoredMessage) -> Iterator[str]:
    """What a person reads of a message: its content, embeds and controls."""
    body = {"content": message.content, "embeds": message.embeds, "components": message.components}
    yield from (text for text in texts_of(body) if text)


async def _rule_pages(fake: FakeDiscord, user: FakeUser) -> list[str]:
    """Every page of `/primetime rules`, turned with its Next button whatever it reads."""
    page = private_answer(await fake.slash(user, "primetime rules"), user)
    read = list(message_texts(page))
    for _ in RULE_PAGES.pages[1:]:
        await fake.click(user, page, page.buttons[1]["custom_id"])
        found = fake.world.find_message(page.id)
        assert found is not None
        page = found
        read.extend(message_texts(page))
    return read


async def _answers(fake: FakeDiscord, table: PrimeTimeTable, user: FakeUser) -> list[str]:
    """What ``user`` reads of their help, rules, card look-ups, settings and log."""
    read = await _rule_pages(fake, user)
    asked: list[tuple[str, dict[str, Any]]] = [
        ("primetime help", {}),
        ("primetime card", {"name": "Dragon Fist"}),
        ("primetime card", {"name": "senzu"}),
        ("primetime settings", {"auto_ready": True}),
        ("primetime settings", {"auto_ready": False, "auto_pass_on_hit": True}),
        ("primetime log", {}),
    ]
    for command, options in asked:
        answer = private_answer(await fake.slash(user, command, channel=table.channel, **options), user)
        read.extend(message_texts(answer))
    return read


async def test_pages_and_answers_speak_each_readers_language(tmp_path: Path) -> None:
    async with spanish_server(tmp_path) as (fake, table):
        spanish, brazilian = table.people
        await table.open(["z_fighters", "frieza_force"])
        read = {user: await _answers(fake, table, user) for user in (spanish, brazilian)}
        names = {
            user: [
                choice["name"]
                for choice in (await fake.autocomplete(user, "primetime card", "name", typed)).choices
            ]
            for user, typed in ((spanish, "semilla"), (brazilian, "semente"))
        }

    left = english_left(read[spanish] + read[brazilian])
    assert left == [], "\n".join(left)
    spanish_text, brazilian_text = "\n".join(read[spanish]), "\n".join(read[brazilian])
    for word in SPANISH_ONLY:
        assert word in spanish_text and word not in brazilian_text, word
    for word in PORTUGUESE_ONLY:
        assert word in brazilian_text and word not in spanish_text, word
    assert "Llanuras de Namek" in spanish_text and "Planícies de Namekusei" in brazilian_text
    assert "/primetime piloto-automático" in brazilian_text, "commands are named as the reader types them"
    assert "No conozco ninguna carta llamada `Dragon Fist`" in spanish_text
    assert "Semente dos Deuses" in brazilian_text, "a card is named in the reader's language"
    assert "Cada Inicio de Fase se responde Listo por ti" in spanish_text
    # The log: the rules' events in the reader's language, each seat named by its player.
    assert "Rodada 1 de 4" in brazilian_text and "Ronda 1 de 4" in spanish_text
    assert "Bob" in brazilian_text and "Seat 1" not in brazilian_text + spanish_text
    assert "Semilla del ermitaño" in names[spanish] and "Semente dos Deuses" in names[brazilian]


async def test_the_roster_builder_speaks_its_players_language(tmp_path: Path) -> None:
    async with FakeDiscord(quiet_period=0.02) as fake:
        people = [fake.users.bob, fake.users.carol]
        async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
            table = PrimeTimeTable(fake, bot, fake.guild.channels[0], people)
            await fake.slash(people[0], "primetime start", channel=table.channel)
            lobby = await table.board()
            await fake.click(people[1], lobby, find(lobby, "join")["custom_id"])
            record = await table.record()

    draft = draft_of(record.lobby["players"][0])
    # Too many models: the builder says what is wrong, in the player's words too.
    crowded = {**draft, "models": [*draft["models"], "vegeta", "frieza", "zarbon", "ginyu"]}
    pages = {
        language: [
            builder_message(record, chosen, None, card_page, language)
            for chosen in (draft, crowded)
            for card_page in (None, 0, 1)
        ]
        for language in Language
    }
    for language in (Language.SPAIN_SPANISH, Language.BRAZILIAN_PORTUGUESE, Language.FRENCH):
        read = [
            text
            for page in pages[language]
            for text in texts_of(
                {"embeds": [page["embed"].to_dict()], "components": page["view"].to_components()}
            )
            if text
        ]
        assert english_left(read) == [], language
        english = [page["embed"].description for page in pages[Language.ENGLISH]]
        assert [page["embed"].description for page in pages[language]] != english
    spanish = pages[Language.SPAIN_SPANISH][0]
    assert spanish["embed"].title == "Tu equipo de Prime Time"
    assert "**Amenaza:**" in spanish["embed"].description
    warning = pages[Language.BRAZILIAN_PORTUGUESE][3]["embed"].description
    assert "⚠️" in warning and "A roster" not in warning
