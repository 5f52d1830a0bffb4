"""What the fake Discord knows: the test guilds, their channels and threads, and stored messages."""

from __future__ import annotations

import io
import mimetypes
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
from PIL import Image

from .history import ChannelHistory
from .ids import iso_timestamp
from .people import FakeMember, FakeRole, FakeUser, Users

EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
ALL_PERMISSIONS = discord.Permissions.all()
GUILD_TEXT, PUBLIC_THREAD, PRIVATE_THREAD = 0, 11, 12
THREAD_MEMBER_HAS_INTERACTED = 1
# Buttons, and string, user, role, mentionable and channel selects.
INTERACTIVE_COMPONENT_TYPES = {2, 3, 5, 6, 7, 8}
# Discord's default when a thread is created without one (three days, in minutes).
DEFAULT_AUTO_ARCHIVE_MINUTES = 4320


@dataclass(eq=False)
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None

    @property
    def content_type(self) -> str:
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"

    def image(self) -> Image.Image:
        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image

    def payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        if self.content_type.startswith("image/"):
            payload["width"], payload["height"] = Image.open(io.BytesIO(self.data)).size
        return payload


@dataclass(eq=False)
class StoredMessage:
    """A message as the channel currently shows it (edits are applied in place)."""

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    visible_to: FakeUser | None = None
    message_type: int = 0
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    timestamp: str = field(default_factory=iso_timestamp)
    edited_timestamp: str | None = None
    thread: FakeThread | None = None
    """The thread started from this message (which then carries the HAS_THREAD flag)."""
    mentions: list[FakeMember] = field(default_factory=list)
    """The members its content mentions now (as ``allowed_mentions`` lets it)."""
    notified: list[FakeUser] = field(default_factory=list)
    """Whom Discord notified: those mentioned when it was created (an edit notifies nobody)."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "Bot is thinking..."."""
        return bool(self.flags & LOADING)

    def visible_for(self, user: FakeUser) -> bool:
        return self.visible_to is None or self.visible_to is user

    def walk_components(self) -> Iterator[dict[str, Any]]:
        yield from walk_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [component for component in self.walk_components() if component["type"] == 2]

    @property
    def button_labels(self) -> list[str]:
        return [button.get("label", "") for button in self.buttons]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [component for component in self.walk_components() if component["type"] == 3]

    @property
    def has_image(self) -> bool:
        return any(attachment.content_type.startswith("image/") for attachment in self.attachments)

    @property
    def has_components(self) -> bool:
        return bool(self.components)

    @property
    def enabled_controls(self) -> int:
        """Buttons and menus a user could press right now (links and disabled ones excluded)."""
        return sum(
            1
            for component in self.walk_components()
            if component["type"] in INTERACTIVE_COMPONENT_TYPES
            and not component.get("disabled")
            and "custom_id" in component
        )

    def payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.message_type,
            "content": self.content,
            "author": self.author.payload(),
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [attachment.payload() for attachment in self.attachments],
            "mentions": [_mentioned(member) for member in self.mentions],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "flags": self.flags,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
        }
        if self.application_id is not None:
            payload["application_id"] = str(self.application_id)
            payload["webhook_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = self.interaction_metadata
        if self.thread is not None:
            payload["thread"] = self.thread.payload()
        return payload

    def __repr__(self) -> str:
        audience = f" ephemeral for {self.visible_to.username}" if self.visible_to else ""
        return f"<StoredMessage {self.id}{audience} content={self.content!r}>"


def _mentioned(member: FakeMember) -> dict[str, Any]:
    """A mention as a guild message carries it: the user, with their member object inside."""
    member_payload = member.payload()
    return {**member_payload.pop("user"), "member": member_payload}


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through action rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            if key in component:
                yield from walk_components([component[key]])


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    position: int
    guild_id: int
    messages: dict[int, StoredMessage] = field(default_factory=dict)
    """The messages the channel shows now (ephemeral ones too, each to its user), oldest first."""
    bot_denied: discord.Permissions = field(default_factory=discord.Permissions.none)
    """Permissions a test takes from the bot in this channel only (a member permission overwrite);
    its threads inherit them."""
    history: ChannelHistory = field(default_factory=ChannelHistory)
    """What the bot ever created here, deleted messages included."""

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> str | None:
        return str(max(self.messages)) if self.messages else None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": GUILD_TEXT,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "flags": 0,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": self.last_message_id,
            "permission_overwrites": [],
        }

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name}>"


