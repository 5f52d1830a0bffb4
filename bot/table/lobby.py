"""The lobby every game opens with: join, leave, pick a character, and the host's Start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.game_module import GameModule
from bot.core.service import GameService, Publisher, ServiceError, seat_of
from bot.core.speech import game_words
from bot.storage import GameRecord
from bot.ui.components import UNKNOWN_CONTROL, Control, button, select, view_of
from bot.ui.replies import reply_error
from bot.ui.text import clip, private_language
from locales.catalogues import BOT, translations
from locales.languages import Language
from locales.numbers import format_number
from locales.translate import command
from rules.core.text import Text

LOBBY_OPS = ("join", "leave", "pick", "colour", "start", "ai")
LOBBY_MENUS = ("pick", "colour")
NOTE_LIMIT = 100
"""Discord's limit on a menu option's description."""


def ai_seats(module: GameModule, lobby: dict[str, Any]) -> int:
    """The AI seats the lobby will have at Start: those the host asked for, as far as the people
    leave seats free (a person who joins a full table takes an AI seat)."""
    return max(0, min(lobby.get("ai_players", 0), module.max_players - len(lobby["players"])))


def _pick_text(module: GameModule, character: str | None, language: Language) -> str:
    _ = translations(BOT, language).gettext
    if character is None:
        return _("choosing…")
    return _("ready ✓") if module.secret_picks else game_words(module, module.characters[character], language)


def seat_lines(module: GameModule, lobby: dict[str, Any], language: Language) -> list[str]:
    """Every taken seat: the people with their picks, then the AI's."""
    _ = translations(BOT, language).gettext
    players = lobby["players"]
    colours = module.dice_colours
    lines = []
    for index, player in enumerate(players):
        line = f"{format_number(index + 1, language)}. <@{player['user_id']}> — "
        line += _pick_text(module, player["character"], language)
        if player.get("dice_colour"):
            colour = game_words(module, colours[player["dice_colour"]], language)
            line += _(", {colour} dice").format(colour=colour)
        lines.append(line)
    ai_line = _("🤖 AI — its {pick} is chosen at Start").format(
        pick=game_words(module, module.pick_noun, language)
    )
    lines += [
        f"{format_number(index + 1, language)}. {ai_line}"
        for index in range(len(players), len(players) + ai_seats(module, lobby))
    ]
    return lines


def seats_text(module: GameModule, lobby: dict[str, Any], language: Language) -> str:
    """How full the table is, such as "3 of 4 seats · 1 AI"."""
    _ = translations(BOT, language).gettext
    ai = ai_seats(module, lobby)
    taken = len(lobby["players"]) + ai
    seats = _("{taken} of {seats} seats").format(
        taken=format_number(taken, language), seats=format_number(module.max_players, language)
    )
    return seats + (_(" · {count} AI").format(count=format_number(ai, language)) if ai else "")


def lobby_embed(module: GameModule, record: GameRecord, language: Language) -> discord.Embed:
    """The lobby, in the table's ``language``: the game in a line, its variant, the seats; its footer
    says what to do, while the lobby is open."""
    _ = translations(BOT, language).gettext
    lobby = record.lobby
    lines = [game_words(module, module.summary, language)]
    if len(module.variants) > 1:
        noun = game_words(module, module.variant_noun, language)
        variant = game_words(module, module.variants[lobby["variant"]], language)
        lines.append(f"{noun[:1].upper()}{noun[1:]}: **{variant}**")
    seated = len(lobby["players"]) + ai_seats(module, lobby)
    seats = f"**{seats_text(module, lobby, language)}**"
    if seated < module.min_players:
        seats += _(" (at least {count} to start)").format(count=format_number(module.min_players, language))
    lines.append(seats)
    lines += seat_lines(module, lobby, language)
    ai = ai_seats(module, lobby)
    if ai and len(lobby["players"]) + ai >= module.max_players:
        lines.append(_("Every seat is taken: a player who joins takes an AI seat."))
    open_ = record.status == "lobby"
    title = _("{game} — lobby") if open_ else _("{game} — lobby (closed)")
    embed = discord.Embed(
        title=title.format(game=module.title),
        description="\n".join(lines),
        colour=discord.Colour.orange() if open_ else discord.Colour.light_grey(),
    )
    if open_:
        footer = _("Join, pick your {pick}, then the host presses Start. Whoever picks none is given one.")
        embed.set_footer(text=footer.format(pick=game_words(module, module.pick_noun, language)))
    return embed


