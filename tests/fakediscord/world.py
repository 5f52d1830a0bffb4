"""What the fake Discord knows: the bot, the test guilds, their members and channels, and stored messages."""

from __future__ import annotations

import io
import mimetypes
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any

import discord
from PIL import Image

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
)
MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True, manage_messages=True)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | discord.Permissions(manage_messages=True)
ALL_PERMISSIONS = discord.Permissions.all()


class Snowflakes:
    """Real-looking, strictly increasing snowflake ids (their timestamp is the creation time)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(now, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """An id whose guild Discord would route to ``shard_id`` of ``shard_count`` (the shard is the
        id's millisecond timestamp modulo the count): the timestamp moves on to the next one that fits."""
        milliseconds = max(self.next() >> 22, 0)
        milliseconds += (shard_id - milliseconds) % shard_count
        self._last = max(milliseconds << 22, self._last + 1)
        return self._last


def iso_timestamp(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    bot: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": None if self.bot else self.username.title(),
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "bot": self.bot,
            "primary_guild": None,
        }

    def __repr__(self) -> str:
        return f"<FakeUser {self.username}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: discord.Permissions
    position: int
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions.value),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    roles: list[FakeRole]
    joined_at: str = field(default_factory=iso_timestamp)

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "roles": [str(role.id) for role in self.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "banner": None,
            "communication_disabled_until": None,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "mute": False,
            "deaf": False,
        }


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
            "mentions": [],
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
        return payload

    def __repr__(self) -> str:
        audience = f" ephemeral for {self.visible_to.username}" if self.visible_to else ""
        return f"<StoredMessage {self.id}{audience} content={self.content!r}>"


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
    bot_denied: discord.Permissions = field(default_factory=discord.Permissions.none)
    """Permissions a test takes from the bot in this channel only (a member permission overwrite)."""

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "flags": 0,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": str(max(self.messages)) if self.messages else None,
            "permission_overwrites": [],
        }

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name}>"


@dataclass(frozen=True)
class Users:
    """The people in every test guild. Alice is a moderator (Manage Channels); the others are not."""

    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    dave: FakeUser
    erin: FakeUser
    frank: FakeUser
    owner: FakeUser

    def __iter__(self) -> Iterator[FakeUser]:
        return (getattr(self, each.name) for each in fields(self))


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner: FakeUser
    everyone: FakeRole
    roles: list[FakeRole]
    channels: list[FakeChannel]
    members: list[FakeMember]

    def channel(self, name: str) -> FakeChannel:
        return next(channel for channel in self.channels if channel.name == name)

    def member(self, user: FakeUser) -> FakeMember:
        return next(member for member in self.members if member.user is user)

    def permissions_of(self, user: FakeUser) -> discord.Permissions:
        if user is self.owner:
            return ALL_PERMISSIONS
        permissions = discord.Permissions(self.everyone.permissions.value)
        for role in self.member(user).roles:
            permissions |= role.permissions
        return ALL_PERMISSIONS if permissions.administrator else permissions

    def payload(self) -> dict[str, Any]:
        """The full guild as GUILD_CREATE delivers it."""
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
            "preferred_locale": "en-US",
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
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


GUILD_NAMES = ("Kame House", "Capsule Corporation", "Kami's Lookout", "Planet Namek", "Red Ribbon Base")
FIRST_CHANNEL_NAMES = ("general", "games")


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
        for guild in self.guilds:
            yield from guild.channels

    def guild_by_id(self, guild_id: int) -> FakeGuild | None:
        return next((guild for guild in self.guilds if guild.id == guild_id), None)

    def guild_of(self, channel: FakeChannel) -> FakeGuild:
        guild = self.guild_by_id(channel.guild_id)
        assert guild is not None, f"{channel!r} belongs to no guild of this world"
        return guild

    def channel_by_id(self, channel_id: int) -> FakeChannel | None:
        return next((channel for channel in self.channels if channel.id == channel_id), None)

    def find_message(self, message_id: int) -> StoredMessage | None:
        for channel in self.channels:
            if message_id in channel.messages:
                return channel.messages[message_id]
        return None


def build_world(
    snowflakes: Snowflakes, guilds: int = 1, channels_per_guild: int = 2, shard_count: int = 1
) -> World:
    """The bot and its guilds, each with a moderator role, the same seven people and its channels.

    The first guild is Kame House with #general and #games; more channels are #table-3, #table-4…
    and more guilds are named after other places. Alice is a moderator everywhere. Guild number ``n``
    is on shard ``n % shard_count``, so every shard has a guild of its own when there are enough.
    """
    if guilds < 1 or channels_per_guild < 1:
        raise ValueError("a world needs at least one guild with at least one channel")
    bot_user = FakeUser(snowflakes.next(), "dbz-bot", bot=True)
    names = ("alice", "bob", "carol", "dave", "erin", "frank", "owner")
    users = Users(*(FakeUser(snowflakes.next(), name) for name in names))
    built = [
        _build_guild(
            snowflakes.next_on_shard(number % shard_count, shard_count),
            snowflakes,
            bot_user,
            users,
            _guild_name(number),
            channels_per_guild,
        )
        for number in range(guilds)
    ]
    return World(bot_user, bot_user.id, users, built)


def _guild_name(number: int) -> str:
    return GUILD_NAMES[number] if number < len(GUILD_NAMES) else f"Server {number + 1}"


def _build_guild(
    guild_id: int, snowflakes: Snowflakes, bot_user: FakeUser, users: Users, name: str, channel_count: int
) -> FakeGuild:
    everyone = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)
    moderator = FakeRole(snowflakes.next(), "Moderator", MODERATOR_PERMISSIONS, 1)
    bot_role = FakeRole(snowflakes.next(), bot_user.username, BOT_PERMISSIONS, 2, managed=True)
    members = [FakeMember(user, [moderator] if user is users.alice else []) for user in users]
    members.append(FakeMember(bot_user, [bot_role]))
    channel_names = [*FIRST_CHANNEL_NAMES, *(f"table-{n}" for n in range(3, channel_count + 1))]
    channels = [
        FakeChannel(snowflakes.next(), channel_name, position, guild_id)
        for position, channel_name in enumerate(channel_names[:channel_count])
    ]
    return FakeGuild(guild_id, name, users.owner, everyone, [moderator, bot_role], channels, members)
