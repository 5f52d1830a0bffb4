"""Perfect Cell's board message: its embed and its controls, every one drawn from ``legal_actions`` of
the board version it belongs to (a control carries a path through those actions, see ``paths``, or the
code of the private panel where the player chooses more)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.cell.choices import Choice, dice_kinds, more_choices
from bot.games.cell.paths import Explorer
from bot.storage import GameRecord
from bot.table.controller import finished_view
from bot.ui.components import button, select, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from rules.cell.actions import CancelSelection, CellAction, Choose, Confirm, EndTurn
from rules.cell.describe import describe
from rules.cell.state import CellState
from rules.core.events import Event

STYLE = {"roll": discord.ButtonStyle.primary, "end_turn": discord.ButtonStyle.danger}
# Discord shows five rows of controls; the last is for the buttons.
SELECT_ROWS = 4


def ai_to_move(record: GameRecord, state: CellState) -> bool:
    return bool(record.lobby["players"][state.active_seat].get("ai"))


def option(choice: Choice) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(choice.label, 100),
        value=choice.value,
        description=clip(choice.description, 100) if choice.description else None,
    )


def choice_menu(
    record: GameRecord,
    choices: list[Choice],
    placeholder: str,
    arg: str,
    row: int | None = None,
    seat: int | None = None,
) -> discord.ui.Select[Any]:
    """A menu of choices whose pick is played at once (a path) or opens its panel (a panel code);
    ``seat`` when it sits on that seat's private panel."""
    if not choices:
        menu = select(
            record.id,
            record.version,
            "act",
            [discord.SelectOption(label="Nothing to do with it now", value="-")],
            placeholder=placeholder,
            arg=arg,
            row=row,
            seat=seat,
        )
        menu.disabled = True
        return menu
    return select(
        record.id,
        record.version,
        "act",
        [option(c) for c in choices],
        placeholder=placeholder,
        arg=arg,
        row=row,
        seat=seat,
    )


def board_view(record: GameRecord, state: CellState) -> discord.ui.View:
    """The board's controls, for the player whose turn it is: none while the AI plays (they could
    only answer "wait for yours"). After rolling, one menu per kind of die and one for the rest."""
    if state.outcome is not None:
        return finished_view(record)
    if ai_to_move(record, state):
        return view_of([])
    explorer = Explorer(state, state.active_seat)
    actions = explorer.legal()
    items: list[discord.ui.Item[Any]] = []

    def act_button(index: int, action: CellAction, row: int, style: discord.ButtonStyle) -> None:
        items.append(
            button(
                record.id, record.version, "act", index, label=describe(state, action), style=style, row=row
            )
        )

    if state.selection is not None:
        return _selection_view(record, state, actions)
    if not state.rolled:
        for index, action in enumerate(actions):
            act_button(index, action, 0, STYLE["roll"])
        return view_of(items)
    kinds = dice_kinds(explorer)
    for row, kind in enumerate(kinds):
        items.append(choice_menu(record, kind.choices, kind.placeholder, kind.face, row))
    more = more_choices(explorer)
    buttons_row = len(kinds) + (1 if more and len(kinds) < SELECT_ROWS else 0)
    if more and len(kinds) < SELECT_ROWS:
        items.append(choice_menu(record, more, MORE_PLACEHOLDER, "more", len(kinds)))
    elif more:
        items.append(
            button(
                record.id, record.version, "more", label="Threats, Power Ups…", emoji="🎯", row=buttons_row
            )
        )
    for index, action in enumerate(actions):
        if isinstance(action, EndTurn):
            act_button(index, action, buttons_row, STYLE["end_turn"])
    return view_of(items)


MORE_PLACEHOLDER = "🎯 Several dice at once: threats, Power Ups…"


def _selection_view(record: GameRecord, state: CellState, actions: list[CellAction]) -> discord.ui.View:
    """A choice left open (by a game saved mid-way): its dice, confirmations and cancel, one a click."""
    game_id, version = record.id, record.version
    items: list[discord.ui.Item[Any]] = []
    choices = [(i, a) for i, a in enumerate(actions) if isinstance(a, Choose)]
    if choices:
        options = [
            discord.SelectOption(label=clip(describe(state, a), 100), value=str(i)) for i, a in choices
        ]
        items.append(select(game_id, version, "act", options, placeholder="Choose a die or token", row=0))
    confirms = [(i, a) for i, a in enumerate(actions) if isinstance(a, Confirm)]
    if len(confirms) > 4:
        options = [
            discord.SelectOption(label=clip(describe(state, a), 100), value=str(i)) for i, a in confirms
        ]
        items.append(select(game_id, version, "act", options, placeholder="Confirm…", arg="confirm", row=1))
    else:
        for index, action in confirms:
            items.append(
                button(
                    game_id,
                    version,
                    "act",
                    index,
                    label=describe(state, action),
                    style=discord.ButtonStyle.success,
                    row=2,
                )
            )
    for index, action in enumerate(actions):
        if isinstance(action, CancelSelection):
            items.append(
                button(
                    game_id,
                    version,
                    "act",
                    index,
                    label=describe(state, action),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
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
    recent = [str(event.text) for event in events if event.visible_to is None][-8:]
    description = status + ("\n\n" + "\n".join(f"• {line}" for line in recent) if recent else "")
    return discord.Embed(title=title, description=clip(description, 4000), colour=discord.Colour.dark_green())


def activation_embed(events: list[Event]) -> discord.Embed:
    kinds_from = [i for i, event in enumerate(events) if event.kind == "cell_activates"]
    lines = (
        [str(event.text) for event in events[kinds_from[0] :] if event.visible_to is None]
        if kinds_from
        else []
    )
    return discord.Embed(
        title="Cell activates!",
        description=clip("\n".join(f"• {line}" for line in lines), 4000),
        colour=discord.Colour.dark_red(),
    )


def done_text(events: list[Event]) -> str:
    shown = [str(event.text) for event in events if event.visible_to is None][:3]
    return clip("Done: " + "; ".join(shown), 1900) if shown else "Done."
