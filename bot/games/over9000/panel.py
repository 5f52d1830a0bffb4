"""Over 9000's private panels ("My tokens"): the ephemeral message where a player arranges tokens,
attacks, reveals and uses powers, and the compact action codes its controls carry."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord
from pydantic import ValidationError

from bot.storage import GameRecord
from bot.ui.components import button, select, view_of
from bot.ui.text import clip
from rules.core.errors import IllegalAction
from rules.core.events import Event, events_for
from rules.over9000 import Over9000View, parse_action, view
from rules.over9000.actions import Attack, Keep, Over9000Action, Place, Reveal, TakeBack, UsePower
from rules.over9000.content import ATTACKS, SLOT_COUNT, TOKEN_NAMES, catalogue, format_level
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State
from rules.over9000.view import PlayerView, SlotView

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
STALE_NOTE = "This panel is out of date, so nothing changed. Here is your current one."
DONE_MARK = "✅"
"""Begins the note of a panel drawn after the player's move."""
REFUSED_MARK = "⚠️"
"""Begins the note of a panel drawn again after a refused move."""


def refused_note(reason: str) -> str:
    return f"{REFUSED_MARK} {reason} Nothing changed."


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
    """The action ``code`` names for ``seat``. Only a code written as ``action_code`` writes it names
    one: ``place.kick.+2`` or ``place.kick.02`` is no code, though it reads as a number."""
    unknown = IllegalAction("unknown_choice", "I don't know that choice.")
    kind, *values = code.split(".")
    names = _CODE_FIELDS.get(kind)
    if names is None or len(values) != len(names):
        raise unknown
    data: dict[str, Any] = {"type": kind, "player": seat}
    data.update({name: value for name, value in zip(names, values, strict=True) if value != _NONE})
    try:
        action = parse_action(data)
    except ValidationError:
        raise unknown from None
    if action_code(action) != code:
        raise unknown
    return action


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


def panel_status(state: Over9000State, seat: int) -> str:
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


AI_PLAYS = "🤖 The AI is playing your seat: `/over9000 autoplay` takes it back."


def _panel_embed(state: Over9000State, seat: int, ai_plays: bool) -> discord.Embed:
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
    lines.append(AI_PLAYS if ai_plays else panel_status(state, seat))
    embed = discord.Embed(
        title=f"{me.name} — your tokens",
        description=clip("\n".join(lines), 4000),
        colour=discord.Colour.orange(),
    )
    embed.set_footer(
        text="Only you can see this. It keeps up with the game; My tokens on the board opens it again."
    )
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
        select(
            game_id, version, "choose", options, placeholder="Token to place", arg="token", row=0, seat=seat
        )
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
            seat=seat,
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
                seat=seat,
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
            seat=seat,
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
        return [
            button(game_id, version, "act", action_code(powers[0]), label=label, emoji="🐉", row=0, seat=seat)
        ]
    options = [
        discord.SelectOption(label=clip(_power_label(state, name, power), 100), value=action_code(power))
        for power in powers
    ]
    return [
        select(
            game_id,
            version,
            "act",
            options,
            placeholder=f"🐉 Flip your Dragon Ball: {name}…",
            row=0,
            seat=seat,
        )
    ]


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
        select(
            game_id,
            version,
            "choose",
            options,
            placeholder="Slot to push, and at whom",
            arg="aim",
            row=1,
            seat=seat,
        )
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
                seat=seat,
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
                    seat=seat,
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
    """A player's private panel: their tokens, and the controls for what they must do now (none
    while the AI plays their seat)."""
    game_id = record.id
    ai_plays = bool(record.lobby["players"][seat].get("ai"))
    actions = [] if ai_plays else legal_actions(state, seat)
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
    items.append(button(game_id, seat_moves, "mine", label="Refresh", emoji="🔄", row=4, seat=seat))
    return {"content": note, "embed": _panel_embed(state, seat, ai_plays), "view": view_of(items)}


def done_note(action: Over9000Action, events: list[Event], seat: int) -> str:
    said = [str(event.text) for event in events_for(events, seat)]
    if isinstance(action, Keep):
        said.insert(0, f"{TOKEN_NAMES[action.kind]} into your reserve.")
    elif isinstance(action, Place):
        said.insert(0, f"{TOKEN_NAMES[action.kind]} into slot {action.slot + 1}.")
    elif isinstance(action, TakeBack):
        said.insert(0, "Every token is back in your hand.")
    return clip(f"{DONE_MARK} " + " ".join(said), 1900) if said else f"{DONE_MARK} Done."
