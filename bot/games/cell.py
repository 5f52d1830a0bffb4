"""Perfect Cell on Discord: the /cell commands, the board message and its controls.

Every control is drawn from ``legal_actions`` of the board version it belongs to, and carries that
version; an action control's argument is the action's index in that list, which identifies the
action exactly as long as the version matches.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.ai_moves import cell_move
from bot.boards import as_edit, board_file, message_link, player_tag
from bot.components import Control, button, select, view_of
from bot.replies import in_time, reply_error, reply_private, send, update
from bot.service import Move, ServiceError, StaleBoard, seat_of
from bot.storage import GameRecord
from bot.table import RulePages, TableController, finished_view
from bot.text import clip
from renderers.cell import render_cell
from rules.cell import RULES, CellOptions
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
from rules.cell.ai import hint
from rules.cell.content import FACE_NAMES, TOKEN_NAMES, catalogue
from rules.cell.describe import describe, source_label
from rules.cell.engine import legal_actions, twin_dice
from rules.cell.state import CellState
from rules.cell.view import view
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("bot.cell")

FACE_EMOJI = {"dragon_ball": "🐉", "assist": "🤝", "attack": "👊", "super_attack": "💥"}
TOKEN_EMOJI = {"attack": "👊", "super_attack": "💥", "wild": "🌟"}
VARIANTS = {"normal": "Normal", "easy": "Easy", "challenge": "Challenge", "impossible": "Impossible"}

PASSIVE_TILES = "; ".join(
    f"{tile.name}: {tile.effect_text.removeprefix('Passive: ').rstrip('.')}"
    for tile in catalogue().power_ups
    if tile.is_passive
)
DICE_COLOURS = [colour.name for colour in catalogue().board.dice_colours]

RULE_PAGES = RulePages(
    "cell",
    "Perfect Cell",
    [
        (
            "The goal",
            "Cell attacks every round. Work together to bring his health to 0 before every Z-Fighter is "
            "KO'd or the Threat stack runs out. Each round: **New Threats** (one per player), **Z-Fighter "
            "turns** in seat order, then **Cell activates**. In the lobby each player picks a fighter and "
            f"a free dice colour ({', '.join(DICE_COLOURS[:-1])} or {DICE_COLOURS[-1]}); the board and "
            "the log show your dice in it.",
        ),
        (
            "Your turn",
            "Press **Roll dice**, then spend dice one at a time: press a die to see what it can do.\n"
            "🐉 Dragon Ball: heal, collect a Dragon Ball token, fill the Dragon Ball Meter.\n"
            "🤝 Assist: heal, buy Power Ups, share with a teammate.\n"
            "👊 Attack: 1 damage. 💥 Super Attack: 2 damage.\n"
            "Any die can go on a Threat tile that needs it, or be burned to reroll or retrieve dice.\n"
            "Opposite faces (Piccolo turns a die over): Dragon Ball and Super Attack, Assist and Attack.",
        ),
        (
            "The Damage Track",
            "Dice that damage Cell fill the Damage Track bottom-left first; completing a row deals its "
            "bonus at once (+1, +2, +2, +3, +3, +5). Rows are longer with more players. The track clears "
            "when Cell activates, so the whole team fills it together each round.",
        ),
        (
            "Threats",
            "Cancel a threat by placing the dice it shows. A ? box takes any die, linked boxes must all "
            "match, separated boxes must all differ. Canceled threats are discarded when Cell activates; "
            "the rest act, one by one: their damage hits **every** Z-Fighter, and Cell's healing never "
            "takes him above his starting health. No-sharing and no-reroll threats hold until discarded.",
        ),
        (
            "Power Ups, tokens and the meter",
            "Buy Power Ups from the supply with Assists (3 at most; a 4th replaces one). Use one by paying "
            "its whole activation cost at once. A **passive** tile (marked P on the board) has no cost "
            f"and works while you hold it ({PASSIVE_TILES}). Dragon Ball "
            "tokens are one-use faces (Wild is any face). A full Dragon Ball Meter revives and heals "
            "everyone to full when Cell activates.",
        ),
        (
            "KO and the end",
            "A KO'd fighter still rolls: Dragon Balls go to the meter, Assists can only be shared, nothing "
            "else. You win when Cell reaches 0; you lose when everyone is KO'd or a threat must be drawn "
            "from an empty stack. Easy: Cell has 50 health. Challenge/Impossible: fewer threats.",
        ),
    ],
)

HELP_TEXT = (
    "**/cell start** — open a lobby in this channel (choose the difficulty)\n"
    "**/cell status** — post the current board again at the bottom of the channel\n"
    "**/cell rules** — the rules in short pages\n"
    "**/cell log** — the recent events\n"
    "**/cell hint** — privately: what the AI would do with the rest of your turn\n"
    "**/cell autoplay** — hand your seat to the AI, or take it back\n"
    "**/cell abandon** — end the game (host or channel managers)\n"
    "**/cell help** — this list"
)


class CellModule:
    name = "cell"
    title = "Perfect Cell"
    rules = RULES
    min_players = 1
    max_players = 4
    characters = {fighter.id: fighter.name for fighter in catalogue().fighters}
    dice_colours = {colour.name: colour.name.capitalize() for colour in catalogue().board.dice_colours}
    variants = VARIANTS
    simultaneous = False

    def options(self, lobby: dict[str, Any]) -> CellOptions:
        players = lobby["players"]
        return CellOptions(
            fighters=[p["character"] for p in players],
            variant=lobby["variant"],
            dice_colours=[p.get("dice_colour") for p in players],
        )

    def seats_to_move(self, state: CellState) -> list[int]:
        return [] if state.outcome is not None else [state.active_seat]

    ai_action = staticmethod(cell_move)

    def watched_move(self, state: CellState) -> bool:
        return True


def _action_at(index_text: str) -> Any:
    """The chooser for an action control: the action at that index of the current legal actions."""

    def choose(state: CellState, seat: int) -> CellAction:
        actions = legal_actions(state, seat)
        if not index_text.isdigit() or int(index_text) >= len(actions):
            raise IllegalAction("stale_choice", "That choice isn't available any more.")
        return actions[int(index_text)]

    return choose


class CellController(TableController):
    rule_pages = RULE_PAGES

    # Commands.

    def command_group(self) -> app_commands.Group:
        group = app_commands.Group(
            name="cell", description="Perfect Cell: a cooperative dice game against Cell", guild_only=True
        )

        @group.command(name="start", description="Open a Perfect Cell lobby in this channel")
        @app_commands.describe(
            difficulty="How hard Cell fights (the server's default if left out)",
            ai_players="Empty seats the AI fills when the game starts",
        )
        @app_commands.choices(difficulty=[app_commands.Choice(name=n, value=v) for v, n in VARIANTS.items()])
        async def start(
            interaction: discord.Interaction[Any],
            difficulty: str | None = None,
            ai_players: app_commands.Range[int, 0, 3] = 0,
        ) -> None:
            await self.open_lobby(interaction, difficulty, ai_players)

        @group.command(name="hint", description="Privately: what the AI would do with the rest of your turn")
        async def hint_command(interaction: discord.Interaction[Any]) -> None:
            await self.hint(interaction)

        self.add_table_commands(group, HELP_TEXT)
        return group

    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        seat = seat_of(record, interaction.user.id)
        if record.status != "active" or seat is None:
            await reply_error(interaction, "Hints are for players of the running game.")
            return
        state = self.service.load_state(record)
        if seat != state.active_seat or state.outcome is not None:
            await reply_error(interaction, "Hints are for your own turn: ask again when it comes.")
            return
        suggestion = await in_time(
            interaction,
            asyncio.to_thread(hint, state, seat, state.actions_taken),
            thinking=True,
            ephemeral=True,
        )
        if suggestion is None:
            await reply_private(interaction, "I have no suggestion right now.")
            return
        steps = " → ".join(describe(state, action) for action in suggestion.plan[:8])
        await reply_private(
            interaction,
            clip(
                f"**Suggestion:** {describe(state, suggestion.action)}\n*Why:* {suggestion.reason}\n"
                f"*The rest of the plan:* {steps}",
                1900,
            ),
        )

    # Controls.

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        refusal = self._refusal(record, interaction.user.id, control)
        if refusal is not None:
            await self._refuse(interaction, record, refusal)
            return
        if control.op in ("die", "token"):
            await self._source_menu(interaction, record, control)
        elif control.op == "act":
            index = control.values[0] if control.values else control.arg
            await self._act(interaction, control, index)
        else:
            await reply_error(interaction, "I don't know that control.")

    def _refusal(self, record: GameRecord | None, user_id: int, control: Control) -> str | None:
        if record is None or record.status != "active":
            return "This game is over. Start a new one with `/cell start`."
        if control.version != record.version:
            return "stale"
        seat = seat_of(record, user_id)
        if seat is None:
            return "You're not playing in this game. Start your own with `/cell start` in another channel!"
        if record.lobby["players"][seat].get("ai"):
            return "The AI is playing your seat. Use `/cell autoplay` to take it back."
        state = self.service.load_state(record)
        if seat != state.active_seat:
            return f"It's {state.fighters[state.active_seat].name}'s turn. Wait for yours!"
        return None

    async def _refuse(
        self, interaction: discord.Interaction[Any], record: GameRecord | None, refusal: str
    ) -> None:
        if refusal != "stale" or record is None:
            await reply_error(interaction, refusal)
            return
        state = self.service.load_state(record)
        board = await metrics.render("cell", self.bot.painter.draw(render_cell, view(state, None)))
        await reply_private(
            interaction,
            "This board is out of date, so nothing changed. Here is the current one"
            + (f": {message_link(record)}" if record.message_id else "."),
            file=board_file(board),
        )

    async def _source_menu(
        self, interaction: discord.Interaction[Any], record: GameRecord, control: Control
    ) -> None:
        state = self.service.load_state(record)
        actions = legal_actions(state, state.active_seat)
        if control.op == "die":
            die = int(control.arg) if control.arg.isdigit() else -1
            if not 0 <= die < len(state.dice):
                await reply_error(interaction, "There is no such die.")
                return
            twins = set(twin_dice(state, die))
            chosen = [(i, a) for i, a in enumerate(actions) if _die_of(a) in twins]
            title = (
                f"{FACE_EMOJI.get(state.dice[die].face or '', '')} {source_label(state, _die_source(die))}"
            )
        else:
            chosen = [
                (i, a)
                for i, a in enumerate(actions)
                if isinstance(a, Spend) and a.source.token == control.arg
            ]
            title = f"{TOKEN_EMOJI.get(control.arg, '')} {TOKEN_NAMES.get(control.arg, control.arg)} token"
        if not chosen:
            await reply_error(interaction, "That can't be used for anything right now.")
            return
        options = [
            discord.SelectOption(label=clip(_menu_label(state, action), 100), value=str(index))
            for index, action in chosen
        ]
        menu = select(record.id, record.version, "act", options, placeholder=f"Spend {title} on…")
        await send(
            interaction, ephemeral=True, content=f"**{title}** — what should it do?", view=view_of([menu])
        )

    async def _act(self, interaction: discord.Interaction[Any], control: Control, index: str) -> None:
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                control.version,
                _action_at(index),
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            await self._refuse(interaction, stale.record, "stale")
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error.message)

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The board message is redrawn; after Cell's activation the summary and a fresh board go to the
        bottom of the channel. ``interaction`` is None for the AI's moves."""
        record, state, events = move.record, move.state, move.events
        activated = any(event.kind == "cell_activates" for event in events)
        message = await self.board_message(record, state, events)
        board_update = {"view": None, "content": None} if activated else as_edit(message)
        from_board = (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == record.message_id
        )
        if interaction is not None:
            await update(
                interaction, **(board_update if from_board else {"content": _done_text(events), "view": None})
            )
        if activated:
            await self.channel_of(record).send(embed=_activation_embed(events))
            await self.post_board(record, message, move.ping)
        elif not from_board and record.message_id is not None and not move.ping:
            await self.channel_of(record).get_partial_message(record.message_id).edit(**board_update)

    def render_png(self, state: CellState) -> bytes:
        return render_cell(view(state, None)).png

    async def board_message(
        self, record: GameRecord, state: CellState, events: list[Event]
    ) -> dict[str, Any]:
        board = await metrics.render("cell", self.bot.painter.draw(render_cell, view(state, None)))
        player = record.lobby["players"][state.active_seat]
        embed = _board_embed(state, events, player)
        embed.set_image(url="attachment://board.png")
        return {
            "content": None if state.outcome else _turn_call(player),
            "embed": embed,
            "files": [board_file(board)],
            "view": _board_view(record, state),
        }