def lobby_view(
    module: GameModule,
    record: GameRecord,
    language: Language,
    own_buttons: Sequence[discord.ui.Item[Any]] = (),
) -> discord.ui.View:
    """Join, Leave, Start, the pick menus, How to play and Add AI, with ``own_buttons``, the game's
    own (Prime Time's roster builder); in the table's ``language``."""
    words = translations(BOT, language)
    game_id, version = record.id, record.version
    players = record.lobby["players"]
    taken = set() if module.secret_picks else {player["character"] for player in players}
    free = [(key, name) for key, name in module.characters.items() if key not in taken]
    seats_free = len(players) + ai_seats(module, record.lobby) < module.max_players
    items: list[discord.ui.Item[Any]] = [
        button(
            game_id,
            version,
            "join",
            label=words.pgettext("button", "Join"),
            style=discord.ButtonStyle.primary,
            disabled=len(players) >= module.max_players,
            row=0,
        ),
        button(game_id, version, "leave", label=words.pgettext("button", "Leave"), row=0),
        button(
            game_id,
            version,
            "start",
            label=words.pgettext("button", "Start"),
            style=discord.ButtonStyle.success,
            row=0,
        ),
    ]
    if free:
        notes = module.character_notes
        options = [
            discord.SelectOption(
                label=clip(game_words(module, name, language), NOTE_LIMIT),
                value=key,
                description=clip(game_words(module, notes[key], language), NOTE_LIMIT)
                if key in notes
                else None,
            )
            for key, name in free
        ]
        pick = game_words(module, module.pick_noun, language)
        placeholder = words.pgettext("placeholder", "Choose your {pick}").format(pick=pick)
        items.append(select(game_id, version, "pick", options, placeholder=placeholder, row=1))
    items.extend(own_buttons)
    colours_taken = {player.get("dice_colour") for player in players}
    free_colours = [(key, name) for key, name in module.dice_colours.items() if key not in colours_taken]
    if free_colours:
        options = [
            discord.SelectOption(
                label=words.pgettext("menu option", "{colour} dice").format(
                    colour=game_words(module, name, language)
                ),
                value=key,
            )
            for key, name in free_colours
        ]
        placeholder = words.pgettext("placeholder", "Choose your dice colour")
        items.append(select(game_id, version, "colour", options, placeholder=placeholder, row=2))
    items += [
        button(
            0,
            0,
            "rules",
            f"{module.name}.0",
            label=words.pgettext("button", "How to play"),
            emoji="📖",
            row=3,
        ),
        button(
            game_id,
            version,
            "ai",
            label=words.pgettext("button", "Add AI"),
            emoji="🤖",
            disabled=not seats_free,
            row=3,
        ),
    ]
    return view_of(items)


def _join(user_id: int, name: str, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        players = record.lobby["players"]
        if seat_of(record, user_id) is not None:
            raise ServiceError(Text("You're already in this lobby."))
        if len(players) >= module.max_players:
            raise ServiceError(Text("The lobby is full ({count} players).", count=module.max_players))
        players.append({"user_id": user_id, "name": name, "character": None})

    return change


def _add_ai(user_id: int, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        if user_id != record.host_id:
            raise ServiceError(Text("Only the host can add AI players."))
        lobby = record.lobby
        if len(lobby["players"]) + ai_seats(module, lobby) >= module.max_players:
            raise ServiceError(Text("Every seat is taken ({count} players).", count=module.max_players))
        lobby["ai_players"] = ai_seats(module, lobby) + 1

    return change


def _leave(user_id: int, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError(Text("You're not in this lobby."))
        if user_id == record.host_id:
            raise ServiceError(
                Text(
                    "The host can't leave the lobby; use `{abandon}` to close it.",
                    abandon=command(f"{module.name} abandon"),
                )
            )
        del record.lobby["players"][seat]

    return change


def _pick(user_id: int, character: str, module: GameModule, language: Language) -> Any:
    """Takes ``character`` for the player; a refusal names the pick in their ``language``."""

    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError(Text("Join the lobby first."))
        if character not in module.characters:
            raise ServiceError(Text("That pick isn't in this game."))
        others = [p for p in record.lobby["players"] if p["user_id"] != user_id]
        if not module.secret_picks and any(p["character"] == character for p in others):
            raise ServiceError(
                Text(
                    "{pick} is already taken. Pick another.",
                    pick=game_words(module, module.characters[character], language),
                )
            )
        record.lobby["players"][seat]["character"] = character

    return change


def _choose_colour(user_id: int, colour: str, module: GameModule, language: Language) -> Any:
    """Takes the ``colour`` dice for the player; a refusal names the colour in their ``language``,
    from the game's own words."""

    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError(Text("Join the lobby first."))
        colours = module.dice_colours
        if colour not in colours:
            raise ServiceError(Text("There are no dice of that colour in this game."))
        if any(p.get("dice_colour") == colour for p in record.lobby["players"] if p["user_id"] != user_id):
            raise ServiceError(
                Text(
                    "The {colour} dice are already taken. Pick another colour.",
                    colour=game_words(module, colours[colour], language),
                )
            )
        record.lobby["players"][seat]["dice_colour"] = colour

    return change


async def change_lobby(
    service: GameService,
    module: GameModule,
    interaction: discord.Interaction[Any],
    control: Control,
    publish_start: Publisher,
) -> tuple[GameRecord, Text | None] | None:
    """Applies a lobby click; returns the lobby to show again with the news to say on it (a joiner
    taking an AI seat), or None when the click was refused (the player is told why) or started the
    game (shown by ``publish_start``)."""
    user = interaction.user
    language = private_language(interaction)
    try:
        current = await service.storage.game(control.game_id)
        if current is not None and control.version > current.version:
            # No lobby was ever drawn at that version.
            raise ServiceError(UNKNOWN_CONTROL)
        if control.op == "start":
            await service.start_game(control.game_id, user.id, publish=publish_start)
            return None
        changes = {
            "join": lambda: _join(user.id, user.display_name, module),
            "leave": lambda: _leave(user.id, module),
            "pick": lambda: _pick(user.id, control.values[0] if control.values else "", module, language),
            "colour": lambda: _choose_colour(
                user.id, control.values[0] if control.values else "", module, language
            ),
            "ai": lambda: _add_ai(user.id, module),
        }
        record = await service.update_lobby(control.game_id, None, changes[control.op]())
    except ServiceError as error:
        await reply_error(interaction, error.message)
        return None
    took_ai_seat = current is not None and ai_seats(module, record.lobby) < ai_seats(module, current.lobby)
    news = (
        Text("**{player}** joins and takes an AI seat.", player=user.display_name) if took_ai_seat else None
    )
    return record, news
