"""Over 9000 on Discord, end to end: the real bot against the fake Discord, driven by clicks.

The secret scan records every state a public message was ever in (through the gateway events the
fake sends for public messages) and every log line of the bot, replays the game from its seed and
logged actions, and checks that nothing public names a hidden token.
"""

from __future__ import annotations

import copy
import logging
import random
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.games.over9000.controller import Over9000Controller
from bot.games.over9000.module import Over9000Module, ai_seed
from bot.games.over9000.panel import PanelChoice, action_code, panel_message, parse_code
from bot.runtime.painter import Painter
from bot.storage import GameRecord
from rules.over9000 import RULES, view
from rules.over9000.actions import Over9000Action
from rules.over9000.ai import choose_action
from rules.over9000.content import TOKEN_KINDS, TOKEN_NAMES
from rules.over9000.engine import legal_actions
from rules.over9000.state import Over9000State, Token
from tests.bot.driver import make_bot
from tests.bot.games.over9000.driver import Over9000Table, control_parts
from tests.bot.games.over9000.states import AI_SEATS_FROM, sample_states, table_record
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeUser

TOKEN_ID = re.compile(r"tok-[0-9a-f]{10}")
KIND_NAME = re.compile(
    "|".join(re.escape(name) for name in sorted(TOKEN_NAMES.values(), key=len, reverse=True)), re.IGNORECASE
)
NAME_TO_KIND = {name.lower(): kind for kind, name in TOKEN_NAMES.items()}
KIND_ID = re.compile(r"\b(" + "|".join(TOKEN_KINDS) + r")\b", re.IGNORECASE)
ROUND = re.compile(r"round (\d+)", re.IGNORECASE)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    # Every task the bot starts here is awaited (click handlers by the fake, AI moves by the driver),
    # so a short quiet period loses nothing and keeps whole games quick.
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


def policy(state: Over9000State, seat: int) -> Over9000Action:
    """The bundled AI's choice, as a person in that seat would click it."""
    return choose_action(state, seat, seed=ai_seed(state, seat))


