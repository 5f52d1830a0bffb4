"""The end-to-end drivers' tables, playing from what the database says rather than from the bot object
(which lives in another process), and what a player takes for "my move was accepted"."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from bot.games.over9000.panel import DONE_MARK
from rules.cell.state import CellState
from rules.over9000.actions import Over9000Action
from rules.over9000.ai import choose_action
from rules.over9000.state import Over9000State
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import decision, heuristic
from tests.bot.games.over9000.driver import Over9000Table, control_parts
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.rest import RecordedRequest
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

from .reader import DatabaseReader, GameRow

UPDATE_MESSAGE = 7
ANSWER_ROUTES = (
    "/interactions/{interaction_id}/{interaction_token}/",
    "/webhooks/{webhook_id}/{webhook_token}",
)
SAVED_WORD = "Your move was saved"
REFUSAL_WORDS = "nothing changed"
CELL_MOVE_OPS = ("act", "more")
OVER9000_BOARD_OPS = ("mine", "duel")


class FromDatabase:
    """A driver's table that reads the game from the database: the bot lives in another process."""

    channel: FakeChannel

    def __init__(
        self, fake: FakeDiscord, reader: DatabaseReader, channel: FakeChannel, people: list[FakeUser]
    ) -> None:
        super().__init__(fake, None, channel, people)  # type: ignore[call-arg]
        self.reader = reader

    async def record(self) -> GameRow:
        row = self.reader.latest_game(self.channel.id)
        assert row is not None, f"no game was played in {self.channel!r}"
        return row

    async def state(self) -> Any:
        return (await self.record()).state()


class LoadCellTable(FromDatabase, CellTable):
    """Perfect Cell played with the board's controls, as ``CellTable`` plays it."""


class LoadOver9000Table(FromDatabase, Over9000Table):
    """Over 9000 played with each player's panel, as ``Over9000Table`` plays it."""

    async def settle(self) -> None:
        """Players under load act on what they see at once; nobody waits for the bot to go quiet."""

    async def answered(self, result: InteractionResult) -> None:
        """A busy bot acknowledges a click first and shows what it brought up (a new panel, a token
        picked) a moment later: the player looks at the panel once it has, as people do, rather than
        at the panel as it was before the click."""
        await result.shown()


def cell_choice(state: CellState, seed: int) -> list[int]:
    """The heuristic player's decision, now and then one started by a random legal action instead (a
    choice of dice it starts is finished the heuristic's way)."""
    rng = random.Random(seed)
    if rng.random() < 0.1:
        return decision(state, lambda _state, actions: rng.randrange(len(actions)))
    return decision(state, heuristic)


def over9000_choice(state: Over9000State, seat: int, seed: int) -> Over9000Action:
    """The bundled AI's choice, as a person in that seat would click it."""
    return choose_action(state, seat, seed=seed)


def board_controls(message: StoredMessage | None) -> list[tuple[int, str]]:
    """(version, op) of each enabled game control on the message."""
    found = []
    for component in message.walk_components() if message is not None else []:
        parts = control_parts(component.get("custom_id", ""))
        if parts is not None and not component.get("disabled"):
            found.append((int(parts[2]), parts[3]))
    return found


def offers_a_move(row: GameRow, board: StoredMessage | None) -> bool:
    """Whether the person to move can do something on the board: a Cell control drawn for the current
    version, or Over9000's buttons that open their panel."""
    controls = board_controls(board)
    if row.game == "cell":
        return any(version == row.version and op in CELL_MOVE_OPS for version, op in controls)
    return any(op in OVER9000_BOARD_OPS for _, op in controls)


def answers_by_token(requests: list[RecordedRequest]) -> dict[str, list[RecordedRequest]]:
    """Everything the bot answered to each interaction and Discord took: its first answer, its edits
    of that answer and its follow-ups, by interaction token."""
    answers: dict[str, list[RecordedRequest]] = defaultdict(list)
    for request in requests:
        template = request.template or ""
        if template.startswith(ANSWER_ROUTES) and request.status < 400 and isinstance(request.body, dict):
            answers[request.path.split("/")[3]].append(request)
    return answers


def acknowledged(game: str, answers: list[RecordedRequest]) -> bool:
    """Whether the bot told the player their move went through: the clicked message updated with the
    move's outcome (at once, or edited after an acknowledgement), or word that the move was saved. A
    refusal is a new private message, or the clicked message drawn again saying that nothing changed.
    An Over 9000 panel is also redrawn when the game moves on, through the token of the click that
    last answered with it, so only a redraw that says what the move did counts there."""
    for request in answers:
        if request.template.endswith("/callback"):
            updated = request.body.get("type") == UPDATE_MESSAGE
            content = (request.body.get("data") or {}).get("content")
        else:
            updated = request.method == "PATCH" and request.template.endswith("/@original")
            content = request.body.get("content")
        told = (content or "").startswith(DONE_MARK)
        # Every refusal drawn in place of the clicked message (a board or panel out of date, a seat
        # the AI plays) says so: an update is a move only when it is not one of them.
        refused = REFUSAL_WORDS in (content or "").lower()
        if SAVED_WORD in (content or "") or (updated and not refused and (game == "cell" or told)):
            return True
    return False


def humans_to_move(row: GameRow, state: Any) -> list[int]:
    if row.game == "cell":
        seats = [] if state.outcome is not None else [state.active_seat]
    else:
        seats = [] if state.outcome is not None or state.prompt is None else list(state.prompt.seats)
    return [seat for seat in seats if not row.is_ai(seat)]
