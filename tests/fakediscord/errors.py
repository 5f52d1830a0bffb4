"""Failures the fake Discord raises; each one fails the test that caused it."""


class FakeDiscordError(AssertionError):
    """Base class: the bot did something real Discord would reject or punish."""


class DiscordContractError(FakeDiscordError):
    """A request body (or a payload of the fake itself) breaks Discord's OpenAPI schema."""


class InteractionNotAnswered(FakeDiscordError):
    """The bot did not answer an interaction within Discord's deadline (3 seconds)."""


class InteractionAnsweredTwice(FakeDiscordError):
    """The bot sent a second initial response to the same interaction."""


class UnknownRouteError(FakeDiscordError):
    """The bot called a REST route the fake does not implement."""


class BotDidNotSettle(FakeDiscordError):
    """The bot kept working (handlers or requests) past the settle timeout."""


class UserActionError(FakeDiscordError):
    """The test asked for something a Discord user could not do (unknown button, disabled select...)."""
