"""Over 9000 on Discord: the /over9000 commands and the public board (the private panels are in
``bot.games.over9000_panel``).

Secrets never leave a private panel. The board (embed, image, alt text and buttons) is drawn from
``view(state, None)`` alone; a player's own tokens appear only in the ephemeral panel that the board's
"My tokens" button opens for them, built from ``view(state, seat)``.

Everyone arranges tokens at once, so a board version in the panels would outdate every panel at each
token anyone placed. A panel's controls instead carry the action itself (``place.kick.2``) and, as their
version, how many moves that player had made when it was drawn: a double click or a click on an older
panel of the same player is out of date, another player's move is not, and the engine rejects, with
its reason, whatever is no longer legal.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import metrics
from bot.ai_moves import over9000_move
from bot.boards import board_file, player_tag
from bot.components import Control, button, view_of
from bot.games.over9000_panel import (
    STALE_NOTE,
    PanelChoice,
    done_note,
    panel_message,
    panel_status,
    parse_code,
)
from bot.replies import reply_error, send, update
from bot.service import Move, ServiceError, StaleBoard, seat_of
from bot.storage import GameRecord
from bot.table import RulePages, TableController, finished_view
from bot.text import clip
from renderers.over9000 import render_over9000
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.over9000 import RULES, Over9000Options, Over9000View, view
from rules.over9000.actions import Keep, Place
from rules.over9000.content import catalogue, format_level
from rules.over9000.state import Over9000State

RECENT_ON_BOARD = 6

RULE_PAGES = RulePages(
    "over9000",
    "Over 9000",
    [
        (
            "The goal",
            "Be the only fighter whose power level is **over 9000** when a round ends. Fighters start "
            "between 4,000 and 6,000, and every duel moves power levels by 1,000 or more.",
        ),
        (
            "Arranging your tokens",
            "Each round everyone draws six tokens and arranges them in secret, all at once: press "
            "**My tokens**. One token goes into your reserve, the other five into your four slots, so "
            "one slot holds two (the one placed last is on top). **Take back** starts over until your "
            "last token is placed. Everyone sees how many tokens lie in each slot, never which.",
        ),
        (
            "Duels",
            "The lowest power level attacks first, then round the table. On your turn push the top "
            "token of one of your slots at an opponent and declare **Kick**, **Punch** or **High "
            "Blast** — you may bluff. The defender reveals the top token of one of their slots. Both "
            "tokens stay face up until the round ends.",
        ),
        (
            "Hits, blocks and feints",
            "A real attack hits (+1,000 to the attacker) unless the defender reveals the same attack "
            "or its defense: then it is blocked (the attacker loses 1,000 and the defender gains "
            "1,000). A caught bluff costs the same, but your next "
            f"{catalogue().settings.exposed_attacks} attacks are shown to their defender before they "
            "reveal. Pushing a token that is no attack is a feint: nothing happens, except that a "
            "Power-Up facing no attack gains its owner 1,000.",
        ),
        (
            "Dragon Balls and special powers",
            "A Dragon Ball in your reserve can be flipped once per round for your fighter's special "
            "power: attack powers on your turn before you attack, defense powers when you are "
            "attacked, before you reveal. Your panel offers it whenever you can use it.",
        ),
        (
            "The end",
            "The round ends when fewer than two fighters have face-down tokens; every token goes back "
            "and everyone draws again. One fighter over 9000 wins; if several are, they drop to 5,000 "
            "and a new round begins. From round 10, a fighter strictly ahead of all others when a round "
            "ends with nobody over 9000 wins (if some fighters dropped back to 5,000, only one of the "
            "last of them can win this way).",
        ),
    ],
)

HELP_TEXT = (
    "**/over9000 start** — open a lobby in this channel (AI players can fill empty seats)\n"
    "**/over9000 status** — post the current board again at the bottom of the channel\n"
    "**/over9000 rules** — the rules in short pages\n"
    "**/over9000 log** — the recent public events\n"
    "**/over9000 autoplay** — hand your seat to the AI, or take it back\n"
    "**/over9000 abandon** — end the game (host or channel managers)\n"
    "**/over9000 help** — this list\n"
    "On the board, **My tokens** shows you your own tokens, privately, and what you can do now."
)


class Over9000Module:
    name = "over9000"
    title = "Over 9000"
    rules = RULES
    min_players = 2
    max_players = 6
    characters = {character.id: character.name for character in catalogue().characters}
    variants = {"standard": "Standard"}
    simultaneous = True

    def options(self, lobby: dict[str, Any]) -> Over9000Options:
        return Over9000Options(characters=[player["character"] for player in lobby["players"]])

    def seats_to_move(self, state: Over9000State) -> list[int]:
        if state.outcome is not None or state.prompt is None:
            return []
        return list(state.prompt.seats)

    ai_action = staticmethod(over9000_move)

    def watched_move(self, state: Over9000State) -> bool:
        return state.prompt is not None and state.prompt.kind != "place"


# The public board: drawn from the public view only.


def _board_status(public: Over9000View, players: list[dict[str, Any]]) -> str:
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return "The game is over."
    names = [public.players[seat].name for seat in prompt.seats]
    if prompt.kind == "place":
        return "**Arranging tokens** — still arranging: " + ", ".join(names) + "."
    order = " → ".join(public.players[seat].name for seat in public.turn_order)
    if prompt.kind == "attack":
        seat = prompt.seats[0]
        return f"**Duels** (order: {order}) — **{names[0]}** ({player_tag(players[seat])}) attacks."
    declared = [event.text for event in public.recent_events if event.kind == "attack_declared"]
    seat = prompt.seats[0]
    return (
        f"**Duels** (order: {order}) — {declared[-1] if declared else ''} "
        f"**{names[0]}** ({player_tag(players[seat])}) must reveal a slot."
    )


def _line_up(public: Over9000View, players: list[dict[str, Any]]) -> str:
    """Who plays whom, and their power levels (the image shows the tokens)."""
    return " · ".join(
        f"**{player.name}** ({player_tag(players[player.seat])}) {format_level(player.power_level)}"
        for player in public.players
    )


def _board_embed(public: Over9000View, players: list[dict[str, Any]]) -> discord.Embed:
    if public.outcome is not None:
        winners = " and ".join(public.players[seat].name for seat in public.outcome.winners)
        title = f"Over 9000 — 🏆 {winners} win{'' if len(public.outcome.winners) > 1 else 's'}!"
    else:
        title = f"Over 9000 — round {public.round}"
    lines = [_board_status(public, players), "", _line_up(public, players)]
    recent = [event.text for event in public.recent_events][-RECENT_ON_BOARD:]
    if recent:
        lines.append("")
        lines.extend(f"• {text}" for text in recent)
    return discord.Embed(title=title, description=clip("\n".join(lines), 4000), colour=discord.Colour.gold())


def _call(public: Over9000View, players: list[dict[str, Any]]) -> str | None:
    """The board's line that calls whoever must act (a mention pings them when the board is posted)."""
    prompt = public.prompt
    if public.outcome is not None or prompt is None:
        return None
    humans = [seat for seat in prompt.seats if not players[seat].get("ai")]
    if prompt.kind == "place":
        if not humans:
            return "The AI players are arranging their tokens…"
        mentions = ", ".join(f"<@{players[seat]['user_id']}>" for seat in humans)
        return f"Round {public.round}: {mentions} — arrange your tokens with **My tokens**."
    seat = prompt.seats[0]
    name = public.players[seat].name
    if not humans:
        return f"The AI is playing {name}…"
    mention = f"<@{players[seat]['user_id']}>"
    if prompt.kind == "attack":
        return f"{mention}, your turn to attack: press **Attack…**."
    return f"{mention}, you are attacked! Press **Reveal…** to choose a slot to reveal."


