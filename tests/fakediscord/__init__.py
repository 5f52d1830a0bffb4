"""An offline Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real bot."""

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
    "StoredAttachment",
    "StoredMessage",
    "UnknownRouteError",
    "UserActionError",
]
