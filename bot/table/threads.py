"""Games in threads (the server's ``/settings threads`` switch): a game started in a channel is played
in a public thread opened on its lobby, so one channel can run several games at once.

The lobby is posted in the channel and the thread is opened on it; from then on the game's channel is
the thread (its board, pings, reminders and private panels live there, and the one-game-per-channel
rule, the pacer, the turn clocks and the deadlines all see the thread's id). The lobby message itself
stays in the parent channel (Discord shows it at the top of the thread too; it has the thread's id)
and becomes one line pointing into the thread once the game starts. Until the thread exists the
lobby is stored under the id of the interaction that opened it, so two lobbies opened in the same
channel at the same moment never refuse each other.

A start whose thread the bot may not open (Create Public Threads, Send Messages in Threads) starts
nothing and tells the starter which permission is missing; if opening the thread still fails, the
lobby is closed and its message says why. Nothing falls back to playing in the channel: a server
that asked for threads would not expect a game to take over its channel.

When the game ends the thread keeps its final board, the result is told in one short line in the
parent channel with a link, and the thread is archived; ``Storage.close_thread`` records that once
done, so a restart finishes a closing a crash interrupted (``bot.table.reconcile``). A thread deleted
or archived by someone else while its game runs ends the game as abandoned (told in the parent
channel): a moderator who archives a game's thread means to stop it, and an archived thread can no
longer show the board's edits. This is seen from the gateway's thread events and, for what happened
while the bot was away, by reconciling.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.core.game_module import GameModule
from bot.core.host import Host, channel_of
from bot.core.results import winning_seats
from bot.core.service import ServiceError
from bot.core.speech import table_language
from bot.storage import RUNNING, GameRecord
from bot.ui.messages import message_link, problem_text
from locales.catalogues import BOT, N_, translations
from locales.languages import Language
from locales.translate import translate
from rules.core.text import Text

log = logging.getLogger("bot.threads")

# What the bot must be allowed in a channel to open a game's thread there, by the names Discord shows.
THREAD_PERMISSIONS = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
# The longest Discord offers: a running game posts within hours (the AI takes an absent seat), so
# only an ended game's thread ever idles that long.
ARCHIVE_AFTER_MINUTES = 10080
THREAD_NAME_LIMIT = 100
THREAD_DELETED, THREAD_ARCHIVED = "thread deleted", "thread archived"
# Why a game ended without its players, as the channel is told (by the outcome it was stored with).
LOST_BECAUSE = {THREAD_DELETED: N_("its thread was deleted"), THREAD_ARCHIVED: N_("its thread was archived")}


def missing_thread_permissions(permissions: discord.Permissions) -> list[str]:
    """The thread permissions the bot lacks, by their English names (looked up where they are said)."""
    return [label for flag, label in THREAD_PERMISSIONS.items() if not getattr(permissions, flag)]


def thread_refusal(missing: list[str], language: Language) -> str:
    _ = translations(BOT, language).gettext
    return _(
        "I can't open a thread for this game here: I lack {permissions}. This server plays each game in "
        "a thread of its own; ask a server admin to grant me that here, or start the game in another "
        "channel."
    ).format(permissions=", ".join(_(permission) for permission in missing))


def thread_name(module: GameModule, record: GameRecord) -> str:
    host = record.lobby["players"][0]["name"]
    return f"{module.title} · {host}"[:THREAD_NAME_LIMIT]


async def open_thread(
    host: Host, module: GameModule, record: GameRecord, parent_id: int, lobby_id: int
) -> GameRecord | None:
    """Opens the game's public thread on its lobby message ``lobby_id`` in ``parent_id`` and moves the
    game into it; None when Discord refused, after closing the lobby and saying why on it."""
    lobby = host.get_partial_messageable(parent_id, guild_id=record.guild_id).get_partial_message(lobby_id)
    try:
        thread = await lobby.create_thread(
            name=thread_name(module, record), auto_archive_duration=ARCHIVE_AFTER_MINUTES
        )
    except discord.HTTPException as error:
        log.warning("game %s: opening its thread failed (%r); the lobby is closed", record.id, error)
        with contextlib.suppress(ServiceError):
            await host.service.abandon(record.id, record.host_id, True)
        language = await table_language(host, record.guild_id)
        refused = translate(
            Text(
                "I couldn't open a thread for this game ({problem}), so nothing started. Ask a server "
                "admin to check my thread permissions here.",
                problem=problem_text(error),
            ),
            BOT,
            language,
        )
        with contextlib.suppress(discord.HTTPException):
            await lobby.edit(content=refused, embed=None, view=None)
        return None
    await host.service.storage.move_to_thread(record.id, thread.id, parent_id)
    record.channel_id, record.parent_channel_id = thread.id, parent_id
    log.info("game %s (%s) plays in thread %s of channel %s", record.id, record.game, thread.id, parent_id)
    return record


def result_line(host: Host, module: GameModule, record: GameRecord, language: Language) -> str:
    """The line the parent channel gets when a game played in a thread ends: who won (everyone, in a
    co-operative game won) or, when nobody did, who lost; the game's thread is named, never pinged
    (the bot's messages notify nobody it does not name on purpose)."""
    _ = translations(BOT, language).gettext
    game, thread = module.title, f"<#{record.channel_id}>"
    if record.status == "abandoned":
        lost = LOST_BECAUSE.get(record.outcome or "")
        if lost is None:
            return _("🏳️ {game} in {thread} was abandoned.").format(game=game, thread=thread)
        return _("🏳️ {game} in {thread} ended unfinished: {why}.").format(
            game=game, thread=thread, why=_(lost)
        )
    outcome = module.rules.outcome(host.service.load_state(record))
    assert outcome is not None
    players = record.lobby["players"]
    winners = winning_seats(outcome, len(players))
    names = ", ".join(
        player["name"] if player.get("ai") and player["user_id"] < 0 else f"<@{player['user_id']}>"
        for seat, player in enumerate(players)
        if seat in winners or not winners
    )
    line = (
        _("🏁 {game} in {thread}: {players} won · final board → {link}")
        if winners
        else _("🏁 {game} in {thread}: {players} lost · final board → {link}")
    )
    return line.format(game=game, thread=thread, players=names, link=message_link(record))


def ready_to_close(record: GameRecord) -> bool:
    """Whether the game played in a thread has ended and its thread is still to close: once the final
    board shows the end (an abandoned game's board is not redrawn), since an archived thread's
    messages can no longer be edited."""
    if record.parent_channel_id is None or record.thread_closed_at is not None or record.status in RUNNING:
        return False
    shown = record.board_version is not None and record.board_version >= record.version
    return record.status == "abandoned" or shown


async def close_thread(host: Host, module: GameModule, record: GameRecord) -> None:
    """Once a game played in a thread has ended (``ready_to_close``): the result in the parent channel
    (a lobby that never started has none to tell), the thread archived, and that recorded. A step
    Discord refuses for good (the thread or the parent channel is gone, or closed to the bot) is
    skipped; any other failure leaves the closing to the next reconciling."""
    if not ready_to_close(record):
        return
    assert record.parent_channel_id is not None
    storage = host.service.storage
    if record.state_json is not None:
        parent = host.get_partial_messageable(record.parent_channel_id, guild_id=record.guild_id)
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            await host.pacer.send(
                parent,
                record.parent_channel_id,
                content=result_line(host, module, record, await table_language(host, record.guild_id)),
                nonce=f"thread-end-{record.id}"[:25],
            )
    await archive_thread(host, record.channel_id)
    await storage.close_thread(record.id)
    log.info("game %s: its thread %s is closed", record.id, record.channel_id)


async def archive_thread(host: Host, thread_id: int) -> None:
    """Archives the thread unless it is archived already, gone, or closed to the bot."""
    try:
        thread = host.get_channel(thread_id)
        if not isinstance(thread, discord.Thread):
            thread = await host.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread) and not thread.archived:
            await thread.edit(archived=True)
    except (discord.NotFound, discord.Forbidden):
        pass  # Deleted, or no longer ours to archive: nothing is left to close.


