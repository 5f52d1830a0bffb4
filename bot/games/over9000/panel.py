"""Over 9000's private panels ("My tokens"): the ephemeral message where a player arranges tokens,
attacks, reveals and uses powers, in their own language (``words``), and the compact action codes its
controls carry."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord
from pydantic import ValidationError

from bot.games.over9000.panel_embed import TOKEN_EMOJI, counted, panel_embed
from bot.storage import GameRecord
from bot.ui.components import button, select, view_of
from bot.ui.text import clip
from locales.languages import Language
from renderers.over9000.words import Over9000Words, over9000_words
from rules.core.errors import IllegalAction
from rules.core.events import Event, events_for
from rules.core.text import N_, Text
from rules.over9000 import parse_action
from rules.over9000.actions import Attack, Keep, Over9000Action, Place, Reveal, TakeBack, UsePower
from rules.over9000.content import ATTACKS, SLOT_COUNT
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State

STALE_NOTE = N_("This panel is out of date, so nothing changed. Here is your current one.")
DONE_MARK = "✅"
"""Begins the note of a panel drawn after the player's move."""
REFUSED_MARK = "⚠️"
"""Begins the note of a panel drawn again after a refused move."""
ENGLISH = over9000_words(Language.ENGLISH)
"""A panel's words when no language is asked for."""


def refused_note(reason: str, words: Over9000Words) -> str:
    return words.gettext("{mark} {reason} Nothing changed.").format(mark=REFUSED_MARK, reason=reason)


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
    unknown = IllegalAction("unknown_choice", Text("I don't know that choice."))
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


def _placement_controls(
    state: Over9000State,
    seat: int,
    game_id: int,
    version: int,
    actions: list[Over9000Action],
    choice: PanelChoice,
    words: Over9000Words,
) -> list[discord.ui.Item[Any]]:
    player = state.players[seat]
    counts = Counter(token.kind for token in player.hand)
    kinds = list(counts)
    chosen = choice.kind if choice.kind in kinds else kinds[0]
    legal = {action_code(action) for action in actions}
    options = [
        discord.SelectOption(
            label=clip(counted(words.token(kind), counts[kind]), 100),
            value=kind,
            emoji=TOKEN_EMOJI[kind],
            default=kind == chosen,
        )
        for kind in kinds
    ]
    items: list[discord.ui.Item[Any]] = [
        select(
            game_id,
            version,
            "choose",
            options,
            placeholder=words.pgettext("placeholder", "Token to place"),
            arg="token",
            row=0,
            seat=seat,
        )
    ]
    keep = f"keep.{chosen}"
    items.append(
        button(
            game_id,
            version,
            "act",
            keep,
            label=words.pgettext("button", "Reserve"),
            style=discord.ButtonStyle.primary,
            disabled=keep not in legal,
            row=1,
            seat=seat,
        )
    )
    for slot in range(SLOT_COUNT):
        place = f"place.{chosen}.{slot}"
        top = player.top(slot)
        label = (
            words.format(
                words.pgettext("button", "Slot {slot} (onto {token})"),
                slot=slot + 1,
                token=words.token(top.kind),
            )
            if top
            else words.format(words.pgettext("button", "Slot {slot}"), slot=slot + 1)
        )
        items.append(
            button(
                game_id,
                version,
                "act",
                place,
                label=clip(label, 80),
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
            label=words.pgettext("button", "Take back all"),
            style=discord.ButtonStyle.danger,
            disabled="take_back" not in legal,
            row=2,
            seat=seat,
        )
    )
    return items


def _power_controls(
    state: Over9000State,
    seat: int,
    game_id: int,
    version: int,
    actions: list[Over9000Action],
    words: Over9000Words,
) -> list[discord.ui.Item[Any]]:
    powers = [action for action in actions if isinstance(action, UsePower)]
    if not powers:
        return []
    name = words.power(state.players[seat])
    if len(powers) == 1 and powers[0].target is None and powers[0].slot is None:
        label = clip(words.pgettext("button", "Flip your Dragon Ball: {power}").format(power=name), 80)
        return [
            button(game_id, version, "act", action_code(powers[0]), label=label, emoji="🐉", row=0, seat=seat)
        ]
    options = [
        discord.SelectOption(
            label=clip(_power_label(state, name, power, words), 100), value=action_code(power)
        )
        for power in powers
    ]
    return [
        select(
            game_id,
            version,
            "act",
            options,
            placeholder=clip(
                words.pgettext("placeholder", "🐉 Flip your Dragon Ball: {power}…").format(power=name), 150
            ),
            row=0,
            seat=seat,
        )
    ]


