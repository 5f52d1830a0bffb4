"""The world a test starts in: the bot, its guilds, their roles, members and channels."""

from __future__ import annotations

import discord

from .ids import Snowflakes
from .people import FakeMember, FakeRole, FakeUser, Users
from .world import FakeChannel, FakeGuild, World

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
    # Discord gives @everyone these by default; a test takes them away with a channel's bot_denied.
    create_public_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)
MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True, manage_messages=True, manage_threads=True)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | discord.Permissions(manage_messages=True)
GUILD_NAMES = ("Kame House", "Capsule Corporation", "Kami's Lookout", "Planet Namek", "Red Ribbon Base")
FIRST_CHANNEL_NAMES = ("general", "games")


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