async def thread_lost(host: Host, record: GameRecord) -> str | None:
    """Why a running game's thread can no longer hold it (``THREAD_DELETED``, ``THREAD_ARCHIVED``), or
    None while it can (or the game plays in its channel). The cache knows every active thread, so
    only a thread missing from it costs a request."""
    if record.parent_channel_id is None:
        return None
    cached = host.get_channel(record.channel_id)
    if isinstance(cached, discord.Thread) and not cached.archived:
        return None
    try:
        thread = await host.fetch_channel(record.channel_id)
    except discord.NotFound:
        return THREAD_DELETED
    except discord.HTTPException:
        return None
    return THREAD_ARCHIVED if isinstance(thread, discord.Thread) and thread.archived else None


async def end_for_lost_thread(host: Host, thread_id: int, why: str) -> None:
    """The thread of a running game was deleted or archived by someone else: the game ends as
    abandoned, and its thread is closed (the parent channel is told)."""
    service = host.service
    record = await service.storage.running_game(thread_id)
    if record is None or record.parent_channel_id is None or not host.scope.owns(record.guild_id):
        return
    try:
        record = await service.abandon(record.id, record.host_id, True, outcome=why)
    except ServiceError:
        return
    log.info("game %s ended: its %s", record.id, why)
    if record.state_json is None and record.message_id is not None:
        # A lobby: its message in the parent channel loses its controls.
        lobby = channel_of(host, record, record.message_id).get_partial_message(record.message_id)
        with contextlib.suppress(discord.HTTPException):
            words = translations(BOT, await table_language(host, record.guild_id))
            closed = words.gettext("This lobby closed: {why}.").format(why=words.gettext(LOST_BECAUSE[why]))
            await lobby.edit(content=closed, embed=None, view=None)
    controller = host.controllers[record.game]
    async with service.lock(record.id):
        await controller.catch_up(record.id)
    host.wake(record.id)
