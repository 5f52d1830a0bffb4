"""Perfect Cell for the service and the workers: its rules, lobby choices and AI move, no Discord."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.core.game_module import GameModule
from locales.languages import Language
from locales.translate import command
from rules.cell import RULES, CellOptions, words
from rules.cell.actions import CellAction
from rules.cell.ai import choose_action
from rules.cell.content import catalogue
from rules.cell.state import CellState
from rules.core.text import Name, Text

if TYPE_CHECKING:
    from bot.games.cell.menus import RolledMenus
    from bot.games.cell.paths import Path
    from bot.runtime.foresight import Foreseen

# In the order of /settings' difficulties (``bot.core.server_settings.DIFFICULTIES``): easiest first.
VARIANTS = {"easy": "Easy", "normal": "Normal", "challenge": "Challenge", "impossible": "Impossible"}
"""The difficulties as /cell start's choices name them (the commands' words are translated with them)."""
VARIANT_WORDS = {
    "easy": Text("Easy"),
    "normal": Text("Normal"),
    "challenge": Text("Challenge"),
    "impossible": Text("Impossible"),
}
AI_BUDGET_MS = 150.0


class CellModule(GameModule):
    name = "cell"
    title = "Perfect Cell"
    summary = Text("Co-op dice: the Z-Fighters roll and spend dice together to bring Perfect Cell down.")
    rules = RULES
    renderer = "renderers.cell"
    min_players = 1
    max_players = 4
    characters = {
        fighter.id: Name(kind="fighters", id=fighter.id, english=fighter.name)
        for fighter in catalogue().fighters
    }
    character_notes = {
        fighter.id: Name(kind="fighters", id=fighter.id, english=fighter.ability_text, field="ability_text")
        for fighter in catalogue().fighters
    }
    first_turn_hint = Text(
        "On your turn press **Roll dice**, then spend each die with the board's buttons; "
        "`{hint}` suggests a move.",
        hint=command("cell hint"),
    )
    ai_hint = Text("`{start} ai_players:2`: two AI teammates fill empty seats", start=command("cell start"))
    # The rulebook: "players can pick the color of dice they prefer".
    dice_colours = {colour.name: words.colour(colour.name) for colour in catalogue().board.dice_colours}
    variants = VARIANT_WORDS
    simultaneous = False

    def options(self, lobby: dict[str, Any]) -> CellOptions:
        players = lobby["players"]
        return CellOptions(
            fighters=[p["character"] for p in players],
            variant=lobby["variant"],
            dice_colours=[p.get("dice_colour") for p in players],
        )

    def seats_to_move(self, state: CellState) -> list[int]:
        return [] if state.outcome is not None else [state.active_seat]

    def ai_action(self, state: CellState, seat: int) -> CellAction:
        """The strong player's next action; its own sampling is seeded by how far the game is."""
        action = choose_action(state, seat, rng_seed=state.actions_taken, budget_ms=AI_BUDGET_MS)
        assert action is not None, "the AI was asked to move out of turn"
        return action

    def watched_move(self, state: CellState) -> bool:
        return True

    def next_boards(
        self, state: CellState, limit: int, skip: int = 0, language: Language = Language.ENGLISH
    ) -> list[Foreseen]:
        # Imported here: only the painter's worker draws boards ahead, and the AI's workers, which
        # load this module for ``ai_action``, are spared the paths, the board's words and Pillow.
        from bot.games.cell.ahead import next_boards

        return next_boards(state, limit, skip, language)

    def board_controls(
        self, state: CellState, move: Path, language: Language = Language.ENGLISH
    ) -> RolledMenus | None:
        from bot.games.cell.ahead import menus_after

        return menus_after(state, move, language)
