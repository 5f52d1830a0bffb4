"""/help: the games this bot runs, each with how to start it, its players and its AI seats, short
enough for a phone; each game's own /… help stays."""

from __future__ import annotations

from pathlib import Path

from bot.games.registry import GAMES
from tests.bot.driver import make_bot
from tests.fakediscord.fake import FakeDiscord

PHONE_LINE = 70
"""About as many characters as a line of an embed shows on a phone before it wraps twice."""


async def test_help_names_every_game_with_its_start_players_and_ai_seats(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3")):
        answer = await fake.slash(fake.users.bob, "help", channel=fake.guild.channels[0])
        assert answer.message is not None and answer.message.ephemeral
        embed = answer.message.embeds[0]
        fields = {field["name"]: field["value"] for field in embed["fields"]}
        assert list(fields) == ["Perfect Cell", "Over 9000", "Prime Time"]
        assert "1 to 4 players" in fields["Perfect Cell"] and "ai_players:" in fields["Perfect Cell"]
        assert "2 to 6 players" in fields["Over 9000"] and "ai_players:" in fields["Over 9000"]
        assert "2 players" in fields["Prime Time"] and "ai_opponent:True" in fields["Prime Time"]
        for game in GAMES:
            assert f"`/{game.name} start`" in fields[game.module.title]
        assert "`leave`" in embed["description"]
        text = "\n".join([embed["description"], *fields.values()])
        assert len(text) < 1200
        assert max(len(line) for line in text.splitlines()) <= 2 * PHONE_LINE

        own = await fake.slash(fake.users.bob, "over9000 help", channel=fake.guild.channels[0])
        assert own.message is not None and "/over9000 start" in own.message.content
