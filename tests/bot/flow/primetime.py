"""Prime Time played with clicks: the controls that make each move, and what an activation is.

The moves are made as the end-to-end driver makes them (``tests.bot.games.primetime.driver``): public
prompts (Z-Reaction, Deflect, Z-Evasion, On Hit, initiative...) and the Phase Start (Ready, or Play a
card… which opens the panel at the cards) on the board, everything else in the
player's private panel after the steps that lead to it (Play a card…, Joint Attack…, the Ascension
menus; an activation's screen holds its Move and Technique menus at once), a cell or a terrain edit
typed in the coordinates modal. A player keeps the panel they opened
and uses it as it is: the bot redraws it as the game moves (a press that finds no control for the
move fails the game: the panel was not kept current). They open one from the board (its Act…
button, else My hand) when they have none.

An activation runs from the player's Activate to the end of that model's activation; its clicks are
the active player's (the other player's replies are kept beside them). Whoever changes Prime Time's
controls changes ``FlowPrimeTimeTable`` here (or the driver it builds on).
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.primetime.panel import PUBLIC_KINDS
from bot.games.registry import game_modules
from rules.primetime.actions import Activate, JointAttack, Move, PrimeTimeAction, Timeout, UseTechnique
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import private_answer
from tests.bot.games.primetime.driver import PrimeTimeTable, find, parts
from tests.bot.load.reader import DatabaseReader, GameRow
from tests.bot.load.tables import FromDatabase
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

from .table import GameLog, Turn, state_of

MODULE = game_modules()["primetime"]
ATTACKS = (UseTechnique, JointAttack)


class FlowPrimeTimeTable(FromDatabase, PrimeTimeTable):
    """The end-to-end driver's table, reading the game from the database, with people who keep their
    panel."""

    def __init__(
        self, fake: FakeDiscord, reader: DatabaseReader, channel: FakeChannel, people: list[FakeUser]
    ) -> None:
        super().__init__(fake, reader, channel, people)
        self.panels: dict[int, int] = {}
        """The message id of each person's kept panel."""

    async def state(self) -> PrimeTimeState:
        return state_of(await self.record())  # type: ignore[no-any-return]

    async def settle(self) -> None:
        """Every click already waits for the fake to go quiet; the AI's moves are waited for by ``table``."""

    async def open_panel(self, seat: int) -> StoredMessage:
        kept = self.panels.get(seat)
        panel = self.fake.world.find_message(kept) if kept is not None else None
        if panel is not None:
            return panel
        person = self.people[seat]
        board = await self.board()
        opener = find(board, "panel", "") or find(board, "panel", "hand")
        opened = private_answer(await self.fake.click(person, board, opener["custom_id"]), person)
        self.panels[seat] = opened.id
        found = self.fake.world.find_message(opened.id)
        assert found is not None
        return found


class PrimeTimeFlow:
    game = "primetime"
    turn_name = "activation"

    def __init__(
        self,
        fake: FakeDiscord,
        reader: DatabaseReader,
        channel: FakeChannel,
        people: list[FakeUser],
        setup: str = "quick",
    ) -> None:
        self.table = FlowPrimeTimeTable(fake, reader, channel, people)
        self.setup = setup
        self._activations = 0

    async def open(self) -> None:
        await self.table.open(list(MODULE.characters)[:2], setup=self.setup)

    def ready(self, row: GameRow, state: PrimeTimeState, seat: int) -> bool:
        """The board shows the game (its My hand button, which carries the version it was drawn at);
        for a prompt answered on the board, drawn for the saved state. The panels, redrawn before the
        board, show it too."""
        board = self.table.fake.world.find_message(row.message_id or 0)
        hand = find(board, "panel", "hand") if board is not None else None
        if hand is None:
            return False
        prompt = state.prompt_for(seat)
        return (
            prompt is None
            or prompt.kind not in (*PUBLIC_KINDS, "phase_start")
            or parts(hand["custom_id"])[2] == str(row.version)
        )

    def choose(self, state: PrimeTimeState, seat: int) -> PrimeTimeAction:
        """The AI's choice; a person never lets a prompt time out on purpose."""
        action: PrimeTimeAction = MODULE.ai_action(state, seat)
        if isinstance(action, Timeout):
            return next(option for option in legal_actions(state, seat) if not isinstance(option, Timeout))
        return action

    def turn_of(self, state: PrimeTimeState, seat: int, action: PrimeTimeAction) -> Hashable | None:
        if isinstance(action, Activate):
            self._activations += 1
            return ("activation", self._activations)
        return ("activation", self._activations) if state.activation is not None else None

    async def press(self, state: PrimeTimeState, seat: int, action: PrimeTimeAction) -> PrimeTimeAction:
        await self.table.play(action)
        return action

    def samples(self, log: GameLog) -> dict[str, list[int]]:
        """The active player's clicks for each activation that moves and then attacks (from the
        Activate to the attack, over the activations whose first attack came after a move), and the
        other player's clicks in each activation (their reactions, Deflects, cards)."""
        clicks = [found for turn in log.turns if (found := move_then_attack_clicks(turn)) is not None]
        replies = [
            sum(decision.clicks for decision in turn.decisions if decision.seat != turn.seat)
            for turn in log.turns
        ]
        return {"move_attack_clicks": clicks, "reply_clicks": replies}


def move_then_attack_clicks(turn: Turn) -> int | None:
    own = [decision for decision in turn.decisions if decision.seat == turn.seat]
    moved, clicks = False, 0
    for decision in own:
        clicks += decision.clicks
        if isinstance(decision.action, ATTACKS):
            return clicks if moved else None
        moved |= isinstance(decision.action, Move)
    return None