def _die_source(die: int) -> Any:
    from rules.cell.state import Source

    return Source(die=die)


def _die_of(action: CellAction) -> int | None:
    if isinstance(action, Spend):
        return action.source.die
    if isinstance(action, StartSelection):
        return action.burn
    if isinstance(action, ChangeFace):
        return action.die
    return None


def _menu_label(state: CellState, action: CellAction) -> str:
    if isinstance(action, Spend) and action.source.token == "wild":
        return f"As {FACE_NAMES[action.source.face]}: {describe(state, action)}"  # type: ignore[index]
    return describe(state, action)


def _board_view(record: GameRecord, state: CellState) -> discord.ui.View:
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
    usable = {_die_of(action) for _, action in actions}
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


def _turn_call(player: dict[str, Any]) -> str:
    if player.get("ai"):
        return f"The AI is playing {player['name']}'s turn…"
    return f"<@{player['user_id']}>, it's your turn."


def _board_embed(state: CellState, events: list[Event], player: dict[str, Any]) -> discord.Embed:
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


def _activation_embed(events: list[Event]) -> discord.Embed:
    kinds_from = [i for i, event in enumerate(events) if event.kind == "cell_activates"]
    lines = (
        [event.text for event in events[kinds_from[0] :] if event.visible_to is None] if kinds_from else []
    )
    return discord.Embed(
        title="Cell activates!",
        description=clip("\n".join(f"• {line}" for line in lines), 4000),
        colour=discord.Colour.dark_red(),
    )


def _done_text(events: list[Event]) -> str:
    shown = [event.text for event in events if event.visible_to is None][:3]
    return clip("Done: " + "; ".join(shown), 1900) if shown else "Done."
