"""Prime Time on Discord: the /primetime commands, the public board and the handling of its controls
(the controls themselves are built in ``bot.games.primetime_panel``).

Secrets never leave an ephemeral message. The board (embed, image, alt text and controls) is drawn
from ``view(state, None)`` and from prompts whose choices are public; a player's hand, card lists,
Ascension plan and activation steps appear only in the panel that "My hand" or "Act…" opens for
them. Every prompt with a 2.9 default has a deadline (``PROMPT_SECONDS``), measured from the moment
its player was called (the turn clock's row, kept in the database) and fired by ``bot.deadlines``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import discord
from discord import app_commands

from bot import metrics
from bot.ai_moves import primetime_move
from bot.boards import as_edit, board_file
from bot.components import Control, button, view_of
from bot.games.primetime_codes import parse_cell, parse_code, terrain_edit_code
from bot.games.primetime_messages import board_embed, board_items, call_line, done_note, panel_message
from bot.games.primetime_panel import (
    PUBLIC_KINDS,
)
from bot.games.primetime_roster import (
    CUSTOM,
    builder_message,
    change_draft,
    draft_of,
    pick_cards,
    roster_from,
)
from bot.lobby import lobby_embed, lobby_view
from bot.replies import open_modal, reply_error, reply_private, send, update
from bot.service import Move, ServiceError, StaleBoard, seat_of
from bot.storage import GameRecord
from bot.table import RulePages, TableController, finished_view
from bot.text import clip
from renderers.primetime import render_primetime
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.primetime import RULES, PrimeTimeOptions, view
from rules.primetime.actions import Timeout
from rules.primetime.content import catalogue
from rules.primetime.geometry import distance
from rules.primetime.roster import Roster, roster_problem
from rules.primetime.state import PrimeTimeState
from rules.primetime.stats import char, stat

STALE_NOTE = "The game moved on since this was drawn, so nothing changed. Here is your current panel."

AUTO_PASS = "auto_pass_on_hit"
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
    "**/primetime settings** — pass every On Hit / On Damage prompt at once, or not\n"
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

    ai_action = staticmethod(primetime_move)

    def watched_move(self, state: PrimeTimeState) -> bool:
        return any(prompt.kind in ("activation", "action", "reaction") for prompt in state.prompts)

    def prompt_deadlines(self, state: PrimeTimeState, lobby: dict[str, Any]) -> dict[int, float]:
        """Seconds each seat has, from its call, before ``timeout_action`` answers for it; none for a
        player who chose to pass every On Hit / On Damage prompt (2.9: a setting that never depends on
        the hand, so passing at once betrays nothing)."""
        if state.outcome is not None:
            return {}
        players = lobby["players"]
        return {
            prompt.who: 0
            if prompt.kind == "on_hit" and players[prompt.who].get(AUTO_PASS)
            else PROMPT_SECONDS[prompt.kind]
            for prompt in state.prompts
            if prompt.default is not None and prompt.kind in PROMPT_SECONDS
        }

    def timeout_action(self, seat: int) -> Timeout:
        return Timeout(player=seat)


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

        @group.command(name="settings", description="Your choices for this channel's Prime Time game")
        @app_commands.describe(
            auto_pass_on_hit="Answer every On Hit / On Damage prompt with Continue at once"
        )
        async def settings_command(interaction: discord.Interaction[Any], auto_pass_on_hit: bool) -> None:
            await self.player_settings(interaction, auto_pass_on_hit)

        self.add_table_commands(group, HELP_TEXT)
        return group

    async def player_settings(self, interaction: discord.Interaction[Any], auto_pass: bool) -> None:
        record = await self.channel_game(interaction)
        if record is None:
            return
        try:
            await self.service.set_seat_option(record.id, interaction.user.id, AUTO_PASS, auto_pass)
        except ServiceError as error:
            await reply_error(interaction, error.message)
            return
        await reply_private(
            interaction,
            "On Hit / On Damage prompts are now passed for you at once."
            if auto_pass
            else "You will be asked at every On Hit / On Damage prompt again.",
        )
        self.bot.deadlines.wake(record.id)

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
            elif control.arg.startswith("pick.") and control.values:
                draft = pick_cards(draft, control.arg.split(".")[1], control.values[0])
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
        # The card pages carry their page last: ``cards.<page>`` and ``pick.<group>.<page>``.
        page = control.arg.rpartition(".")[2] if control.arg.startswith(("cards.", "pick.")) else ""
        card_page = int(page) if page.isdigit() else None
        panel = builder_message(record, draft_of(record.lobby["players"][seat]), note, card_page)
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
            note = done_note(move.events, move.seat)
            await update(interaction, **panel_message(record, state, move.seat, seat_moves, "main", note))
        elif (
            interaction is not None
            and interaction.message is not None
            and interaction.message.id == record.message_id
        ):
            await update(interaction, **as_edit(await self.board_message(record, state, move.events)))
            return
        elif interaction is not None and move.seat is not None:
            await send(interaction, ephemeral=True, content=done_note(move.events, move.seat))
        # Each round starts a new board at the bottom of the channel, as does the final score.
        new_round = any(event.kind == "round_started" for event in move.events)
        if any(event.visible_to is None for event in move.events) and not move.ping:
            await self.refresh_board(record.id, repost=state.outcome is not None or new_round)

    def render_png(self, state: PrimeTimeState) -> bytes:
        return render_primetime(view(state, None)).png

    async def deadlines_of(self, record: GameRecord, state: PrimeTimeState) -> dict[int, float]:
        """When each person's pending prompt gets its default, as Unix times."""
        found: dict[int, float] = {}
        for seat, seconds in PrimeTimeModule().prompt_deadlines(state, record.lobby).items():
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
        board = await metrics.render("primetime", self.bot.painter.draw(render_primetime, public))
        embed = board_embed(state, record, await self.deadlines_of(record, state))
        embed.set_image(url="attachment://board.png")
        items = None
        if state.outcome is None:
            first = state.prompts[0].who if state.prompts else 0
            items = board_items(record, state, await self.service.storage.seat_moves(record.id, first))
        return {
            "content": call_line(state, record),
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
