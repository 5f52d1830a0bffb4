"""Slash command options checked again in the bot, before any command runs.

Discord holds a normal client to each option's declared type, range, length and choices, but a
tampered client can send anything, and discord.py passes most values on unchecked. So every option a
command receives is checked here against the command's own declaration (discord.py's ``Parameter``s,
the same metadata the command is synced with): a value that does not fit is answered with a sentence
naming the option and what it accepts, and the command does not run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import discord
from discord import AppCommandOptionType, ChannelType, app_commands

from bot.runtime import metrics
from bot.ui.replies import reply_error
from bot.ui.text import clip

# Discord's own bounds: integer and number options within ±(2^53 - 1), strings of 6,000 characters.
LARGEST_NUMBER = 2**53 - 1
LONGEST_TEXT = 6000
SUBCOMMAND_TYPES = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
# Where Discord puts the objects a snowflake option names, by option type.
RESOLVED_KINDS: dict[AppCommandOptionType, tuple[str, ...]] = {
    AppCommandOptionType.user: ("users",),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}
KIND_WORDS: dict[AppCommandOptionType, str] = {
    AppCommandOptionType.string: "text",
    AppCommandOptionType.boolean: "True or False",
    AppCommandOptionType.user: "a member of this server",
    AppCommandOptionType.role: "a role of this server",
    AppCommandOptionType.mentionable: "a member or a role of this server",
    AppCommandOptionType.attachment: "a file",
}
CHANNEL_WORDS: dict[ChannelType, str] = {
    ChannelType.text: "text channel",
    ChannelType.voice: "voice channel",
    ChannelType.category: "category",
    ChannelType.news: "announcement channel",
    ChannelType.news_thread: "thread",
    ChannelType.public_thread: "thread",
    ChannelType.private_thread: "private thread",
    ChannelType.stage_voice: "stage channel",
    ChannelType.forum: "forum",
    ChannelType.media: "media channel",
}


class OptionCheckingTree(app_commands.CommandTree[Any]):
    """The bot's command tree: every slash command's options are checked before the command runs."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        command = interaction.command
        data: Mapping[str, Any] = interaction.data or {}  # type: ignore[assignment]
        if (
            interaction.type is not discord.InteractionType.application_command
            or not isinstance(command, app_commands.Command)
            or data.get("type", 1) != 1
        ):
            return True
        problem = options_problem(command, data)
        if problem is None:
            return True
        await reply_error(interaction, problem)
        metrics.handled()
        return False


def options_problem(command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any]) -> str | None:
    """What is wrong with the options in an interaction's ``data`` for ``command``, as a sentence for
    the person who typed it; None when every option fits the command's declaration."""
    options = _leaf_options(data)
    if options is None:
        return f"I could not read the options of /{command.qualified_name}, so nothing changed."
    declared = {parameter.display_name: parameter for parameter in command.parameters}
    given: dict[str, Mapping[str, Any]] = {}
    for option in options:
        name = option.get("name") if isinstance(option, Mapping) else None
        if not isinstance(name, str) or name not in declared:
            return f"/{command.qualified_name} has no option `{clip(str(name), 40)}`, so nothing changed."
        given[name] = option
    resolved = data.get("resolved")
    for name, parameter in declared.items():
        if name not in given:
            if parameter.required:
                return f"/{command.qualified_name} needs `{name}`: {allowed(parameter)}. Nothing changed."
            continue
        option = given[name]
        if option.get("type") != parameter.type.value or not _fits(
            parameter, option.get("value"), resolved if isinstance(resolved, Mapping) else {}
        ):
            return f"`{name}` must be {allowed(parameter)}, so nothing changed."
    return None


def _leaf_options(data: Mapping[str, Any]) -> list[Any] | None:
    """The options of the subcommand that was typed (the command's own for a plain command)."""
    options = data.get("options", [])
    while isinstance(options, list) and options:
        first = options[0]
        if not isinstance(first, Mapping) or first.get("type") not in SUBCOMMAND_TYPES:
            return options
        options = first.get("options", [])
    return options if isinstance(options, list) else None


def allowed(parameter: app_commands.Parameter) -> str:
    """What the option accepts, in words: "a whole number from 0 to 3", "one of Easy, Normal or Hard"."""
    if parameter.choices:
        names = [choice.name for choice in parameter.choices]
        return names[0] if len(names) == 1 else f"one of {', '.join(names[:-1])} or {names[-1]}"
    kind = parameter.type
    if kind is AppCommandOptionType.integer:
        return "a whole number" + _range_words(parameter)
    if kind is AppCommandOptionType.number:
        return "a number" + _range_words(parameter)
    if kind is AppCommandOptionType.string:
        return "text" + _length_words(parameter)
    if kind is AppCommandOptionType.channel:
        kinds = list(dict.fromkeys(CHANNEL_WORDS.get(each, "channel") for each in parameter.channel_types))
        if not kinds:
            return "a channel of this server"
        return f"a {' or '.join(kinds)} of this server"
    return KIND_WORDS.get(kind, "a value Discord offers")


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,g}"


def _range_words(parameter: app_commands.Parameter) -> str:
    low, high = _bounds(parameter)
    return f" from {_number(low)} to {_number(high)}"


def _bounds(parameter: app_commands.Parameter) -> tuple[float, float]:
    """The declared range, within Discord's own."""
    low = -LARGEST_NUMBER if parameter.min_value is None else max(parameter.min_value, -LARGEST_NUMBER)
    high = LARGEST_NUMBER if parameter.max_value is None else min(parameter.max_value, LARGEST_NUMBER)
    return low, high


def _length_words(parameter: app_commands.Parameter) -> str:
    shortest, longest = parameter.min_value, parameter.max_value or LONGEST_TEXT
    if shortest:
        return f" of {_number(shortest)} to {_number(longest)} characters"
    return f" of at most {_number(longest)} characters"


def _fits(parameter: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]) -> bool:
    kind = parameter.type
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        fits = _number_fits(parameter, value)
    elif kind is AppCommandOptionType.string:
        shortest, longest = parameter.min_value or 0, parameter.max_value or LONGEST_TEXT
        fits = isinstance(value, str) and shortest <= len(value) <= longest
    elif kind is AppCommandOptionType.boolean:
        fits = isinstance(value, bool)
    elif kind in RESOLVED_KINDS:
        fits = _resolved_fits(parameter, value, resolved)
    else:
        fits = False
    return fits and (not parameter.choices or value in [choice.value for choice in parameter.choices])


def _number_fits(parameter: app_commands.Parameter, value: Any) -> bool:
    whole = parameter.type is AppCommandOptionType.integer
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    low, high = _bounds(parameter)
    return low <= value <= high


def _resolved_fits(parameter: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]) -> bool:
    """A snowflake option names an object Discord sent along (and a channel one of the declared kinds)."""
    if not isinstance(value, str) or not value.isdigit() or len(value) > 20:
        return False
    for kind in RESOLVED_KINDS[parameter.type]:
        found = resolved.get(kind)
        item = found.get(value) if isinstance(found, Mapping) else None
        if isinstance(item, Mapping):
            if kind != "channels" or not parameter.channel_types:
                return True
            return item.get("type") in [channel.value for channel in parameter.channel_types]
    return False
