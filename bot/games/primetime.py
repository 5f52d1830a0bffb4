"""Prime Time on Discord: the /primetime commands, the public board and the handling of its controls
(the controls themselves are built in ``bot.games.primetime_panel``).

Secrets never leave an ephemeral message. The board (embed, image, alt text and controls) is drawn
from ``view(state, None)`` and from prompts whose choices are public; a player's hand, card lists,
Ascension plan and activation steps appear only in the panel that "My hand" or "Act…" opens for
them. Every prompt with a 2.9 default has a deadline (``PROMPT_SECONDS``), measured from the moment
its player was called (the turn clock's row, kept in the database) and fired by ``bot.deadlines``.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, Literal

import discord
from discord import app_commands

from bot.boards import as_edit, board_file, player_tag
from bot.components import Control, button, view_of
from bot.games.primetime_codes import parse_cell, parse_code, terrain_edit_code, unit_name
from bot.games.primetime_panel import (
    PANEL_LABELS,
    PUBLIC_KINDS,
    Controls,
    ascension_total,
    prompt_items,
    prompt_words,
)
from bot.games.primetime_roster import CUSTOM, builder_message, change_draft, draft_of, roster_from
from bot.lobby import lobby_embed, lobby_view
from bot.replies import open_modal, reply_error, send, update
from bot.service import Move, ServiceError, StaleBoard, seat_of
from bot.storage import GameRecord
from bot.table import RulePages, TableController, finished_view
from bot.text import clip
from renderers.primetime import render_primetime
from rules.core.errors import IllegalAction
from rules.core.events import Event, events_for
from rules.primetime import RULES, PrimeTimeOptions, PrimeTimeView, view
from rules.primetime.actions import PrimeTimeAction, Timeout
from rules.primetime.ai import choose_action
from rules.primetime.cards import card
from rules.primetime.cleanup import hand_limit
from rules.primetime.content import catalogue, settings
from rules.primetime.geometry import distance
from rules.primetime.roster import Roster, roster_problem
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char, stat

RECENT_ON_BOARD = 6
STALE_NOTE = "The game moved on since this was drawn, so nothing changed. Here is your current panel."

PROMPT_SECONDS: dict[str, float] = {
    "terrain": 300,
    "first_player": 60,
    "side": 60,
    "objective": 120,
    "deploy": 120,
    "initiative": 60,
    "phase_start": 30,
    "ascension": 120,
    "reaction": 60,
    "deflect": 30,
    "evade_move": 30,
    "on_hit": 15,
    "discard": 60,
}
"""DESIGN.md 2.9's deadlines; an activation has none (the turn clock's hand-off covers it)."""

RULE_PAGES = RulePages(
    "primetime",
    "Prime Time",
    [
        (
            "The goal",
            'Two players field 3 to 6 models each on a 30" by 30" board and fight over three Dragon Ball '
            "objectives for four rounds. Each Cleanup scores Glory for the objectives you control; the "
            "most Glory after round 4 wins.",
        ),
        (
            "A round",
            "**Power**: BK (energy for techniques), SK (for ascending) and cards. **Ascension**: choose "
            "in secret which models ascend, hold their tier or descend; both plans are revealed together. "
            "**Activation**: players take turns activating one model for two actions. **Cleanup**: "
            "objectives score, Dazed models return, hands are cut to the limit.",
        ),
        (
            "Activations",
            "Press **Act…**: choose a model, then Move, a Technique (the menu shows each target's "
            "distance and your chance to hit), Power Up, or change altitude. Passing ends your round.",
        ),
        (
            "Being attacked",
            "The defender chooses a Z-Reaction on the board: **Z-Evasion**, **Brace**, a **Clash**, an "
            "Intercept, or a card. Nobody else can press those buttons. Wait too long and Z-Evasion is "
            "chosen for you.",
        ),
        (
            "Cards",
            "Your hand is secret: press **My hand** to see it and play cards in their windows. The "
            "board always offers **Play a card…** in every card window, so it never tells whether you "
            "hold one.",
        ),
    ],
)

HELP_TEXT = (
    "**/primetime start** — open a lobby in this channel (`ai_opponent` lets the AI take the second seat)\n"
    "**/primetime status** — post the current board again at the bottom of the channel\n"
    "**/primetime rules** — the rules in short pages\n"
    "**/primetime log** — the recent public events\n"
    "**/primetime autoplay** — hand your seat to the AI, or take it back\n"
    "**/primetime abandon** — end the game (host or channel managers)\n"
    "**/primetime help** — this list\n"
    "On the board, **My hand** shows your cards privately; **Act…** opens your activation panel."
)


class PrimeTimeModule:
    name = "primetime"
    title = "Prime Time"
    rules = RULES
    min_players = 2
    max_players = 2
    characters = {preset.id: preset.name for preset in catalogue().presets}
    """The rosters players pick in the lobby: the published presets of DESIGN.md 3.2."""
    secret_picks = True
    """The lobby shows only "ready ✓": both rosters are revealed together (SU-2); mirrors are allowed."""
    variants = {"quick": "Quick (fixed setup)", "full": "Full setup (SU-1 to SU-9)"}
    simultaneous = True

    def options(self, lobby: dict[str, Any]) -> PrimeTimeOptions:
        first, second = (
            Roster.model_validate(player["roster"]) if player["character"] == CUSTOM else player["character"]
            for player in lobby["players"]
        )
        setup = "full" if lobby.get("variant") == "full" else "quick"
        return PrimeTimeOptions(rosters=(first, second), setup=setup)

    def lobby_buttons(self, record: GameRecord) -> list[discord.ui.Item[Any]]:
        return [button(record.id, 0, "roster", "open", label="Build roster…", emoji="🛠️", row=0)]

    def seats_to_move(self, state: PrimeTimeState) -> list[int]:
        if state.outcome is not None:
            return []
        return list(dict.fromkeys(prompt.who for prompt in state.prompts))

    def ai_action(self, state: PrimeTimeState, seat: int) -> PrimeTimeAction:
        return choose_action(state, seat, seed=state.rng.seed + seat)

    def watched_move(self, state: PrimeTimeState) -> bool:
        return any(prompt.kind in ("activation", "action", "reaction") for prompt in state.prompts)

    def prompt_deadlines(self, state: PrimeTimeState) -> dict[int, float]:
        """Seconds each seat has, from its call, before ``timeout_action`` answers for it."""
        if state.outcome is not None:
            return {}
        return {
            prompt.who: PROMPT_SECONDS[prompt.kind]
            for prompt in state.prompts
            if prompt.default is not None and prompt.kind in PROMPT_SECONDS
        }

    def timeout_action(self, seat: int) -> Timeout:
        return Timeout(player=seat)


# The public board.


def _names(record: GameRecord) -> list[str]:
    return [player["name"] for player in record.lobby["players"]]


def _status_line(state: PrimeTimeState, record: GameRecord) -> str:
    names = _names(record)
    if state.outcome is not None:
        if not state.outcome.winners:
            return f"**The game ends in a draw** ({state.outcome.reason})."
        return f"🏆 **{names[state.outcome.winners[0]]} wins** ({state.outcome.reason})."
    parts = []
    for seat in dict.fromkeys(prompt.who for prompt in state.prompts):
        prompt = state.prompt_for(seat)
        assert prompt is not None
        parts.append(f"**{names[seat]}**: {_public_prompt_words(state, seat, prompt.kind)}")
    return "\n".join(parts) or "Resolving…"


def _public_prompt_words(state: PrimeTimeState, seat: int, kind: str) -> str:
    """What the board says a seat is deciding: never what only the seat may know."""
    if kind in PUBLIC_KINDS or kind in ("activation", "action"):
        if kind == "action" and state.activation is not None:
            left = state.activation.actions_left
            plural = "s" if left != 1 else ""
            return f"{unit_name(state, state.activation.unit)} acts ({left} action{plural} left)."
        return prompt_words(state, seat)
    return {
        "terrain": "looking at the terrain (Accept, Reroll or Edit).",
        "deploy": "deploying a model.",
        "ascension": "choosing Ascension in secret.",
        "discard": "discarding down to the hand limit.",
        "phase_start": "Phase Start: Ready, or a card played blind.",
    }[kind]


def _player_line(public: PrimeTimeView, record: GameRecord, seat: int) -> str:
    player = public.players[seat]
    lobby_player = record.lobby["players"][seat]
    # Before SU-2 reveals both rosters the view hides the affiliation.
    affiliation = catalogue().affiliation(player.affiliation).name if player.affiliation else "roster hidden"
    return (
        f"**{lobby_player['name']}** ({player_tag(lobby_player)}) · {affiliation} · "
        f"Glory **{player.glory}** · BK {player.bk} · SK {player.sk} · hand {player.hand_size} · "
        f"deck {player.deck_size}"
    )


def _deadline_line(deadlines: dict[int, float], record: GameRecord) -> str | None:
    if not deadlines:
        return None
    names = _names(record)
    return " · ".join(
        f"⏳ {names[seat]}: default <t:{int(due)}:R>" for seat, due in sorted(deadlines.items())
    )


def board_embed(state: PrimeTimeState, record: GameRecord, deadlines: dict[int, float]) -> discord.Embed:
    phase = state.phase.replace("_", " ").title()
    title = (
        "Prime Time — game over"
        if state.outcome is not None
        else f"Prime Time — round {state.round}/{settings().rounds} · {phase}"
    )
    lines = [_status_line(state, record)]
    deadline = _deadline_line(deadlines, record)
    if deadline:
        lines.append(deadline)
    lines.append("")
    public = view(state, None)
    lines.extend(_player_line(public, record, seat) for seat in range(len(public.players)))
    recent = [event.text for event in events_for(state.recent_events, None)][-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(
        title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.orange()
    )


def _call(state: PrimeTimeState, record: GameRecord) -> str | None:
    if state.outcome is not None:
        return None
    players = record.lobby["players"]
    seats = list(dict.fromkeys(prompt.who for prompt in state.prompts))
    people = [seat for seat in seats if not players[seat].get("ai")]
    if not people:
        return "The AI is thinking…" if seats else None
    mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in people)
    return f"{mentions}: your move."


def board_items(record: GameRecord, state: PrimeTimeState, seat_moves: int) -> list[discord.ui.Item[Any]]:
    """The board's controls; ``seat_moves`` is the move count of the first prompted seat."""
    items: list[discord.ui.Item[Any]] = []
    prompt = state.prompts[0] if state.prompts else None
    if prompt is not None and prompt.kind in PUBLIC_KINDS:
        controls = Controls(record.id, seat_moves, "act")
        items = [item for item in prompt_items(state, prompt.who, controls, "main") if item.row != 4]
    elif prompt is not None:
        items.append(
            button(
                record.id,
                record.version,
                "panel",
                label=PANEL_LABELS[prompt.kind],
                style=discord.ButtonStyle.success,
                row=4,
            )
        )
    items.append(button(record.id, record.version, "panel", "hand", label="My hand", emoji="🎴", row=4))
    return items


