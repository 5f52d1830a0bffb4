"""Text that goes back to players: in their language, cut to fit Discord's limits, user input quoted
safely.

What the bot says is written in English in the source and looked up in the ``bot`` catalogue when it
is said (``locales``): a message kept for later (a refusal the service raises, a constant) is a
``Text`` or ``Plural`` (``rules.core.text``) until the edge that says it knows the language."""

from __future__ import annotations

from typing import Any

import discord

from locales.catalogues import BOT
from locales.languages import Language, language_of
from locales.translate import translate
from rules.core.text import Plural, Text

# Echoes of what a user typed or picked are cut to this, so an answer always fits Discord's limits.
ECHO_LIMIT = 60
MESSAGE_LIMIT = 2000

Said = str | Text | Plural
"""Words for a player: already in their language (a str), or the bot's message to look up."""


def private_language(interaction: discord.Interaction[Any]) -> Language:
    """The language of the one person who acted: their Discord client's."""
    return language_of(interaction.locale.value)


def spoken(words: Said, language: Language) -> str:
    """``words`` in ``language``: a bot message looked up in the ``bot`` catalogue, a str as it is."""
    return words if isinstance(words, str) else translate(words, BOT, language)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object) -> str:
    """User input quoted back to them, never longer than ECHO_LIMIT."""
    return clip(repr(value) if isinstance(value, str) else str(value), ECHO_LIMIT)
