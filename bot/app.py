"""The discord.py client: opens storage, registers commands and restart-proof controls, routes clicks."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.host import GameController, GlobalControl
from bot.core.server_settings import ServerSettingsStore
from bot.core.service import GameService
from bot.core.service_base import GAME_GONE
from bot.features.autopilot import Autopilot
from bot.features.deadlines import PromptDeadlines
from bot.features.help import help_command
from bot.features.privacy.commands import FORGET_OP, on_forget_control, privacy_commands
from bot.features.records.commands import records_commands
from bot.features.settings import settings_command
from bot.features.turnclock import TurnClock
from bot.features.upkeep import Upkeep
from bot.games.registry import GAMES, Game
from bot.runtime import metrics
from bot.runtime.config import Settings
from bot.runtime.painter import Painter
from bot.runtime.sharding import ShardScope
from bot.storage import DatabaseBusy, Storage, open_storage
from bot.table.reconcile import Reconciler
from bot.table.threads import THREAD_ARCHIVED, THREAD_DELETED, end_for_lost_thread
from bot.ui.command_translator import CommandTranslator
from bot.ui.components import (
    NOT_ON_THE_MENU,
    UNKNOWN_CONTROL,
    Control,
    control_of,
    find_component,
    is_select,
    offers,
    typed_answer,
)
from bot.ui.options import OptionCheckingTree
from bot.ui.pacing import ChannelPacer
from bot.ui.replies import expired, in_time, reply_error
from rules.core.text import Text

log = logging.getLogger("bot")

COMMAND_SYNC_LEASE = "command sync"
# Longer than any sync takes; a process that dies while syncing holds it no longer than this.
COMMAND_SYNC_LEASE_SECONDS = 120.0
DRAIN_SECONDS = 10.0
"""How long a stopping bot waits for the clicks it is answering: a stop loses no answer."""
BUSY_ANSWER = Text("The game's database has been busy for minutes, so nothing changed. Try again in a while.")
WENT_WRONG = Text("Something went wrong on my side; nothing was changed. Try again.")


class GameBot(commands.Bot):
    """The bot: builds every part, hands each the bot as its ``Host``, and routes clicks."""

    def __init__(
        self,
        settings: Settings,
        new_seed: Callable[[], int] | None = None,
        storage: Storage | None = None,
        games: Sequence[Game] = GAMES,
        pacer: ChannelPacer | None = None,
        **client_options: Any,
    ) -> None:
        """``storage`` is the database already opened (the command line opens it before logging in, so
        a bad file stops the bot before it touches Discord); without it ``setup_hook`` opens it.
        ``games`` are the games it runs (``bot.games.registry``); ``pacer`` paces its channel messages
        (Discord's 5 in 5 seconds when None)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            # Only the servers, their channels and threads: everything players do comes as interactions,
            # so the bot does not ask for every message, edit, reaction and typing of its servers (under
            # load, reading its own board edits back cost a fifth of the moves it could answer).
            intents=discord.Intents(guilds=True),
            help_command=None,
            # Nobody is notified unless a message names them on purpose (see bot.ui.messages.mentions).
            allowed_mentions=discord.AllowedMentions.none(),
            # Boards are reached through their stored ids, never through discord.py's message cache.
            max_messages=None,
            tree_cls=OptionCheckingTree,
            **client_options,
        )
        self._answering: set[asyncio.Task[Any]] = set()
        self.settings = settings
        self.scope = ShardScope.of(settings)
        # Who this bot is when it takes a lease in the shared database.
        self.lease_holder = f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(3)}"
        self.storage = storage
        self.games = tuple(games)
        self._service: GameService | None = None
        self.controllers: dict[str, GameController] = {
            game.name: game.controller(self, game.module) for game in self.games
        }
        self._new_seed = new_seed
        self.autopilot = Autopilot(self, settings.ai_turn_delay)
        self.reconciler = Reconciler(self, settings.ai_sweep_interval)
        self.painter = Painter(renderers=tuple(game.module.renderer for game in self.games))
        self.pacer = pacer or ChannelPacer()
        self.upkeep = Upkeep(settings, lambda: self.storage, self.scope)
        self.global_controls: dict[str, GlobalControl] = {}
        self.turn_clock = TurnClock(self, settings.turn_clock_scale)
        self.deadlines = PromptDeadlines(self, settings.turn_clock_scale)
        self._server_settings: ServerSettingsStore | None = None
        self.metrics_server = (
            None
            if settings.metrics_port is None
            else metrics.MetricsServer(settings.metrics_port, self.health, self.count_active_games)
        )

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the storage is not open yet"
        return self._service

    @property
    def server_settings(self) -> ServerSettingsStore:
        assert self._server_settings is not None, "the storage is not open yet"
        return self._server_settings

    def wake(self, game_id: int) -> None:
        self.autopilot.wake(game_id)
        self.deadlines.wake(game_id)

    async def setup_hook(self) -> None:
        if self.storage is None:
            self.storage = await open_storage(self.settings.database_target)
        modules = {game.name: game.module for game in self.games}
        self._service = GameService(self.storage, modules, new_seed=self._new_seed)
        self._server_settings = ServerSettingsStore(self.storage)
        self.add_commands()
        self.global_controls[FORGET_OP] = lambda interaction, control: on_forget_control(
            self, interaction, control
        )
        self.upkeep.start()
        self.tree.on_error = self._on_command_error
        await self.tree.set_translator(CommandTranslator())
        self.painter.start()
        if self.metrics_server is not None:
            await self.metrics_server.start()
        await self._sync_commands()

    def add_commands(self) -> None:
        """Every slash command onto the tree: each game's group, then the commands beside them. Needs
        no storage, so the ``bot`` catalogue's extraction reads the tree too (``bot.command_strings``)."""
        for controller in self.controllers.values():
            self.tree.add_command(controller.command_group())
        for command in [help_command(self), *records_commands(self), *privacy_commands(self)]:
            self.tree.add_command(command)
        self.tree.add_command(settings_command(self))

    async def _sync_commands(self) -> None:
        """Syncs the slash commands only when their definitions changed since the last sync (a hash kept
        in the database): Discord rate-limits syncs, and an unchanged tree needs none. Of several
        processes, only the one holding shard 0 syncs, and only while it holds the sync's lease (a new
        process started before the old one has stopped leaves the sync to the first one there)."""
        assert self.storage is not None
        if not self.scope.primary:
            return
        holder = self.lease_holder
        if not await self.storage.try_lease(COMMAND_SYNC_LEASE, holder, COMMAND_SYNC_LEASE_SECONDS):
            log.info("another process is syncing the slash commands")
            return
        try:
            await self._sync_changed_commands()
        finally:
            await self.storage.release_lease(COMMAND_SYNC_LEASE, holder)

    async def _sync_changed_commands(self) -> None:
        assert self.storage is not None
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(id=guild_id) if guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        scope = str(guild_id) if guild_id is not None else "global"
        # What the sync sends, localizations included: a changed translation is a changed command.
        translator = self.tree.translator
        definitions = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(definitions, sort_keys=True).encode()).hexdigest()
        if await self.storage.command_hash(scope) == digest:
            log.info("slash commands unchanged since the last sync to %s", scope)
            return
        synced = await self.tree.sync(guild=guild)
        await self.storage.set_command_hash(scope, digest)
        log.info("synced %d commands to %s", len(synced), scope)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every click on a game control comes here, whenever its message was sent: before or after a
        restart, or after the message changed and lost the control (a double click that arrives after
        the first one redrew the board), which the game then calls stale. A click that names no
        control of ours, or not as Discord would send it, is refused here and reaches no game."""
        if interaction.type is discord.InteractionType.modal_submit:
            await self._on_modal_answer(interaction)
            return
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id, values = data.get("custom_id"), data.get("values")
        control = control_of(custom_id, tuple(values or ())) if isinstance(custom_id, str) else None
        if control is None or control.typed or not _sent_as_drawn(data, custom_id, values):
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        shown = find_component(interaction.message.components, custom_id)
        if is_select(custom_id):
            # A menu's choices are checked against the menu as shown: one no longer shown cannot be.
            if not isinstance(shown, discord.SelectMenu) or not offers(shown, control.values):
                await reply_error(interaction, NOT_ON_THE_MENU)
                return
        elif shown is None:
            control = dataclasses.replace(control, shown=False)
        await self.dispatch_control(interaction, control)

    async def _on_modal_answer(self, interaction: discord.Interaction[Any]) -> None:
        """A modal's answer, understood from its custom id and its one typed field alone: the modal
        may have been opened before a restart, and discord.py keeps none of ours (``open_modal``)."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id, text = data.get("custom_id"), typed_answer(data.get("components"))
        control = control_of(custom_id, (text,)) if isinstance(custom_id, str) and text is not None else None
        if control is None or not control.typed:
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        await self.dispatch_control(interaction, control)

    async def dispatch_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """Routes a click to its game's controller. Game id 0 marks controls that belong to no game
        (such as rules pages); their argument starts with the game's name."""
        if control.game_id == 0 and control.op in self.global_controls and not control.typed:
            await self.global_controls[control.op](interaction, control)
            return
        answering = asyncio.current_task()
        assert answering is not None
        self._answering.add(answering)
        try:
            # The clock starts before the game is looked up: a busy database must not eat the time
            # the click has to be acknowledged in.
            await in_time(interaction, self._to_controller(interaction, control))
        except DatabaseBusy as busy:
            # Waited out for minutes already: no fault of the bot's, and nothing was written.
            metrics.handled(busy)
            log.warning("%s in game %s: %s", control.op, control.game_id, busy)
            await reply_error(interaction, BUSY_ANSWER)
        except Exception as error:
            metrics.handled(error)
            log.exception(
                "error handling %s in game %s, channel %s",
                control.op,
                control.game_id,
                interaction.channel_id,
            )
            # An expired interaction takes no apology either: trying would only fail the same way.
            if not expired(error):
                await reply_error(interaction, WENT_WRONG)
        else:
            metrics.handled()
        finally:
            self._answering.discard(answering)

    async def _to_controller(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if control.game_id == 0:
            game = control.arg.partition(".")[0]
        else:
            game = await self.service.game_name(control.game_id) or ""
        if game not in self.controllers:
            await reply_error(interaction, GAME_GONE)
            return
        controller = self.controllers[game]
        if control.typed and control.op not in controller.typed_ops:
            await reply_error(interaction, UNKNOWN_CONTROL)
            return
        await controller.on_control(interaction, control)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A game's thread archived by someone else ends its game (see ``bot.table.threads``)."""
        if payload.data.get("thread_metadata", {}).get("archived"):
            await end_for_lost_thread(self, payload.thread_id, THREAD_ARCHIVED)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await end_for_lost_thread(self, payload.thread_id, THREAD_DELETED)

    async def on_app_command_completion(self, interaction: discord.Interaction[Any], command: Any) -> None:
        metrics.handled()

    async def _on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        metrics.handled(original)
        command = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(original, DatabaseBusy):
            log.warning("/%s in channel %s: %s", command, interaction.channel_id, original)
            await reply_error(interaction, BUSY_ANSWER)
            return
        log.error("error in /%s in channel %s", command, interaction.channel_id, exc_info=error)
        await reply_error(interaction, WENT_WRONG)

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` reports: "ok" once connected with the database open."""
        up = self.is_ready() and not self.is_closed() and self.storage is not None
        return {
            "status": "ok" if up else "starting" if not self.is_closed() else "closing",
            "shards": sorted(self.scope.shard_ids),
            "shard_count": self.scope.shard_count,
            "guilds": len(self.guilds),
        }

    async def count_active_games(self) -> None:
        if self.storage is None:
            return
        rows = await self.storage.read_all("SELECT game, guild_id FROM games WHERE status = 'active'")
        metrics.count_active_games([row[0] for row in rows if self.scope.owns(row[1])])

    async def close(self) -> None:
        # The clicks being answered finish first, while storage and Discord are still there.
        if self._answering:
            await asyncio.wait(set(self._answering), timeout=DRAIN_SECONDS)
        if self.metrics_server is not None:
            await self.metrics_server.stop()
        self.reconciler.stop()
        self.autopilot.stop()
        self.painter.stop()
        await self.upkeep.stop()
        self.turn_clock.stop()
        self.deadlines.stop()
        await super().close()
        storage, self.storage = self.storage, None
        if storage is not None:
            await storage.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))
        # What a crash left half done is completed first: clocks, boards, notifications, deadlines, AI.
        await self.reconciler.reconcile_all()
        self.reconciler.start_sweeping()
        self.turn_clock.start()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot on the gateway shards ``SHARD_IDS`` of ``SHARD_COUNT`` (all of them when unset)."""

    def __init__(
        self,
        settings: Settings,
        new_seed: Callable[[], int] | None = None,
        storage: Storage | None = None,
    ) -> None:
        assert settings.shard_count is not None
        shard_ids = None if settings.shard_ids is None else list(settings.shard_ids)
        super().__init__(settings, new_seed, storage, shard_count=settings.shard_count, shard_ids=shard_ids)


BUTTON, STRING_SELECT = 2, 3


def _sent_as_drawn(data: dict[str, Any], custom_id: str, values: Any) -> bool:
    """Whether the click came from the kind of component its custom id was drawn as: a button with no
    values, or a string select with a list of them."""
    if is_select(custom_id):
        return data.get("component_type") == STRING_SELECT and (
            isinstance(values, list) and all(isinstance(value, str) for value in values)
        )
    return data.get("component_type") == BUTTON and values is None


def create_bot(
    settings: Settings, new_seed: Callable[[], int] | None = None, storage: Storage | None = None
) -> GameBot:
    """A sharded bot when ``SHARD_COUNT`` is set, else one connection for every server."""
    if settings.shard_count is None:
        return GameBot(settings, new_seed, storage)
    return ShardedGameBot(settings, new_seed, storage)
