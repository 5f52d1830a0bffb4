"""Prime Time for the service and the workers: its rules, lobby choices, deadlines and AI move, no
Discord."""

from __future__ import annotations

from typing import Any

from bot.core.game_module import GameModule, SeatWordedEvents, TimedPrompts
from locales.translate import command, option
from rules.core.events import Event
from rules.core.text import Name, Text
from rules.primetime import RULES, PrimeTimeOptions
from rules.primetime.actions import PrimeTimeAction, Timeout
from rules.primetime.ai import choose_action
from rules.primetime.content import catalogue
from rules.primetime.names import character_name, in_a_list
from rules.primetime.prompts import default_action
from rules.primetime.roster import Roster
from rules.primetime.seat_words import with_names
from rules.primetime.state import PrimeTimeState


def preset_name(preset_id: str) -> Name:
    """A published roster by its name, translated from the content's translations."""
    return Name(kind="presets", id=preset_id, english=catalogue().preset(preset_id).name)


CUSTOM = "custom"
"""The pick of a player who built their own roster (kept beside their seat as ``roster``)."""
AUTO_PASS = "auto_pass_on_hit"
AUTO_READY = "auto_ready"
AUTO_ANSWERS = {"on_hit": AUTO_PASS, "phase_start": AUTO_READY}
"""The seat options that answer a prompt kind with its default at once (2.9: choices that never
depend on the hand, so answering at once betrays nothing)."""
PROMPT_SECONDS: dict[str, float] = {
    "terrain": 300,
    "first_player": 60,
    "side": 60,
    "objective": 120,
    "deploy": 120,
    "initiative": 60,
    "phase_start": 30,
    "ascension": 120,
    "reaction": 60,
    "deflect": 30,
    "evade_move": 30,
    "on_hit": 15,
    "activation_start": 15,
    "discard": 60,
}
"""DESIGN.md 2.9's deadlines; an activation has none (the turn clock's hand-off covers it)."""
WATCHED_KINDS = ("activation", "action")
"""The prompts the AI answers at a pace people can follow: its own activation, step by step."""


class PrimeTimeModule(GameModule, TimedPrompts, SeatWordedEvents):
    name = "primetime"
    title = "Prime Time"
    # The words the lobby, /help and the first ping show are this game's messages (``Text``, looked
    # up in its own catalogue) and its content's names (``Name``), said in each reader's language.
    summary = Text(
        "A two-player miniatures skirmish: field a team and fight over three Dragon Ball objectives."
    )
    rules = RULES
    renderer = "renderers.primetime"
    min_players = 2
    max_players = 2
    characters = {preset.id: preset_name(preset.id) for preset in catalogue().presets}
    """The rosters players pick in the lobby: the published presets of DESIGN.md 3.2."""
    character_notes = {
        preset.id: in_a_list([character_name(model) for model in preset.models])
        for preset in catalogue().presets
    }
    other_picks = {CUSTOM: Text("Own roster")}
    pick_noun = Text("roster")
    first_turn_hint = Text(
        "Answer the board's prompts; on your activation press **{act}** to move and attack with a model, "
        "and **{hand}** for your cards.",
        act=Text.in_context("button", "Act…"),
        hand=Text.in_context("button", "My hand"),
    )
    ai_hint = Text(
        "`{start} {ai_opponent}:True`: the AI takes the second seat",
        start=command("primetime start"),
        ai_opponent=option("primetime start", "ai_opponent"),
    )
    secret_picks = True
    """The lobby shows only "ready ✓": both rosters are revealed together (SU-2); mirrors are allowed."""
    variants = {
        "quick": Text("Quick (fixed battlefield)"),
        "full": Text("Full (terrain, roll-off, objectives, deployment)"),
    }
    variant_noun = Text("setup")
    simultaneous = True
    clock_minutes = (10.0, 20.0)
    """DESIGN.md 2.9: an activation has no deadline, and after 10 minutes the opponent may hand the
    seat to the AI (the reminder offers it); the AI takes over by itself 10 minutes later."""

    def options(self, lobby: dict[str, Any]) -> PrimeTimeOptions:
        first, second = (
            Roster.model_validate(player["roster"]) if player["character"] == CUSTOM else player["character"]
            for player in lobby["players"]
        )
        setup = "full" if lobby.get("variant") == "full" else "quick"
        return PrimeTimeOptions(rosters=(first, second), setup=setup)

    def seats_to_move(self, state: PrimeTimeState) -> list[int]:
        if state.outcome is not None:
            return []
        return list(dict.fromkeys(prompt.who for prompt in state.prompts))

    def ai_action(self, state: PrimeTimeState, seat: int) -> PrimeTimeAction:
        return choose_action(state, seat, seed=state.rng.seed + seat)

    def watched_move(self, state: PrimeTimeState) -> bool:
        """The steps of an activation are paced so people can follow them; the AI's answers (a
        Z-Reaction, an On Hit card, a Phase Start...) come at once, and the board shows the move they
        answer together with them (``answered_at_once``)."""
        return any(prompt.kind in WATCHED_KINDS for prompt in state.prompts)

    def answered_at_once(self, state: PrimeTimeState, lobby: dict[str, Any]) -> bool:
        """Whether only the AI must decide now, and at once: nothing is there for people to watch
        until it has."""
        players = lobby["players"]
        return (
            state.outcome is None
            and bool(state.prompts)
            and all(players[prompt.who].get("ai") for prompt in state.prompts)
            and not self.watched_move(state)
        )

    def prompt_deadlines(self, state: PrimeTimeState, lobby: dict[str, Any]) -> dict[int, float]:
        """Seconds each seat has, from its call, before ``timeout_action`` answers for it; none for a
        prompt the player chose to answer at once (``AUTO_ANSWERS``)."""
        if state.outcome is not None:
            return {}
        players = lobby["players"]
        return {
            prompt.who: 0
            if answered_at_once(prompt.kind, players[prompt.who])
            else PROMPT_SECONDS[prompt.kind]
            for prompt in state.prompts
            if prompt.default is not None and prompt.kind in PROMPT_SECONDS
        }

    def timeout_action(self, state: PrimeTimeState, lobby: dict[str, Any], seat: int) -> PrimeTimeAction:
        """Timeout, which gives every pending prompt of the seat its 2.9 default; a prompt the player
        chose to answer at once gets that answer itself (the default's own action), so it reads as
        their choice, not as time run out."""
        prompt = state.prompt_for(seat)
        if prompt is not None and answered_at_once(prompt.kind, lobby["players"][seat]):
            return default_action(state, prompt)
        return Timeout(player=seat)

    def event_text(self, event: Event, lobby: dict[str, Any]) -> str:
        return with_names(str(event.text), [player["name"] for player in lobby["players"]])


def answered_at_once(kind: str, player: dict[str, Any]) -> bool:
    """Whether ``player`` chose to answer prompts of ``kind`` with their default at once."""
    option = AUTO_ANSWERS.get(kind)
    return option is not None and bool(player.get(option))
