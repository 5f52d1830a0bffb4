"""Plays Over 9000 through the fake Discord the way people do: slash commands, the board's buttons and
each player's private panel.

An engine action is found in a player's panel by its code (``place.kick.2``, ``attack.0.1.punch``),
which the bot puts in the panel's custom ids; a token or an aim picked in the panel's menu first
brings up the buttons for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app import GameBot
from bot.games.over9000.panel import action_code
from rules.over9000.actions import Attack, Keep, Over9000Action, Place
from rules.over9000.state import Over9000State
from tests.bot.driver import game_channel, private_answer
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

Policy = Callable[[Over9000State, int], Over9000Action]


def control_parts(custom_id: str) -> tuple[str, str, str, str, str] | None:
    """``(kind, game, version, op, arg)`` of a game control's custom id (a panel's also ends with its
    seat)."""
    parts = custom_id.split(":")
    return (parts[0], parts[1], parts[2], parts[3], parts[4]) if len(parts) in (5, 6) else None


def find_act(message: StoredMessage, code: str) -> dict[str, Any] | None:
    """The button or menu of ``message`` that plays ``code``."""
    for component in message.walk_components():
        parts = control_parts(component.get("custom_id", ""))
        if parts is None or parts[3] != "act":
            continue
        if component["type"] == 2 and parts[4] == code and not component.get("disabled"):
            return component
        if component["type"] == 3 and any(option["value"] == code for option in component["options"]):
            return component
    return None


def find_choice(message: StoredMessage, arg: str) -> dict[str, Any] | None:
    for component in message.selects:
        parts = control_parts(component["custom_id"])
        if parts is not None and parts[3] == "choose" and parts[4] == arg:
            return component
    return None


class Over9000Table:
    """One channel's game, seen from the players' side. ``people`` are the human players in seat
    order, the host first; AI seats follow them."""

    def __init__(self, fake: FakeDiscord, bot: GameBot, channel: FakeChannel, people: list[FakeUser]) -> None:
        self.fake = fake
        self.bot = bot
        self.channel = channel
        self.people = people
        self.panels: dict[int, StoredMessage] = {}

    async def record(self) -> Any:
        return await self.bot.service.storage.latest_game(self.channel.id)

    async def state(self) -> Over9000State:
        return self.bot.service.load_state(await self.record())

    async def board(self) -> StoredMessage:
        message = self.fake.world.find_message((await self.record()).message_id)
        assert message is not None, "the game has no board message"
        return message

    async def settle(self) -> None:
        await self.bot.autopilot.idle()
        await self.fake.settle()

    async def answered(self, result: InteractionResult) -> None:
        """Returns once the bot has shown what ``result``'s click brought up: the fake has settled
        after each action by then."""

    async def open(self, characters: list[str], ai_players: int = 0) -> None:
        """The host opens the lobby, everyone joins and picks ``characters`` (humans, in seat order)."""
        host = self.people[0]
        lobby = await self.fake.slash(host, "over9000 start", channel=self.channel, ai_players=ai_players)
        self.channel = game_channel(self.fake, lobby, self.channel)
        for person in self.people[1:]:
            await self.fake.click(person, lobby, "Join")
        for person, character in zip(self.people, characters, strict=True):
            await self.fake.select(person, await self.board(), [character])
        await self.fake.click(host, await self.board(), "Start")
        await self.settle()

    def person(self, seat: int) -> FakeUser:
        return self.people[seat]

    async def open_panel(self, seat: int) -> StoredMessage:
        """Presses "My tokens" on the board as the player in ``seat``; returns their new panel."""
        person = self.person(seat)
        opened = await self.fake.click(person, await self.board(), "My tokens")
        await self.answered(opened)
        panel = private_answer(opened, person)
        self.panels[seat] = panel
        return panel

    async def panel(self, seat: int) -> StoredMessage:
        current = self.panels.get(seat)
        found = self.fake.world.find_message(current.id) if current is not None else None
        return found if found is not None else await self.open_panel(seat)

    async def refresh(self, seat: int) -> StoredMessage:
        panel = await self.panel(seat)
        await self.answered(await self.fake.click(self.person(seat), panel, "Refresh"))
        return await self.panel(seat)

    async def play(self, action: Over9000Action) -> InteractionResult:
        """Plays ``action`` with clicks in its player's panel, choosing a token or an aim first when
        the panel shows another one."""
        seat = action.player
        user = self.person(seat)
        code = action_code(action)
        panel = await self.panel(seat)
        if not self._ready_for(panel, action):
            panel = await self.refresh(seat)
        if isinstance(action, Keep | Place):
            await self._pick(seat, panel, "token", action.kind)
        elif isinstance(action, Attack):
            await self._pick(seat, panel, "aim", f"{action.slot}.{action.target}")
        panel = await self.panel(seat)
        control = find_act(panel, code)
        assert control is not None, f"no control for {code} in {seat}'s panel"
        if control["type"] == 2:
            result = await self.fake.click(user, panel, control["custom_id"])
        else:
            result = await self.fake.select(user, panel, [code], custom_id=control["custom_id"])
        await self.settle()
        return result

    def _ready_for(self, panel: StoredMessage, action: Over9000Action) -> bool:
        if isinstance(action, Keep | Place):
            return find_choice(panel, "token") is not None
        if isinstance(action, Attack):
            return find_choice(panel, "aim") is not None
        return find_act(panel, action_code(action)) is not None

    async def _pick(self, seat: int, panel: StoredMessage, arg: str, value: str) -> None:
        menu = find_choice(panel, arg)
        assert menu is not None, f"no {arg} menu in {seat}'s panel"
        chosen = next((option["value"] for option in menu["options"] if option.get("default")), None)
        if chosen != value:
            await self.answered(
                await self.fake.select(self.person(seat), panel, [value], custom_id=menu["custom_id"])
            )

    async def play_out(self, policy: Policy, limit: int = 2000) -> Over9000State:
        """Plays every human move with ``policy`` until the game ends; AI seats play themselves."""
        for _ in range(limit):
            state = await self.state()
            if state.outcome is not None:
                return state
            assert state.prompt is not None
            humans = [seat for seat in state.prompt.seats if seat < len(self.people)]
            if not humans:
                await self.settle()
                continue
            await self.play(policy(state, humans[0]))
        raise AssertionError("the game did not end")
