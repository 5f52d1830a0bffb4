"""The lobby every game opens with: join, leave, pick a character, and the host's Start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.game_module import GameModule
from bot.core.service import GameService, Publisher, ServiceError, seat_of
from bot.storage import GameRecord
from bot.ui.components import UNKNOWN_CONTROL, Control, button, select, view_of
from bot.ui.replies import reply_error
from bot.ui.text import clip

LOBBY_OPS = ("join", "leave", "pick", "colour", "start", "ai")
LOBBY_MENUS = ("pick", "colour")
NOTE_LIMIT = 100
"""Discord's limit on a menu option's description."""


def ai_seats(module: GameModule, lobby: dict[str, Any]) -> int:
    """The AI seats the lobby will have at Start: those the host asked for, as far as the people
    leave seats free (a person who joins a full table takes an AI seat)."""
    return max(0, min(lobby.get("ai_players", 0), module.max_players - len(lobby["players"])))


def _pick_text(module: GameModule, character: str | None) -> str:
    if character is None:
        return "choosing…"
    return "ready ✓" if module.secret_picks else module.characters[character]


def seat_lines(module: GameModule, lobby: dict[str, Any]) -> list[str]:
    """Every taken seat: the people with their picks, then the AI's."""
    players = lobby["players"]
    colours = module.dice_colours
    lines = [
        f"{index + 1}. <@{player['user_id']}> — {_pick_text(module, player['character'])}"
        + (f", {colours[player['dice_colour']]} dice" if player.get("dice_colour") else "")
        for index, player in enumerate(players)
    ]
    lines += [
        f"{index + 1}. 🤖 AI — its {module.pick_noun} is chosen at Start"
        for index in range(len(players), len(players) + ai_seats(module, lobby))
    ]
    return lines


def seats_text(module: GameModule, lobby: dict[str, Any]) -> str:
    """How full the table is, such as "3 of 4 seats · 1 AI"."""
    ai = ai_seats(module, lobby)
    taken = len(lobby["players"]) + ai
    return f"{taken} of {module.max_players} seats" + (f" · {ai} AI" if ai else "")


def lobby_embed(module: GameModule, record: GameRecord) -> discord.Embed:
    """The lobby: the game in a line, its variant, the seats; its footer says what to do, while the
    lobby is open."""
    lobby = record.lobby
    lines = [module.summary]
    if len(module.variants) > 1:
        lines.append(f"{module.variant_noun.capitalize()}: **{module.variants[lobby['variant']]}**")
    seated = len(lobby["players"]) + ai_seats(module, lobby)
    needed = f" (at least {module.min_players} to start)" if seated < module.min_players else ""
    lines.append(f"**{seats_text(module, lobby)}**{needed}")
    lines += seat_lines(module, lobby)
    ai = ai_seats(module, lobby)
    if ai and len(lobby["players"]) + ai >= module.max_players:
        lines.append("Every seat is taken: a player who joins takes an AI seat.")
    open_ = record.status == "lobby"
    embed = discord.Embed(
        title=f"{module.title} — lobby" + ("" if open_ else " (closed)"),
        description="\n".join(lines),
        colour=discord.Colour.orange() if open_ else discord.Colour.light_grey(),
    )
    if open_:
        noun = module.pick_noun
        embed.set_footer(
            text=f"Join, pick your {noun}, then the host presses Start. Unpicked {noun}s are assigned."
        )
    return embed


