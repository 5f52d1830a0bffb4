"""The discord.py client: opens storage, registers commands and restart-proof controls, routes clicks."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.autopilot import Autopilot
from bot.components import Control, GameButton, GameSelect, control_of
from bot.config import Settings
from bot.deadlines import PromptDeadlines
from bot.privacy_commands import FORGET_OP, on_forget_control, privacy_commands
from bot.records_commands import records_commands
from bot.replies import in_time, reply_error
from bot.server_settings import ServerSettingsStore
from bot.service import GameService, Move
from bot.settings_command import settings_command
from bot.storage import Storage
from bot.turnclock import TurnClock
from bot.upkeep import Upkeep

log = logging.getLogger("bot")


class GameController(Protocol):
    """One game's Discord side: its command group and its handling of clicks on its controls."""

    name: str

    def command_group(self) -> app_commands.Group: ...

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None: ...

    async def publish(self, move: Move, interaction: discord.Interaction[Any] | None = None) -> None: ...


GlobalControl = Callable[[discord.Interaction[Any], Control], Awaitable[None]]
"""Handles a control that belongs to no game (game id 0), such as /forget-me's confirmation."""


class GameBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        new_seed: Callable[[], int] | None = None,
        storage: Storage | None = None,
    ) -> None:
        """``storage`` is the database already opened (the command line opens it before logging in, so
        a bad file stops the bot before it touches Discord); without it ``setup_hook`` opens it."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            # Nobody is notified unless a message names them on purpose (see bot.boards.mentions).
            allowed_mentions=discord.AllowedMentions.none(),
            # Boards are reached through their stored ids, never through discord.py's message cache.
            max_messages=None,
        )
        self.settings = settings
        self.storage = storage
        self.service: GameService | None = None
        self.controllers: dict[str, GameController] = {}
        self._new_seed = new_seed
        self.autopilot = Autopilot(self, settings.ai_turn_delay, settings.ai_sweep_interval)
        self.upkeep = Upkeep(settings, lambda: self.storage)
        self.global_controls: dict[str, GlobalControl] = {}
        self.turn_clock = TurnClock(self, settings.turn_clock_scale)
        self.deadlines = PromptDeadlines(self, settings.turn_clock_scale)
        self._server_settings: ServerSettingsStore | None = None

    @property
    def server_settings(self) -> ServerSettingsStore:
        assert self._server_settings is not None, "the storage is not open yet"
        return self._server_settings

    async def setup_hook(self) -> None:
        from bot.games import build_controllers

        if self.storage is None:
            self.storage = await Storage.open(self.settings.database_path)
        self.controllers, modules = build_controllers(self)
        self.service = GameService(self.storage, modules, new_seed=self._new_seed)
        self._server_settings = ServerSettingsStore(self.storage)
        for controller in self.controllers.values():
            self.tree.add_command(controller.command_group())
        self._add_records_and_privacy()
        self.tree.add_command(settings_command(self))
        self.tree.on_error = self._on_command_error
        self.add_dynamic_items(GameButton, GameSelect)
        await self._sync_commands()

    def _add_records_and_privacy(self) -> None:
        """The top-level commands beside the games' groups, and the periodic upkeep."""
        for command in records_commands(self) + privacy_commands(self):
            self.tree.add_command(command)
        self.global_controls[FORGET_OP] = lambda interaction, control: on_forget_control(
            self, interaction, control
        )
        self.upkeep.start()

    async def _sync_commands(self) -> None:
        """Syncs the slash commands only when their definitions changed since the last sync (a hash kept
        in the database): Discord rate-limits syncs, and an unchanged tree needs none."""
        assert self.storage is not None
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(id=guild_id) if guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        scope = str(guild_id) if guild_id is not None else "global"
        definitions = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(definitions, sort_keys=True).encode()).hexdigest()
        if await self.storage.command_hash(scope) == digest:
            log.info("slash commands unchanged since the last sync to %s", scope)
            return
        synced = await self.tree.sync(guild=guild)
        await self.storage.set_command_hash(scope, digest)
        log.info("synced %d commands to %s", len(synced), scope)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answers a click on a control that the message no longer shows (a double click that arrives
        after the first one redrew the board). discord.py drops those without a word, since it only
        dispatches controls found on the message; here they reach the game, which calls them stale."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = data.get("custom_id", "")
        control = control_of(custom_id, tuple(data.get("values", ())))
        if control is None:
            return
        shown = {
            getattr(item, "custom_id", None)
            for item in discord.ui.View.from_message(interaction.message, timeout=None).walk_children()
        }
        if custom_id not in shown:
            await self.dispatch_control(interaction, control)

    async def dispatch_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """Routes a click to its game's controller. Game id 0 marks controls that belong to no game
        (such as rules pages); their argument starts with the game's name."""
        assert self.service is not None
        if control.game_id == 0 and control.op in self.global_controls:
            await self.global_controls[control.op](interaction, control)
            return
        if control.game_id == 0:
            game = control.arg.partition(".")[0]
        else:
            record = await self.service.storage.game(control.game_id)
            game = record.game if record is not None else ""
        if game not in self.controllers:
            await reply_error(interaction, "I can't find that game any more.")
            return
        try:
            await in_time(interaction, self.controllers[game].on_control(interaction, control))
        except Exception:
            log.exception(
                "error handling %s in game %s, channel %s",
                control.op,
                control.game_id,
                interaction.channel_id,
            )
            await reply_error(interaction, "Something went wrong on my side; nothing was changed. Try again.")

    async def _on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error("error in /%s in channel %s", command, interaction.channel_id, exc_info=error)
        await reply_error(interaction, "Something went wrong on my side; nothing was changed. Try again.")

    async def close(self) -> None:
        self.autopilot.stop()
        await self.upkeep.stop()
        self.turn_clock.stop()
        self.deadlines.stop()
        await super().close()
        storage, self.storage = self.storage, None
        if storage is not None:
            await storage.close()

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))
        await self.autopilot.resume_all()
        await self.deadlines.resume_all()
        self.autopilot.start_sweeping()
        self.turn_clock.start()
