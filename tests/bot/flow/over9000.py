"""Over 9000 played with clicks: the controls that make each move, and what a turn is.

The moves are made in each player's private panel ("My tokens"), as the end-to-end driver makes them
(``tests.bot.games.over9000.driver``): a player keeps the panel they opened, which the bot redraws
when the game gives them something to do, waits for it to show their move, and presses Refresh only
when it still does not; a token or an aim is picked in its menu before the button that plays it. A
player's turns are their arrangement of the round (the placement) and each of their attacks; a
defender's reveal answers another player's turn and is no turn of theirs.
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.over9000.panel import action_code
from bot.games.registry import game_modules
from rules.over9000.actions import Over9000Action
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State
from tests.bot.games.over9000.driver import find_act
from tests.bot.load.reader import DatabaseReader, GameRow
from tests.bot.load.tables import LoadOver9000Table, offers_a_move
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser

from .table import GameLog

MODULE = game_modules()["over9000"]


class Over9000Flow:
    game = "over9000"
    turn_name = "turn"

    def __init__(
        self, fake: FakeDiscord, reader: DatabaseReader, channel: FakeChannel, people: list[FakeUser]
    ) -> None:
        self.table = LoadOver9000Table(fake, reader, channel, people)
        self.people = people
        self._attacks = 0
        self._attack_expected: tuple[int, int] | None = None
        """The attacker and the action count at which their turn's next decision would come."""

    async def open(self) -> None:
        await self.table.open(list(MODULE.characters)[: len(self.people)])

    def ready(self, row: GameRow, state: Over9000State, seat: int) -> bool:
        """The board opens the panels, and the panel the player has open, if any, offers a move."""
        world = self.table.fake.world
        if not offers_a_move(row, world.find_message(row.message_id or 0)):
            return False
        kept = self.table.panels.get(seat)
        panel = world.find_message(kept.id) if kept is not None else None
        offered = (find_act(panel, action_code(action)) for action in legal_actions(state, seat))
        return panel is None or any(offered)

    def choose(self, state: Over9000State, seat: int) -> Over9000Action:
        return MODULE.ai_action(state, seat)  # type: ignore[no-any-return]

    def turn_of(self, state: Over9000State, seat: int, action: Over9000Action) -> Hashable | None:
        assert state.prompt is not None
        if state.prompt.kind == "place":
            return ("place", state.round, seat)
        if state.prompt.kind == "reveal":
            return None
        # An attacker's decisions follow one another with nobody else's move between them.
        if self._attack_expected != (seat, state.actions_taken):
            self._attacks += 1
        self._attack_expected = (seat, state.actions_taken + 1)
        return ("attack", self._attacks)

    async def press(self, state: Over9000State, seat: int, action: Over9000Action) -> Over9000Action:
        await self.table.play(action)
        return action

    def samples(self, log: GameLog) -> dict[str, list[int]]:
        """The clicks of placements and of attacks, apart: two kinds of turn of very unlike length."""
        return {
            f"{kind}_clicks": [turn.clicks for turn in log.turns if turn.key[0] == kind]  # type: ignore[index]
            for kind in ("place", "attack")
        }