@dataclass(eq=False, kw_only=True)
class FakeThread(FakeChannel):
    """A public (type 11) or private (type 12) thread; a public one started from a message has its id."""

    parent_id: int
    owner_id: int
    kind: int = PUBLIC_THREAD
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = DEFAULT_AUTO_ARCHIVE_MINUTES
    invitable: bool = True
    create_timestamp: str = field(default_factory=iso_timestamp)
    archive_timestamp: str = field(default_factory=iso_timestamp)
    """Changed when the thread is created, archived, unarchived, or its auto-archive time changes."""
    joined: dict[int, str] = field(default_factory=dict)
    """Thread members: user id -> when they joined."""
    total_message_sent: int = 0

    @property
    def message_count(self) -> int:
        """What Discord counts: messages present, without ephemeral ones."""
        return sum(1 for message in self.messages.values() if message.visible_to is None)

    def add_member(self, user_id: int) -> None:
        self.joined.setdefault(user_id, iso_timestamp())

    def member_payload(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": self.joined[user_id],
            "flags": THREAD_MEMBER_HAS_INTERACTED,
        }

    def payload(self) -> dict[str, Any]:
        metadata: dict[str, Any] = {
            "archived": self.archived,
            "archive_timestamp": self.archive_timestamp,
            "auto_archive_duration": self.auto_archive_duration,
            "locked": self.locked,
            "create_timestamp": self.create_timestamp,
        }
        if self.kind == PRIVATE_THREAD:
            metadata["invitable"] = self.invitable
        return {
            "id": str(self.id),
            "type": self.kind,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "last_message_id": self.last_message_id,
            "flags": 0,
            "rate_limit_per_user": 0,
            "bitrate": 64000,
            "user_limit": 0,
            "rtc_region": None,
            "message_count": self.message_count,
            "member_count": len(self.joined),
            "total_message_sent": self.total_message_sent,
            "thread_metadata": metadata,
        }

    def payload_for(self, user: FakeUser) -> dict[str, Any]:
        """The thread as ``user`` fetches it: with their thread member object when they are in it."""
        payload = self.payload()
        if user.id in self.joined:
            payload["member"] = self.member_payload(user.id)
        return payload

    def __repr__(self) -> str:
        state = " archived" if self.archived else ""
        return f"<FakeThread {self.name!r}{state}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner: FakeUser
    everyone: FakeRole
    roles: list[FakeRole]
    channels: list[FakeChannel]
    members: list[FakeMember]
    threads: list[FakeThread] = field(default_factory=list)
    preferred_locale: str = "en-US"
    """The server's language, which interactions carry as ``guild_locale``."""

    def channel(self, name: str) -> FakeChannel:
        return next(channel for channel in self.channels if channel.name == name)

    def member(self, user: FakeUser) -> FakeMember:
        return next(member for member in self.members if member.user is user)

    @property
    def bot_role(self) -> FakeRole:
        """The bot's own (managed) role: a test may change its permissions."""
        return next(role for role in self.roles if role.managed)

    def permissions_of(self, user: FakeUser) -> discord.Permissions:
        if user is self.owner:
            return ALL_PERMISSIONS
        permissions = discord.Permissions(self.everyone.permissions.value)
        for role in self.member(user).roles:
            permissions |= role.permissions
        return ALL_PERMISSIONS if permissions.administrator else permissions

    def payload(self, bot_user: FakeUser) -> dict[str, Any]:
        """The full guild as GUILD_CREATE delivers it to the bot: with the active threads it can see."""
        visible_threads = [
            thread.payload_for(bot_user)
            for thread in self.threads
            if not thread.archived and (thread.kind == PUBLIC_THREAD or bot_user.id in thread.joined)
        ]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "home_header": None,
            "features": [],
            "owner_id": str(self.owner.id),
            "application_id": None,
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 1,
            "mfa_level": 0,
            "explicit_content_filter": 0,
            "max_presences": None,
            "max_members": 500000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "rules_channel_id": None,
            "safety_alerts_channel_id": None,
            "public_updates_channel_id": None,
            "premium_progress_bar_enabled": False,
            "nsfw": False,
            "nsfw_level": 0,
            "emojis": [],
            "stickers": [],
            "incidents_data": None,
            "roles": [role.payload() for role in [self.everyone, *self.roles]],
            "joined_at": iso_timestamp(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [member.payload() for member in self.members],
            "channels": [channel.payload() for channel in self.channels],
            "threads": visible_threads,
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class World:
    bot_user: FakeUser
    application_id: int
    users: Users
    guilds: list[FakeGuild]

    @property
    def guild(self) -> FakeGuild:
        """The first guild, where tests act unless they pick a channel elsewhere."""
        return self.guilds[0]

    @property
    def channels(self) -> Iterator[FakeChannel]:
        """Every channel and thread of every guild."""
        for guild in self.guilds:
            yield from guild.channels
            yield from guild.threads

    def guild_by_id(self, guild_id: int) -> FakeGuild | None:
        return next((guild for guild in self.guilds if guild.id == guild_id), None)

    def guild_of(self, channel: FakeChannel) -> FakeGuild:
        guild = self.guild_by_id(channel.guild_id)
        assert guild is not None, f"{channel!r} belongs to no guild of this world"
        return guild

    def channel_by_id(self, channel_id: int) -> FakeChannel | None:
        return next((channel for channel in self.channels if channel.id == channel_id), None)

    def threads_of(self, channel: FakeChannel) -> list[FakeThread]:
        """The channel's threads, archived ones included, oldest first."""
        return [thread for thread in self.guild_of(channel).threads if thread.parent_id == channel.id]

    def parent_of(self, thread: FakeThread) -> FakeChannel:
        parent = self.channel_by_id(thread.parent_id)
        assert parent is not None, f"{thread!r} has no parent channel in this world"
        return parent

    def bot_permissions_in(self, channel: FakeChannel) -> discord.Permissions:
        """The bot's permissions in a channel, or in a thread (which has those of its parent)."""
        source = self.parent_of(channel) if isinstance(channel, FakeThread) else channel
        guild_permissions = self.guild_of(channel).permissions_of(self.bot_user)
        return discord.Permissions(guild_permissions.value & ~source.bot_denied.value)

    def find_message(self, message_id: int) -> StoredMessage | None:
        for channel in self.channels:
            if message_id in channel.messages:
                return channel.messages[message_id]
        return None
