"""Plays Perfect Cell through the fake Discord the way a person does: slash commands and clicks.

A decision is a path through the engine's legal actions (``bot.games.cell.paths``): one action, or
several played by one control (a threat canceled with three dice, a Power Up bought and paid). The
driver finds on screen the control that plays it: a menu option or a button of the board, the same
in the panel behind the board's "Threats, Power Ups…" button, or a private payment panel, where it
picks the dice and confirms. Dice of one kind are interchangeable: a control that spends a twin (or
the player's own die where the decision names a shared one) plays the same decision. A decision no
single control plays is played one move at a time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.app import GameBot
from bot.games.cell.choices import more_choices
from bot.games.cell.panels import is_panel_code, source_code
from bot.games.cell.paths import Explorer, Path, action_kind, choice_path
from rules.cell.actions import CellAction, Choose, Confirm, Spend, StartSelection
from rules.cell.engine import apply, legal_actions
from rules.cell.state import CellState
from tests.bot.driver import game_channel, lobby_select, private_answer
from tests.bot.games.cell.policies import Policy, decision
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage


def control_op(component: dict[str, Any]) -> str | None:
    """The op of a game control's custom id (``gb:game:version:op:arg``, a private panel's with
    ``:seat`` after it)."""
    parts = component.get("custom_id", "").split(":")
    return parts[3] if len(parts) in (5, 6) else None


def offered(message: StoredMessage, op: str = "act") -> list[tuple[dict[str, Any], str]]:
    """The enabled controls of ``op`` on the message, with the value each sends: a button its
    argument, a menu each of its options."""
    found = []
    for component in message.walk_components():
        if control_op(component) != op or component.get("disabled"):
            continue
        if component["type"] == 2:
            found.append((component, component["custom_id"].split(":")[4]))
        else:
            found.extend((component, option["value"]) for option in component["options"])
    return found


def actions_of(state: CellState, path: Path) -> list[CellAction]:
    """The actions a path (or several decisions, a turn's end included) names."""
    actions = []
    for index in path:
        actions.append(legal_actions(state, state.active_seat)[index])
        state, _ = apply(state, actions[-1])
    return actions


def moves_of(state: CellState, path: Path) -> Counter[tuple[object, ...]]:
    """What a path does, whatever the order and whichever of interchangeable dice it spends."""
    seat = state.active_seat
    kinds: Counter[tuple[object, ...]] = Counter()
    for index in path:
        action = legal_actions(state, seat)[index]
        kinds[action_kind(state, action, owners=False)] += 1
        state, _ = apply(state, action)
    return kinds


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
        self.channel = game_channel(self.fake, lobby, self.channel)
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
        self, state: CellState, chosen: int | Sequence[int], user: FakeUser | None = None
    ) -> InteractionResult:
        """Plays legal action number ``chosen``, or the path ``chosen`` (several decisions, maybe),
        with as few controls as the screen allows: the longest start of it one control plays, then
        the rest. Returns the last click's result."""
        path = (chosen,) if isinstance(chosen, int) else tuple(chosen)
        actor = user or self.players[state.active_seat]
        board = await self.board()
        for length in _decision_ends(state, path):
            result = await self._one_control(state, path[:length], actor, board)
            if result is not None:
                break
        else:
            raise AssertionError(f"no control plays {legal_actions(state, state.active_seat)[path[0]]!r}")
        if length == len(path):
            return result
        actions = actions_of(state, path)
        return await self.play_actions(await self.state(), actions[length:], actor) or result

    async def play_actions(
        self, state: CellState, actions: Sequence[CellAction], user: FakeUser | None = None
    ) -> InteractionResult | None:
        """Plays these actions (as a decision: with as few controls as the screen allows), each read as
        its kind: an interchangeable die may stand for the one named."""
        if not actions:
            return None
        return await self.play(state, path_of(state, actions), user)

    async def _one_control(
        self, state: CellState, path: Path, actor: FakeUser, board: StoredMessage
    ) -> InteractionResult | None:
        """Plays the whole path with one control of the board, of the panel behind its "Threats,
        Power Ups…" button, or of a payment panel; None when no single control plays it."""
        wanted = moves_of(state, path)
        for component, value in offered(board):
            if _plays(state, value, wanted):
                return await self._press(actor, board, component, value)
        opener = _panel_for(state, path)
        for component, value in offered(board):
            if opener is not None and _opens(state, value, opener):
                opened = await self._press(actor, board, component, value)
                return await self._pay(state, path, actor, opened)
        more = [component for component, _ in offered(board, "more")]
        if not more or not _behind_more(state, path, wanted, opener):
            return None
        menu = private_answer(await self.fake.click(actor, board, more[0]["custom_id"]), actor)
        for component, value in offered(menu):
            if _plays(state, value, wanted):
                return await self._press(actor, menu, component, value)
            if opener is not None and _opens(state, value, opener):
                opened = await self._press(actor, menu, component, value)
                return await self._pay(state, path, actor, opened)
        raise AssertionError(f"the Threats, Power Ups… panel lacks the control for {path!r}")

    async def _press(
        self, actor: FakeUser, message: StoredMessage, component: dict[str, Any], value: str
    ) -> InteractionResult:
        if component["type"] == 2:
            return await self.fake.click(actor, message, component["custom_id"])
        return await self.fake.select(actor, message, [value], custom_id=component["custom_id"])

    async def _pay(
        self, state: CellState, path: Path, actor: FakeUser, opened: InteractionResult
    ) -> InteractionResult:
        """In the payment panel just opened (on a busy bot, the follow-up of the acknowledged click):
        picks the decision's dice (unless the panel has them already), then confirms."""
        panel = private_answer(opened, actor)
        if _is_menu(panel):
            for component, value in offered(panel):
                if _plays(state, value, moves_of(state, path)):
                    return await self._press(actor, panel, component, value)
            raise AssertionError(f"the Wild token panel has no control for {path!r}")
        picks = _picked_codes(state, path)
        menu = next(c for c in panel.walk_components() if control_op(c) == "dice")
        shown = [option["value"] for option in menu["options"] if option.get("default")]
        if Counter(_kinds_of(state, shown)) != Counter(_kinds_of(state, picks)):
            panel = private_answer(
                await self.fake.select(actor, panel, picks, custom_id=menu["custom_id"]), actor
            )
        wanted = moves_of(state, path)
        for component, value in offered(panel, "pay"):
            if _plays(state, value, wanted):
                return await self._press(actor, panel, component, value)
        raise AssertionError(f"the payment panel offers no confirmation for {path!r}: {panel.content}")

    async def play_out(self, policy: Policy, limit: int = 3000) -> CellState:
        """Plays until the game ends, each decision chosen with ``policy(state, legal_actions)``."""
        for _ in range(limit):
            state = await self.state()
            if state.outcome is not None:
                return state
            await self.play(state, decision(state, policy))
        raise AssertionError("the game did not end")


