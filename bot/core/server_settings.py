"""What each server may choose with ``/settings``, validated, stored per server, read through a cache."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, Field, ValidationError, model_validator

from locales.catalogues import N_
from locales.languages import Language

if TYPE_CHECKING:
    from bot.storage import Storage

DIFFICULTIES = ("easy", "normal", "challenge", "impossible")
OLD_REMINDER, OLD_HANDOFF = 3.0, 10.0
"""The one clock every game had before games had their own (``GameModule.clock_minutes``)."""


class ServerSettings(BaseModel):
    """Defaults fit live play in a channel: minutes, not days."""

    default_difficulty: str = "normal"
    ai_turn_delay: float | None = Field(default=None, ge=0, le=30)
    """Seconds the AI waits before each visible move; None keeps the bot's own setting."""
    reminder_minutes: float | None = Field(default=None, gt=0, le=1440)
    """Minutes before a waiting player is reminded (and another may hand their seat to the AI); None
    keeps each game's own (``GameModule.clock_minutes``)."""
    handoff_minutes: float | None = Field(default=None, gt=0, le=1440)
    """Minutes before the AI takes the seat by itself; None keeps each game's own."""
    lobby_expiry_minutes: float = Field(default=30.0, gt=0, le=10080)
    retention_days: float | None = Field(default=None, gt=0, le=3650)
    """Days this server's finished games are kept; None keeps the bot's own retention, which is also
    the longest a server can choose."""
    game_channels: list[int] = Field(default_factory=list)
    """Channels where games may start; empty means every channel."""
    games_in_threads: bool = False
    """Whether each game started in a channel is played in a public thread opened on its lobby, so
    several games can run in one channel at once."""
    language: Language | None = None
    """The language of the games' public messages and boards; None follows the server's preferred
    locale (its Community setting), English where that is a language without catalogues."""

    @model_validator(mode="after")
    def _ordered(self) -> ServerSettings:
        if self.default_difficulty not in DIFFICULTIES:
            raise ValueError(f"the difficulty must be one of {', '.join(DIFFICULTIES)}")
        reminder, handoff = self.reminder_minutes, self.handoff_minutes
        if reminder is not None and handoff is not None and handoff <= reminder:
            # The words an admin reads (``/settings`` looks them up in their language).
            raise ValueError(N_("the AI must take over later than the reminder"))
        return self

    def clock_minutes(self, game_default: tuple[float, float]) -> tuple[float, float]:
        """(reminder, hand-off) minutes for a game whose own are ``game_default``: the server's where
        it chose, else the game's; a chosen reminder at or past the game's hand-off moves the hand-off
        as far after it as the game's own are apart."""
        reminder = game_default[0] if self.reminder_minutes is None else self.reminder_minutes
        handoff = game_default[1] if self.handoff_minutes is None else self.handoff_minutes
        if handoff <= reminder:
            handoff = reminder + game_default[1] - game_default[0]
        return reminder, handoff

    def allows(self, channel_id: int) -> bool:
        return not self.game_channels or channel_id in self.game_channels


class SettingsRefused(ValueError):
    """Changes that do not fit: ``problems`` pairs each refused setting's name (None for a rule between
    settings) with a sentence for the admin."""

    def __init__(self, problems: list[tuple[str | None, str]]) -> None:
        super().__init__("; ".join(reason for _, reason in problems))
        self.problems = problems


class ServerSettingsStore:
    """Each server's settings, read once and kept until changed."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._cache: dict[int, ServerSettings] = {}

    async def get(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        cached = self._cache.get(guild_id)
        if cached is None:
            stored = dict(await self.storage.guild_settings(guild_id))
            if (
                stored.get("reminder_minutes") == OLD_REMINDER
                and stored.get("handoff_minutes") == OLD_HANDOFF
            ):
                # Older bots stored every field with any change, their one default clock included:
                # that pair was nobody's choice, so each game's own clock applies.
                del stored["reminder_minutes"], stored["handoff_minutes"]
            try:
                cached = ServerSettings.model_validate(stored)
            except ValidationError:
                # Settings from an older bot that no longer validate fall back to the defaults.
                cached = ServerSettings()
            self._cache[guild_id] = cached
        return cached

    async def change(self, guild_id: int, **changes: object) -> ServerSettings:
        """Applies ``changes``; raises SettingsRefused when they don't fit."""
        current = await self.get(guild_id)
        try:
            updated = ServerSettings.model_validate({**current.model_dump(), **changes})
        except ValidationError as error:
            problems = [
                (str(issue["loc"][0]) if issue["loc"] else None, issue["msg"].removeprefix("Value error, "))
                for issue in error.errors()
            ]
            raise SettingsRefused(problems) from None
        # A clock left to the games is not stored, so a later default of a game still reaches it.
        await self.storage.set_guild_settings(guild_id, updated.model_dump(exclude_none=True))
        self._cache[guild_id] = updated
        return updated
