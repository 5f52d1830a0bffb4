"""/privacy and /forget-me: what the bot keeps, and removing it for one user after a confirmation."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.core.host import Host
from bot.features.privacy.forget import StillPlaying, forget_user, privacy_text
from bot.ui.components import Control, button, view_of
from bot.ui.replies import in_time, reply_private, update
from bot.ui.text import private_language, spoken
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command
from rules.core.text import Text

log = logging.getLogger("bot.privacy")

FORGET_OP = "forget"
CONFIRM_TEXT = Text(
    'This replaces your Discord id and name by an anonymous seat label (such as "Player 2") in every '
    "game, move and result this bot has stored, in every server. Your games still count in the servers' "
    "history under that label, and you leave the leaderboards. Boards already posted keep their mention of "
    "you. It cannot be undone."
)


def confirm_view(language: Language) -> discord.ui.View:
    # Game id 0: the buttons belong to no game; the user who clicks is the one forgotten.
    words = translations(BOT, language)
    return view_of(
        [
            button(
                0,
                0,
                FORGET_OP,
                "confirm",
                label=words.pgettext("button", "Forget me"),
                style=discord.ButtonStyle.danger,
            ),
            button(0, 0, FORGET_OP, "cancel", label=words.pgettext("button", "Cancel")),
        ]
    )


def privacy_commands(host: Host) -> list[app_commands.Command[Any, Any, Any]]:
    @app_commands.command(name="privacy", description="What this bot stores about you, and for how long")
    async def privacy(interaction: discord.Interaction[Any]) -> None:
        settings = host.settings
        backups = settings.backup_keep if settings.backup_dir is not None else None
        await reply_private(
            interaction, privacy_text(settings.retention_days, backups, private_language(interaction))
        )

    @app_commands.command(name="forget-me", description="Remove your id and name from every stored game")
    async def forget_me(interaction: discord.Interaction[Any]) -> None:
        await reply_private(interaction, CONFIRM_TEXT, view=confirm_view(private_language(interaction)))

    return [privacy, forget_me]


async def on_forget_control(host: Host, interaction: discord.Interaction[Any], control: Control) -> None:
    """The confirmation's buttons; the ephemeral message is edited to say what happened."""
    language = private_language(interaction)
    if control.arg != "confirm":
        await update(interaction, content=spoken(Text("Nothing was changed."), language), view=None)
        return
    storage = host.service.storage

    async def forget() -> None:
        try:
            forgotten = await forget_user(storage, interaction.user.id)
        except StillPlaying as playing:
            still = Text(
                "You are still in a game in {channel}. Finish or leave it (or ask the host to abandon it), "
                "then use `{forget}` again. Nothing was changed.",
                channel=f"<#{playing.channel_id}>",
                forget=command("forget-me"),
            )
            await update(interaction, content=spoken(still, language), view=None)
            return
        log.info("a user was forgotten: %d games, %d moves, %d results", *forgotten.__dict__.values())
        words = translations(BOT, language)
        counts = (
            words.ngettext("{count} game", "{count} games", forgotten.games),
            words.ngettext("{count} move", "{count} moves", forgotten.actions),
            words.ngettext("{count} result", "{count} results", forgotten.results),
        )
        games, moves, results = (
            count.format(count=format_number(number, language))
            for count, number in zip(
                counts, (forgotten.games, forgotten.actions, forgotten.results), strict=True
            )
        )
        done = words.gettext(
            "Done. Your id and name are gone from {games}, {moves} and {results}; they show as an anonymous "
            "seat label now."
        )
        await update(interaction, content=done.format(games=games, moves=moves, results=results), view=None)

    await in_time(interaction, forget())
