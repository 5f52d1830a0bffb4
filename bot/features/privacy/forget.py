"""What the bot keeps about people, and forgetting one of them.

Forgetting replaces the user's Discord id and name, everywhere they are stored, by the label of the
seat they sat in ("Player 2") and a fixed negative id for that seat, in one transaction: the games
they hosted or played, their logged actions, turn clocks and result rows. Games keep replaying and the
server's history and totals keep counting those games, under the anonymous label; the leaderboard
ranks only people with a real id, so a forgotten user drops out of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage import RUNNING, Storage
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command_words

# Below the AI's ids (-1 … -5): an anonymous seat is never taken for an AI seat.
ANONYMOUS_ID_BASE = -1000


def anonymous_id(seat: int) -> int:
    return ANONYMOUS_ID_BASE - seat


def anonymous_name(seat: int) -> str:
    return f"Player {seat + 1}"


class StillPlaying(Exception):
    """The user sits in a running game; forgetting them would leave it with a seat nobody can play."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"user still plays in channel {channel_id}")
        self.channel_id = channel_id


@dataclass(frozen=True)
class Forgotten:
    games: int
    actions: int
    results: int


def _seat_in(players: list[dict[str, object]], user_id: int) -> int | None:
    return next((seat for seat, player in enumerate(players) if player["user_id"] == user_id), None)


async def forget_user(storage: Storage, user_id: int) -> Forgotten:
    """Anonymises ``user_id`` in every stored game, action and result row; raises StillPlaying (and
    changes nothing) while they sit in a lobby or a running game."""
    marker = f'"user_id": {user_id}'
    async with storage.writing() as db:
        games = await db.fetch_all(
            "SELECT id, status, channel_id, host_id, lobby_json FROM games "
            "WHERE host_id = ? OR lobby_json LIKE ?",
            (user_id, f"%{marker}%"),
        )
        changed = 0
        for game_id, status, channel_id, host_id, lobby_json in games:
            lobby = json.loads(lobby_json)
            seat = _seat_in(lobby["players"], user_id)
            if seat is None and host_id != user_id:
                continue  # another id that starts with the same digits
            if status in RUNNING:
                raise StillPlaying(channel_id)
            if seat is not None:
                lobby["players"][seat].update(user_id=anonymous_id(seat), name=anonymous_name(seat))
            new_host = anonymous_id(seat or 0) if host_id == user_id else host_id
            await db.execute(
                "UPDATE games SET host_id = ?, lobby_json = ? WHERE id = ?",
                (new_host, json.dumps(lobby), game_id),
            )
            changed += 1
        actions = await db.execute(
            "UPDATE actions SET actor_id = ? - seat WHERE actor_id = ?", (ANONYMOUS_ID_BASE, user_id)
        )
        # The turn clock names whom a running game waits for; a finished game may leave its rows.
        await db.execute(
            "UPDATE turn_clocks SET user_id = ? - seat WHERE user_id = ?", (ANONYMOUS_ID_BASE, user_id)
        )
        results = await db.execute(
            "UPDATE results SET user_id = ? - seat, name = 'Player ' || CAST(seat + 1 AS TEXT) "
            "WHERE user_id = ?",
            (ANONYMOUS_ID_BASE, user_id),
        )
    return Forgotten(changed, actions, results)


def privacy_text(retention_days: float, backups_kept: int | None, language: Language) -> str:
    """The /privacy statement in the reader's ``language``, with this bot's own retention and backup
    settings."""
    words = translations(BOT, language)
    _ = words.gettext
    backups = (
        words.ngettext(
            "The operator keeps the newest backup copy of the database; older copies are deleted as new "
            "ones are made, so what you ask to forget leaves the backups as they rotate.",
            "The operator keeps the newest {count} backup copies of the database; older copies are "
            "deleted as new ones are made, so what you ask to forget leaves the backups as they rotate.",
            backups_kept,
        ).format(count=format_number(backups_kept, language))
        if backups_kept
        else _("This bot keeps no backup copies of its database.")
    )
    commands = {
        name: command_words(name, language) for name in ("settings", "stats", "leaderboard", "history")
    }
    return "\n\n".join(
        (
            _(
                "**What this bot stores**\n"
                "• For each game: the server, channel and board message ids, the host's and each player's "
                "Discord user id and display name, the characters and difficulty, the game's seed and "
                "state.\n"
                "• Every move made in a game, with the user id of who made it, so games can be replayed, and "
                "while a game runs, whom it waits for and since when (the turn clock).\n"
                "• Each server's `{settings}` (no personal data).\n"
                "• For each finished game: one result row per player (user id, display name, character, "
                "whether they won) for `{stats}`, `{leaderboard}` and `{history}`.\n"
                "No message contents, no other server data, nothing from outside a game. The bot's log, kept "
                "by whoever runs it, names the user ids of people who open or end games."
            ).format(**commands),
            _(
                "**For how long**\n"
                "• Finished and abandoned games and their moves are deleted {days} days after they ended. "
                "Result rows are kept so the server's stats stay complete.\n"
                "• {backups}"
            ).format(days=format_number(retention_days, language), backups=backups),
            _(
                "**Removing your data**\n"
                '`{forget}` replaces your user id and name by an anonymous seat label (such as "Player 2") '
                "in every stored game, move and result, in every server. Your games still count in the "
                "server's history, under that label; you leave the leaderboard. Boards and messages already "
                "posted in the channels are not edited: they keep their mention of you (a server's "
                "moderators can delete them)."
            ).format(forget=command_words("forget-me", language)),
        )
    )
