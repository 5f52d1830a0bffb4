"""Perfect Cell played with clicks: the controls that make each move, and what a turn is.

Today a move is one click on the board (Roll, End turn, a Power Ups or Choose menu) or two: a die or
token button on the board, then the option in the private menu it opens. Whoever changes Cell's
controls changes ``press`` (and ``ready``) here.
"""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.registry import game_modules
from rules.cell.actions import CellAction, ChangeFace, Choose, Spend, StartSelection
from rules.cell.engine import legal_actions, twin_dice, with_die
from rules.cell.state import CellState
from tests.bot.driver import find_control, lobby_select
from tests.bot.flow.table import GameLog, private_answer
from tests.bot.load.reader import DatabaseReader, GameRow
from tests.bot.load.tables import offers_a_move
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

MODULE = game_modules()["cell"]


def die_in(action: CellAction) -> int | None:
    """The die an action uses (spends, chooses, burns or turns), if any."""
    if isinstance(action, Spend | Choose):
        return action.source.die
    if isinstance(action, StartSelection):
        return action.burn
    if isinstance(action, ChangeFace):
        return action.die
    return None


def index_of(state: CellState, wanted: CellAction) -> int:
    """Where ``wanted`` sits in the legal actions, the board's controls' numbering. Identical dice on
    the mat are listed once, so the AI's die may stand for a twin of the listed one."""
    actions = legal_actions(state, state.active_seat)
    die = die_in(wanted)
    twins = set(twin_dice(state, die)) if die is not None and state.dice[die].zone == "mat" else {die}
    for index, action in enumerate(actions):
        if action == wanted:
            return index
        listed = die_in(action)
        if die is not None and listed in twins and with_die(action, die) == wanted:
            return index
    raise AssertionError(f"the AI chose {wanted!r}, which is not among the legal actions")


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
        self.fake = fake
        self.reader = reader
        self.channel = channel
        self.people = people
        self.variant = variant

    def board(self) -> StoredMessage:
        row = self.reader.latest_game(self.channel.id)
        message = self.fake.world.find_message(row.message_id) if row and row.message_id else None
        assert message is not None, "the game has no board message"
        return message

    async def open(self) -> None:
        host = self.people[0]
        lobby = await self.fake.slash(host, "cell start", channel=self.channel, difficulty=self.variant)
        for person in self.people[1:]:
            await self.fake.click(person, lobby, "Join")
        for person, fighter in zip(self.people, MODULE.characters, strict=False):
            board = self.board()
            await self.fake.select(person, board, [fighter], custom_id=lobby_select(board, "pick"))
        await self.fake.click(host, self.board(), "Start")

    def ready(self, row: GameRow, state: CellState, seat: int) -> bool:
        return offers_a_move(row, self.board())

    def choose(self, state: CellState, seat: int) -> CellAction:
        return MODULE.ai_action(state, seat)  # type: ignore[no-any-return]

    def turn_of(self, state: CellState, seat: int, action: CellAction) -> Hashable:
        return (state.round, seat)

    def samples(self, log: GameLog) -> dict[str, list[int]]:
        return {}

    async def press(self, state: CellState, seat: int, action: CellAction) -> CellAction:
        """Makes ``action``; when the die's menu does not list it (a menu shows at most 25 options),
        the person takes the menu's first option instead, and that is the move returned."""
        person = self.people[seat]
        board = self.board()
        index = str(index_of(state, action))
        control = find_control(board, "act", index)
        if control is not None:
            if control["type"] == 2:
                await self.fake.click(person, board, control["custom_id"])
            else:
                await self.fake.select(person, board, [index], custom_id=control["custom_id"])
            return action
        opened = await self.fake.click(person, board, self._opener(state, board, action))
        menu = private_answer(opened, person)
        offered = [option["value"] for option in menu.selects[0]["options"]]
        if index in offered:
            await self.fake.select(person, menu, [index])
            return action
        await self.fake.select(person, menu, [offered[0]])
        return legal_actions(state, state.active_seat)[int(offered[0])]

    @staticmethod
    def _opener(state: CellState, board: StoredMessage, action: CellAction) -> str:
        """The board's button that opens the private menu holding ``action``: its token's, or a button
        of its die or of a twin of it."""
        if isinstance(action, Spend) and action.source.token is not None:
            control = find_control(board, "token", action.source.token)
            assert control is not None, f"no button for the {action.source.token} token"
            return str(control["custom_id"])
        die = die_in(action)
        assert die is not None, f"{action!r} has no control on the board"
        for twin in twin_dice(state, die):
            control = find_control(board, "die", str(twin))
            if control is not None and not control.get("disabled"):
                return str(control["custom_id"])
        raise AssertionError(f"no die button for {action!r}")
