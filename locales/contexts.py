"""Message contexts (gettext's ``msgctxt``) that say where a message is shown, and the limits Discord
puts on text shown there: the catalogue tests hold every translation of such a message to them.

A message without a context is a sentence of a message, an embed or a board, with no limit of its
own. Bot code marks the short ones with ``pgettext("button", "Join")`` (or ``Text.in_context``): the
context written out, as the extraction reads only literal words (``pgettext(BUTTON, "Join")`` would
be extracted without its context, and never found).
"""

from __future__ import annotations

import re

BUTTON = "button"
"""A button's label."""
MENU_OPTION = "menu option"
"""A select menu option's label or description."""
PLACEHOLDER = "placeholder"
"""A select menu's placeholder."""
COMMAND = "command"
"""A slash command's or command group's name."""
COMMAND_OPTION_PREFIX = "option of /"
"""An option's name, per command (``option of /cell replay``): one English word, such as "game",
can mean a different thing in two commands, and so be a different word in another language."""
COMMAND_DESCRIPTION = "command description"
"""A command's or an option's description."""
COMMAND_CHOICE = "command choice"
"""The name of one of an option's choices."""

LENGTH_LIMITS = {
    BUTTON: 80,
    MENU_OPTION: 100,
    PLACEHOLDER: 150,
    COMMAND: 32,
    COMMAND_DESCRIPTION: 100,
    COMMAND_CHOICE: 100,
}

# Discord's rule for command and option names: 1-32 letters, digits, "-" or "_" (in any script), in
# lower case where the letter has one.
_NAME_CHARACTER = re.compile(r"[-_\w]")


def option_context(command_path: str) -> str:
    """The context of an option's name of the command ``command_path`` (``"cell replay"``)."""
    return f"{COMMAND_OPTION_PREFIX}{command_path}"


def length_limit(context: str | None) -> int | None:
    if context is not None and context.startswith(COMMAND_OPTION_PREFIX):
        return LENGTH_LIMITS[COMMAND]
    return LENGTH_LIMITS.get(context or "")


def is_name_context(context: str | None) -> bool:
    """Whether messages of ``context`` are command or option names, which follow Discord's rule."""
    return context == COMMAND or (context or "").startswith(COMMAND_OPTION_PREFIX)


def is_valid_command_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command's or an option's (localized) name."""
    return (
        1 <= len(name) <= LENGTH_LIMITS[COMMAND]
        and all(_NAME_CHARACTER.fullmatch(character) for character in name)
        and name == name.lower()
    )
