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
from bot.ui.text import clip, private_language
from locales.catalogues import BOT, N_, translations
from locales.contexts import COMMAND_CHOICE, option_context
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command_words

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
    AppCommandOptionType.string: N_("text"),
    AppCommandOptionType.boolean: N_("True or False"),
    AppCommandOptionType.user: N_("a member of this server"),
    AppCommandOptionType.role: N_("a role of this server"),
    AppCommandOptionType.mentionable: N_("a member or a role of this server"),
    AppCommandOptionType.attachment: N_("a file"),
}
ANY_VALUE = N_("a value Discord offers")
ANY_CHANNEL = N_("a channel of this server")
CHANNEL_WORDS: dict[ChannelType, str] = {
    ChannelType.text: N_("a text channel of this server"),
    ChannelType.voice: N_("a voice channel of this server"),
    ChannelType.category: N_("a category of this server"),
    ChannelType.news: N_("an announcement channel of this server"),
    ChannelType.news_thread: N_("a thread of this server"),
    ChannelType.public_thread: N_("a thread of this server"),
    ChannelType.private_thread: N_("a private thread of this server"),
    ChannelType.stage_voice: N_("a stage channel of this server"),
    ChannelType.forum: N_("a forum of this server"),
    ChannelType.media: N_("a media channel of this server"),
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
        problem = options_problem(command, data, private_language(interaction))
        if problem is None:
            return True
        await reply_error(interaction, problem)
        metrics.handled()
        return False


def options_problem(
    command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any], language: Language
) -> str | None:
    """What is wrong with the options in an interaction's ``data`` for ``command``, as a sentence for
    the person who typed it, in their ``language``; None when every option fits the command's
    declaration."""
    _ = translations(BOT, language).gettext
    typed = command_words(command.qualified_name, language)
    options = _leaf_options(data)
    if options is None:
        return _("I could not read the options of {command}, so nothing changed.").format(command=typed)
    declared = {parameter.display_name: parameter for parameter in command.parameters}
    given: dict[str, Mapping[str, Any]] = {}
    for option in options:
        name = option.get("name") if isinstance(option, Mapping) else None
        if not isinstance(name, str) or name not in declared:
            return _("{command} has no option `{option}`, so nothing changed.").format(
                command=typed, option=clip(str(name), 40)
            )
        given[name] = option
    resolved = data.get("resolved")
    for name, parameter in declared.items():
        shown = option_name(command, name, language)
        if name not in given:
            if parameter.required:
                return _("{command} needs `{option}`: {allowed}. Nothing changed.").format(
                    command=typed, option=shown, allowed=allowed(parameter, language)
                )
            continue
        option = given[name]
        if option.get("type") != parameter.type.value or not _fits(
            parameter, option.get("value"), resolved if isinstance(resolved, Mapping) else {}
        ):
            return _("`{option}` must be {allowed}, so nothing changed.").format(
                option=shown, allowed=allowed(parameter, language)
            )
    return None


def option_name(command: app_commands.Command[Any, ..., Any], name: str, language: Language) -> str:
    """An option's name as a user of ``language`` sees it in the command."""
    return translations(BOT, language).pgettext(option_context(command.qualified_name), name)


def _leaf_options(data: Mapping[str, Any]) -> list[Any] | None:
    """The options of the subcommand that was typed (the command's own for a plain command)."""
    options = data.get("options", [])
    while isinstance(options, list) and options:
        first = options[0]
        if not isinstance(first, Mapping) or first.get("type") not in SUBCOMMAND_TYPES:
            return options
        options = first.get("options", [])
    return options if isinstance(options, list) else None


def allowed(parameter: app_commands.Parameter, language: Language) -> str:
    """What the option accepts, in words: "a whole number from 0 to 3", "one of Easy, Normal or Hard"."""
    words = translations(BOT, language)
    _ = words.gettext
    if parameter.choices:
        names = [words.pgettext(COMMAND_CHOICE, choice.name) for choice in parameter.choices]
        if len(names) == 1:
            return names[0]
        return _("one of {choices} or {last}").format(choices=", ".join(names[:-1]), last=names[-1])
    kind = parameter.type
    low, high = _bounds(parameter)
    if kind is AppCommandOptionType.integer:
        return _("a whole number from {low} to {high}").format(
            low=_number(low, language), high=_number(high, language)
        )
    if kind is AppCommandOptionType.number:
        return _("a number from {low} to {high}").format(
            low=_number(low, language), high=_number(high, language)
        )
    if kind is AppCommandOptionType.string:
        shortest, longest = parameter.min_value, parameter.max_value or LONGEST_TEXT
        if shortest:
            return _("text of {shortest} to {longest} characters").format(
                shortest=_number(shortest, language), longest=_number(longest, language)
            )
        return _("text of at most {longest} characters").format(longest=_number(longest, language))
    if kind is AppCommandOptionType.channel:
        kinds = list(
            dict.fromkeys(_(CHANNEL_WORDS.get(each, ANY_CHANNEL)) for each in parameter.channel_types)
        )
        # TRANSLATORS: between the kinds of channel an option accepts ("a text channel or a thread").
        return _(" or ").join(kinds) if kinds else _(ANY_CHANNEL)
    return _(KIND_WORDS.get(kind, ANY_VALUE))


def _number(value: float, language: Language) -> str:
    return format_number(int(value) if float(value).is_integer() else value, language)


def _bounds(parameter: app_commands.Parameter) -> tuple[float, float]:
    """The declared range, within Discord's own."""
    low = -LARGEST_NUMBER if parameter.min_value is None else max(parameter.min_value, -LARGEST_NUMBER)
    high = LARGEST_NUMBER if parameter.max_value is None else min(parameter.max_value, LARGEST_NUMBER)
    return low, high


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
