"""The slash commands in the players' languages: discord.py asks this translator for every command,
group and option name, description and choice name when the tree is synced, and Discord shows each
user the ones of their client's language. The words come from the ``bot`` catalogue, under the
contexts ``bot.command_strings`` extracts them with."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from locales.catalogues import BOT, translations
from locales.contexts import COMMAND, COMMAND_CHOICE, COMMAND_DESCRIPTION, option_context
from locales.languages import Language, language_of


def message_context(location: Location, data: Any) -> str | None:
    """The catalogue context of a string discord.py asks about, by where it is in the tree; None for
    strings this translator does not translate."""
    if location in (Location.command_name, Location.group_name):
        return COMMAND
    if location in (
        Location.command_description,
        Location.group_description,
        Location.parameter_description,
    ):
        return COMMAND_DESCRIPTION
    if location is Location.parameter_name:
        return option_context(data.command.qualified_name)
    if location is Location.choice_name:
        return COMMAND_CHOICE
    return None


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The string in the language of ``locale``; None (Discord shows the English) for English, for
        locales we have no catalogue for, and for strings whose translation reads the same."""
        language = language_of(locale.value)
        msgctxt = message_context(context.location, context.data)
        if language is Language.ENGLISH or msgctxt is None:
            return None
        translated = translations(BOT, language).pgettext(msgctxt, string.message)
        return translated if translated != string.message else None
