"""``/settings``: what a server's managers choose for its games (Manage Server only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.host import Host
from bot.core.server_settings import DIFFICULTIES, ServerSettings, SettingsRefused
from bot.ui.replies import reply_error, reply_private
from locales.languages import Language

AUTOMATIC_LANGUAGE = "automatic"
"""The ``language`` choice that follows the server's preferred locale again."""

# The command's options that set a field of ServerSettings, and the field each one sets.
SETTING_OPTIONS = {
    "difficulty": "default_difficulty",
    "ai_pace": "ai_turn_delay",
    "reminder_minutes": "reminder_minutes",
    "handoff_minutes": "handoff_minutes",
    "lobby_minutes": "lobby_expiry_minutes",
    "retention_days": "retention_days",
    "threads": "games_in_threads",
    "language": "language",
}
LANGUAGE_CHOICES = [
    app_commands.Choice(name="Automatic (the server's language)", value=AUTOMATIC_LANGUAGE),
    *(app_commands.Choice(name=language.own_name, value=language.value) for language in Language),
]


def _clock_words(chosen: float | None, games: dict[str, float]) -> str:
    """A chosen delay, or each game's own when the server left it to them."""
    if chosen is not None:
        return f"{chosen:g} min"
    return "each game's own: " + ", ".join(f"{title} {minutes:g} min" for title, minutes in games.items())


def settings_embed(settings: ServerSettings, clocks: dict[str, tuple[float, float]]) -> discord.Embed:
    """The server's settings; ``clocks`` are each game's own (reminder, hand-off) minutes by title."""
    pace = "the bot's default" if settings.ai_turn_delay is None else f"{settings.ai_turn_delay:g} s a move"
    channels = ", ".join(f"<#{channel}>" for channel in settings.game_channels) or "every channel"
    embed = discord.Embed(title="Game settings for this server", colour=discord.Colour.blurple())
    embed.add_field(name="Default difficulty", value=settings.default_difficulty.title())
    embed.add_field(name="AI pace", value=pace)
    reminders = {title: clock[0] for title, clock in clocks.items()}
    handoffs = {title: clock[1] for title, clock in clocks.items()}
    embed.add_field(name="Reminder after", value=_clock_words(settings.reminder_minutes, reminders))
    embed.add_field(
        name="AI takes an absent seat after", value=_clock_words(settings.handoff_minutes, handoffs)
    )
    embed.add_field(name="Idle lobbies close after", value=f"{settings.lobby_expiry_minutes:g} min")
    kept = (
        "the bot's own retention" if settings.retention_days is None else f"{settings.retention_days:g} days"
    )
    embed.add_field(name="Finished games kept", value=kept)
    language = (
        "Automatic (the server's language)" if settings.language is None else settings.language.own_name
    )
    embed.add_field(name="Language", value=language)
    embed.add_field(name="Games allowed in", value=channels, inline=False)
    threads = "on: each game gets a thread of its own" if settings.games_in_threads else "off"
    embed.add_field(name="Games in threads", value=threads, inline=False)
    return embed


def refused_text(refused: SettingsRefused) -> str:
    """The store's reasons, each led by the option the admin typed."""
    options = {field: option for option, field in SETTING_OPTIONS.items()}
    return "; ".join(
        reason if field not in options else f"`{options[field]}`: {reason[:1].lower()}{reason[1:]}"
        for field, reason in refused.problems
    )


def settings_command(host: Host) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="settings", description="Show or change how games run on this server")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        difficulty="Perfect Cell's difficulty when /cell start names none",
        ai_pace="Seconds the AI waits before each move people watch (0-30)",
        reminder_minutes="Minutes before a player keeping others waiting is reminded (else each game's own)",
        handoff_minutes="Minutes before the AI takes an absent player's seat (else each game's own)",
        lobby_minutes="Minutes before a lobby nobody uses closes",
        retention_days="Days finished games are kept (at most the bot's own retention)",
        allow_channel="Allow games in this channel (once any is allowed, only those are)",
        forbid_channel="No longer allow games in this channel",
        every_channel="Allow games in every channel again",
        threads="Play each game in a thread opened on its lobby, so a channel can run several at once",
        language="The language of boards and public messages (private ones follow each player)",
    )
    @app_commands.choices(
        difficulty=[app_commands.Choice(name=d.title(), value=d) for d in DIFFICULTIES],
        language=LANGUAGE_CHOICES,
    )
    async def settings(
        interaction: discord.Interaction[Any],
        difficulty: str | None = None,
        ai_pace: app_commands.Range[float, 0.0, 30.0] | None = None,
        reminder_minutes: app_commands.Range[float, 0.5, 1440.0] | None = None,
        handoff_minutes: app_commands.Range[float, 1.0, 1440.0] | None = None,
        lobby_minutes: app_commands.Range[float, 1.0, 10080.0] | None = None,
        retention_days: app_commands.Range[float, 1.0, 3650.0] | None = None,
        allow_channel: discord.TextChannel | None = None,
        forbid_channel: discord.TextChannel | None = None,
        every_channel: bool = False,
        threads: bool | None = None,
        language: str | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        if not interaction.permissions.manage_guild:
            await reply_error(interaction, "Only members who can manage this server can change its settings.")
            return
        store = host.server_settings
        current = await store.get(guild_id)
        channels = [] if every_channel else list(current.game_channels)
        if allow_channel is not None and allow_channel.id not in channels:
            channels.append(allow_channel.id)
        if forbid_channel is not None and forbid_channel.id in channels:
            channels.remove(forbid_channel.id)
        changes: dict[str, Any] = {"game_channels": channels}
        chosen = {
            "difficulty": difficulty,
            "ai_pace": ai_pace,
            "reminder_minutes": reminder_minutes,
            "handoff_minutes": handoff_minutes,
            "lobby_minutes": lobby_minutes,
            "retention_days": retention_days,
            "threads": threads,
        }
        for option, value in chosen.items():
            if value is not None:
                changes[SETTING_OPTIONS[option]] = value
        if language is not None:
            changes["language"] = None if language == AUTOMATIC_LANGUAGE else language
        try:
            updated = await store.change(guild_id, **changes)
        except SettingsRefused as refused:
            await reply_error(interaction, f"Nothing changed: {refused_text(refused)}.")
            return
        clocks = {
            controller.module.title: controller.module.clock_minutes
            for controller in host.controllers.values()
        }
        await reply_private(interaction, "", embed=settings_embed(updated, clocks))

    return settings
