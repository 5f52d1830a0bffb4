"""Perfect Cell's board message: its embed and its controls, every one drawn from ``legal_actions`` of
the board version it belongs to (a control carries a path through those actions, see ``paths``, or the
code of the private panel where the player chooses more)."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.cell.choices import Choice
from bot.games.cell.menus import RolledMenus, rolled_menus
from bot.games.cell.speech import ENGLISH, Speaker
from bot.storage import GameRecord
from bot.table.controller import finished_view
from bot.ui.components import button, select, view_of
from bot.ui.messages import player_tag
from bot.ui.text import clip
from rules.cell.actions import CancelSelection, CellAction, Choose, Confirm
from rules.cell.describe import describe
from rules.cell.engine import legal_actions
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
    speak: Speaker = ENGLISH,
) -> discord.ui.Select[Any]:
    """A menu of choices whose pick is played at once (a path) or opens its panel (a panel code);
    ``seat`` when it sits on that seat's private panel."""
    if not choices:
        nothing = speak.pgettext("menu option", "Nothing to do with it now")
        menu = select(
            record.id,
            record.version,
            "act",
            [discord.SelectOption(label=nothing, value="-")],
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


def board_view(
    record: GameRecord, state: CellState, speak: Speaker = ENGLISH, menus: RolledMenus | None = None
) -> discord.ui.View:
    """The board's controls, for the player whose turn it is: none while the AI plays (they could
    only answer "wait for yours"). After rolling, one menu per kind of die and one for the rest
    (``menus``, when they were worked out already for this state in ``speak``'s language)."""
    if state.outcome is not None:
        return finished_view(record)
    if ai_to_move(record, state):
        return view_of([])
    items: list[discord.ui.Item[Any]] = []
    if state.selection is not None:
        return _selection_view(record, state, legal_actions(state, state.active_seat), speak)
    if not state.rolled:
        for index, action in enumerate(legal_actions(state, state.active_seat)):
            label = speak.say(describe(state, action))
            items.append(
                button(record.id, record.version, "act", index, label=label, style=STYLE["roll"], row=0)
            )
        return view_of(items)
    if menus is None:
        menus = rolled_menus(state, speak.language)
    kinds = menus.faces
    for row, kind in enumerate(kinds):
        items.append(choice_menu(record, kind.choices, kind.placeholder, kind.face, row, speak=speak))
    more = menus.more
    buttons_row = len(kinds) + (1 if more and len(kinds) < SELECT_ROWS else 0)
    if more and len(kinds) < SELECT_ROWS:
        items.append(choice_menu(record, more, more_placeholder(speak), "more", len(kinds), speak=speak))
    elif more:
        label = speak.pgettext("button", "Threats, Power Ups…")
        items.append(button(record.id, record.version, "more", label=label, emoji="🎯", row=buttons_row))
    for index, label in menus.end_turns:
        items.append(
            button(
                record.id, record.version, "act", index, label=label, style=STYLE["end_turn"], row=buttons_row
            )
        )
    return view_of(items)


def more_placeholder(speak: Speaker) -> str:
    return "🎯 " + speak.pgettext("placeholder", "Several dice at once: threats, Power Ups…")


def _selection_view(
    record: GameRecord, state: CellState, actions: list[CellAction], speak: Speaker
) -> discord.ui.View:
    """A choice left open (by a game saved mid-way): its dice, confirmations and cancel, one a click."""
    game_id, version = record.id, record.version
    items: list[discord.ui.Item[Any]] = []
    choices = [(i, a) for i, a in enumerate(actions) if isinstance(a, Choose)]
    if choices:
        options = [
            discord.SelectOption(label=clip(speak.say(describe(state, a)), 100), value=str(i))
            for i, a in choices
        ]
        placeholder = speak.pgettext("placeholder", "Choose a die or token")
        items.append(select(game_id, version, "act", options, placeholder=placeholder, row=0))
    confirms = [(i, a) for i, a in enumerate(actions) if isinstance(a, Confirm)]
    if len(confirms) > 4:
        options = [
            discord.SelectOption(label=clip(speak.say(describe(state, a)), 100), value=str(i))
            for i, a in confirms
        ]
        placeholder = speak.pgettext("placeholder", "Confirm…")
        items.append(select(game_id, version, "act", options, placeholder=placeholder, arg="confirm", row=1))
    else:
        for index, action in confirms:
            items.append(
                button(
                    game_id,
                    version,
                    "act",
                    index,
                    label=speak.say(describe(state, action)),
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
                    label=speak.say(describe(state, action)),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
    return view_of(items)


def turn_call(player: dict[str, Any], speak: Speaker = ENGLISH) -> str:
    if player.get("ai"):
        return speak.gettext("The AI is playing {name}'s turn…").format(name=player["name"])
    return speak.gettext("{mention}, it's your turn.").format(mention=f"<@{player['user_id']}>")


def _outcome(state: CellState, speak: Speaker) -> tuple[str, str]:
    assert state.outcome is not None
    if state.outcome.result == "win":
        return speak.gettext("Victory! Cell is defeated"), speak.gettext("The world is saved!")
    reasons = {
        "all_knocked_out": speak.gettext("Every Z-Fighter was knocked out."),
        "threat_stack_empty": speak.gettext("The Threat stack ran out."),
    }
    return speak.gettext("Defeat — Cell wins"), reasons.get(
        state.outcome.reason, speak.gettext("The game is over.")
    )


def _status(state: CellState, player: dict[str, Any], speak: Speaker) -> str:
    if state.selection:
        status = speak.gettext("**{fighter}** ({player}) is choosing dice. Cell: **{hp}/{max_hp}**")
    elif state.rolled:
        status = speak.gettext("**{fighter}** ({player}) is spending dice. Cell: **{hp}/{max_hp}**")
    else:
        status = speak.gettext("**{fighter}** ({player}) is about to roll. Cell: **{hp}/{max_hp}**")
    return status.format(
        fighter=speak.fighter(state, state.active_seat),
        player=player_tag(player),
        hp=state.cell_hp,
        max_hp=state.cell_max_hp,
    )


def board_embed(
    state: CellState, events: list[Event], player: dict[str, Any], speak: Speaker = ENGLISH
) -> discord.Embed:
    if state.outcome is not None:
        title, status = _outcome(state, speak)
    else:
        title = speak.gettext("Perfect Cell — round {round}").format(round=state.round)
        status = _status(state, player, speak)
    recent = [speak.say(event.text) for event in events if event.visible_to is None][-8:]
    description = status + ("\n\n" + "\n".join(f"• {line}" for line in recent) if recent else "")
    return discord.Embed(title=title, description=clip(description, 4000), colour=discord.Colour.dark_green())


def activation_embed(events: list[Event], speak: Speaker = ENGLISH) -> discord.Embed:
    kinds_from = [i for i, event in enumerate(events) if event.kind == "cell_activates"]
    lines = (
        [speak.say(event.text) for event in events[kinds_from[0] :] if event.visible_to is None]
        if kinds_from
        else []
    )
    return discord.Embed(
        title=speak.gettext("Cell activates!"),
        description=clip("\n".join(f"• {line}" for line in lines), 4000),
        colour=discord.Colour.dark_red(),
    )


def done_text(events: list[Event], speak: Speaker = ENGLISH) -> str:
    shown = [speak.say(event.text) for event in events if event.visible_to is None][:3]
    if not shown:
        return speak.gettext("Done.")
    return clip(speak.gettext("Done: {events}").format(events="; ".join(shown)), 1900)
