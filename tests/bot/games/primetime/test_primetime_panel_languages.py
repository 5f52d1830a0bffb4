"""Prime Time's play flow through the fake Discord on a Spanish server (es-ES) with one player on
Spanish and one on Brazilian Portuguese: the board message and its controls speak the table's
language, and each player's panel ("My hand") their own; no English sentence of the board's and
panels' own words is left in them."""

from __future__ import annotations

from pathlib import Path

from rules.primetime.actions import Move, UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.games.primetime.driver import advance_until, find
from tests.bot.games.primetime.english import english_left as english_of
from tests.bot.games.primetime.spanish_table import spanish_server
from tests.bot.games.primetime.test_primetime_pages_languages import message_texts

OURS = (
    "bot/games/primetime/controller.py",
    "bot/games/primetime/messages.py",
    "bot/games/primetime/panel.py",
    "bot/games/primetime/setup_panel.py",
    "bot/games/primetime/ascension_panel.py",
    "bot/games/primetime/controls.py",
    "bot/games/primetime/roster_desk.py",
)
"""The files whose words the board message, its controls and the panels are."""


def english_left(texts: list[str]) -> list[str]:
    return english_of(texts, OURS)


async def test_the_board_speaks_the_tables_language_and_a_panel_its_readers(tmp_path: Path) -> None:
    async with spanish_server(tmp_path) as (fake, table):
        spanish, brazilian = table.people
        await fake.slash(spanish, "primetime start", channel=table.channel)
        build = find(await table.board(), "roster", "open")
        lobby = await table.board()
        await fake.click(brazilian, lobby, find(lobby, "join")["custom_id"])
        for person, preset in ((spanish, "z_fighters"), (brazilian, "frieza_force")):
            lobby = await table.board()
            await fake.select(person, lobby, [preset], custom_id=find(lobby, "pick", "")["custom_id"])
        lobby = await table.board()
        await fake.click(spanish, lobby, find(lobby, "start")["custom_id"])
        await table.settle()
        board = await table.board()
        panels = {seat: await table.open_panel(seat) for seat in (0, 1)}

    assert build["label"] == "Crear equipo…", "the lobby's button speaks the table's language"
    embed = board.embeds[0]
    assert embed["title"].startswith("Prime Time — ronda 1/4"), embed["title"]
    assert "Gloria **" in embed["description"] and "Glory" not in embed["description"]
    assert "Mi mano" in board.button_labels and "My hand" not in board.button_labels
    assert {"Listo", "Jugar una carta…"} <= set(board.button_labels), "the Phase Start rides on the board"
    assert ": te toca." in (board.content or ""), "the ping speaks the table's language"
    assert "Inicio de la Fase de Poder: Listo, o una carta, a ciegas." in embed["description"]
    brazilian_panel, spanish_panel = panels[1].embeds[0], panels[0].embeds[0]
    assert brazilian_panel["title"] == "Carol — sua mão", brazilian_panel["title"]
    assert "**Sua mão:**" in brazilian_panel["description"] and "Glória **" in brazilian_panel["description"]
    assert brazilian_panel["footer"]["text"].startswith("Só você pode ver isto.")
    assert "Atualizar" in panels[1].button_labels
    assert spanish_panel["title"] == "Bob — tu mano" and "Actualizar" in panels[0].button_labels
    read = [*message_texts(board), *message_texts(panels[0]), *message_texts(panels[1])]
    left = english_left(read)
    assert left == [], "\n".join(left)


def _can_move_and_attack(state: PrimeTimeState) -> bool:
    if not state.prompts or state.prompts[0].kind != "action":
        return False
    actions = legal_actions(state, state.prompts[0].who)
    return any(isinstance(action, Move) for action in actions) and any(
        isinstance(action, UseTechnique) and action.target is not None for action in actions
    )


ACTIVATION_WORDS = {
    "es-ES": ("Vista de cerca del campo de batalla alrededor de", "Mover a…", "Técnica → objetivo"),
    "pt-BR": ("Visão de perto do campo de batalha em torno de", "Mover para…", "Técnica → alvo"),
}
"""The close-up's alt text and the activation's two menus as each reader's language says them."""


async def test_an_activations_close_up_and_menus_speak_the_acting_players_language(tmp_path: Path) -> None:
    async with spanish_server(tmp_path) as (_, table):
        await table.open(["z_fighters", "frieza_force"])
        state = await advance_until(table, _can_move_and_attack)
        seat = state.prompts[0].who
        board = await table.board()
        panel = await table.open_panel(seat)

    alt, move_menu, attack_menu = ACTIVATION_WORDS[table.people[seat].locale]
    assert (panel.attachments[0].description or "").startswith(alt), panel.attachments[0].description
    placeholders = [select["placeholder"] for select in panel.selects]
    assert move_menu in placeholders, placeholders
    assert any(placeholder.startswith(attack_menu) for placeholder in placeholders), placeholders
    # The board says who acts in the table's language, whoever acts.
    assert (
        "Actuar…" in board.button_labels
        and " actúa (le quedan 2 acciones)." in board.embeds[0]["description"]
    )
    left = english_left([*message_texts(board), *message_texts(panel)])
    assert left == [], "\n".join(left)
