"""An offline Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real bot.

    async with FakeDiscord() as fake, fake.running(make_bot()):
        started = await fake.slash(fake.users.alice, "cell start", difficulty="easy")
        await fake.click(fake.users.bob, started, "Join")
        board = fake.image(started)

Every request body the bot sends is validated against Discord's OpenAPI spec; violations, double
answers and unknown routes raise from the next action, or when the `FakeDiscord` block ends.
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
from .interactions import InteractionResult
from .rest import RecordedRequest
from .world import FakeChannel, FakeGuild, FakeRole, FakeUser, StoredAttachment, StoredMessage

__all__ = [
    "BotDidNotSettle",
    "DiscordContractError",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeRole",
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
