"""What the bot ever created in a channel, which its present messages no longer show: every public
message and when, every upload, and the ephemeral messages each user was shown."""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum


class CreatedBy(Enum):
    """How a public message came to be, which decides whose rate limit it spent (see ratelimits.py)."""

    CHANNEL_ROUTE = "POST /channels/{channel_id}/messages"
    INTERACTION = "an interaction response or follow-up"
    DISCORD = "a system message Discord posted for the bot (a thread was started)"


@dataclass(frozen=True)
class CreatedMessage:
    message_id: int
    at: float
    """When, on the event loop's clock (seconds)."""
    created_by: CreatedBy


@dataclass(frozen=True)
class UploadedFile:
    message_id: int
    filename: str
    size: int
    public: bool


@dataclass
class ChannelHistory:
    created: list[CreatedMessage] = field(default_factory=list)
    """Every public message created here, oldest first, deleted ones included."""
    uploads: list[UploadedFile] = field(default_factory=list)
    """Every file the bot attached to a message here (at its creation or by an edit)."""
    notifications: list[tuple[int, int]] = field(default_factory=list)
    """(message id, user id) of every notification a new message here sent, deleted ones included."""
    ephemeral_shown: Counter[int] = field(default_factory=Counter)
    """User id -> how many ephemeral messages the bot created for them here (one updated in place,
    or a deferred one resolved by its follow-up, counts once)."""

    @property
    def messages_created(self) -> int:
        return len(self.created)

    @property
    def upload_count(self) -> int:
        return len(self.uploads)

    @property
    def upload_bytes(self) -> int:
        return sum(upload.size for upload in self.uploads)

    def most_messages_in_window(self, seconds: float = 5.0) -> int:
        """The most public messages created within any span of ``seconds`` (a sliding window, which
        is what players see; Discord's own buckets are fixed windows, see ratelimits.py)."""
        times = [created.at for created in self.created]
        return max(
            (bisect.bisect_left(times, start + seconds) - index for index, start in enumerate(times)),
            default=0,
        )
