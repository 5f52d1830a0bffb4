"""Perfect Cell played with clicks: the controls that make each decision, and what a turn is.

A decision is one step of the AI's plan: a roll, a spend, a threat canceled with several dice, a
reroll or a Power Up chosen and paid, the end of the turn. The person plays it as the end-to-end driver
plays a decision (``tests.bot.games.cell.driver``): with the control of the board that plays all of
it (Roll, End turn, an option of the menu of its kind of die, of the "Several dice at once" menu),
else the same behind the board's "Threats, Power Ups…" button, else the button or option that opens
its private payment panel, where the person picks the dice (unless the panel has them already) and
confirms; a decision no single control plays is played one move at a time. A turn is a player's turn:
every decision they make from their roll to the end of it.
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.cell.module import AI_BUDGET_MS
from bot.games.registry import game_modules
from rules.cell.actions import CellAction
from rules.cell.ai import make_player
from rules.cell.state import CellState
from tests.bot.load.reader import DatabaseReader, GameRow
from tests.bot.load.tables import LoadCellTable, offers_a_move
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser

from .table import GameLog

MODULE = game_modules()["cell"]

Decision = tuple[CellAction, ...]


class CellFlow:
    game = "cell"
    turn_name = "turn"

    def __init__(
        self,
        fake: FakeDiscord,
        reader: DatabaseReader,
        channel: FakeChannel,
        people: list[FakeUser],
        variant: str = "normal",
    ) -> None:
        self.table = LoadCellTable(fake, reader, channel, people)
        self.people = people
        self.variant = variant
        self.player = make_player("strong", AI_BUDGET_MS)
        """The player the bot's AI seats are (``ai_action`` plays the first action of its plan)."""

    async def open(self) -> None:
        await self.table.open(list(MODULE.characters)[: len(self.people)], difficulty=self.variant)

    def ready(self, row: GameRow, state: CellState, seat: int) -> bool:
        return offers_a_move(row, self.table.fake.world.find_message(row.message_id or 0))

    def choose(self, state: CellState, seat: int) -> Decision:
        """The first step of the AI's plan, seeded as the bot's AI seeds it: all the moves of one
        decision (a reroll with the dice it rolls again, a payment with its dice)."""
        steps = self.player.plan(state, seat, state.actions_taken)
        assert steps and steps[0].actions, f"the AI has no move for seat {seat}"
        return tuple(steps[0].actions)

    def turn_of(self, state: CellState, seat: int, action: Decision) -> Hashable:
        return (state.round, seat)

    def samples(self, log: GameLog) -> dict[str, list[int]]:
        return {}

    async def press(self, state: CellState, seat: int, action: Decision) -> Decision:
        await self.table.play_actions(state, action, self.people[seat])
        return action
