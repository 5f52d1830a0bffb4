"""What the bot needs to know about one game's rules, without Discord: its ``GameModule``.

Each game's ``bot/games/<game>/module.py`` subclasses ``GameModule``. The module is also what the
bot's worker processes load: the AI's thinker calls ``ai_action`` and the board painter imports the
``renderer`` it names as it starts, so neither module nor anything it imports may use discord.py.

The optional parts have their defaults here; a game declares the ones it uses:

- ``other_picks``: the names of picks the lobby's menu does not offer (Prime Time's own roster);
- ``character_notes``: a line per character (its power), shown under it in the lobby's menu;
- ``pick_noun``: what a player picks in the lobby ("fighter", "roster");
- ``first_turn_hint``: what a newcomer does on their first turn, in a sentence or two;
- ``variant_noun``: what its variants are ("difficulty", "setup");
- ``ai_hint``: how the start command asks for AI seats, as ``/help`` shows it;
- ``secret_picks``: lobby picks stay hidden until the game reveals them;
- ``dice_colours``: the dice colours players choose in the lobby;
- ``clock_minutes``: how long a called player may take before the reminder and the AI's hand-off;
- ``TimedPrompts``: decisions with a default that a player gets when their time runs out;
- ``SeatWordedEvents``: events that name players by seat, worded with the players' names for people;
- ``ForeseenMoves``: the boards of the moves a player is likely to make next, drawn while they think.

The words a game gives the shared table (``summary``, the names in ``characters``, ``variants``,
``other_picks`` and ``dice_colours``, ``character_notes``, ``pick_noun``, ``variant_noun``,
``first_turn_hint``, ``ai_hint``) may be a plain str, said as it is, or a ``Text`` / ``Name`` of the
game's own catalogue (``rules.core.text``), said in the table's or the reader's language
(``bot.core.speech.game_words``); ``str()`` of either is the English.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel

from locales.languages import Language
from rules.core.events import Event
from rules.core.game import GameRules

if TYPE_CHECKING:
    # Only the painter's worker, which draws boards ahead, needs it (and the Pillow it loads).
    from bot.runtime.foresight import Foreseen

DEFAULT_CLOCK_MINUTES = (3.0, 10.0)


class GameModule(Protocol):
    """One game's rules side, as the service, the lobby and the workers use it."""

    name: str
    """The name stored with each game, its slash command group and the first part of its rules
    pages' controls: never changed once games are stored under it."""
    title: str
    summary: str
    """The game in one line, for ``/help`` and the top of its lobby."""
    rules: GameRules[Any, Any]
    renderer: str
    """The module of ``renderers`` that draws its boards; the painter's workers import it as they start."""
    min_players: int
    max_players: int
    characters: dict[str, str]
    variants: dict[str, str]
    simultaneous: bool
    """Whether several seats may have to act at once; their controls then carry the seat's own move
    count instead of the board version, so one player's move doesn't outdate another's controls."""
    other_picks: Mapping[str, str] = MappingProxyType({})
    """The names of the picks a seat may hold beside ``characters``, for the records."""
    character_notes: Mapping[str, str] = MappingProxyType({})
    """A line about each character (by key): what it does in the game."""
    pick_noun: str = "fighter"
    """What a player picks in the lobby, as the lobby's words name it."""
    first_turn_hint: str = ""
    """What to do on a first turn (such as "On your turn press **Roll dice**…"), or "" for nothing."""
    variant_noun: str = "difficulty"
    """What the game's variants are, as the lobby and the records name them."""
    ai_hint: str = ""
    """How the start command asks for AI seats, and what they do (such as "`/cell start ai_players:2`:
    two AI teammates…"), or "" for a game without."""
    secret_picks: bool = False
    """Whether picks stay hidden until the game reveals them; several players may then pick the same."""
    dice_colours: Mapping[str, str] = MappingProxyType({})
    """The dice colours players choose from in the lobby, for a game whose dice belong to no character."""
    clock_minutes: tuple[float, float] = DEFAULT_CLOCK_MINUTES
    """Minutes a called player may take before the reminder (when another player may also hand their
    seat to the AI) and before the AI takes it by itself, unless the server chose its own."""

    def options(self, lobby: dict[str, Any]) -> BaseModel: ...

    def seats_to_move(self, state: Any) -> list[int]: ...

    def ai_action(self, state: Any, seat: int) -> Any:
        """The AI's move for ``seat``; computed in a worker process, so it must not need the bot."""
        ...

    def watched_move(self, state: Any) -> bool:
        """Whether people follow the next move as it happens, so the AI pauses before making it."""
        ...


@runtime_checkable
class TimedPrompts(Protocol):
    """A game whose pending decisions have deadlines, each with a default (``bot.features.deadlines``)."""

    def prompt_deadlines(self, state: Any, lobby: dict[str, Any]) -> dict[int, float]:
        """Seconds each seat has, from the moment it was called, before ``timeout_action`` answers."""
        ...

    def timeout_action(self, state: Any, lobby: dict[str, Any], seat: int) -> Any:
        """The action that gives ``seat`` the defaults of its pending decisions (for a decision the
        player chose to answer at once, their standing answer rather than a timeout)."""
        ...


@runtime_checkable
class SeatWordedEvents(Protocol):
    """A game whose engine does not know the players' names, so its events name them by seat."""

    def event_text(self, event: Event, lobby: dict[str, Any]) -> str:
        """The event's words as people read them: each seat named by its player's name. The table
        may hand it the event with its words already said in the reader's language (a str text)."""
        ...


@runtime_checkable
class ForeseenMoves(Protocol):
    """A game whose next boards are worth drawing while a player thinks (``Painter.foresee``): the
    engine is deterministic, so the board each offered move leads to is known before the click."""

    def next_boards(
        self, state: Any, limit: int, skip: int = 0, language: Language = Language.ENGLISH
    ) -> list[Foreseen]:
        """The moves the board offers the player to act, likeliest first, after the first ``skip``
        and up to ``limit`` in all, each with the public view (as its renderer draws it, in the
        table's ``language``) of the state it leads to. Worked out in a worker process, so it must
        not need the bot."""
        ...

    def board_controls(self, state: Any, move: Hashable, language: Language = Language.ENGLISH) -> Any:
        """What the controls of the board ``move`` (one of ``next_boards``') leads to from ``state``
        need and take time to work out, in ``language``, or None: worked out in the worker too,
        after that board is drawn."""
        ...
