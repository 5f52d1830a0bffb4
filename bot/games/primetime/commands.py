"""Prime Time's own commands: ``/primetime start``, ``settings`` (a player's standing answers) and
``card`` (one card in full, its names offered while typing), beside the table's commands."""

from __future__ import annotations

from typing import Any, Literal, Protocol

import discord
from discord import app_commands

from bot.core.host import Host
from bot.core.service import GameService, ServiceError, seat_of
from bot.games.primetime.guide import HELP_TEXT
from bot.games.primetime.module import AUTO_PASS, AUTO_READY
from bot.games.primetime.player_commands import DOMAIN, card_answer, card_choices, settings_words
from bot.storage import GameRecord
from bot.ui.replies import reply_error, reply_private
from bot.ui.text import Said, private_language
from locales.catalogues import translations


class PrimeTimeDesk(Protocol):
    """What the commands need of Prime Time's table."""

    host: Host

    @property
    def service(self) -> GameService: ...

    async def open_lobby(
        self, interaction: discord.Interaction[Any], variant: str | None, ai_players: int
    ) -> None: ...

    async def channel_game(self, interaction: discord.Interaction[Any]) -> GameRecord | None: ...

    def add_table_commands(self, group: app_commands.Group, help_text: Said) -> None: ...


def primetime_group(desk: PrimeTimeDesk) -> app_commands.Group:
    group = app_commands.Group(
        name="primetime", description="Prime Time: a two-player DBZ miniatures skirmish", guild_only=True
    )

    @group.command(name="start", description="Open a Prime Time lobby in this channel")
    @app_commands.describe(
        ai_opponent="The AI takes the second seat when the game starts",
        setup="quick: the fixed battlefield, straight to round 1; full: terrain, roll-off, objectives "
        "and deployment",
    )
    async def start(
        interaction: discord.Interaction[Any],
        ai_opponent: bool = False,
        setup: Literal["quick", "full"] = "quick",
    ) -> None:
        await desk.open_lobby(interaction, setup, 1 if ai_opponent else 0)

    @group.command(name="settings", description="Your choices for this channel's Prime Time game")
    @app_commands.describe(
        auto_pass_on_hit="Answer every On Hit / On Damage prompt with Continue at once",
        auto_ready="Answer every Phase Start with Ready at once (you then play no Phase Start card)",
    )
    async def settings_command(
        interaction: discord.Interaction[Any],
        auto_pass_on_hit: bool | None = None,
        auto_ready: bool | None = None,
    ) -> None:
        await player_settings(desk, interaction, {AUTO_PASS: auto_pass_on_hit, AUTO_READY: auto_ready})

    @group.command(name="card", description="One Prime Time card in full: its window, cost and effect")
    @app_commands.describe(name="The card's name: start typing and pick it from the list")
    async def card_command(
        interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 100]
    ) -> None:
        answer, refused = card_answer(name, private_language(interaction))
        if refused:
            await reply_error(interaction, answer["content"])
        else:
            await reply_private(interaction, "", **answer)

    @card_command.autocomplete("name")
    async def card_names(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return card_choices(current, private_language(interaction))

    desk.add_table_commands(group, HELP_TEXT)
    return group


async def player_settings(
    desk: PrimeTimeDesk, interaction: discord.Interaction[Any], chosen: dict[str, bool | None]
) -> None:
    """Changes the seat options given (none: shows them), then says what each now is."""
    record = await desk.channel_game(interaction)
    if record is None:
        return
    language = private_language(interaction)
    seat = seat_of(record, interaction.user.id)
    if seat is None:
        await reply_error(
            interaction, translations(DOMAIN, language).gettext("You are not playing in this game.")
        )
        return
    try:
        for key, value in chosen.items():
            if value is not None:
                await desk.service.set_seat_option(record.id, interaction.user.id, key, value)
    except ServiceError as error:
        await reply_error(interaction, error.message)
        return
    current = await desk.service.storage.game(record.id)
    player = (current or record).lobby["players"][seat]
    await reply_private(interaction, settings_words(player, language))
    desk.host.wake(record.id)


# Controls.
