"""Over 9000 on Discord: the /over9000 commands, the public board and each player's private panel.

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

import asyncio
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.boards import board_file, player_tag
from bot.components import Control, button, select, view_of
from bot.replies import in_time, reply_error, send, update
from bot.service import Move, ServiceError, StaleBoard, seat_of
from bot.storage import GameRecord
from bot.table import RulePages, TableController, finished_view
from bot.text import clip
from renderers.over9000 import render_over9000
from rules.core.errors import IllegalAction
from rules.core.events import Event, events_for
from rules.over9000 import RULES, Over9000Options, Over9000View, parse_action, view
from rules.over9000.actions import Attack, Keep, Over9000Action, Place, Reveal, TakeBack, UsePower
from rules.over9000.ai import choose_action
from rules.over9000.content import ATTACKS, SLOT_COUNT, TOKEN_NAMES, catalogue, format_level
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State
from rules.over9000.view import PlayerView, SlotView

if TYPE_CHECKING:
    pass

TOKEN_EMOJI = {
    "kick": "🦶",
    "punch": "👊",
    "blast": "💥",
    "kick_defense": "🛡️",
    "punch_defense": "🛡️",
    "blast_defense": "🛡️",
    "power_up": "⚡",
    "dragon_ball": "🐉",
}
RECENT_ON_BOARD = 6
STALE_NOTE = "This board is out of date, so nothing changed. Here is your current panel."

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

    def ai_action(self, state: Over9000State, seat: int) -> Over9000Action:
        return choose_action(state, seat, seed=ai_seed(state, seat))

    def watched_move(self, state: Over9000State) -> bool:
        return state.prompt is not None and state.prompt.kind != "place"


def ai_seed(state: Over9000State, seat: int) -> int:
    """The AI's seed for its next move: drawn from the game's secret seed, so nobody can foresee its
    bluffs. While everyone arranges at once it counts only the seat's own tokens, so an arrangement
    doesn't depend on how the players' moves happened to interleave."""
    assert state.prompt is not None
    progress = len(state.players[seat].hand) if state.prompt.kind == "place" else state.actions_taken
    return hash((state.rng.seed, state.round, seat, progress))


# Actions as control arguments.

_CODE_FIELDS = {
    "keep": ("kind",),
    "place": ("kind", "slot"),
    "take_back": (),
    "power": ("target", "slot"),
    "attack": ("slot", "target", "declared"),
    "reveal": ("slot",),
}
_NONE = "-"


def action_code(action: Over9000Action) -> str:
    """The action as a custom id argument, e.g. ``place.kick.2`` or ``attack.0.3.punch``."""
    values = [getattr(action, name) for name in _CODE_FIELDS[action.type]]
    return ".".join([action.type, *(_NONE if value is None else str(value) for value in values)])


def parse_code(code: str, seat: int) -> Over9000Action:
    kind, *values = code.split(".")
    names = _CODE_FIELDS.get(kind)
    if names is None or len(values) != len(names):
        raise IllegalAction("unknown_choice", "I don't know that choice.")
    data: dict[str, Any] = {"type": kind, "player": seat}
    data.update({name: value for name, value in zip(names, values, strict=True) if value != _NONE})
    try:
        return parse_action(data)
    except ValidationError:
        raise IllegalAction("unknown_choice", "I don't know that choice.") from None


# Private panels.


@dataclass(frozen=True)
class PanelChoice:
    """What the player has picked in the panel but not played yet: the token to place, or the
    ``slot.target`` to attack."""

    kind: str | None = None
    aim: str | None = None


def _token(kind: str) -> str:
    return f"{TOKEN_EMOJI[kind]} {TOKEN_NAMES[kind]}"


def _slot_text(slot: SlotView) -> str:
    if not slot.tokens:
        return "empty"
    top_first = [TOKEN_NAMES[token.kind] for token in reversed(slot.tokens)]
    return " on ".join(top_first)


def _reserve_text(me: PlayerView) -> str:
    if me.reserve is not None:
        return _token(me.reserve.kind)
    if any(face_up.slot is None for face_up in me.face_up):
        return f"flipped for {me.power_name}"
    return "empty"


def _panel_status(state: Over9000State, seat: int) -> str:
    prompt = state.prompt
    if state.outcome is not None or prompt is None:
        return "The game is over."
    names = [state.players[other].name for other in prompt.seats]
    if prompt.kind == "place":
        if seat in prompt.seats:
            return (
                "**Arrange your tokens:** choose a token, then where it goes. One goes into your "
                "reserve, the other five into the four slots (one slot holds two)."
            )
        return "Your tokens are arranged. Still arranging: " + ", ".join(names) + "."
    turn = state.turn
    assert turn is not None
    if prompt.kind == "attack":
        if seat == turn.seat:
            return (
                "**Your turn:** choose a slot and a target, then declare an attack. You may bluff: "
                "the token you push decides what happens."
            )
        return f"It's {names[0]}'s turn to attack."
    duel = turn.duel
    assert duel is not None
    attacker = state.players[turn.seat].name
    if seat == duel.defender:
        return (
            f"**{attacker} pushes slot {duel.slot + 1} at you, declaring {TOKEN_NAMES[duel.declared]}!** "
            "Choose a slot to reveal."
        )
    return f"{names[0]} is choosing a slot to reveal against {attacker}."


def _private_notes(mine: Over9000View) -> list[str]:
    """What only this player learned this round (their draw, Scouter readings, swapped tokens)."""
    events = mine.recent_events
    starts = [index for index, event in enumerate(events) if event.kind == "round_started"]
    this_round = events[starts[-1] :] if starts else events
    return [f"🔒 {event.text}" for event in this_round if event.visible_to is not None]


def _panel_embed(state: Over9000State, seat: int) -> discord.Embed:
    mine = view(state, seat)
    me = mine.players[seat]
    lines = [f"Power level **{format_level(me.power_level)}** · round {mine.round}"]
    if me.hand:
        held = Counter(token.kind for token in me.hand)
        lines.append(
            "**In hand:** "
            + ", ".join(f"{_token(kind)}{f' x{n}' if n > 1 else ''}" for kind, n in held.items())
        )
    lines.append(f"**Reserve:** {_reserve_text(me)}")
    lines.extend(f"**Slot {index + 1}:** {_slot_text(slot)}" for index, slot in enumerate(me.slots))
    revealed = [
        f"{TOKEN_NAMES[face_up.kind]} ({'reserve' if face_up.slot is None else f'slot {face_up.slot + 1}'})"
        for face_up in me.face_up
    ]
    if revealed:
        lines.append("**Face up:** " + ", ".join(revealed))
    lines.append(f"**{me.power_name}** ({me.power_window} power): {me.power_text}")
    lines.extend(_private_notes(mine)[-4:])
    lines.append("")
    lines.append(_panel_status(state, seat))
    embed = discord.Embed(
        title=f"{me.name} — your tokens",
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(text="Only you can see this. Press My tokens on the board to see it again.")
    return embed


def _placement_controls(
    state: Over9000State, seat: int, game_id: int, version: int, choice: PanelChoice
) -> list[discord.ui.Item[Any]]:
    player = state.players[seat]
    counts = Counter(token.kind for token in player.hand)
    kinds = list(counts)
    chosen = choice.kind if choice.kind in kinds else kinds[0]
    legal = {action_code(action) for action in legal_actions(state, seat)}
    options = [
        discord.SelectOption(
            label=f"{TOKEN_NAMES[kind]}{f' x{counts[kind]}' if counts[kind] > 1 else ''}",
            value=kind,
            emoji=TOKEN_EMOJI[kind],
            default=kind == chosen,
        )
        for kind in kinds
    ]
    items: list[discord.ui.Item[Any]] = [
        select(game_id, version, "choose", options, placeholder="Token to place", arg="token", row=0)
    ]
    keep = f"keep.{chosen}"
    items.append(
        button(
            game_id,
            version,
            "act",
            keep,
            label="Reserve",
            style=discord.ButtonStyle.primary,
            disabled=keep not in legal,
            row=1,
        )
    )
    for slot in range(SLOT_COUNT):
        place = f"place.{chosen}.{slot}"
        top = player.top(slot)
        label = f"Slot {slot + 1}" + (f" (onto {TOKEN_NAMES[top.kind]})" if top else "")
        items.append(
            button(
                game_id,
                version,
                "act",
                place,
                label=label,
                style=discord.ButtonStyle.primary,
                disabled=place not in legal,
                row=1,
            )
        )
    items.append(
        button(
            game_id,
            version,
            "act",
            "take_back",
            label="Take back all",
            style=discord.ButtonStyle.danger,
            disabled="take_back" not in legal,
            row=2,
        )
    )
    return items


def _power_controls(
    state: Over9000State, seat: int, game_id: int, version: int, actions: list[Over9000Action]
) -> list[discord.ui.Item[Any]]:
    powers = [action for action in actions if isinstance(action, UsePower)]
    if not powers:
        return []
    name = catalogue().character(state.players[seat].character).power.name
    if len(powers) == 1 and powers[0].target is None and powers[0].slot is None:
        label = f"Flip your Dragon Ball: {name}"
        return [button(game_id, version, "act", action_code(powers[0]), label=label, emoji="🐉", row=0)]
    options = [
        discord.SelectOption(label=clip(_power_label(state, name, power), 100), value=action_code(power))
        for power in powers
    ]
    return [select(game_id, version, "act", options, placeholder=f"🐉 Flip your Dragon Ball: {name}…", row=0)]


def _power_label(state: Over9000State, name: str, power: UsePower) -> str:
    if power.target is None:
        return name
    target = state.players[power.target].name
    return f"{name}: {target}" + ("" if power.slot is None else f"'s slot {power.slot + 1}")


def _attack_controls(
    state: Over9000State,
    seat: int,
    game_id: int,
    version: int,
    actions: list[Over9000Action],
    choice: PanelChoice,
) -> list[discord.ui.Item[Any]]:
    attacks = [action for action in actions if isinstance(action, Attack)]
    aims = list(dict.fromkeys(f"{attack.slot}.{attack.target}" for attack in attacks))
    chosen = choice.aim if choice.aim in aims else aims[0]
    player = state.players[seat]

    def aim_label(aim: str) -> str:
        slot, target = (int(part) for part in aim.split("."))
        top = player.top(slot)
        assert top is not None
        return f"Slot {slot + 1} ({TOKEN_NAMES[top.kind]}) at {state.players[target].name}"

    options = [
        discord.SelectOption(label=clip(aim_label(aim), 100), value=aim, default=aim == chosen)
        for aim in aims
    ]
    items: list[discord.ui.Item[Any]] = [
        select(game_id, version, "choose", options, placeholder="Slot to push, and at whom", arg="aim", row=1)
    ]
    slot = int(chosen.split(".")[0])
    pushed = player.top(slot)
    assert pushed is not None
    for declared in ATTACKS:
        honest = pushed.kind == declared
        items.append(
            button(
                game_id,
                version,
                "act",
                f"attack.{chosen}.{declared}",
                label=f"Declare {TOKEN_NAMES[declared]}" + ("" if honest else " (bluff)"),
                emoji=TOKEN_EMOJI[declared],
                style=discord.ButtonStyle.success if honest else discord.ButtonStyle.secondary,
                row=2,
            )
        )
    return items


def _reveal_controls(
    state: Over9000State, seat: int, game_id: int, version: int, actions: list[Over9000Action]
) -> list[discord.ui.Item[Any]]:
    player = state.players[seat]
    items: list[discord.ui.Item[Any]] = []
    for action in actions:
        if isinstance(action, Reveal):
            top = player.top(action.slot)
            assert top is not None
            items.append(
                button(
                    game_id,
                    version,
                    "act",
                    action_code(action),
                    label=f"Reveal slot {action.slot + 1}: {TOKEN_NAMES[top.kind]}",
                    emoji=TOKEN_EMOJI[top.kind],
                    style=discord.ButtonStyle.primary,
                    row=1,
                )
            )
    return items


def panel_message(
    record: GameRecord,
    state: Over9000State,
    seat: int,
    seat_moves: int,
    choice: PanelChoice,
    note: str | None,
) -> dict[str, Any]:
    """A player's private panel: their tokens, and the controls for what they must do now."""
    game_id = record.id
    actions = legal_actions(state, seat)
    items: list[discord.ui.Item[Any]] = []
    prompt = state.prompt
    if actions and prompt is not None:
        if prompt.kind == "place":
            items = _placement_controls(state, seat, game_id, seat_moves, choice)
        else:
            items = _power_controls(state, seat, game_id, seat_moves, actions)
            if prompt.kind == "attack":
                items += _attack_controls(state, seat, game_id, seat_moves, actions, choice)
            else:
                items += _reveal_controls(state, seat, game_id, seat_moves, actions)
    items.append(button(game_id, seat_moves, "mine", label="Refresh", emoji="🔄", row=4))
    return {"content": note, "embed": _panel_embed(state, seat), "view": view_of(items)}