def path_of(state: CellState, actions: Sequence[CellAction]) -> Path:
    """The path that plays these actions, each as the listed action of its kind."""
    seat = state.active_seat
    path = []
    for action in actions:
        wanted = action_kind(state, action, owners=False)
        legal = legal_actions(state, seat)
        index = next(
            (i for i, listed in enumerate(legal) if listed == action),
            next(i for i, listed in enumerate(legal) if action_kind(state, listed, owners=False) == wanted),
        )
        path.append(index)
        state, _ = apply(state, legal[index])
    return tuple(path)


def _decision_ends(state: CellState, path: Path) -> list[int]:
    """The lengths at which a start of the path is whole decisions (no choice of dice left open),
    longest first."""
    seat = state.active_seat
    ends = []
    for length, index in enumerate(path, start=1):
        state, _ = apply(state, legal_actions(state, seat)[index])
        if state.selection is None:
            ends.append(length)
    return ends[::-1] or [1]


def _behind_more(
    state: CellState, path: Path, wanted: Counter[tuple[object, ...]], opener: tuple[str, Any] | None
) -> bool:
    """Whether the menu behind "Threats, Power Ups…" plays the path, or opens its panel: a player
    knows what that menu holds before opening it."""
    for choice in more_choices(Explorer(state, state.active_seat)):
        if _plays(state, choice.value, wanted) or (
            opener is not None and _opens(state, choice.value, opener)
        ):
            return True
    return False


def _plays(state: CellState, value: str, wanted: Counter[tuple[object, ...]]) -> bool:
    path = choice_path(state, state.active_seat, value)
    if path is None:
        return False
    try:
        return moves_of(state, path) == wanted
    except (IndexError, ValueError):
        return False


def _panel_for(state: CellState, path: Path) -> tuple[str, Any] | None:
    """The panel that plays the path, as (kind, what): a selection started by the path's first action,
    a threat's dice, or the Wild token's menu."""
    actions = actions_of(state, path)
    first = actions[0]
    picks = actions[1:-1]
    if (
        isinstance(first, StartSelection)
        and isinstance(actions[-1], Confirm)
        and all(isinstance(a, Choose) for a in picks)
    ):
        return ("s", action_kind(state, first, owners=False))
    cancels = {(a.use, a.target) for a in actions if isinstance(a, Spend)}
    if len(path) > 1 and len(cancels) == 1 and all(isinstance(a, Spend) for a in actions):
        use, target = next(iter(cancels))
        if use == "cancel":
            return ("t", target)
    if len(path) == 1 and isinstance(first, Spend) and first.source.token == "wild":
        return ("w", None)
    return None


def _opens(state: CellState, value: str, opener: tuple[str, Any]) -> bool:
    kind, what = opener
    if kind == "w":
        return value == "w"
    if not is_panel_code(value) or value[0] != kind:
        return False
    if kind == "t":
        return int(value[1:]) == what
    legal = legal_actions(state, state.active_seat)
    return len(value) > 1 and action_kind(state, legal[int(value[1:])], owners=False) == what


def _is_menu(panel: StoredMessage) -> bool:
    """A menu panel (the Wild token's) rather than a payment panel, which has dice to pick."""
    return not any(control_op(component) == "dice" for component in panel.walk_components())


def _picked_codes(state: CellState, path: Path) -> list[str]:
    """The panel codes of the dice and tokens the path picks."""
    seat = state.active_seat
    codes = []
    tokens: Counter[str] = Counter()
    for index in path:
        action = legal_actions(state, seat)[index]
        if isinstance(action, Choose | Spend):
            source = action.source
            codes.append(source_code(source, tokens[source.token or ""]))
            if source.token is not None:
                tokens[source.token] += 1
        state, _ = apply(state, action)
    return codes


def _kinds_of(state: CellState, codes: Sequence[str]) -> list[str]:
    """Codes read as kinds: two dice of one kind are the same pick."""
    kinds = []
    for code in codes:
        if code.startswith("d"):
            die = state.dice[int(code[1:])]
            kinds.append(f"{die.face}:{die.owner}:{die.zone}:{die.threat}")
        else:
            kinds.append(code.rsplit("-", 1)[0])
    return kinds