class PublicMessages:
    """Every state of every public message: the fake tells the gateway about each one."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.snapshots: list[dict[str, Any]] = []
        forward = fake.gateway.dispatch_message_event

        async def record(event: str, data: dict[str, Any]) -> None:
            if event != "MESSAGE_DELETE":
                self.snapshots.append(copy.deepcopy(data))
            await forward(event, data)

        fake.gateway.dispatch_message_event = record  # type: ignore[method-assign]


def _texts(snapshot: dict[str, Any]) -> Iterator[str]:
    yield snapshot.get("content") or ""
    for embed in snapshot.get("embeds", []):
        yield embed.get("title", "")
        yield embed.get("description", "")
        yield embed.get("footer", {}).get("text", "")
        for field in embed.get("fields", []):
            yield field["name"]
            yield field["value"]
    for attachment in snapshot.get("attachments", []):
        yield attachment.get("description", "")
    for component in _controls(snapshot):
        yield component.get("label", "")
        yield component.get("placeholder", "")
        for option in component.get("options", []):
            yield f"{option['label']} {option['value']}"


def _controls(snapshot: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = list(snapshot.get("components", []))
    while stack:
        component = stack.pop()
        stack.extend(component.get("components", []))
        yield component


async def replay(table: Over9000Table) -> list[Over9000State]:
    """Every state the game went through, from its seed and its logged actions."""
    record = await table.record()
    storage = table.bot.service.storage
    state = RULES.new_game(Over9000Module().options(record.lobby), record.seed)
    states = [state]
    for logged in await storage.actions(record.id):
        state, _ = RULES.apply(state, RULES.parse_action(logged.action))
        states.append(state)
    assert RULES.dump_state(state) == record.state_json, "the replay differs from the saved game"
    return states


class Secrets:
    """What the public may know of a game, from the states it went through."""

    def __init__(self, states: list[Over9000State]) -> None:
        first = states[0]
        self.token_ids = {token.id for token in first.pile} | {
            token.id for player in first.players for token in player.hand
        }
        self.private_texts: set[str] = set()
        self.public_texts: set[str] = set()
        self.allowed_by_round: dict[int, set[str]] = {}
        for state in states:
            for event in state.recent_events:
                (self.public_texts if event.visible_to is None else self.private_texts).add(str(event.text))
            public = view(state, None)
            allowed = self.allowed_by_round.setdefault(state.round, set())
            allowed.update(face_up.kind for player in public.players for face_up in player.face_up)
            if public.duel is not None:
                allowed.add(public.duel.declared)
            if public.last_duel is not None:
                # Both tokens of the duel just fought were turned face up in a public event.
                last = public.last_duel
                allowed.update((last.declared, last.pushed, last.revealed))

    def check_public(self, snapshot: dict[str, Any]) -> None:
        for component in _controls(snapshot):
            custom_id = component.get("custom_id", "")
            assert not any(kind in custom_id for kind in TOKEN_KINDS), custom_id
        text = "\n".join(_texts(snapshot))
        self.check_no_secret_text(text)
        for event_text in sorted(self.public_texts, key=len, reverse=True):
            text = text.replace(event_text, "")
        found = ROUND.search(text)
        allowed = (
            self.allowed_by_round[int(found.group(1))]
            if found
            else set().union(*self.allowed_by_round.values())
        )
        named = {NAME_TO_KIND[name.lower()] for name in KIND_NAME.findall(text)}
        assert named <= allowed, f"{named - allowed} named while not face up or declared:\n{text}"

    def check_no_secret_text(self, text: str) -> None:
        assert not TOKEN_ID.search(text), text
        assert not any(token_id in text for token_id in self.token_ids)
        leaked = [private for private in self.private_texts if private in text]
        assert not leaked, leaked


def check_secrets(
    fake: FakeDiscord,
    table: Over9000Table,
    public: PublicMessages,
    states: list[Over9000State],
    logs: list[logging.LogRecord],
) -> None:
    secrets = Secrets(states)
    assert public.snapshots
    for snapshot in public.snapshots:
        secrets.check_public(snapshot)
    assert logs, "the bot logged nothing"
    for record in logs:
        line = record.getMessage()
        secrets.check_no_secret_text(line)
        assert not KIND_NAME.search(line) and not KIND_ID.search(line), line
    for person in table.people:
        for message in fake.channel_view(table.channel, as_user=person):
            assert message.visible_to in (None, person)


async def check_panels_are_their_owners(fake: FakeDiscord, table: Over9000Table) -> None:
    state = await table.state()
    for seat, person in enumerate(table.people):
        mine = [m for m in fake.channel_view(table.channel, as_user=person) if m.visible_to is person]
        titles = [
            embed["title"] for message in mine for embed in message.embeds if "your tokens" in embed["title"]
        ]
        assert titles and all(title.startswith(state.players[seat].name) for title in titles)


async def test_a_two_player_game_played_with_clicks_reveals_no_secret(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    caplog.set_level(logging.DEBUG, logger="bot")
    public = PublicMessages(fake)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [fake.users.bob, fake.users.carol])
        await table.open(["goku", "vegeta"])
        assert "Difficulty" not in public.snapshots[0]["embeds"][0]["description"]
        final = await table.play_out(policy)
        assert final.outcome is not None and final.outcome.result == "win"
        assert (await table.record()).status == "finished"
        board = await table.board()
        assert "🏆" in board.embeds[0]["title"] and board.button_labels == ["Rematch"]
        assert fake.image(board).width >= 800 and board.attachments[0].description
        await check_panels_are_their_owners(fake, table)
        states = await replay(table)
    check_secrets(fake, table, public, states, caplog.records)


async def test_a_six_player_game_with_ai_seats_reveals_no_secret(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    users = fake.users
    caplog.set_level(logging.DEBUG, logger="bot")
    public = PublicMessages(fake)
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [users.bob, users.carol, users.dave])
        await table.open(["krillin", "frieza", "ginyu"], ai_players=3)
        state = await table.state()
        assert len(state.players) == 6
        final = await table.play_out(policy)
        assert final.outcome is not None
        storage = bot.service.storage
        record = await table.record()
        assert all([await storage.seat_moves(record.id, seat) for seat in range(6)])
        await check_panels_are_their_owners(fake, table)
        states = await replay(table)
        logged = await storage.actions(record.id)
    ai_attacks = [
        (before, RULES.parse_action(entry.action))
        for before, entry in zip(states, logged, strict=False)
        if entry.seat >= 3 and entry.action["type"] == "attack"
    ]
    assert any(
        before.players[attack.player].top(attack.slot).kind != attack.declared  # type: ignore[union-attr]
        for before, attack in ai_attacks
    ), "the AI players never bluffed"
    check_secrets(fake, table, public, states, caplog.records)


def hidden_placement(state: Over9000State) -> list[Any]:
    return [(player.hand, player.reserve, player.slots) for player in state.players]


async def last_private_text(fake: FakeDiscord, table: Over9000Table, user: FakeUser) -> str:
    mine = [
        message for message in fake.channel_view(table.channel, as_user=user) if message.visible_to is user
    ]
    assert mine, "the bot sent this user no private message"
    return mine[-1].content


async def unchanged_since(table: Over9000Table, before: GameRecord) -> bool:
    after = await table.record()
    return (after.version, after.state_json) == (before.version, before.state_json)


async def test_a_restart_mid_round_keeps_every_hidden_placement(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    database = tmp_path / "games.sqlite3"
    async with fake.running(make_bot(fake, database, seed=8)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["piccolo", "android18"])
        for seat, moves in ((0, 3), (1, 2)):
            for _ in range(moves):
                await table.play(policy(await table.state(), seat))
        before = await table.state()
        old_panels = dict(table.panels)
        shown_before = {seat: panel.embeds[0]["description"] for seat, panel in old_panels.items()}
    async with fake.running(make_bot(fake, database)) as restarted:
        table.bot = restarted
        assert hidden_placement(await table.state()) == hidden_placement(before)
        reopened = {seat: await table.open_panel(seat) for seat in (0, 1)}
        for seat in (0, 1):
            assert reopened[seat].embeds[0]["description"] == shown_before[seat]

        table.panels[0] = old_panels[0]
        move = policy(before, 0)
        await table.play(move)
        after = await table.state()
        assert after.players[0].hand != before.players[0].hand
        assert hidden_placement(after)[1] == hidden_placement(before)[1]

        # The panel played in is Bob's one panel now: the one he opened after the restart is gone.
        assert fake.world.find_message(reopened[0].id) is None
        checkpoint = await table.record()
        stale_control = next(
            c for c in reopened[0].buttons if ":act:" in c["custom_id"] and not c.get("disabled")
        )
        await fake.click_late(users.bob, old_panels[0], stale_control["custom_id"])
        assert "out of date" in fake.world.find_message(old_panels[0].id).content  # type: ignore[union-attr]
        assert await unchanged_since(table, checkpoint)

        carol_panel = fake.world.find_message(old_panels[1].id)
        assert carol_panel is not None
        place = next(
            c for c in carol_panel.buttons if ":act:place." in c["custom_id"] and not c.get("disabled")
        )
        storage = restarted.service.storage
        moves_before = await storage.seat_moves(checkpoint.id, 1)
        await fake.together(
            fake.click(users.carol, carol_panel, place["custom_id"]),
            fake.click(users.carol, carol_panel, place["custom_id"]),
        )
        assert await storage.seat_moves(checkpoint.id, 1) == moves_before + 1
        assert (await table.record()).version == checkpoint.version + 1


async def test_only_the_player_who_must_act_can_act_and_forced_choices_get_the_engine_reason(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=11)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["nappa", "buu"])
        before = await table.record()
        await fake.click(users.dave, await table.board(), "My tokens")
        assert "not playing" in await last_private_text(fake, table, users.dave)
        assert await unchanged_since(table, before)

        while (state := await table.state()).phase == "placement":
            assert state.prompt is not None
            await table.play(policy(state, state.prompt.seats[0]))
        attacker = state.prompt.seats[0]  # type: ignore[union-attr]
        defender = 1 - attacker
        board = await table.board()
        before = await table.record()
        # The duel button pressed by another player opens their own panel, with nothing to play.
        others = await fake.click(table.person(defender), board, "Attack…")
        assert others.message is not None and "whose duel it is" in others.message.content
        assert not [c for c in others.message.walk_components() if ":act:" in c.get("custom_id", "")]
        assert await unchanged_since(table, before)

        first = await table.open_panel(attacker)
        opened = await fake.click(table.person(attacker), board, "Attack…")
        assert opened.message is not None
        panel = opened.message
        # A panel opened again replaces the one before: each player has one panel.
        assert fake.world.find_message(first.id) is None
        # A tampered client sends an attack at the attacker themself, which no panel offers: the
        # panel is drawn again in place with the engine's reason.
        declare = next(c for c in panel.buttons if ":act:attack." in c["custom_id"])
        drawn_for_now = declare["custom_id"]
        game, version = control_parts(declare["custom_id"])[1:3]  # type: ignore[index]
        declare["custom_id"] = f"gb:{game}:{version}:act:attack.0.{attacker}.kick:{attacker}"
        refused = await fake.click(table.person(attacker), panel, declare["custom_id"])
        assert refused.message is not None and refused.message.id == panel.id
        assert "Attack an opponent" in refused.message.content
        assert await unchanged_since(table, before)

        table.panels[attacker] = panel
        await table.play(policy(await table.state(), attacker))
        checkpoint = await table.record()
        await fake.click_late(table.person(attacker), panel, drawn_for_now)
        assert "out of date" in fake.world.find_message(panel.id).content  # type: ignore[union-attr]
        assert await unchanged_since(table, checkpoint)

        reveal_panel = (await fake.click(table.person(defender), await table.board(), "Reveal…")).message
        assert reveal_panel is not None
        reveal = next(c for c in reveal_panel.buttons if ":act:reveal." in c["custom_id"])
        before_reveal = await table.record()
        await fake.together(
            fake.click(table.person(defender), reveal_panel, reveal["custom_id"]),
            fake.click(table.person(defender), reveal_panel, reveal["custom_id"]),
        )
        await table.settle()
        logged = await bot.service.storage.actions(before_reveal.id)
        assert [entry.action["type"] for entry in logged].count("reveal") == 1
        assert (await table.record()).version == before_reveal.version + 1


async def test_commands_lobby_rules_log_status_and_abandon(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    users = fake.users
    channel = fake.guild.channels[0]
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=13)) as bot:
        shown = await fake.slash(users.bob, "over9000 help", channel=channel)
        assert shown.message is not None and "/over9000 start" in shown.message.content
        rules = await fake.slash(users.bob, "over9000 rules", channel=channel)
        assert rules.message is not None
        first_title = rules.message.embeds[0]["title"]
        assert first_title.startswith("Over 9000 rules")
        paged = await fake.click(users.bob, rules, "Next")
        assert paged.message is not None and paged.message.embeds[0]["title"] != first_title
        missing = await fake.slash(users.bob, "over9000 log", channel=channel)
        assert missing.message is not None and "no Over 9000 game" in missing.message.content

        table = Over9000Table(fake, bot, channel, [users.bob])
        await table.open(["gohan"], ai_players=1)
        state = await table.state()
        assert state.players[0].character == "gohan" and len(state.players) == 2
        assert state.players[1].placed, "the AI seat arranges its tokens at once"
        log = await fake.slash(users.bob, "over9000 log", channel=channel)
        assert log.message is not None and "Round 1" in log.message.embeds[0]["description"]
        busy = await fake.slash(users.carol, "cell start", channel=channel)
        assert busy.message is not None and "already has an Over 9000 game" in busy.message.content

        old_board = await table.board()
        await fake.slash(users.carol, "over9000 status", channel=channel)
        new_board = await table.board()
        assert new_board.id != old_board.id and new_board.attachments
        assert not list(fake.world.find_message(old_board.id).walk_components())  # type: ignore[union-attr]

        refused = await fake.slash(users.carol, "over9000 abandon", channel=channel)
        assert refused.message is not None and "Only the host" in refused.message.content
        await fake.slash(users.bob, "over9000 abandon", channel=channel)
        assert (await table.record()).status == "abandoned"


# The public board and each panel, checked directly on many states.


def scrambled(state: Over9000State, viewer: int | None, seed: int) -> Over9000State:
    """A copy where every token hidden from ``viewer`` is swapped at random with another hidden one."""
    copy_ = state.model_copy(deep=True)
    places: list[tuple[Any, Any]] = [(copy_.pile, index) for index in range(len(copy_.pile))]
    for player in copy_.players:
        if player.seat == viewer:
            continue
        places.extend((player.hand, index) for index in range(len(player.hand)))
        places.extend((slot, index) for slot in player.slots for index in range(len(slot)))
        if player.reserve is not None:
            places.append((player, "reserve"))
    duel = copy_.turn.duel if copy_.turn is not None else None
    if duel is not None and copy_.turn is not None and copy_.turn.seat != viewer:
        places.append((duel, "token"))

    def get(place: tuple[Any, Any]) -> Token:
        holder, key = place
        return holder[key] if isinstance(key, int) else getattr(holder, key)

    tokens = [get(place) for place in places]
    random.Random(seed).shuffle(tokens)
    for (holder, key), token in zip(places, tokens, strict=True):
        if isinstance(key, int):
            holder[key] = token
        else:
            setattr(holder, key, token)
    return copy_


def _payload(message: dict[str, Any]) -> dict[str, Any]:
    view_ = message["view"]
    payload = {
        "content": message["content"],
        "embed": message["embed"].to_dict(),
        "components": view_.to_components() if view_ is not None else None,
    }
    for file in message.get("files", []):
        payload["file"] = (file.fp.read(), file.description)
    return payload


async def test_the_board_and_each_panel_show_only_what_their_viewer_may_see() -> None:
    # Nothing kept: each board is drawn from its own state's view.
    painter = Painter(kept=0)
    host = SimpleNamespace(
        painter=painter,
        settings=SimpleNamespace(turn_clock_scale=1.0),
        get_guild=lambda guild_id: None,
        server_settings=None,
    )
    controller = Over9000Controller(cast(Any, host), Over9000Module())
    record = table_record()
    states = sample_states(every=25)
    for number, state in enumerate(states):
        other = scrambled(state, None, number)
        if state.outcome is None:
            assert hidden_placement(other) != hidden_placement(state)
        assert view(other, None) == view(state, None)
        board = _payload(await controller.board_message(record, state, []))
        assert board == _payload(await controller.board_message(record, other, []))
        for seat in range(len(state.players)):
            other = scrambled(state, seat, number)
            mine = panel_message(record, state, seat, 0, PanelChoice(), None)
            assert _payload(mine) == _payload(panel_message(record, other, seat, 0, PanelChoice(), None))
    painter.stop()


def offered_codes(record: GameRecord, state: Over9000State, seat: int) -> set[str]:
    """Every action the seat's panel lets them play, through every token or aim its menu offers."""
    first = panel_message(record, state, seat, 0, PanelChoice(), None)["view"].to_components()
    choices = [PanelChoice()]
    for component in _flat(first):
        if component.get("custom_id", "").split(":")[3:4] == ["choose"]:
            arg = component["custom_id"].split(":")[4]
            for option in component["options"]:
                value = option["value"]
                choices.append(PanelChoice(kind=value) if arg == "token" else PanelChoice(aim=value))
    offered: set[str] = set()
    for choice in choices:
        for component in _flat(panel_message(record, state, seat, 0, choice, None)["view"].to_components()):
            parts = component.get("custom_id", "").split(":")
            if len(parts) != 6 or parts[3] != "act":
                continue
            if component["type"] == 2 and not component.get("disabled"):
                offered.add(parts[4])
            elif component["type"] == 3:
                offered.update(option["value"] for option in component["options"])
    return offered


def _flat(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [component for row in rows for component in row.get("components", [])]


def test_each_panel_offers_exactly_the_legal_actions() -> None:
    record = table_record()
    kinds_seen: set[str] = set()
    for state in sample_states(every=4):
        for seat in range(len(state.players)):
            # The AI plays the last seats: their panels show the tokens, and nothing to play.
            legal = legal_actions(state, seat) if seat < AI_SEATS_FROM else []
            assert offered_codes(record, state, seat) == {action_code(action) for action in legal}
            for action in legal:
                assert parse_code(action_code(action), seat) == action
                kinds_seen.add(action.type)
    assert kinds_seen == {"keep", "place", "take_back", "power", "attack", "reveal"}
