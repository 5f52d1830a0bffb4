"""What the REST routes share: the fake as they see it, a parsed call, and Discord's error answers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .activity import RequestActivity
from .errors import FakeDiscordError
from .gateway import Gateway
from .ids import Snowflakes
from .interactions import PendingInteraction
from .messages import Upload
from .ratelimits import MessageRateLimits
from .spec import DiscordSpec
from .world import World

UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION = 10003, 10008, 10015, 10062
INVALID_FORM_BODY, ALREADY_ACKNOWLEDGED, MISSING_PERMISSIONS = 50035, 40060, 50013
MISSING_ACCESS, WRONG_CHANNEL_TYPE, THREAD_ARCHIVED = 50001, 50024, 50083
THREAD_ALREADY_CREATED, THREAD_LOCKED = 160004, 160005


class FakeServer(Protocol):
    """The parts of ``FakeDiscord`` its REST routes use."""

    token: str
    world: World
    spec: DiscordSpec
    snowflakes: Snowflakes
    gateway: Gateway
    activity: RequestActivity
    rate_limits: MessageRateLimits
    check_own_payloads: bool
    requests: list[Any]
    unknown_requests: list[Any]
    interactions: dict[int, PendingInteraction]
    interactions_by_token: dict[str, PendingInteraction]

    @property
    def base_url(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...

    def fail(self, failure: FakeDiscordError) -> None: ...


class ApiError(Exception):
    """Discord's answer to a request it refuses: an HTTP status and a JSON error code."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def missing_permissions() -> ApiError:
    return ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


@dataclass(frozen=True)
class ApiCall:
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: list[Upload]


Handler = Callable[[ApiCall], Awaitable[tuple[int, Any]]]