def _done_note(action: Over9000Action, events: list[Event], seat: int) -> str:
    said = [event.text for event in events_for(events, seat)]
    if isinstance(action, Keep):
        said.insert(0, f"{TOKEN_NAMES[action.kind]} into your reserve.")
    elif isinstance(action, Place):
        said.insert(0, f"{TOKEN_NAMES[action.kind]} into slot {action.slot + 1}.")
    elif isinstance(action, TakeBack):
        said.insert(0, "Every token is back in your hand.")
    return clip("✅ " + " ".join(said), 1900) if said else "✅ Done."


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
            waiting = _panel_status(state, seat) if prompt is not None else "The game is over."
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
            await in_time(
                interaction,
                self.service.act(
                    control.game_id,
                    interaction.user.id,
                    None,
                    lambda _state, seat: parse_code(code, seat),
                    seat_moves=control.version,
                    publish=lambda move: self.publish(move, interaction),
                ),
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
            note = _done_note(move.action, move.events, move.seat)
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
        board = await asyncio.to_thread(render_over9000, public)
        players = record.lobby["players"]
        embed = _board_embed(public, players)
        embed.set_image(url="attachment://board.png")
        return {
            "content": _call(public, players),
            "embed": embed,
            "files": [board_file(board)],
            "view": _board_view(record, public),
        }
