"""A cell typed in the coordinates modal, checked and shown before it is played: the close-up around
it with the cell lettered A (or the objective's ball drawn where it would go), the move in words, and
Confirm and Back. Confirm plays it as any control does (stale-checked by the seat's move count);
Back returns to the step the modal was opened from. A typed cell the engine does not offer is
refused with the engine's reason, before anything is drawn."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.primetime.codes import action_code, cell_text, parse_code
from bot.games.primetime.controls import Controls
from bot.games.primetime.modal import cell_code
from bot.games.primetime.speech import Speaker
from bot.storage import GameRecord
from bot.ui.components import view_of
from bot.ui.messages import board_file
from renderers.common import RenderedBoard
from renderers.primetime import PrimeTimeBoard, PrimeTimeZoom
from rules.core.errors import IllegalAction
from rules.core.text import Text
from rules.primetime import view
from rules.primetime.actions import Deploy, EvadeMove, Move, PlaceObjective, PrimeTimeAction
from rules.primetime.checks import problem
from rules.primetime.engine import legal_actions
from rules.primetime.move_words import inches_words, move_limit_words
from rules.primetime.state import PrimeTimeState
from rules.primetime.targeting import move_options

NOT_OFFERED = Text("That cell is not one you can choose now.")
"""Should the engine offer an action it finds no fault with: ``legal_actions`` is the truth."""


def typed_action(state: PrimeTimeState, seat: int, purpose: str, cell: tuple[int, int]) -> PrimeTimeAction:
    """The action a modal opened for ``purpose`` plays at ``cell``, when the engine offers it to
    ``seat``; IllegalAction with the engine's reason when not."""
    action = parse_code(cell_code(purpose, cell), state, seat)
    if action not in legal_actions(state, seat):
        raise problem(state, action) or IllegalAction("not_offered", NOT_OFFERED)
    return action


def back_step(purpose: str) -> str:
    """The panel step a modal opened for ``purpose`` came from: a model's deployment cells, or the
    prompt's first screen (an activation's holds its Move menu)."""
    return purpose if purpose.startswith("dep.") else "main"


def _reach(state: PrimeTimeState, seat: int, action: PrimeTimeAction) -> frozenset[tuple[int, int]]:
    """Every cell the same choice could have named, tinted around the typed one."""
    offered = legal_actions(state, seat)
    if isinstance(action, Deploy):
        return frozenset(
            other.to
            for other in offered
            if isinstance(other, Deploy) and other.unit == action.unit and other.level == action.level
        )
    kind = type(action)
    return frozenset(
        other.to for other in offered if isinstance(other, Move | EvadeMove) and type(other) is kind
    )


def preview_zoom(
    record: GameRecord, state: PrimeTimeState, seat: int, action: PrimeTimeAction
) -> PrimeTimeZoom:
    """The close-up of the typed choice, drawn from the public view only."""
    public = view(state, None)
    first, second = (player["name"] for player in record.lobby["players"])
    if isinstance(action, PlaceObjective):
        # The ball is drawn where it would go: that is the mark.
        shown = public.model_copy(update={"objectives": [*public.objectives, action.point]})
        return PrimeTimeZoom(board=PrimeTimeBoard(view=shown, names=(first, second)), focus=action.point)
    assert isinstance(action, Move | EvadeMove | Deploy)
    board = PrimeTimeBoard(view=public, names=(first, second))
    reach, to = _reach(state, seat, action), action.to
    mover = _mover(state, action)
    if mover is None:
        return PrimeTimeZoom(board=board, focus=to, reach=reach, lettered=[to])
    start = state.unit(mover).cell
    middle = ((start[0] + to[0]) // 2, (start[1] + to[1]) // 2)
    return PrimeTimeZoom(board=board, centre=mover, focus=middle, reach=reach, lettered=[to])


def _mover(state: PrimeTimeState, action: PrimeTimeAction) -> str | None:
    """The model on the battlefield that the typed choice moves."""
    if isinstance(action, Move) and state.activation is not None:
        return state.activation.unit
    if isinstance(action, EvadeMove) and state.attack is not None:
        return state.attack.evader
    return None


def preview_words(state: PrimeTimeState, action: PrimeTimeAction, words: Speaker) -> str:
    """The typed choice in a sentence of ``words``' language."""
    _ = words.gettext
    if isinstance(action, PlaceObjective):
        objective = _("**Place an objective** on the grid point {point} (the new ball).")
        return objective.format(point=cell_text(action.point))
    if isinstance(action, Deploy):
        model, cell = words.unit(state, action.unit), cell_text(action.to)
        if action.level:
            return _("**Deploy {model}** on {cell} at L1 (flying), marked A.").format(model=model, cell=cell)
        return _("**Deploy {model}** on {cell}, marked A.").format(model=model, cell=cell)
    mover = _mover(state, action)
    assert mover is not None and isinstance(action, Move | EvadeMove)
    unit = state.unit(mover)
    name, start, to = words.unit(state, mover), cell_text(unit.cell), cell_text(action.to)
    if isinstance(action, EvadeMove):
        if action.to == unit.cell:
            return _("**Evade**: {model} stays on {start}.").format(model=name, start=start)
        evade = _("**Evade**: {model} moves from {start} to {cell}, marked A.")
        return evade.format(model=name, start=start, cell=to)
    cost = move_options(state, unit).get(action.to)
    limit = words.say(move_limit_words(state, unit))
    if cost is None:
        plain = _("**Move {model}** from {start} to {cell}, marked A ({limit}).")
        return plain.format(model=name, start=start, cell=to, limit=limit)
    move = _("**Move {model}** from {start} to {cell}, marked A: {distance} of movement ({limit}).")
    return move.format(model=name, start=start, cell=to, distance=words.say(inches_words(cost)), limit=limit)


def preview_message(
    record: GameRecord,
    state: PrimeTimeState,
    seat: int,
    controls: Controls,
    action: PrimeTimeAction,
    picture: RenderedBoard,
    back: str,
) -> dict[str, Any]:
    """The panel showing ``seat`` its typed choice, with Confirm (which plays it) and Back, in the
    controls' language (the typing player's)."""
    words = controls.words
    sentence = words.gettext("{choice}\n\nConfirm to play it, or go back to choose again.")
    embed = discord.Embed(
        title=words.gettext("{player} — check your choice").format(
            player=record.lobby["players"][seat]["name"]
        ),
        description=sentence.format(choice=preview_words(state, action, words)),
        colour=discord.Colour.dark_orange(),
    )
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=words.gettext("Only you can see this."))
    confirm = controls.button(
        controls.play_op,
        action_code(action),
        label=words.pgettext("button", "Confirm"),
        emoji="✅",
        style=discord.ButtonStyle.success,
        row=0,
    )
    items = [confirm, controls.step(back, words.pgettext("button", "Back"), row=0)]
    return {"content": None, "embed": embed, "files": [board_file(picture)], "view": view_of(items)}