class CoordinatesModal(discord.ui.Modal):
    """One field, ``x,y``; its answer goes to the controller like a click, with the text as its value."""

    def __init__(self, bot: Any, control: Control) -> None:
        terrain = control.arg == "terrain"
        super().__init__(title="Edit the terrain" if terrain else "Coordinates", timeout=600)
        self.bot = bot
        self.control = control
        self.cell: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Piece to add (type x y w h), or remove N" if terrain else "Cell (x,y)",
            placeholder="spire 4 10 2 2  or  remove 3" if terrain else "14,9  or  14 9  or  x14 y9",
            max_length=30,
            custom_id="cell",
        )
        self.add_item(self.cell)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        control = self.control
        await self.bot.dispatch_control(
            interaction, Control(control.game_id, control.version, "cell", control.arg, (self.cell.value,))
        )


class PrimeTimeController(TableController):
    rule_pages = RULE_PAGES

    def command_group(self) -> app_commands.Group:
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
            await self.open_lobby(interaction, setup, 1 if ai_opponent else 0)

        self.add_table_commands(group, HELP_TEXT)
        return group

    # Controls.

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if control.op == "coords":
            # A modal must be the first answer, before anything is awaited.
            await open_modal(interaction, CoordinatesModal(self.bot, control))
            return
        if control.op == "roster":
            await self._build_roster(interaction, control)
            return
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        if record is None or record.status != "active":
            await reply_error(interaction, "This game is over. Start a new one with `/primetime start`.")
            return
        seat = seat_of(record, interaction.user.id)
        if seat is None:
            await reply_error(
                interaction, "You're not playing in this game. Start your own with `/primetime start`!"
            )
            return
        if control.op in ("act", "pact", "cell") and record.lobby["players"][seat].get("ai"):
            await reply_error(
                interaction, "The AI is playing your seat. Use `/primetime autoplay` to take it back."
            )
            return
        if control.op == "act" and not _prompted_publicly(self.service.load_state(record), seat):
            await reply_error(interaction, "This decision is not yours to make, so nothing changed.")
            return
        if control.op in ("act", "pact"):
            await self._act(interaction, control, control.values[0] if control.values else control.arg)
        elif control.op == "cell":
            await self._cell(interaction, record, control)
        elif control.op in ("panel", "choose"):
            state = self.service.load_state(record)
            step = control.arg if control.op == "choose" and control.arg != "main" else "main"
            stale = (
                control.op == "choose"
                and _from_panel(interaction)
                and control.version != await self.service.storage.seat_moves(record.id, seat)
            )
            if control.values and step.startswith("asc."):
                step = _ascension_step(step, control.values[0])
            elif control.values and step == "dep":
                step = f"dep.{control.values[0]}.0"
            await self._show_panel(
                interaction, record, state, seat, "main" if stale else step, STALE_NOTE if stale else None
            )
        else:
            await reply_error(interaction, "I don't know that control.")

    async def _build_roster(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """The lobby's roster builder: each menu changes the player's secret draft; **Use this roster**
        makes it their pick, and the lobby shows them ready."""
        user_id = interaction.user.id
        note = None

        def change(record: GameRecord) -> None:
            seat = seat_of(record, user_id)
            if seat is None:
                raise ServiceError("Join the lobby first, then build your roster.")
            player = record.lobby["players"][seat]
            draft = draft_of(player)
            if control.arg in ("aff", "models", "unlocks"):
                draft = change_draft(draft, control.arg, control.values)
            elif control.arg == "done":
                roster = roster_from(draft)
                problem = roster_problem(roster)
                if problem is not None:
                    raise ServiceError(problem.message)
                player["character"] = CUSTOM
                player["roster"] = roster.model_dump(mode="json")
            player["draft"] = draft

        try:
            record = await self.service.update_lobby(control.game_id, None, change)
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        seat = seat_of(record, user_id)
        assert seat is not None
        if control.arg == "done":
            note = "✅ Your roster is in. The lobby shows you ready; nobody sees it before the reveal."
            if record.message_id is not None:
                lobby = self.channel_of(record).get_partial_message(record.message_id)
                await lobby.edit(embed=lobby_embed(self.module, record), view=lobby_view(self.module, record))
        panel = builder_message(record, draft_of(record.lobby["players"][seat]), note)
        if _from_panel(interaction):
            await update(interaction, **panel)
        else:
            await send(interaction, ephemeral=True, **panel)

    async def _show_panel(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: PrimeTimeState,
        seat: int,
        step: str,
        note: str | None,
    ) -> None:
        """The player's panel: in place when the click came from one, else as a new ephemeral message."""
        seat_moves = await self.service.storage.seat_moves(record.id, seat)
        panel = panel_message(record, state, seat, seat_moves, step, note)
        if _from_panel(interaction):
            await update(interaction, **panel)
        else:
            await send(interaction, ephemeral=True, **panel)

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        control: Control,
        code: str,
        from_modal: bool = False,
    ) -> None:
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                None,
                lambda state, seat: parse_code(code, state, seat),
                seat_moves=control.version,
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            seat = seat_of(stale.record, interaction.user.id)
            assert seat is not None
            state = self.service.load_state(stale.record)
            await self._show_panel(interaction, stale.record, state, seat, "main", STALE_NOTE)
        except IllegalAction as error:
            if not from_modal:
                await reply_error(interaction, error.message)
                return
            await self._try_again(
                interaction, control, error.message + await self._reach_words(control, code)
            )
        except ServiceError as error:
            await reply_error(interaction, error.message)

    async def _reach_words(self, control: Control, code: str) -> str:
        """For a move out of reach: how far the cell is, against the model's MOV."""
        record = await self.service.storage.game(control.game_id)
        if record is None or record.state_json is None or not code.startswith("move."):
            return ""
        state: PrimeTimeState = self.service.load_state(record)
        if state.activation is None:
            return ""
        unit = state.unit(state.activation.unit)
        cell = parse_cell(code.split(".")[1].replace("_", ","))
        if cell is None:
            return ""
        return (
            f' It is {distance(unit.cell, cell):.1f}" away; {char(unit).name} has MOV {stat(unit, "mov")}".'
        )

    async def _cell(
        self, interaction: discord.Interaction[Any], record: GameRecord, control: Control
    ) -> None:
        """A modal's answer: garbage or an illegal choice is answered with the reason and a Try again
        button; nothing changes."""
        text = control.values[0] if control.values else ""
        purpose = control.arg
        if purpose == "terrain":
            code = terrain_edit_code(text)
            if code is None:
                await self._try_again(
                    interaction,
                    control,
                    f"`{clip(text, 30)}` is no edit. Type `spire 4 10 2 2` or `remove 3`.",
                )
                return
            await self._act(interaction, control, code, from_modal=True)
            return
        cell = parse_cell(text)
        if cell is None:
            await self._try_again(
                interaction,
                control,
                f"`{clip(text, 20)}` is not a cell. Type it like `14,9`, `14 9` or `x14 y9`.",
            )
            return
        await self._act(interaction, control, _cell_code(purpose, cell), from_modal=True)

    async def _try_again(self, interaction: discord.Interaction[Any], control: Control, reason: str) -> None:
        again = button(control.game_id, control.version, "coords", control.arg, label="Try again", emoji="🔁")
        await send(interaction, ephemeral=True, content=f"⚠️ {reason} Nothing changed.", view=view_of([again]))

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The mover's panel is updated in place (or the board they clicked), and the board is redrawn
        when the move made public news; ``publish`` posts it again when someone new must act."""
        record, state = move.record, move.state
        if interaction is not None and move.seat is not None and _from_panel(interaction):
            seat_moves = await self.service.storage.seat_moves(record.id, move.seat)
            note = _done_note(move.events, move.seat)
            await update(interaction, **panel_message(record, state, move.seat, seat_moves, "main", note))
        elif (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == record.message_id
        ):
            await update(interaction, **as_edit(await self.board_message(record, state, move.events)))
            return
        elif interaction is not None and move.seat is not None:
            await send(interaction, ephemeral=True, content=_done_note(move.events, move.seat))
        # Each round starts a new board at the bottom of the channel, as does the final score.
        new_round = any(event.kind == "round_started" for event in move.events)
        if any(event.visible_to is None for event in move.events) and not move.ping:
            await self.refresh_board(record.id, repost=state.outcome is not None or new_round)

    def render_png(self, state: PrimeTimeState) -> bytes:
        return render_primetime(view(state, None)).png

    async def deadlines_of(self, record: GameRecord, state: PrimeTimeState) -> dict[int, float]:
        """When each person's pending prompt gets its default, as Unix times."""
        found: dict[int, float] = {}
        for seat, seconds in PrimeTimeModule().prompt_deadlines(state).items():
            if record.lobby["players"][seat].get("ai"):
                continue
            clock = await self.service.storage.turn_clock(record.id, seat)
            if clock is not None:
                called = datetime.fromisoformat(clock.called_at).timestamp()
                found[seat] = called + seconds * self.bot.settings.turn_clock_scale
        return found

    async def board_message(
        self, record: GameRecord, state: PrimeTimeState, events: list[Event]
    ) -> dict[str, Any]:
        public = view(state, None)
        board = await asyncio.to_thread(render_primetime, public)
        embed = board_embed(state, record, await self.deadlines_of(record, state))
        embed.set_image(url="attachment://board.png")
        items = None
        if state.outcome is None:
            first = state.prompts[0].who if state.prompts else 0
            items = board_items(record, state, await self.service.storage.seat_moves(record.id, first))
        return {
            "content": _call(state, record),
            "embed": embed,
            "files": [board_file(board)],
            "view": view_of(items) if items is not None else finished_view(record),
        }


