"""The people of the fake Discord: users, roles and guild members."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

import discord

from .ids import iso_timestamp


@dataclass(eq=False)
class FakeUser:
    id: int
    username: str
    bot: bool = False
    locale: str = "en-US"
    """The user's client language, which their interactions carry as ``locale``."""

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
