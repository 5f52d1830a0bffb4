"""An offline Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real bot.

    async with FakeDiscord() as fake, fake.running(make_bot()):
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")
        await fake.click(fake.users.bob, started, "Join")
        board = fake.image(started)

Every request body the bot sends is validated against Discord's OpenAPI spec; violations, double
answers and unknown routes raise from the next action, or when the `FakeDiscord` block ends.

Threads the bot starts are in `fake.threads_of(channel)` (each a `FakeThread`, which tests can act
in like a channel); `fake.rate_limits.enforce = True` answers Discord's 429s (see ratelimits.py);
`fake.guild.preferred_locale` and `FakeUser.locale` set the languages interactions carry, and
`fake.synced_command(name)` shows the localizations the bot synced; `fake.bot_messages(channel)`,
`fake.ephemerals(channel, user)` and `channel.history` count what the bot posted.
"""

from .errors import (
    BotDidNotSettle,
    DiscordContractError,
    FakeDiscordError,
    InteractionAnsweredTwice,
    InteractionNotAnswered,
    UnknownRouteError,
    UserActionError,
)
from .fake import FakeDiscord
from .history import ChannelHistory, CreatedBy
from .interactions import InteractionResult
from .people import FakeRole, FakeUser
from .rest import RecordedRequest
from .world import FakeChannel, FakeGuild, FakeThread, StoredAttachment, StoredMessage

__all__ = [
    "BotDidNotSettle",
    "ChannelHistory",
    "CreatedBy",
    "DiscordContractError",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeRole",
    "FakeThread",
    "FakeUser",
    "InteractionAnsweredTwice",
    "InteractionNotAnswered",
    "InteractionResult",
    "RecordedRequest",
    "StoredAttachment",
    "StoredMessage",
    "UnknownRouteError",
    "UserActionError",
]
