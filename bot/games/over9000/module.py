"""Over 9000 for the service and the workers: its rules, lobby choices and AI move, no Discord."""

from __future__ import annotations

from typing import Any

from bot.core.game_module import GameModule
from rules.core.text import Name, Text
from rules.over9000 import RULES, Over9000Options
from rules.over9000.actions import Over9000Action
from rules.over9000.ai import choose_action
from rules.over9000.content import catalogue
from rules.over9000.state import Over9000State


def ai_seed(state: Over9000State, seat: int) -> int:
    """The AI's seed for its next move: drawn from the game's secret seed, so nobody can foresee its
    bluffs. While everyone arranges at once it counts only the seat's own tokens, so an arrangement
    doesn't depend on how the players' moves happened to interleave."""
    assert state.prompt is not None
    progress = len(state.players[seat].hand) if state.prompt.kind == "place" else state.actions_taken
    return hash((state.rng.seed, state.round, seat, progress))


class Over9000Module(GameModule):
    name = "over9000"
    title = "Over 9000"
    # The words the lobby and /help show are this game's messages and content names: they are looked
    # up in the game's own catalogue and content translations (``bot.core.speech.game_words``).
    summary = Text("A bluffing duel of hidden tokens: be the only fighter over 9000 when a round ends.")
    rules = RULES
    renderer = "renderers.over9000"
    min_players = 2
    max_players = 6
    characters = {
        character.id: Name(kind="characters", id=character.id, english=character.name)
        for character in catalogue().characters
    }
    character_notes = {
        character.id: Text(
            "{power}: {text}",
            power=Name(kind="powers", id=character.id, english=character.power.name),
            text=Name(kind="powers", id=character.id, english=character.power.text, field="text"),
        )
        for character in catalogue().characters
    }
    first_turn_hint = Text(
        "Press **My tokens** to arrange your six tokens in secret; on your attack push one and "
        "declare Kick, Punch or High Blast (bluffing allowed)."
    )
    ai_hint = Text("`/over9000 start ai_players:1`: an AI opponent fills an empty seat")
    variants = {"standard": Text("Standard")}
    simultaneous = True

    def options(self, lobby: dict[str, Any]) -> Over9000Options:
        return Over9000Options(characters=[player["character"] for player in lobby["players"]])

    def seats_to_move(self, state: Over9000State) -> list[int]:
        if state.outcome is not None or state.prompt is None:
            return []
        return list(state.prompt.seats)

    def ai_action(self, state: Over9000State, seat: int) -> Over9000Action:
        return choose_action(state, seat, seed=ai_seed(state, seat))

    def watched_move(self, state: Over9000State) -> bool:
        """An attack is watched; the AI's reveal answers it at once, so the board shows the attack
        and its result in one redraw."""
        return state.prompt is not None and state.prompt.kind == "attack"
