"""Perfect Cell's board message: its embed and its controls, every one drawn from ``legal_actions`` of
the board version it belongs to (an action control's argument is the action's index in that list)."""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import GameRecord
from bot.table.controller import finished_view
from bot.ui.components import button, select, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from rules.cell.actions import (
    CancelSelection,
    CellAction,
    ChangeFace,
    Choose,
    Confirm,
    EndTurn,
    GiveTile,
    Roll,
    Spend,
    StartSelection,
)
from rules.cell.content import FACE_NAMES, TOKEN_NAMES
from rules.cell.describe import describe
from rules.cell.engine import legal_actions, twin_dice
from rules.cell.state import CellState, Source
from rules.core.events import Event

FACE_EMOJI = {"dragon_ball": "🐉", "assist": "🤝", "attack": "👊", "super_attack": "💥"}
TOKEN_EMOJI = {"attack": "👊", "super_attack": "💥", "wild": "🌟"}


def die_source(die: int) -> Source:
    return Source(die=die)


def die_of(action: CellAction) -> int | None:
    if isinstance(action, Spend):
        return action.source.die
    if isinstance(action, StartSelection):
        return action.burn
    if isinstance(action, ChangeFace):
        return action.die
    return None


def menu_label(state: CellState, action: CellAction) -> str:
    if isinstance(action, Spend) and action.source.token == "wild":
        return f"As {FACE_NAMES[action.source.face]}: {describe(state, action)}"  # type: ignore[index]
    return describe(state, action)


def board_view(record: GameRecord, state: CellState) -> discord.ui.View:
    if state.outcome is not None:
        return finished_view(record)
    game_id, version = record.id, record.version
    actions = list(enumerate(legal_actions(state, state.active_seat)))
    items: list[discord.ui.Item[Any]] = []

    def act_button(index: int, action: CellAction, style: discord.ButtonStyle, row: int) -> None:
        items.append(
            button(game_id, version, "act", index, label=describe(state, action), style=style, row=row)
        )

    if state.selection is not None:
        choices = [(i, a) for i, a in actions if isinstance(a, Choose)]
        if choices:
            options = [
                discord.SelectOption(label=clip(describe(state, a), 100), value=str(i)) for i, a in choices
            ]
            items.append(select(game_id, version, "act", options, placeholder="Choose a die or token", row=0))
        confirms = [(i, a) for i, a in actions if isinstance(a, Confirm)]
        if len(confirms) > 4:
            options = [
                discord.SelectOption(label=clip(describe(state, a), 100), value=str(i)) for i, a in confirms
            ]
            items.append(select(game_id, version, "act", options, placeholder="Confirm…", row=1))
        else:
            for index, action in confirms:
                act_button(index, action, discord.ButtonStyle.success, 2)
        for index, action in actions:
            if isinstance(action, CancelSelection):
                act_button(index, action, discord.ButtonStyle.danger, 2)
        return view_of(items)

    for index, action in actions:
        if isinstance(action, Roll):
            act_button(index, action, discord.ButtonStyle.primary, 0)
        elif isinstance(action, StartSelection) and action.purpose == "free_reroll":
            act_button(index, action, discord.ButtonStyle.secondary, 0)
    seat = state.active_seat
    dice = [die for die in state.dice if die.zone == "mat" and die.holder == seat and die.face is not None]
    usable = {die_of(action) for _, action in actions}
    for position, die in enumerate(dice[:10]):
        playable = bool(usable & set(twin_dice(state, die.id)))
        owner = state.fighters[die.owner]
        label = FACE_NAMES[die.face] + ("" if die.owner == seat else f" ({owner.name})")  # type: ignore[index]
        items.append(
            button(
                game_id,
                version,
                "die",
                die.id,
                label=label,
                emoji=FACE_EMOJI[die.face],  # type: ignore[index]
                disabled=not playable,
                row=1 + position // 5,
            )
        )
    token_kinds = dict.fromkeys(a.source.token for _, a in actions if isinstance(a, Spend) and a.source.token)
    for kind in token_kinds:
        items.append(
            button(
                game_id,
                version,
                "token",
                kind,
                label=f"{TOKEN_NAMES[kind]} token",  # type: ignore[index]
                emoji=TOKEN_EMOJI[kind],
                row=3,
            )
        )  # type: ignore[index]
    powers = [
        (i, a)
        for i, a in actions
        if (isinstance(a, StartSelection) and a.purpose in ("buy", "activate")) or isinstance(a, GiveTile)
    ]
    if powers:
        options = [discord.SelectOption(label=clip(describe(state, a), 100), value=str(i)) for i, a in powers]
        items.append(select(game_id, version, "act", options, placeholder="Power Ups…", row=4))
    for index, action in actions:
        if isinstance(action, EndTurn):
            act_button(index, action, discord.ButtonStyle.danger, 0 if len(token_kinds) else 3)
    return view_of(items)


def turn_call(player: dict[str, Any]) -> str:
    if player.get("ai"):
        return f"The AI is playing {player['name']}'s turn…"
    return f"<@{player['user_id']}>, it's your turn."


def board_embed(state: CellState, events: list[Event], player: dict[str, Any]) -> discord.Embed:
    fighter = state.fighters[state.active_seat]
    if state.outcome is not None:
        won = state.outcome.result == "win"
        title = "Victory! Cell is defeated" if won else "Defeat — Cell wins"
        status = (
            "The world is saved!"
            if won
            else {
                "all_knocked_out": "Every Z-Fighter was knocked out.",
                "threat_stack_empty": "The Threat stack ran out.",
            }.get(state.outcome.reason, "The game is over.")
        )
    else:
        title = f"Perfect Cell — round {state.round}"
        doing = "choosing dice" if state.selection else "spending dice" if state.rolled else "about to roll"
        health = f"Cell: **{state.cell_hp}/{state.cell_max_hp}**"
        status = f"**{fighter.name}** ({player_tag(player)}) is {doing}. {health}"
    recent = [event.text for event in events if event.visible_to is None][-8:]
    description = status + ("\n\n" + "\n".join(f"• {line}" for line in recent) if recent else "")
    return discord.Embed(title=title, description=clip(description, 4000), colour=discord.Colour.dark_green())


def activation_embed(events: list[Event]) -> discord.Embed:
    kinds_from = [i for i, event in enumerate(events) if event.kind == "cell_activates"]
    lines = (
        [event.text for event in events[kinds_from[0] :] if event.visible_to is None] if kinds_from else []
    )
    return discord.Embed(
        title="Cell activates!",
        description=clip("\n".join(f"• {line}" for line in lines), 4000),
        colour=discord.Colour.dark_red(),
    )


def done_text(events: list[Event]) -> str:
    shown = [event.text for event in events if event.visible_to is None][:3]
    return clip("Done: " + "; ".join(shown), 1900) if shown else "Done."
