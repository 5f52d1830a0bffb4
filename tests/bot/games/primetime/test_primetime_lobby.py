"""The Prime Time lobby: roster picks stay hidden until the game reveals them, and the ephemeral roster
builder (affiliation, models with the live Threat and the 51% check, Card 2 unlocks)."""

from __future__ import annotations

from pathlib import Path

from tests.bot.driver import make_bot
from tests.bot.games.primetime.driver import PrimeTimeTable, find
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeUser, StoredMessage


async def table_step(fake: FakeDiscord, user: FakeUser, panel: StoredMessage, label: str) -> StoredMessage:
    await fake.click(user, panel, label)
    found = fake.world.find_message(panel.id)
    assert found is not None
    return found


async def test_a_built_roster_is_secret_in_the_lobby_and_played_in_the_game(tmp_path: Path) -> None:
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=4)) as bot,
    ):
        host, guest = fake.users.bob, fake.users.carol
        table = PrimeTimeTable(fake, bot, fake.guild.channels[0], [host, guest])
        lobby = await fake.slash(host, "primetime start", channel=table.channel, setup="full")
        await fake.click(guest, lobby, "Join")
        board = await table.board()
        await fake.select(guest, board, ["frieza_force"], custom_id=find(board, "pick", "")["custom_id"])
        board = await table.board()
        assert "Frieza" not in board.embeds[0]["description"] and "ready ✓" in board.embeds[0]["description"]

        opened = await fake.click(host, board, "Build roster…")
        panel = opened.message
        assert panel is not None and panel.visible_to is host
        await fake.select(
            host, panel, ["goku", "krillin"], custom_id=find(panel, "roster", "models")["custom_id"]
        )
        panel = fake.world.find_message(panel.id)
        assert panel is not None and "3 to 6 models" in panel.embeds[0]["description"]
        assert find(panel, "roster", "done") is None, "an illegal roster cannot be used"

        await fake.select(
            host,
            panel,
            ["vegeta", "frieza", "zarbon"],
            custom_id=find(panel, "roster", "models")["custom_id"],
        )
        panel = fake.world.find_message(panel.id)
        assert panel is not None and "51% of the model Threat ✗" in panel.embeds[0]["description"]
        await fake.select(host, panel, ["frieza_force"], custom_id=find(panel, "roster", "aff")["custom_id"])
        panel = fake.world.find_message(panel.id)
        await fake.select(host, panel, ["vegeta"], custom_id=find(panel, "roster", "unlocks")["custom_id"])
        panel = fake.world.find_message(panel.id)
        assert panel is not None and "Threat:** 26/30" in panel.embeds[0]["description"]

        # The cards: one menu per character, each listing its legal copy combinations.
        panel = await table_step(fake, host, panel, "Cards…")
        zarbon = find(panel, "roster", "pick.zarbon.0")
        labels = [option["label"] for option in zarbon["options"]]
        assert labels[0] == "3x Monstrous Reveal" and "1x Monstrous Reveal" in labels
        await fake.select(
            host, panel, [str(labels.index("1x Monstrous Reveal"))], custom_id=zarbon["custom_id"]
        )
        panel = fake.world.find_message(panel.id)
        assert panel is not None and "Character 5/6" in panel.embeds[0]["description"]
        assert find(panel, "roster", "done") is None
        zarbon = find(panel, "roster", "pick.zarbon.0")
        two = str(labels.index("2x Monstrous Reveal"))
        await fake.select(host, panel, [two], custom_id=zarbon["custom_id"])
        panel = fake.world.find_message(panel.id)
        assert panel is not None and "Character 6/6" in panel.embeds[0]["description"]
        await fake.click(host, panel, "Use this roster")

        board = await table.board()
        description = board.embeds[0]["description"]
        assert description.count("ready ✓") == 2 and "Vegeta" not in description
        await fake.click(host, board, "Start")
        await table.settle()
        state = await table.state()
        assert state.players[0].roster == "custom" and state.players[0].models == [
            "vegeta",
            "frieza",
            "zarbon",
        ]
        assert state.players[0].unlocks == ["vegeta"] and state.players[1].roster == "frieza_force"
        deck = state.players[0].deck + state.players[0].hand
        assert deck.count("monstrous_reveal") == 2
