"""The line that tells a newcomer what to do, on the board while it calls them to their first move: a
newcomer has no finished game of this kind in this server yet.

Every board asks whether the people it calls have moved yet; a seat that has moved once has for good
(its actions are kept, a forgotten player's made anonymous), so ``MovedSeats`` asks the database about
a seat only until it has, and the boards after every seat's first move ask it nothing."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.core.game_module import GameModule
from bot.core.service_base import people_to_act
from bot.core.speech import game_words
from bot.storage import GameRecord, Storage
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.translate import command_words


async def newcomers(storage: Storage, record: GameRecord, people: list[int]) -> list[int]:
    """Those of ``people`` without a result row of this game's kind in its server."""
    people = [user for user in people if user > 0]
    if not people:
        return []
    marks = ", ".join("?" for _ in people)
    rows = await storage.read_all(
        f"SELECT DISTINCT user_id FROM results WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
        (record.guild_id, record.game, *people),
    )
    played = {row[0] for row in rows}
    return [user for user in people if user not in played]


# Games whose moved seats are remembered (a few bytes each; the game seen longest ago is forgotten
# first, and only costs the database one question per seat again).
MOVED_GAMES = 10_000


class MovedSeats:
    """The seats known to have made a move, by game."""

    def __init__(self, games: int = MOVED_GAMES) -> None:
        self.games = games
        self._seats: OrderedDict[int, set[int]] = OrderedDict()

    async def has_moved(self, storage: Storage, game_id: int, seat: int) -> bool:
        if seat not in self._seats.get(game_id, ()):
            if await storage.seat_moves(game_id, seat) == 0:
                return False
            self._seats.setdefault(game_id, set()).add(seat)
        self._seats.move_to_end(game_id)
        while len(self._seats) > self.games:
            self._seats.popitem(last=False)
        return True


def first_turn_line(module: GameModule, users: list[int], language: Language) -> str | None:
    """What to do now, for the newcomers ``users``, in the table's ``language``; None when there are
    none or the game has no hint."""
    if not users or not module.first_turn_hint:
        return None
    return (
        translations(BOT, language)
        .gettext("👋 First {game} game, {players}? {hint} More: `{rules}`.")
        .format(
            game=module.title,
            players=", ".join(f"<@{user}>" for user in users),
            hint=game_words(module, module.first_turn_hint, language),
            rules=command_words(f"{module.name} rules", language),
        )
    )


async def first_moves(
    storage: Storage, module: GameModule, record: GameRecord, state: Any, moved: MovedSeats
) -> list[int]:
    """The people ``state`` calls to act who have yet to make their first move, in their first game
    of this kind in this server."""
    if not module.first_turn_hint:
        return []
    unmoved = [
        user
        for seat, user in people_to_act(module, record, state).items()
        if not await moved.has_moved(storage, record.id, seat)
    ]
    return await newcomers(storage, record, unmoved)


async def with_first_turn_line(
    storage: Storage,
    module: GameModule,
    record: GameRecord,
    state: Any,
    message: dict[str, Any],
    language: Language,
    moved: MovedSeats,
) -> dict[str, Any]:
    """``message`` (a board) with the line for the newcomers it calls below its content, if any;
    ``moved`` remembers the seats that have moved already."""
    line = first_turn_line(module, await first_moves(storage, module, record, state, moved), language)
    if line is None:
        return message
    content = "\n".join(part for part in (message.get("content"), line) if part)
    return {**message, "content": content}
