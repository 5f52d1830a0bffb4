"""What a test reads from the fake: channels as users see them, the bot's messages and their history,
threads, rate limits, and the commands the bot synced."""

from __future__ import annotations

from typing import Any

from .command_sync import localized_paths
from .errors import UserActionError
from .people import FakeUser
from .ratelimits import MessageRateLimits
from .rest import RestApi
from .world import FakeChannel, FakeGuild, FakeThread, StoredMessage, World


class WorldReading:
    """The reading half of ``FakeDiscord``."""

    world: World
    rest: RestApi
    rate_limits: MessageRateLimits

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot_user

    @property
    def synced_commands(self) -> dict[int | None, list[dict[str, Any]]]:
        """Registered commands by guild id (None for global ones), as Discord returned them."""
        return self.rest.commands

    def channel_view(self, channel: FakeChannel, *, as_user: FakeUser) -> list[StoredMessage]:
        """The channel as `as_user` sees it: public messages and their own ephemerals, oldest first."""
        return [message for message in channel.messages.values() if message.visible_for(as_user)]

    def bot_messages(self, channel: FakeChannel) -> list[StoredMessage]:
        """The bot's public messages the channel (or thread) still shows, oldest first; each says
        ``has_image``, ``has_components`` and how many ``enabled_controls`` it has."""
        return [
            message
            for message in channel.messages.values()
            if message.visible_to is None and message.author is self.bot_user
        ]

    def ephemerals(self, channel: FakeChannel, user: FakeUser) -> list[StoredMessage]:
        """The ephemeral messages ``user`` still has from the bot in the channel (each updated in
        place is one; deleted ones are gone). How many they were ever shown:
        ``channel.history.ephemeral_shown[user.id]``."""
        return [message for message in channel.messages.values() if message.visible_to is user]

    def most_messages_in_window(self, channel: FakeChannel, seconds: float = 5.0) -> int:
        """The most public messages the bot created in the channel within any ``seconds``, through
        any route, whether or not rate limits are enforced (see ratelimits.py)."""
        return channel.history.most_messages_in_window(seconds)

    def rate_limited_count(self, channel: FakeChannel) -> int:
        """How many 429s the channel's routes served, enforced or injected."""
        return self.rate_limits.served[channel.id]

    def threads_of(self, channel: FakeChannel) -> list[FakeThread]:
        """The channel's threads, archived ones included, oldest first (each has ``archived``,
        ``locked``, ``messages``...)."""
        return self.world.threads_of(channel)

    def parent_of(self, thread: FakeThread) -> FakeChannel:
        return self.world.parent_of(thread)

    def synced_command(self, name: str, *, guild: FakeGuild | None = None) -> dict[str, Any]:
        """A command as the bot registered it (globally, or in ``guild``), with its name, description,
        option and choice localizations."""
        for command in self.rest.commands.get(guild.id if guild else None, []):
            if command["name"] == name:
                return command
        raise UserActionError(
            f"the bot registered no command {name!r} {'in ' + guild.name if guild else 'globally'}"
        )

    def command_names(self, locale: str, *, guild: FakeGuild | None = None) -> list[str]:
        """Every chat command path (``"cell start"``) as a user whose client is in ``locale`` sees it."""
        return localized_paths(self.rest.commands.get(guild.id if guild else None, []), locale)
