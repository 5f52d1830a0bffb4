"""/privacy and /forget-me, the pruning of old games and the online backups, end to end."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

from bot.features.privacy.forget import anonymous_id
from bot.features.upkeep import backup_database, backups_in
from bot.runtime.config import Settings
from tests.bot.driver import make_bot
from tests.bot.features.finished_games import answer_of, cell_game, over9000_game, stored_values
from tests.fakediscord.fake import FakeDiscord


def traces(database: Path, *needles: str) -> list[tuple[str, str]]:
    """(table, column) of every stored value that contains one of ``needles`` (case-insensitive)."""
    wanted = [needle.lower() for needle in needles]
    return [
        (table, column)
        for table, column, value in stored_values(database)
        if value is not None and any(needle in str(value).lower() for needle in wanted)
    ]


async def test_forget_me_leaves_no_trace_of_the_user_and_keeps_the_records(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    async with (
        FakeDiscord(quiet_period=0.02) as fake,
        fake.running(make_bot(fake, database)) as bot,
    ):
        users, channel = fake.users, fake.guild.channels[0]
        bob, carol = users.bob, users.carol
        lost = await cell_game(fake, bot, channel, [carol, bob], ["goku", "krillin"], "normal", win=False)
        duel, winners = await over9000_game(fake, bot, channel, [bob, carol], ["goku", "vegeta"])
        assert traces(database, str(bob.id), "bob") and traces(database, str(carol.id))

        privacy = answer_of(await fake.slash(bob, "privacy", channel=channel))
        assert privacy.ephemeral and "180 days" in privacy.content and "/forget-me" in privacy.content
        assert "keep their mention of you" in privacy.content

        # While bob sits in a running game, nothing is forgotten: the game would lose a player.
        await fake.slash(bob, "cell start", channel=channel)
        asked = answer_of(await fake.slash(bob, "forget-me", channel=channel))
        assert asked.ephemeral and asked.button_labels == ["Forget me", "Cancel"]
        refused = await fake.click(bob, asked, "Forget me")
        assert "still in a game" in refused.message.content and not refused.message.components
        await fake.slash(bob, "cell abandon", channel=channel)

        cancelled = await fake.click(
            bob, answer_of(await fake.slash(bob, "forget-me", channel=channel)), "Cancel"
        )
        assert cancelled.message.content == "Nothing was changed."
        assert traces(database, str(bob.id))

        confirmed = await fake.click(
            bob, answer_of(await fake.slash(bob, "forget-me", channel=channel)), "Forget me"
        )
        assert confirmed.message.content.startswith("Done.") and "3 games" in confirmed.message.content
        assert traces(database, str(bob.id), "bob") == []
        assert traces(database, str(carol.id)), "the other player's data is untouched"

        storage = bot.service.storage
        lobby = (await storage.game(duel)).lobby
        assert lobby["players"][0] | {"character": None} == {
            "user_id": anonymous_id(0),
            "name": "Player 1",
            "character": None,
        }
        actors = {entry.actor_id for entry in await storage.actions(lost) if entry.seat == 1}
        assert actors == {anonymous_id(1)}
        history = answer_of(await fake.slash(carol, "history", channel=channel)).embeds[0]["description"]
        assert "Player 1 (Goku), Carol (Vegeta)" in history and "Carol (Goku), Player 2 (Krillin)" in history
        board = answer_of(await fake.slash(carol, "leaderboard", channel=channel)).embeds[0]["description"]
        carol_wins = int(1 in winners)
        assert board.splitlines() == [
            f"1. **Carol** — {carol_wins} {'win' if carol_wins else 'wins'} in 2 games"
        ]
        forgotten = answer_of(await fake.slash(bob, "stats", channel=channel)).embeds[0]
        assert forgotten["description"] == "No finished games yet."
        # Both games still replay, as the seats keep their characters.
        duel_replay = answer_of(await fake.slash(carol, "over9000 replay", channel=channel, game=duel))
        assert duel_replay.attachments


async def test_old_finished_games_are_pruned_with_their_actions_and_their_results_kept(
    tmp_path: Path,
) -> None:
    async with FakeDiscord(quiet_period=0.02) as fake:
        bot = make_bot(fake, tmp_path / "games.sqlite3")
        bot.settings.retention_days = 0.5 / 86400  # half a second
        bot.upkeep.prune_interval = 0.1
        async with fake.running(bot):
            users, channel = fake.users, fake.guild.channels[0]
            finished = await cell_game(fake, bot, channel, [users.bob], ["piccolo"], "normal", win=False)
            await fake.slash(users.carol, "cell start", channel=fake.guild.channels[1])
            storage = bot.service.storage
            deadline = time.monotonic() + 5
            while await storage.game(finished) is not None:
                assert time.monotonic() < deadline, "the finished game was never pruned"
                await asyncio.sleep(0.05)
            assert await storage.actions(finished) == []
            assert (await storage.running_game(fake.guild.channels[1].id)) is not None, "running games stay"
            history = answer_of(await fake.slash(users.bob, "history", channel=channel)).embeds[0]
            assert history["description"].startswith(f"**#{finished}** Perfect Cell (Normal) — lost")
            assert "final board" not in history["description"]
            stats = answer_of(await fake.slash(users.bob, "stats", channel=channel)).embeds[0]
            assert "**1** game ·" in stats["fields"][0]["value"]
            replay = answer_of(await fake.slash(users.bob, "cell replay", channel=channel))
            assert replay.ephemeral and "no finished" in replay.content


def consistent(copy: Path) -> tuple[int, int]:
    """Checks a backup copy and returns (games, actions): the file is whole and each game's saved
    state counts exactly the actions logged for it, so no copy catches a save half-way."""
    connection = sqlite3.connect(copy)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games = connection.execute("SELECT id, state_json FROM games WHERE state_json IS NOT NULL").fetchall()
        for game_id, state_json in games:
            logged = connection.execute(
                "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            assert json.loads(state_json)["actions_taken"] == logged[0]
        actions = connection.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        return len(games), actions
    finally:
        connection.close()


async def test_backups_copy_a_consistent_database_while_games_are_played_and_keep_the_newest(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "backups"
    async with FakeDiscord(quiet_period=0.02) as fake:
        bot = make_bot(fake, tmp_path / "games.sqlite3", seed=11, ai_turn_delay=0.05)
        bot.settings.backup_dir = folder
        bot.settings.backup_interval_hours = 0.15 / 3600
        bot.settings.backup_keep = 3
        async with fake.running(bot):
            users = fake.users
            for channel, person in zip(fake.guild.channels, (users.bob, users.carol), strict=True):
                lobby = await fake.slash(person, "cell start", channel=channel, ai_players=3)
                await fake.click(person, lobby, "Start")
                await fake.slash(person, "cell autoplay", channel=channel)
            seen: set[str] = set()
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                seen.update(path.name for path in backups_in(folder))
                await asyncio.sleep(0.05)
            playing = await bot.service.storage.active_game_ids()
    kept = backups_in(folder)
    seen.update(path.name for path in kept)  # made while the bot was closing
    assert len(seen) > 3 and len(kept) == 3 and [path.name for path in kept] == sorted(seen)[-3:]
    assert not list(folder.glob("*.partial"))
    counts = [consistent(copy) for copy in kept]
    assert all(games == 2 for games, _ in counts) and counts[-1][1] > counts[0][1] > 0, counts
    assert len(playing) == 2, "the AI games were still running while the copies were taken"


async def test_a_backup_of_a_fresh_database_prunes_older_copies(tmp_path: Path) -> None:
    from bot.storage import SqliteStorage

    database = tmp_path / "games.sqlite3"
    storage = await SqliteStorage.open(database)
    try:
        folder = tmp_path / "copies"
        made = [await backup_database(database, folder, keep=2) for _ in range(4)]
    finally:
        await storage.close()
    assert backups_in(folder) == made[-2:]
    assert sqlite3.connect(made[-1]).execute("SELECT COUNT(*) FROM results").fetchone() == (0,)


def test_retention_and_backup_settings_come_from_the_environment() -> None:
    from bot.runtime.config import load_settings

    settings = load_settings(
        Path("/nonexistent/.env"),
        {"DISCORD_TOKEN": "x", "RETENTION_DAYS": "30", "BACKUP_DIR": "backups", "BACKUP_KEEP": "2"},
    )
    assert settings.retention_days == 30 and settings.backup_keep == 2
    assert settings.backup_dir is not None and settings.backup_dir.is_absolute()
    default = load_settings(Path("/nonexistent/.env"), {"DISCORD_TOKEN": "x", "BACKUP_DIR": ""})
    assert default == Settings(discord_token="x") and default.backup_dir is None
    assert default.retention_days == 180 and default.backup_interval_hours == 24
