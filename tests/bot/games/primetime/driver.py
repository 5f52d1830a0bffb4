"""Plays Prime Time through the fake Discord the way people do: slash commands, the board's controls,
each player's ephemeral panel ("My hand", "Act…") and the coordinates modal.

An engine action is found by its code (``bot.games.primetime.codes``), which the bot puts in each
control's custom id or menu option: on the board for public prompts and a Phase Start's Ready (its
Play a card… opens the panel at the cards), else in the panel, after the steps that lead to it (Play a
card…, Joint Attack…, one Ascension menu per model); an activation's screen holds its Move and
Technique menus at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app import GameBot
from bot.games.primetime.ascension_panel import default_letters
from bot.games.primetime.codes import PLAN_LETTERS, action_code, plan_letters
from bot.games.primetime.panel import PUBLIC_KINDS
from rules.primetime.actions import (
    Deploy,
    Discard,
    EvadeMove,
    JointAttack,
    LockAscension,
    Move,
    PassWindow,
    PlaceObjective,
    PlaceTerrain,
    PlayCard,
    PrimeTimeAction,
    RemoveTerrain,
    Timeout,
    UseTechnique,
)
from rules.primetime.ai import choose_action
from rules.primetime.engine import legal_actions
from rules.primetime.state import PrimeTimeState
from tests.bot.driver import private_answer
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage

PREVIEW_WAITS = 200
"""Up to 10 s, in steps of 50 ms."""


def parts(custom_id: str) -> list[str]:
    return custom_id.split(":")


def find(message: StoredMessage, op: str, arg: str | None = None, value: str | None = None) -> Any:
    """The enabled button (``arg``) or menu (offering ``value``) of ``message`` with ``op``."""
    for component in message.walk_components():
        found = parts(component.get("custom_id", ""))
        # A private panel's control ends with its seat.
        if len(found) not in (5, 6) or found[3] != op or component.get("disabled"):
            continue
        if component["type"] == 2 and (arg is None or found[4] == arg):
            return component
        offered = [option["value"] for option in component.get("options", [])]
        if component["type"] == 3 and value is not None and value in offered:
            return component
        if component["type"] == 3 and value is None and arg is not None and found[4] == arg:
            return component
    return None


def more_models(panel: StoredMessage) -> str:
    """The step of the Ascension panel's More models button: the one ``asc.<letters>.<page>`` step
    that is a button (each model's menu adds its index to the step)."""
    return next(
        parts(component["custom_id"])[4]
        for component in panel.walk_components()
        if component["type"] == 2
        and len(parts(component["custom_id"])) in (5, 6)
        and parts(component["custom_id"])[3] == "choose"
        and parts(component["custom_id"])[4].startswith("asc.")
    )


def can_move(state: PrimeTimeState) -> bool:
    """Whether the first prompt is an activation's action step that offers a move."""
    return (
        bool(state.prompts)
        and state.prompts[0].kind == "action"
        and any(isinstance(action, Move) for action in legal_actions(state, state.prompts[0].who))
    )


async def logged_actions(table: PrimeTimeTable) -> list[PrimeTimeAction]:
    """The table's game's action log, as the bot saved it."""
    storage = table.bot.service.storage
    return [logged.action for logged in await storage.actions((await table.record()).id)]


def human_policy(state: PrimeTimeState, seat: int) -> PrimeTimeAction:
    """The bundled AI's choice, as a person would click it (a person never "times out" on purpose)."""
    action = choose_action(state, seat, seed=state.rng.seed + 7 * seat)
    if isinstance(action, Timeout):
        return next(option for option in legal_actions(state, seat) if not isinstance(option, Timeout))
    return action


class PrimeTimeTable:
    """One channel's game seen from the players' side; ``people`` sit in seat order, the host first."""

    def __init__(self, fake: FakeDiscord, bot: GameBot, channel: FakeChannel, people: list[FakeUser]) -> None:
        self.fake = fake
        self.bot = bot
        self.channel = channel
        self.people = people
        self.modals_used = 0

    async def record(self) -> Any:
        return await self.bot.service.storage.latest_game(self.channel.id)

    async def state(self) -> PrimeTimeState:
        return self.bot.service.load_state(await self.record())

    async def board(self) -> StoredMessage:
        message = self.fake.world.find_message((await self.record()).message_id)
        assert message is not None, "the game has no board message"
        return message

    async def settle(self) -> None:
        await self.bot.autopilot.idle()
        await self.fake.settle()

    async def open(self, presets: list[str], ai_opponent: bool = False, setup: str = "quick") -> None:
        host = self.people[0]
        await self.fake.slash(
            host, "primetime start", channel=self.channel, ai_opponent=ai_opponent, setup=setup
        )
        # The lobby's controls are found by what they do: its labels are in the server's language.
        for person in self.people[1:]:
            lobby = await self.board()
            await self.fake.click(person, lobby, find(lobby, "join")["custom_id"])
        for person, preset in zip(self.people, presets, strict=False):
            board = await self.board()
            await self.fake.select(person, board, [preset], custom_id=find(board, "pick", "")["custom_id"])
        lobby = await self.board()
        await self.fake.click(host, lobby, find(lobby, "start")["custom_id"])
        await self.settle()

    async def open_panel(self, seat: int) -> StoredMessage:
        # An activation's panel draws its close-up first, so the click is acknowledged before it.
        # The board's My hand is found by what it does: its label is in the server's language.
        person, board = self.people[seat], await self.board()
        my_hand = find(board, "panel", "hand")
        assert my_hand is not None, "the board has no My hand"
        return private_answer(await self.fake.click(person, board, my_hand["custom_id"]), person)

    async def _press(self, seat: int, message: StoredMessage, control: Any, value: str) -> InteractionResult:
        user = self.people[seat]
        if control["type"] == 2:
            return await self.fake.click(user, message, control["custom_id"])
        return await self.fake.select(user, message, [value], custom_id=control["custom_id"])

    async def step(self, seat: int, panel: StoredMessage, step: str) -> StoredMessage:
        control = find(panel, "choose", step)
        assert control is not None, f"no {step} step in the panel"
        await self.fake.click(self.people[seat], panel, control["custom_id"])
        found = self.fake.world.find_message(panel.id)
        assert found is not None
        return found

    async def play(self, action: PrimeTimeAction) -> InteractionResult:
        """Plays ``action`` with the clicks a person would make."""
        state = await self.state()
        seat = action.player
        code = action_code(action)
        prompt = state.prompt_for(seat)
        if prompt is not None and prompt.kind in PUBLIC_KINDS and not isinstance(action, PlayCard):
            board = await self.board()
            control = find(board, "act", code, code)
            if control is not None:
                return await self._press(seat, board, control, code)
            assert isinstance(action, EvadeMove | PlaceObjective), f"no control for {code} on the board"
            return await self.by_coordinates(
                seat, board, action.to if isinstance(action, EvadeMove) else action.point
            )
        if prompt is not None and prompt.kind == "phase_start":
            return await self._phase_start(seat, action)
        panel = await self.open_panel(seat)
        if isinstance(action, PlaceTerrain | RemoveTerrain):
            return await self.edit_terrain(seat, panel, action)
        if isinstance(action, Deploy):
            return await self._deploy(seat, panel, action)
        if isinstance(action, PlayCard):
            panel = await self.step(seat, panel, "cards.0")
            return await self._find_paged(seat, panel, "cards", code)
        if isinstance(action, JointAttack):
            panel = await self.step(seat, panel, "joint.0")
            return await self._find_paged(seat, panel, "joint", code)
        if isinstance(action, UseTechnique):
            # The activation's screen holds the Technique menu's first page, More attacks… the rest.
            return await self._find_paged(seat, panel, "tech", code)
        if isinstance(action, Move):
            control = find(panel, "pact", None, code)
            if control is not None:
                return await self._press(seat, panel, control, code)
            return await self.by_coordinates(seat, panel, action.to)
        if isinstance(action, Discard):
            return await self._find_paged(seat, panel, "disc", code)
        if isinstance(action, LockAscension):
            panel = await self._plan(seat, panel, state, plan_letters(action.plan))
        control = find(panel, "pact", code, code)
        assert control is not None, f"no control for {code} in the panel"
        return await self._press(seat, panel, control, code)

    async def _phase_start(self, seat: int, action: PrimeTimeAction) -> InteractionResult:
        """A Phase Start is answered on the board: Ready, or Play a card… (which opens the panel at
        the cards)."""
        board = await self.board()
        if isinstance(action, PassWindow):
            ready = find(board, "ready")
            assert ready is not None, "no Ready on the board at a Phase Start"
            return await self._press(seat, board, ready, "")
        opener = find(board, "panel", "cards")
        assert opener is not None and isinstance(action, PlayCard), f"no control for {action} on the board"
        opened = await self.fake.click(self.people[seat], board, opener["custom_id"])
        assert opened.message is not None and opened.message.visible_to is self.people[seat]
        return await self._find_paged(seat, opened.message, "cards", action_code(action))

    async def edit_terrain(
        self, seat: int, panel: StoredMessage, action: PlaceTerrain | RemoveTerrain
    ) -> InteractionResult:
        opened = await self.fake.click(
            self.people[seat], panel, find(panel, "coords", "terrain")["custom_id"]
        )
        self.modals_used += 1
        text = (
            f"remove {action.index + 1}"
            if isinstance(action, RemoveTerrain)
            else f"{action.kind} {action.x} {action.y} {action.width} {action.height}"
        )
        return await self.fake.submit_modal(self.people[seat], opened, {"cell": text})

    async def _deploy(self, seat: int, panel: StoredMessage, action: Deploy) -> InteractionResult:
        menu = find(panel, "choose", "dep")
        assert menu is not None, "no model menu in the deploy panel"
        await self.fake.select(self.people[seat], panel, [action.unit], custom_id=menu["custom_id"])
        panel = self.fake.world.find_message(panel.id) or panel
        if action.level and find(panel, "choose", f"dep.{action.unit}.1") is not None:
            panel = await self.step(seat, panel, f"dep.{action.unit}.1")
        code = action_code(action)
        control = find(panel, "pact", None, code)
        if control is not None:
            return await self._press(seat, panel, control, code)
        return await self.by_coordinates(seat, panel, action.to)

    async def _find_paged(self, seat: int, panel: StoredMessage, prefix: str, code: str) -> InteractionResult:
        for page in range(1, 40):
            control = find(panel, "pact", None, code)
            if control is not None:
                return await self._press(seat, panel, control, code)
            panel = await self.step(seat, panel, f"{prefix}.{page}")
        raise AssertionError(f"{code} is on no page")

    async def _plan(
        self, seat: int, panel: StoredMessage, state: PrimeTimeState, wanted: str
    ) -> StoredMessage:
        letters = default_letters(state, seat)
        for index, letter in enumerate(wanted):
            if letters[index] == letter:
                continue
            page = index // 4
            menu = find(panel, "choose", f"asc.{letters}.{page}.{index}")
            if menu is None:
                panel = await self.step(seat, panel, more_models(panel))
                menu = find(panel, "choose", f"asc.{letters}.{page}.{index}")
            assert menu is not None and letter in PLAN_LETTERS.values()
            await self.fake.select(self.people[seat], panel, [letter], custom_id=menu["custom_id"])
            letters = letters[:index] + letter + letters[index + 1 :]
            found = self.fake.world.find_message(panel.id)
            assert found is not None
            panel = found
        return panel

    async def by_coordinates(
        self, seat: int, message: StoredMessage, cell: tuple[int, int]
    ) -> InteractionResult:
        control = find(message, "coords")
        assert control is not None, "no Coordinates… button"
        opened = await self.fake.click(self.people[seat], message, control["custom_id"])
        self.modals_used += 1
        typed = await self.fake.submit_modal(self.people[seat], opened, {"cell": f"{cell[0]},{cell[1]}"})
        preview = preview_of(typed)
        # A bot in another process is settled when Discord hears nothing from it for a while, which
        # a close-up drawn on a busy machine can outlast: its preview is then waited for.
        for _ in range(PREVIEW_WAITS):
            if preview is not None:
                break
            await asyncio.sleep(0.05)
            preview = preview_of(typed)
        assert preview is not None, f"no preview of {cell}: {said(typed)}"
        return await self.fake.click(self.people[seat], preview, find(preview, "pact")["custom_id"])

    async def play_out(self, limit: int = 3000) -> PrimeTimeState:
        """Plays every person's decision with ``human_policy`` until the game ends; AI seats play
        themselves."""
        for _ in range(limit):
            state = await self.state()
            if state.outcome is not None:
                return state
            seats = [prompt.who for prompt in state.prompts if prompt.who < len(self.people)]
            players = (await self.record()).lobby["players"]
            seats = [seat for seat in seats if not players[seat].get("ai")]
            if not seats:
                await self.settle()
                continue
            await self.play(human_policy(state, seats[0]))
            await self.settle()
        raise AssertionError("the game did not end")


def preview_of(typed: InteractionResult) -> StoredMessage | None:
    """The private message showing a typed cell with its Confirm: the panel it was typed in, updated,
    or a message of its own for a modal opened from the board."""
    messages = [*typed.followups, *([typed.message] if typed.message is not None else [])]
    return next((message for message in messages if message.ephemeral and find(message, "pact")), None)


def said(result: InteractionResult) -> str:
    """Everything the bot answered to one interaction, as text."""
    messages = ([result.message] if result.message is not None else []) + result.followups
    return "\n".join(message.content or "" for message in messages)


async def advance_until(table: PrimeTimeTable, wanted: Any, limit: int = 600) -> PrimeTimeState:
    """Plays the people's decisions with ``human_policy`` until ``wanted(state)`` holds."""
    for _ in range(limit):
        state = await table.state()
        if wanted(state):
            return state
        assert state.outcome is None, "the game ended first"
        players = (await table.record()).lobby["players"]
        seats = [prompt.who for prompt in state.prompts if not players[prompt.who].get("ai")]
        if not seats:
            await table.settle()
            continue
        await table.play(human_policy(state, seats[0]))
        await table.settle()
    raise AssertionError("never got there")