def _cell_code(purpose: str, cell: tuple[int, int]) -> str:
    """The action a coordinates modal opened for ``purpose`` plays at ``cell``."""
    where = f"{cell[0]}_{cell[1]}"
    if purpose.startswith("dep."):
        _, unit, level = purpose.split(".")
        return f"deploy.{unit}.{where}.{level}"
    return (
        {"move": "move", "evade": "evade_move", "objective": "place_objective"}.get(purpose, "move")
        + "."
        + where
    )


def _prompted_publicly(state: PrimeTimeState, seat: int) -> bool:
    prompt = state.prompt_for(seat)
    return prompt is not None and prompt.kind in PUBLIC_KINDS


def _from_panel(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def _ascension_step(step: str, letter: str) -> str:
    """``asc.<letters>.<page>.<index>`` with the model at ``index`` set to ``letter``."""
    _, letters, page, index = [*step.split("."), "", "", ""][:4]
    if not index.isdigit() or int(index) >= len(letters):
        return f"asc.{letters}.{page}"
    at = int(index)
    return f"asc.{letters[:at]}{letter[:1]}{letters[at + 1 :]}.{page}"


def _done_note(events: list[Event], seat: int) -> str:
    said = [event.text for event in events_for(events, seat)]
    return clip("✅ " + " ".join(said), 1900) if said else "✅ Done."


def panel_message(
    record: GameRecord, state: PrimeTimeState, seat: int, seat_moves: int, step: str, note: str | None
) -> dict[str, Any]:
    """A player's ephemeral panel: their hand and resources, and the controls for their decision."""
    player = state.players[seat]
    lines = [
        f"Glory **{player.glory}** · BK **{player.bk}** · SK **{player.sk}** · "
        f"hand {len(player.hand)}/{hand_limit(state)} · deck {len(player.deck)}"
    ]
    hand = [f"**{card(card_id).name}** ({card(card_id).window.replace('_', ' ')})" for card_id in player.hand]
    lines.append("**Your hand:** " + (", ".join(hand) if hand else "empty"))
    if player.ascension_plan is not None and state.phase == "ascension":
        plan = ", ".join(f"{unit_name(state, unit)}: {choice}" for unit, choice in player.ascension_plan)
        lines.append(f"**Your locked plan** (secret until both lock): {plan}")
    if step.startswith("asc."):
        letters = step.split(".")[1]
        lines.append(f"**Ascension cost:** {ascension_total(state, seat, letters)} SK of {player.sk}")
    private = [event.text for event in state.recent_events if event.visible_to == seat]
    lines.extend(f"🔒 {text}" for text in private[-4:])
    lines.append("")
    lines.append(prompt_words(state, seat))
    embed = discord.Embed(
        title=f"{record.lobby['players'][seat]['name']} — your hand",
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.dark_orange(),
    )
    embed.set_footer(text="Only you can see this. Press My hand on the board to see it again.")
    items = prompt_items(state, seat, Controls(record.id, seat_moves, "pact"), step)
    items.append(button(record.id, seat_moves, "choose", "main", label="Refresh", emoji="🔄", row=4))
    return {"content": note, "embed": embed, "view": view_of(items)}
