"""A whole Prime Time game on a Spanish server (es-ES), one player on Spanish and one on Brazilian
Portuguese, through the fake Discord: the AI's choices are played by pressing the controls. Every
public text (the board message, its controls, its image's alt text, the pings) is Spanish; each
player's private panels, close-ups, previews and answers are in their own language; no English
piece of Prime Time's messages is left anywhere, its action labels, card and technique lines and
Move menu included (``codes.py``, ``explain.py``, ``pictures.py``).

Every request body the bot sent is read from the fake's log, with its audience worked out as
Discord shows it (``tests.bot.games.cell.test_cell_languages.read_by_audience``)."""

from __future__ import annotations

from pathlib import Path

from locales.languages import Language
from tests.bot.games.cell.test_cell_languages import PUBLIC, read_by_audience
from tests.bot.games.primetime.english import english_left, english_words_left
from tests.bot.games.primetime.spanish_table import spanish_server
from tests.bot.games.primetime.test_primetime_panel_languages import OURS
from tests.bot.games.primetime.test_primetime_words import FILES

SCANNED = (*OURS, *FILES, "bot/games/primetime/module.py")
"""The files whose words the board, its controls, the panels and the previews are."""
SPANISH_ONLY = ("Elige", "ronda", "Aturdido", "Sin reacción", "Terminar la activación", "Evasión Z")
PORTUGUESE_ONLY = ("Escolha", "rodada", "Atordoado", "Sem reação", "Encerrar a ativação", "Esquiva Z")
"""Words of one language only, to tell a Spanish text from a Portuguese one."""
HAND_WORDS = {
    "es-ES": (" · se descarta: ", " · un solo uso: ", " · sigue en juego: ", " · toda la partida: "),
    "pt-BR": (" · descartada: ", " · uso único: ", " · fica em jogo: ", " · a partida toda: "),
}
"""What a card of the hand costs, as each language's card line says it."""
MOVE_WORDS = {"es-ES": " · Mover a ", "pt-BR": " · Mover para "}
"""The Move menu's options (lettered cells), as each language says them."""


async def test_a_whole_game_speaks_the_tables_language_in_public_and_each_players_in_private(
    tmp_path: Path,
) -> None:
    async with spanish_server(tmp_path, check_own_payloads=False) as (fake, table):
        spanish, brazilian = table.people
        await table.open(["z_fighters", "frieza_force"])
        final = await table.play_out()
        assert final.outcome is not None and (await table.record()).status == "finished"
        read = read_by_audience(fake, [spanish, brazilian])

    public, by_spanish, by_brazilian = read[PUBLIC], read[spanish], read[brazilian]
    assert public and by_spanish and by_brazilian
    left = english_left([*public, *by_spanish, *by_brazilian], SCANNED)
    left += english_words_left([*public, *by_spanish], SCANNED, Language.SPAIN_SPANISH)
    left += english_words_left(by_brazilian, SCANNED, Language.BRAZILIAN_PORTUGUESE)
    assert left == [], "\n".join(left[:30])
    spanish_text, brazilian_text = "\n".join(by_spanish), "\n".join(by_brazilian)
    public_text = "\n".join(public)
    for word in PORTUGUESE_ONLY:
        assert word not in public_text and word not in spanish_text, word
    for word in SPANISH_ONLY:
        assert word not in brazilian_text, word
    # The words of codes.py, explain.py and pictures.py reached each reader in their language.
    for person, text in ((spanish, spanish_text), (brazilian, brazilian_text)):
        assert any(words in text for words in HAND_WORDS[person.locale]), person.locale
        assert MOVE_WORDS[person.locale] in text, person.locale
    assert "Evasión Z" in public_text, "the board's Z-Reaction buttons speak the table's language"