def _power_label(state: Over9000State, name: str, power: UsePower, words: Over9000Words) -> str:
    if power.target is None:
        return name
    target = words.fighter(state.players[power.target])
    if power.slot is None:
        return words.pgettext("menu option", "{power}: {target}").format(power=name, target=target)
    return words.format(
        words.pgettext("menu option", "{power}: {target}'s slot {slot}"),
        power=name,
        target=target,
        slot=power.slot + 1,
    )


def _attack_controls(
    state: Over9000State,
    seat: int,
    game_id: int,
    version: int,
    actions: list[Over9000Action],
    choice: PanelChoice,
    words: Over9000Words,
) -> list[discord.ui.Item[Any]]:
    attacks = [action for action in actions if isinstance(action, Attack)]
    aims = list(dict.fromkeys(f"{attack.slot}.{attack.target}" for attack in attacks))
    chosen = choice.aim if choice.aim in aims else aims[0]
    player = state.players[seat]

    def aim_label(aim: str) -> str:
        slot, target = (int(part) for part in aim.split("."))
        top = player.top(slot)
        assert top is not None
        return words.format(
            words.pgettext("menu option", "Slot {slot} ({token}) at {target}"),
            slot=slot + 1,
            token=words.token(top.kind),
            target=words.fighter(state.players[target]),
        )

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
            placeholder=words.pgettext("placeholder", "Slot to push, and at whom"),
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
                label=clip(
                    (
                        words.pgettext("button", "Declare {attack}")
                        if honest
                        else words.pgettext("button", "Declare {attack} (bluff)")
                    ).format(attack=words.token(declared)),
                    80,
                ),
                emoji=TOKEN_EMOJI[declared],
                style=discord.ButtonStyle.success if honest else discord.ButtonStyle.secondary,
                row=2,
                seat=seat,
            )
        )
    return items


def _reveal_controls(
    state: Over9000State,
    seat: int,
    game_id: int,
    version: int,
    actions: list[Over9000Action],
    words: Over9000Words,
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
                    label=clip(
                        words.format(
                            words.pgettext("button", "Reveal slot {slot}: {token}"),
                            slot=action.slot + 1,
                            token=words.token(top.kind),
                        ),
                        80,
                    ),
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
    words: Over9000Words = ENGLISH,
) -> dict[str, Any]:
    """A player's private panel, in their language: their tokens, and the controls for what they must
    do now (none while the AI plays their seat)."""
    game_id = record.id
    ai_plays = bool(record.lobby["players"][seat].get("ai"))
    actions = [] if ai_plays else legal_actions(state, seat)
    items: list[discord.ui.Item[Any]] = []
    prompt = state.prompt
    if actions and prompt is not None:
        if prompt.kind == "place":
            items = _placement_controls(state, seat, game_id, seat_moves, actions, choice, words)
        else:
            items = _power_controls(state, seat, game_id, seat_moves, actions, words)
            if prompt.kind == "attack":
                items += _attack_controls(state, seat, game_id, seat_moves, actions, choice, words)
            else:
                items += _reveal_controls(state, seat, game_id, seat_moves, actions, words)
    refresh = words.pgettext("button", "Refresh")
    items.append(button(game_id, seat_moves, "mine", label=refresh, emoji="🔄", row=4, seat=seat))
    return {"content": note, "embed": panel_embed(state, seat, ai_plays, words), "view": view_of(items)}


def done_note(action: Over9000Action, events: list[Event], seat: int, words: Over9000Words) -> str:
    said = [words.event(event) for event in events_for(events, seat)]
    if isinstance(action, Keep):
        said.insert(0, words.gettext("{token} into your reserve.").format(token=words.token(action.kind)))
    elif isinstance(action, Place):
        placed = words.gettext("{token} into slot {slot}.")
        said.insert(0, words.format(placed, token=words.token(action.kind), slot=action.slot + 1))
    elif isinstance(action, TakeBack):
        said.insert(0, words.gettext("Every token is back in your hand."))
    if not said:
        return words.gettext("{mark} Done.").format(mark=DONE_MARK)
    return clip(f"{DONE_MARK} " + " ".join(said), 1900)
