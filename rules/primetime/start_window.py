"""The Activation Start window (TW-1, TW-2, A4, 2.9): the active player may play one card before
the activation's first action; the card is public and waits while the reactive player may answer
with one of its own (15 s, default Pass). Then the window's cards resolve LIFO, so an answer can
counter: the reply first, then the active player's card, each only if it can still take effect."""

from __future__ import annotations

from rules.core.text import Text
from rules.primetime.actions import PlayCard
from rules.primetime.card_effects import apply_effects
from rules.primetime.card_play import build_play, put_away, resolution_problem, say_played
from rules.primetime.cards import card
from rules.primetime.context import Ctx
from rules.primetime.names import card_name
from rules.primetime.state import HeldPlay, PrimeTimeState, Prompt


def reply_prompt(state: PrimeTimeState) -> Prompt | None:
    """The reactive player's reply, once the active player has played an Activation Start card."""
    activation = state.activation
    if activation is None or not activation.start_plays or state.attack is not None:
        return None
    return Prompt(
        who=1 - state.active_seat, kind="activation_start", options=["pass", "card"], default="pass"
    )


def play(ctx: Ctx, action: PlayCard) -> None:
    """The card leaves the hand and waits; the reactive player's reply closes the window."""
    state = ctx.state
    activation = state.activation
    assert activation is not None
    state.players[action.player].hand.remove(action.card)
    state.window_plays.append(f"activation_start:{action.player}")
    activation.start_plays.append(
        HeldPlay(seat=action.player, card=action.card, unit=action.unit, target=action.target)
    )
    say_played(ctx, action)
    if action.player != state.active_seat:
        resolve(ctx)


def resolve(ctx: Ctx) -> None:
    """The reply is in (a card or a pass): the window's cards resolve, the last played first."""
    state = ctx.state
    activation = state.activation
    assert activation is not None
    held, activation.start_plays = activation.start_plays, []
    for entry in reversed(held):
        _resolve_one(ctx, entry)


def _resolve_one(ctx: Ctx, entry: HeldPlay) -> None:
    state = ctx.state
    chosen = card(entry.card)
    action = PlayCard(player=entry.seat, card=entry.card, unit=entry.unit, target=entry.target)
    played = build_play(state, action)
    if resolution_problem(state, played) is not None:
        # As A13 has it for a card whose condition is unmet when it resolves: it does nothing and
        # is still spent (an OPG card leaves the game, any other goes to the discard pile).
        player = state.players[entry.seat]
        (player.removed if chosen.type == "opg" else player.discard).append(chosen.id)
        ctx.say(
            "card_fizzled",
            Text("{card} can no longer take effect and does nothing", card=card_name(chosen.id)),
            entry.seat,
            card=chosen.id,
        )
        return
    # A Persistent card concerns the enemy it names (Psychic Bind), else the model it is played on.
    put_away(ctx, entry.seat, chosen, played.target or played.unit)
    apply_effects(ctx, played)
