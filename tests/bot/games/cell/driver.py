"""Plays Perfect Cell through the fake Discord the way a person does: slash commands and clicks.

An engine action is found on screen by the index it has in ``legal_actions``, which the bot puts in
each control's custom id: a button or a menu option on the board, or an option in the menu that
opens when a die or token is pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app import GameBot
from rules.cell.actions import ChangeFace, Spend, StartSelection
from rules.cell.engine import legal_actions, twin_dice
from rules.cell.state import CellState
from tests.bot.driver import find_control, lobby_select
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage


class CellTable:
    """One channel's game, seen from the players' side."""

    def __init__(
        self, fake: FakeDiscord, bot: GameBot, channel: FakeChannel, players: list[FakeUser]
    ) -> None:
        self.fake = fake
        self.bot = bot
        self.channel = channel
        self.players = players

    async def record(self) -> Any:
        return await self.bot.service.storage.latest_game(self.channel.id)

    async def state(self) -> CellState:
        return self.bot.service.load_state(await self.record())

    async def board(self) -> StoredMessage:
        record = await self.record()
        message = self.fake.world.find_message(record.message_id)
        assert message is not None, "the game has no board message"
        return message

    async def open(
        self, fighters: list[str], difficulty: str = "normal", colours: list[str] | None = None
    ) -> None:
        host = self.players[0]
        lobby = await self.fake.slash(host, "cell start", channel=self.channel, difficulty=difficulty)
        for player in self.players[1:]:
            await self.fake.click(player, lobby, "Join")
        for player, fighter in zip(self.players, fighters, strict=True):
            board = await self.board()
            await self.fake.select(player, board, [fighter], custom_id=lobby_select(board, "pick"))
        for player, colour in zip(self.players, colours or [], strict=False):
            board = await self.board()
            await self.fake.select(player, board, [colour], custom_id=lobby_select(board, "colour"))
        await self.fake.click(host, await self.board(), "Start")

    async def play(
        self, state: CellState, action_index: int, user: FakeUser | None = None
    ) -> InteractionResult:
        """Performs legal action number ``action_index`` of the active seat with clicks."""
        actor = user or self.players[state.active_seat]
        board = await self.board()
        arg = str(action_index)
        control = find_control(board, "act", arg)
        if control is not None:
            if control["type"] == 2:
                return await self.fake.click(actor, board, control["custom_id"])
            return await self.fake.select(actor, board, [arg], custom_id=control["custom_id"])
        action = legal_actions(state, state.active_seat)[action_index]
        opener = self._menu_opener(state, board, action)
        menu = await self.fake.click(actor, board, opener)
        assert menu.message is not None, "pressing the die opened no menu"
        return await self.fake.select(actor, menu.message, [arg])

    @staticmethod
    def _menu_opener(state: CellState, board: StoredMessage, action: Any) -> str:
        if isinstance(action, Spend) and action.source.token is not None:
            control = find_control(board, "token", action.source.token)
            assert control is not None, f"no button for the {action.source.token} token"
            return control["custom_id"]
        die = (
            action.source.die
            if isinstance(action, Spend)
            else (
                action.burn
                if isinstance(action, StartSelection)
                else action.die
                if isinstance(action, ChangeFace)
                else None
            )
        )
        assert die is not None, f"{action!r} has no control on the board"
        for twin in twin_dice(state, die):
            control = find_control(board, "die", str(twin))
            if control is not None:
                return control["custom_id"]
        raise AssertionError(f"no die button for {action!r}")

    async def play_out(self, policy: Callable[[CellState, list[Any]], int], limit: int = 3000) -> CellState:
        """Plays until the game ends, choosing each action with ``policy(state, legal_actions)``."""
        for _ in range(limit):
            state = await self.state()
            if state.outcome is not None:
                return state
            actions = legal_actions(state, state.active_seat)
            await self.play(state, policy(state, actions))
        raise AssertionError("the game did not end")
