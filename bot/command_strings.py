"""The slash commands' words for the ``bot`` catalogue, read from the command tree the bot syncs:
every command and group name and description, every option's name and description and every choice's
name, with the context ``bot.ui.command_translator`` looks each up by.

Reading the tree, rather than the source, finds the words built at run time too (each game's
``/<game> rules`` description names the game; the leaderboard's choices are the games' titles). It
is one of Babel's extraction methods, named in ``babel.cfg`` for this file, so extracting the
catalogues (``bash scripts/i18n extract``) puts these words in the ``bot`` template.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any

from discord import app_commands

from bot.app import GameBot
from bot.runtime.config import Settings
from bot.ui.command_translator import message_context
from locales.contexts import COMMAND_CHOICE

Location = app_commands.TranslationContextLocation


@dataclass(frozen=True)
class CommandString:
    context: str
    message: str
    where: str
    """Which command's string it is, and what of it, for the translators."""


def command_tree() -> app_commands.CommandTree[Any]:
    """The bot's slash commands, built as the bot builds them at start-up (no Discord, no storage)."""
    bot = GameBot(Settings(discord_token="extraction"))
    bot.add_commands()
    return bot.tree


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[CommandString]:
    for command in tree.get_commands():
        yield from _strings_of(command)


def _strings_of(command: Any) -> Iterator[CommandString]:
    path = f"/{command.qualified_name}"
    is_group = isinstance(command, app_commands.Group)
    name_at, description_at = (
        (Location.group_name, Location.group_description)
        if is_group
        else (Location.command_name, Location.command_description)
    )
    yield _string(name_at, command, command.name, f"{path}: name")
    yield _string(description_at, command, command.description, f"{path}: description")
    if is_group:
        for child in command.commands:
            yield from _strings_of(child)
        return
    for parameter in command.parameters:
        where = f"{path} {parameter.name}"
        name = parameter.locale_name.message if parameter.locale_name else parameter.display_name
        yield _string(Location.parameter_name, parameter, name, f"{where}: option name")
        yield _string(Location.parameter_description, parameter, parameter.description, f"{where}: option")
        for choice in parameter.choices:
            yield CommandString(COMMAND_CHOICE, choice.name, f"{where}: choice")


def _string(location: Location, data: Any, message: str, where: str) -> CommandString:
    context = message_context(location, data)
    assert context is not None, location
    return CommandString(context, message, where)


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for this file (see ``babel.cfg``): the tree's strings, each with
    where it is shown as a comment for the translators, in gettext's ``pgettext`` form."""
    for found in command_strings(command_tree()):
        yield 0, "pgettext", (found.context, found.message), [found.where]
