"""Discord's rate limit on a bot's channel messages, which a test can have the fake enforce.

What it limits. Discord limits a bot's ``POST /channels/{channel_id}/messages`` per channel: that
route's bucket is keyed by its top-level resource, the channel (a thread is a channel of its own),
and its headers announce 5 requests per 5 seconds (``X-RateLimit-Limit: 5``,
``X-RateLimit-Reset-After: 5``), as library authors and bot developers have measured it for years;
Discord publishes no per-route numbers and tells clients to read the headers. Interaction responses
(``POST /interactions/{id}/{token}/callback``) and their follow-ups (``POST /webhooks/{application_id}/
{token}``) are interaction endpoints: Discord exempts them from the global limit and limits them per
interaction token, so they do not spend the channel's bucket. The fake therefore answers 429 only
to channel message creation; it still records every public message the bot created through either
route, with its time (``ChannelHistory.created``), because players see both and the project's own rule
(never more than 5 messages in 5 s in a channel) counts both.

How it limits. A Discord bucket is a fixed window: the first request opens it, ``Reset-After`` counts
down to the moment it refills. A bot that obeys the headers can thus still put 10 messages into a
sliding 5 s (5 at the end of one window, 5 at the start of the next), which
``ChannelHistory.most_messages_in_window`` (sliding) shows and the headers do not.

The headers go out only while ``enforce`` is on: discord.py reads them on every response and waits
ahead of time when a bucket is spent, which the suite's many quick posts must not do.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass

MESSAGES_PER_WINDOW = 5
WINDOW_SECONDS = 5.0
# A bucket id as Discord sends it: an opaque hash, the same for every channel (not part of the id).
MESSAGE_BUCKET = "80c17d2f203122d936070c88c8d10f33"
# discord.py only retries a 429 that came through Discord's proxy (otherwise it assumes a ban).
PROXY_HEADERS = {"Via": "1.1 google"}


@dataclass
class _Window:
    opened_at: float
    used: int


@dataclass(frozen=True)
class RateLimited:
    """A 429 as Discord sends it: headers and the JSON body."""

    headers: dict[str, str]
    body: dict[str, object]


def rate_limited(retry_after: float, *, limit: int, remaining: int, scope: str = "user") -> RateLimited:
    headers = {
        **_bucket_headers(limit, remaining, retry_after),
        "Retry-After": str(math.ceil(retry_after)),
        "X-RateLimit-Scope": scope,
        **PROXY_HEADERS,
    }
    # Discord's spec requires the error ``code`` its docs call optional; 0 is "no particular limit".
    body: dict[str, object] = {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": False,
        "code": 0,
    }
    return RateLimited(headers, body)


class MessageRateLimits:
    """Per-channel buckets for the bot's channel messages, and the 429s served per channel.

    ``served`` counts every 429 a channel's routes answered (the REST API counts them), enforced or
    injected with ``FakeDiscord.inject_rate_limit``, whether or not ``enforce`` is on.
    """

    def __init__(self, limit: int = MESSAGES_PER_WINDOW, window: float = WINDOW_SECONDS) -> None:
        self.enforce = False
        self.limit = limit
        self.window = window
        self.served: Counter[int] = Counter()
        self._windows: dict[int, _Window] = {}

    def spend(self, channel_id: int, now: float) -> tuple[dict[str, str], RateLimited | None]:
        """Spend one request of the channel's bucket: the headers for a response that went through,
        or the 429 to answer instead. Nothing is spent or answered while ``enforce`` is off."""
        if not self.enforce:
            return {}, None
        window = self._windows.get(channel_id)
        if window is None or now >= window.opened_at + self.window:
            window = self._windows[channel_id] = _Window(now, 0)
        reset_after = window.opened_at + self.window - now
        if window.used >= self.limit:
            return {}, rate_limited(reset_after, limit=self.limit, remaining=0)
        window.used += 1
        return _bucket_headers(self.limit, self.limit - window.used, reset_after), None


def _bucket_headers(limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": MESSAGE_BUCKET,
    }