def _board_view(record: GameRecord, public: Over9000View) -> discord.ui.View | None:
    if public.outcome is not None:
        return finished_view(record)
    if public.prompt is None:
        return None
    items: list[discord.ui.Item[Any]] = [
        button(
            record.id,
            record.version,
            "mine",
            label="My tokens",
            emoji="🎴",
            style=discord.ButtonStyle.primary,
        )
    ]
    if public.prompt.kind != "place":
        label = "Attack…" if public.prompt.kind == "attack" else "Reveal…"
        items.append(
            button(record.id, record.version, "duel", label=label, style=discord.ButtonStyle.success)
        )
    return view_of(items)


class Over9000Controller(TableController):
    rule_pages = RULE_PAGES

    def command_group(self) -> app_commands.Group:
        group = app_commands.Group(
            name="over9000", description="Over 9000: a bluffing duel game of hidden tokens", guild_only=True
        )

        @group.command(name="start", description="Open an Over 9000 lobby in this channel")
        @app_commands.describe(ai_players="Empty seats the AI fills when the game starts")
        async def start(
            interaction: discord.Interaction[Any], ai_players: app_commands.Range[int, 0, 5] = 0
        ) -> None:
            await self.open_lobby(interaction, "standard", ai_players)

        self.add_table_commands(group, HELP_TEXT)
        return group

    # Controls.

    async def on_control(self, interaction: discord.Interaction[Any], control: Control) -> None:
        if await self.on_table_control(interaction, control):
            return
        record = await self.service.storage.game(control.game_id)
        if record is None or record.status != "active":
            await reply_error(interaction, "This game is over. Start a new one with `/over9000 start`.")
            return
        seat = seat_of(record, interaction.user.id)
        if seat is None:
            await reply_error(
                interaction,
                "You're not playing in this game. Start your own with `/over9000 start` in another channel!",
            )
            return
        if control.op == "act":
            if record.lobby["players"][seat].get("ai"):
                await reply_error(
                    interaction, "The AI is playing your seat. Use `/over9000 autoplay` to take it back."
                )
                return
            await self._act(interaction, control)
            return
        state: Over9000State = self.service.load_state(record)
        if control.op == "mine":
            await self._show_panel(interaction, record, state, seat, PanelChoice(), None)
        elif control.op == "duel":
            await self._open_duel(interaction, record, state, seat)
        elif control.op == "choose":
            await self._choose(interaction, record, state, seat, control)
        else:
            await reply_error(interaction, "I don't know that control.")

    async def _show_panel(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: Over9000State,
        seat: int,
        choice: PanelChoice,
        note: str | None,
    ) -> None:
        """Answers with the player's panel: in place when the click came from one, else a new one."""
        seat_moves = await self.service.storage.seat_moves(record.id, seat)
        panel = panel_message(record, state, seat, seat_moves, choice, note)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await update(interaction, **panel)
        else:
            await send(interaction, ephemeral=True, **panel)

    async def _open_duel(
        self, interaction: discord.Interaction[Any], record: GameRecord, state: Over9000State, seat: int
    ) -> None:
        prompt = state.prompt
        if prompt is None or prompt.kind == "place" or seat not in prompt.seats:
            waiting = panel_status(state, seat) if prompt is not None else "The game is over."
            await reply_error(interaction, f"It's not your move. {waiting} Press **My tokens** to see yours.")
            return
        await self._show_panel(interaction, record, state, seat, PanelChoice(), None)

    async def _choose(
        self,
        interaction: discord.Interaction[Any],
        record: GameRecord,
        state: Over9000State,
        seat: int,
        control: Control,
    ) -> None:
        if control.version != await self.service.storage.seat_moves(record.id, seat):
            await self._show_panel(interaction, record, state, seat, PanelChoice(), STALE_NOTE)
            return
        value = control.values[0] if control.values else ""
        choice = PanelChoice(kind=value) if control.arg == "token" else PanelChoice(aim=value)
        await self._show_panel(interaction, record, state, seat, choice, None)

    async def _act(self, interaction: discord.Interaction[Any], control: Control) -> None:
        code = control.values[0] if control.values else control.arg
        try:
            await self.service.act(
                control.game_id,
                interaction.user.id,
                None,
                lambda _state, seat: parse_code(code, seat),
                seat_moves=control.version,
                publish=lambda move: self.publish(move, interaction),
            )
        except StaleBoard as stale:
            record = stale.record
            seat = seat_of(record, interaction.user.id)
            assert seat is not None
            state = self.service.load_state(record)
            await self._show_panel(interaction, record, state, seat, PanelChoice(), STALE_NOTE)
        except (ServiceError, IllegalAction) as error:
            await reply_error(interaction, error.message)

    async def show_move(self, move: Move, interaction: discord.Interaction[Any] | None) -> None:
        """The mover's panel is updated in place, and the board is redrawn when the move made public
        news (posted again at the bottom when someone else must now act). Placing a token is news only
        when it completes an arrangement, so the channel isn't redrawn for every token.
        ``interaction`` is None for the AI's moves."""
        record, state = move.record, move.state
        if interaction is not None and move.seat is not None:
            seat_moves = await self.service.storage.seat_moves(record.id, move.seat)
            note = done_note(move.action, move.events, move.seat)
            # The token menu stays on the kind just placed, as long as some are left.
            choice = (
                PanelChoice(kind=move.action.kind) if isinstance(move.action, Keep | Place) else PanelChoice()
            )
            panel = panel_message(record, state, move.seat, seat_moves, choice, note)
            await update(interaction, **panel)
        # Someone newly called gets the board posted again by ``publish``, which notifies them; the
        # final board goes to the bottom of the channel, where everyone sees it.
        if any(event.visible_to is None for event in move.events) and not move.ping:
            await self.refresh_board(record.id, repost=state.outcome is not None)

    def render_png(self, state: Over9000State) -> bytes:
        return render_over9000(view(state, None)).png

    async def board_message(
        self, record: GameRecord, state: Over9000State, events: list[Event]
    ) -> dict[str, Any]:
        public = view(state, None)
        board = await metrics.render("over9000", self.bot.painter.draw(render_over9000, public))
        players = record.lobby["players"]
        embed = _board_embed(public, players)
        embed.set_image(url="attachment://board.png")
        return {
            "content": _call(public, players),
            "embed": embed,
            "files": [board_file(board)],
            "view": _board_view(record, public),
        }
