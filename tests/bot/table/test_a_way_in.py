"""What a newcomer meets through the fake Discord: a lobby that says what the game is, who sits where
(the AI's seats too), what each fighter does and how to play; an Add AI button; a rematch that calls
its players once; the first board that calls a newcomer saying what to do; and leaving a running game."""

from __future__ import annotations

from pathlib import Path

from bot.core.server_settings import DIFFICULTIES
from bot.games.cell.guide import RULE_PAGES as CELL_PAGES
from rules.cell.content import catalogue
from rules.cell.engine import legal_actions
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import passive
from tests.bot.games.over9000.driver import Over9000Table
from tests.bot.games.primetime.driver import PrimeTimeTable
from tests.bot.table.test_table_life import notified
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser, StoredMessage


def pings(fake: FakeDiscord, since: int = 0) -> list[set[int]]:
    """Whom each message the bot sent after request ``since`` notified, for those that notified anyone."""
    return [people for request in fake.requests[since:] if (people := notified(request))]


def lobby_text(message: StoredMessage) -> str:
    return message.embeds[0]["description"]


async def test_a_lobby_shows_the_game_its_seats_and_the_ai_and_a_joiner_takes_an_ai_seat(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        opened = await fake.slash(users.bob, "cell start", ai_players=3)
        lobby = opened.message
        assert lobby is not None
        text = lobby_text(lobby)
        assert text.startswith("Co-op dice")
        assert "**4 of 4 seats · 3 AI**" in text
        assert text.count("🤖 AI") == 3
        assert "a player who joins takes an AI seat" in text
        # Every fighter's power is under its name in the menu.
        menu = next(select for select in lobby.selects if select["placeholder"] == "Choose your fighter")
        powers = {fighter.name: fighter.ability_text for fighter in catalogue().fighters}
        assert {option["label"]: option["description"] for option in menu["options"]} == {
            name: text[:100] for name, text in powers.items()
        }

        joined = await fake.click(users.carol, lobby, "Join")
        assert joined.message is not None
        assert joined.message.content == "**Carol** joins and takes an AI seat."
        assert "**4 of 4 seats · 2 AI**" in lobby_text(joined.message)
        assert lobby_text(joined.message).count("🤖 AI") == 2
        # The next change replaces the news.
        picked = await fake.select(users.carol, joined.message, ["goku"], custom_id=_pick(joined.message))
        assert picked.message is not None and not picked.message.content

        rules = await fake.click(users.dave, picked.message, "How to play")
        assert rules.message is not None and rules.message.ephemeral
        assert rules.message.embeds[0]["title"] == CELL_PAGES.embed(0).title
        assert fake.world.find_message(lobby.id).embeds[0]["title"] == "Perfect Cell — lobby"


def _pick(message: StoredMessage) -> str:
    return next(select["custom_id"] for select in message.selects if ":pick:" in select["custom_id"])


async def test_a_solo_host_is_pointed_to_add_ai_which_fills_a_seat(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot:
        lobby = (await fake.slash(users.bob, "over9000 start")).message
        assert lobby is not None
        refused = await fake.click(users.bob, lobby, "Start")
        assert refused.message is not None and "**Add AI**" in refused.message.content
        not_host = await fake.click(users.carol, lobby, "Add AI")
        assert not_host.message is not None and "Only the host" in not_host.message.content

        added = await fake.click(users.bob, lobby, "Add AI")
        assert added.message is not None and "**2 of 6 seats · 1 AI**" in lobby_text(added.message)
        await fake.click(users.bob, added.message, "Start")
        record = await bot.service.storage.latest_game(fake.guild.channels[0].id)
        assert record.status == "active"
        assert [bool(player.get("ai")) for player in record.lobby["players"]] == [False, True]


async def test_cell_start_lists_the_difficulties_in_the_order_of_settings(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        commands = {command["name"]: command for command in fake.synced_commands[fake.guild.id]}

        def choices(command: dict, path: list[str]) -> list[str]:
            options = command["options"]
            for name in path:
                option = next(option for option in options if option["name"] == name)
                options = option.get("options", [])
            return [choice["value"] for choice in option["choices"]]

        assert choices(commands["cell"], ["start", "difficulty"]) == list(DIFFICULTIES)
        assert choices(commands["settings"], ["difficulty"]) == list(DIFFICULTIES)


async def test_a_rematch_calls_the_other_players_once_and_an_expired_lobby_asks_nobody_to_join(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["goku", "krillin"])
        await table.play_out(passive)
        before = len(fake.requests)
        rematch = await fake.click(users.carol, await table.board(), "Rematch")
        assert rematch.message is not None
        assert rematch.message.content.startswith(f"🔁 {users.carol.mention} opens a rematch.")
        assert pings(fake, before) == [{users.bob.id}]
        changed = await fake.select(users.bob, rematch.message, ["vegeta"], custom_id=_pick(rematch.message))
        assert changed.message is not None and not changed.message.content
        assert pings(fake, before) == [{users.bob.id}]

        record = await table.record()
        await bot.turn_clock._expire_lobby(record.id, 30)
        closed = fake.world.find_message(rematch.message.id)
        assert closed is not None and "closed" in closed.content and not closed.components
        assert "footer" not in closed.embeds[0] and closed.embeds[0]["title"].endswith("(closed)")


async def test_a_newcomers_first_call_says_what_to_do_and_only_then(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        channel = fake.guild.channels[0]
        table = CellTable(fake, bot, channel, [users.bob, users.carol])
        await table.open(["goku", "krillin"])
        first = await table.board()
        assert f"First Perfect Cell game, {users.bob.mention}?" in first.content
        assert "**Roll dice**" in first.content
        while (state := await table.state()).active_seat == 0:
            await table.play(state, passive(state, legal_actions(state, state.active_seat)))
        second = await table.board()
        assert f"First Perfect Cell game, {users.carol.mention}?" in second.content
        await table.play_out(passive)

        again = CellTable(fake, bot, channel, [users.bob, users.carol])
        await again.open(["goku", "krillin"])
        assert "First Perfect Cell game" not in (await again.board()).content


async def test_a_player_leaves_a_running_game_after_a_confirmation_and_the_ai_plays_on(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=5)) as bot:
        table = Over9000Table(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["goku", "vegeta"])
        outsider = await fake.slash(users.dave, "over9000 leave", channel=table.channel)
        assert outsider.message is not None and "players of a running game" in outsider.message.content

        asked = await fake.slash(users.carol, "over9000 leave", channel=table.channel)
        assert asked.message is not None and asked.message.button_labels == ["Leave game", "Stay"]
        stayed = await fake.click(users.carol, asked.message, "Stay")
        assert stayed.message is not None and stayed.message.content == "You stay in the game."
        assert not (await table.record()).lobby["players"][1].get("ai")

        asked = await fake.slash(users.carol, "over9000 leave", channel=table.channel)
        left = await fake.click(users.carol, asked.message, "Leave game")
        await table.settle()
        assert left.message is not None and "You left the game" in left.message.content
        assert (await table.record()).lobby["players"][1]["ai"]
        told = [
            message.content
            for message in fake.channel_view(table.channel, as_user=users.bob)
            if message.visible_to is None and "they left the game" in message.content
        ]
        assert told == [
            f"🤖 The AI now plays {users.carol.mention}'s seat (they left the game). "
            "Use `/over9000 autoplay` to take it back."
        ]


async def _leave(fake: FakeDiscord, person: FakeUser, channel: FakeChannel, game: str) -> None:
    asked = await fake.slash(person, f"{game} leave", channel=channel)
    assert asked.message is not None and asked.message.ephemeral
    left = await fake.click(person, asked.message, "Leave game")
    assert left.message is not None and "You left the game" in left.message.content


async def test_a_cell_player_leaves_on_their_turn_and_the_ai_plays_the_game_out(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=7)) as bot:
        table = CellTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["goku", "krillin"])
        while (state := await table.state()).active_seat == 0:
            await table.play(state, passive(state, legal_actions(state, state.active_seat)))
        waiting = state.actions_taken
        await _leave(fake, users.carol, table.channel, "cell")
        await bot.autopilot.idle()
        assert (await table.record()).lobby["players"][1]["ai"]
        assert (await table.state()).actions_taken > waiting, "the AI played Carol's turn"
        for _ in range(3000):
            await bot.autopilot.idle()
            state = await table.state()
            if state.outcome is not None:
                break
            if state.active_seat == 0:
                await table.play(state, passive(state, legal_actions(state, 0)))
        assert (await table.record()).status == "finished"


async def test_a_prime_time_player_leaves_and_the_ai_plays_their_side(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    users = fake.users
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=9)) as bot:
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [users.bob, users.carol])
        await table.open(["z_fighters", "frieza_force"])
        await _leave(fake, users.carol, table.channel, "primetime")
        await table.settle()
        assert (await table.record()).lobby["players"][1]["ai"]
        final = await table.play_out()
        assert final.outcome is not None and (await table.record()).status == "finished"
        assert await bot.service.storage.seat_moves((await table.record()).id, 1) > 0
