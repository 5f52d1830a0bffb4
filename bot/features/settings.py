"""``/settings``: what a server's managers choose for its games (Manage Server only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.host import Host
from bot.core.server_settings import DIFFICULTIES, ServerSettings, SettingsRefused
from bot.ui.replies import reply_error, reply_private
from bot.ui.text import private_language
from locales.catalogues import BOT, translations
from locales.contexts import COMMAND_CHOICE, option_context
from locales.languages import Language
from locales.numbers import format_number
from rules.core.text import Text

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
AUTOMATIC_LANGUAGE_NAME = "Automatic (the server's language)"
LANGUAGE_CHOICES = [
    app_commands.Choice(name=AUTOMATIC_LANGUAGE_NAME, value=AUTOMATIC_LANGUAGE),
    *(app_commands.Choice(name=language.own_name, value=language.value) for language in Language),
]


def _minutes(minutes: float, language: Language) -> str:
    return translations(BOT, language).gettext("{count} min").format(count=format_number(minutes, language))


def _clock_words(chosen: float | None, games: dict[str, float], language: Language) -> str:
    """A chosen delay, or each game's own when the server left it to them."""
    if chosen is not None:
        return _minutes(chosen, language)
    each = ", ".join(f"{title} {_minutes(minutes, language)}" for title, minutes in games.items())
    return translations(BOT, language).gettext("each game's own: {clocks}").format(clocks=each)


def settings_embed(
    settings: ServerSettings, clocks: dict[str, tuple[float, float]], language: Language
) -> discord.Embed:
    """The server's settings, in the reader's ``language``; ``clocks`` are each game's own (reminder,
    hand-off) minutes by title."""
    words = translations(BOT, language)
    _ = words.gettext
    pace = (
        _("the bot's default")
        if settings.ai_turn_delay is None
        else _("{seconds} s a move").format(seconds=format_number(settings.ai_turn_delay, language))
    )
    channels = ", ".join(f"<#{channel}>" for channel in settings.game_channels) or _("every channel")
    embed = discord.Embed(title=_("Game settings for this server"), colour=discord.Colour.blurple())
    embed.add_field(
        name=_("Default difficulty"),
        value=words.pgettext(COMMAND_CHOICE, settings.default_difficulty.title()),
    )
    embed.add_field(name=_("AI pace"), value=pace)
    reminders = {title: clock[0] for title, clock in clocks.items()}
    handoffs = {title: clock[1] for title, clock in clocks.items()}
    embed.add_field(
        name=_("Reminder after"), value=_clock_words(settings.reminder_minutes, reminders, language)
    )
    embed.add_field(
        name=_("AI takes an absent seat after"),
        value=_clock_words(settings.handoff_minutes, handoffs, language),
    )
    embed.add_field(
        name=_("Idle lobbies close after"), value=_minutes(settings.lobby_expiry_minutes, language)
    )
    kept = (
        _("the bot's own retention")
        if settings.retention_days is None
        else _("{count} days").format(count=format_number(settings.retention_days, language))
    )
    embed.add_field(name=_("Finished games kept"), value=kept)
    chosen_language = (
        words.pgettext(COMMAND_CHOICE, AUTOMATIC_LANGUAGE_NAME)
        if settings.language is None
        else settings.language.own_name
    )
    embed.add_field(name=_("Language"), value=chosen_language)
    embed.add_field(name=_("Games allowed in"), value=channels, inline=False)
    threads = _("on: each game gets a thread of its own") if settings.games_in_threads else _("off")
    embed.add_field(name=_("Games in threads"), value=threads, inline=False)
    return embed


def refused_text(refused: SettingsRefused, language: Language) -> str:
    """The store's reasons, each led by the option the admin typed (as their client names it)."""
    _ = translations(BOT, language).gettext
    options = {field: option for option, field in SETTING_OPTIONS.items()}
    reasons = []
    for field, reason in refused.problems:
        said = _(reason)
        if field in options:
            option = translations(BOT, language).pgettext(option_context("settings"), options[field])
            said = f"`{option}`: {said[:1].lower()}{said[1:]}"
        reasons.append(said)
    return "; ".join(reasons)


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
            await reply_error(
                interaction, Text("Only members who can manage this server can change its settings.")
            )
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
            reasons = refused_text(refused, private_language(interaction))
            await reply_error(interaction, Text("Nothing changed: {reasons}.", reasons=reasons))
            return
        clocks = {
            controller.module.title: controller.module.clock_minutes
            for controller in host.controllers.values()
        }
        await reply_private(
            interaction, "", embed=settings_embed(updated, clocks, private_language(interaction))
        )

    return settings