def lobby_view(
    module: GameModule, record: GameRecord, own_buttons: Sequence[discord.ui.Item[Any]] = ()
) -> discord.ui.View:
    """Join, Leave, Start, the pick menus, How to play and Add AI, with ``own_buttons``, the game's
    own (Prime Time's roster builder)."""
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
            label="Join",
            style=discord.ButtonStyle.primary,
            disabled=len(players) >= module.max_players,
            row=0,
        ),
        button(game_id, version, "leave", label="Leave", row=0),
        button(game_id, version, "start", label="Start", style=discord.ButtonStyle.success, row=0),
    ]
    if free:
        notes = module.character_notes
        options = [
            discord.SelectOption(
                label=name, value=key, description=clip(notes[key], NOTE_LIMIT) if key in notes else None
            )
            for key, name in free
        ]
        items.append(
            select(game_id, version, "pick", options, placeholder=f"Choose your {module.pick_noun}", row=1)
        )
    items.extend(own_buttons)
    colours_taken = {player.get("dice_colour") for player in players}
    free_colours = [(key, name) for key, name in module.dice_colours.items() if key not in colours_taken]
    if free_colours:
        options = [discord.SelectOption(label=f"{name} dice", value=key) for key, name in free_colours]
        items.append(
            select(game_id, version, "colour", options, placeholder="Choose your dice colour", row=2)
        )
    items += [
        button(0, 0, "rules", f"{module.name}.0", label="How to play", emoji="📖", row=3),
        button(game_id, version, "ai", label="Add AI", emoji="🤖", disabled=not seats_free, row=3),
    ]
    return view_of(items)


def _join(user_id: int, name: str, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        players = record.lobby["players"]
        if seat_of(record, user_id) is not None:
            raise ServiceError("You're already in this lobby.")
        if len(players) >= module.max_players:
            raise ServiceError(f"The lobby is full ({module.max_players} players).")
        players.append({"user_id": user_id, "name": name, "character": None})

    return change


def _add_ai(user_id: int, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        if user_id != record.host_id:
            raise ServiceError("Only the host can add AI players.")
        lobby = record.lobby
        if len(lobby["players"]) + ai_seats(module, lobby) >= module.max_players:
            raise ServiceError(f"Every seat is taken ({module.max_players} players).")
        lobby["ai_players"] = ai_seats(module, lobby) + 1

    return change


def _leave(user_id: int) -> Any:
    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError("You're not in this lobby.")
        if user_id == record.host_id:
            raise ServiceError("The host can't leave the lobby; use the abandon command to close it.")
        del record.lobby["players"][seat]

    return change


def _pick(user_id: int, character: str, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError("Join the lobby first.")
        if character not in module.characters:
            raise ServiceError(f"That {module.pick_noun} isn't in this game.")
        others = [p for p in record.lobby["players"] if p["user_id"] != user_id]
        if not module.secret_picks and any(p["character"] == character for p in others):
            raise ServiceError(
                f"{module.characters[character]} is already taken. Pick another {module.pick_noun}."
            )
        record.lobby["players"][seat]["character"] = character

    return change


def _choose_colour(user_id: int, colour: str, module: GameModule) -> Any:
    def change(record: GameRecord) -> None:
        seat = seat_of(record, user_id)
        if seat is None:
            raise ServiceError("Join the lobby first.")
        colours = module.dice_colours
        if colour not in colours:
            raise ServiceError("There are no dice of that colour in this game.")
        if any(p.get("dice_colour") == colour for p in record.lobby["players"] if p["user_id"] != user_id):
            raise ServiceError(f"The {colours[colour]} dice are already taken. Pick another colour.")
        record.lobby["players"][seat]["dice_colour"] = colour

    return change


async def change_lobby(
    service: GameService,
    module: GameModule,
    interaction: discord.Interaction[Any],
    control: Control,
    publish_start: Publisher,
) -> tuple[GameRecord, str | None] | None:
    """Applies a lobby click; returns the lobby to show again with the news to say on it (a joiner
    taking an AI seat), or None when the click was refused (the player is told why) or started the
    game (shown by ``publish_start``)."""
    user = interaction.user
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
            "leave": lambda: _leave(user.id),
            "pick": lambda: _pick(user.id, control.values[0] if control.values else "", module),
            "colour": lambda: _choose_colour(user.id, control.values[0] if control.values else "", module),
            "ai": lambda: _add_ai(user.id, module),
        }
        record = await service.update_lobby(control.game_id, None, changes[control.op]())
    except ServiceError as error:
        await reply_error(interaction, error.message)
        return None
    took_ai_seat = current is not None and ai_seats(module, record.lobby) < ai_seats(module, current.lobby)
    news = f"**{user.display_name}** joins and takes an AI seat." if took_ai_seat else None
    return record, news
