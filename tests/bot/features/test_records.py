"""Records after real finished games of both games: result rows, /stats, /leaderboard, /history and
each game's /… replay, all through the fake Discord (every request checked against Discord's spec,
every interaction answered within 3 s)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.core.replay import MAX_FRAMES, replay_states
from bot.games.cell.module import CellModule
from renderers.animation import LAST_FRAME_MS, UPLOAD_LIMIT_BYTES
from tests.bot.driver import make_bot
from tests.bot.features.finished_games import answer_of, cell_game, over9000_game
from tests.fakediscord.fake import FakeDiscord


def gif_facts(data: bytes) -> tuple[int, int, int]:
    """(frames, width, duration of the last frame) of a GIF."""
    with Image.open(io.BytesIO(data)) as gif:
        frames, width = gif.n_frames, gif.width
        gif.seek(frames - 1)
        return frames, width, int(gif.info["duration"])


async def test_stats_leaderboard_history_and_replays_after_real_games(tmp_path: Path) -> None:
    async with (
        # A replay takes seconds to build (acknowledged at once); the default 10 s to settle is tight
        # on a busy machine.
        FakeDiscord(quiet_period=0.02, settle_timeout=40) as fake,
        fake.running(make_bot(fake, tmp_path / "games.sqlite3")) as bot,
    ):
        users, channel = fake.users, fake.guild.channels[0]
        storage = bot.service.storage
        won = await cell_game(fake, bot, channel, [users.bob], ["piccolo"], "easy", win=True)
        lost = await cell_game(
            fake, bot, channel, [users.bob, users.carol], ["goku", "krillin"], "normal", False
        )
        duel, winners = await over9000_game(fake, bot, channel, [users.bob, users.carol], ["goku", "vegeta"])

        rows = await storage.read_all(
            "SELECT game_id, seat, user_id, won, ai FROM results ORDER BY game_id, seat"
        )
        assert [tuple(row) for row in rows] == [
            (won, 0, users.bob.id, 1, 0),
            (lost, 0, users.bob.id, 0, 0),
            (lost, 1, users.carol.id, 0, 0),
            (duel, 0, users.bob.id, int(0 in winners), 0),
            (duel, 1, users.carol.id, int(1 in winners), 0),
        ]

        stats = answer_of(await fake.slash(users.bob, "stats", channel=channel)).embeds[0]
        cell_field = next(field for field in stats["fields"] if field["name"] == "Perfect Cell")
        assert "**2** games · **1** win · **1** loss" in cell_field["value"]
        # Goku and Piccolo were played once each: the more recent one is the favourite.
        assert "Favourite: Goku" in cell_field["value"]
        assert "Easy: won 1 of 1" in cell_field["value"] and "Normal: lost" in cell_field["value"]
        duel_field = next(field for field in stats["fields"] if field["name"] == "Over 9000")
        bob_duel_wins = int(0 in winners)
        assert f"**{bob_duel_wins}** {'win' if bob_duel_wins == 1 else 'wins'}" in duel_field["value"]
        # Over 9000 has no difficulties to compare.
        assert "Best by" not in duel_field["value"] and "Best by difficulty" in cell_field["value"]
        carol = answer_of(await fake.slash(users.bob, "stats", channel=channel, player=users.carol)).embeds[0]
        assert carol["title"].startswith("Carol") and len(carol["fields"]) == 2
        nobody = answer_of(await fake.slash(users.bob, "stats", channel=channel, player=users.dave)).embeds[0]
        assert nobody["description"] == "No finished games yet."

        board = answer_of(await fake.slash(users.carol, "leaderboard", channel=channel, game="cell")).embeds[
            0
        ]
        assert board["description"].splitlines() == [
            "1. **Bob** — 1 win in 2 games",
            "2. **Carol** — 0 wins in 1 game",
        ]
        overall = answer_of(await fake.slash(users.carol, "leaderboard", channel=channel)).embeds[0]
        bob_line = next(line for line in overall["description"].splitlines() if "**Bob**" in line)
        bob_wins = 1 + int(0 in winners)
        wins_word = "win" if bob_wins == 1 else "wins"
        assert bob_line.endswith(f"{bob_wins} {wins_word} in 3 games ({round(100 * bob_wins / 3)}%)")
        carol_line = next(line for line in overall["description"].splitlines() if "**Carol**" in line)
        assert carol_line.endswith("in 2 games"), "no win rate before 3 games"
        assert "AI" not in overall["description"]

        history = answer_of(await fake.slash(users.dave, "history", channel=channel)).embeds[0]
        entries = history["description"].split("\n\n")
        assert [entry.split()[0] for entry in entries] == [f"**#{duel}**", f"**#{lost}**", f"**#{won}**"]
        assert "Perfect Cell (Normal) — lost" in entries[1] and "Bob (Goku), Carol (Krillin)" in entries[1]
        assert "Perfect Cell (Easy) — won" in entries[2]
        winner_name = "Bob" if winners == [0] else "Carol"
        assert f"Over 9000 — won by {winner_name}" in entries[0]
        for game_id, entry in zip((duel, lost, won), entries, strict=True):
            final_board = (await storage.game(game_id)).message_id
            assert f"/{channel.id}/{final_board})" in entry
            assert fake.world.find_message(final_board) is not None

        replay = answer_of(await fake.slash(users.dave, "cell replay", channel=channel))
        assert replay.content == f"Replay of Perfect Cell game #{lost}."
        record = await storage.game(lost)
        shown = replay_states(CellModule(), record, await storage.actions(lost))
        turns = sum(1 for action in await storage.actions(lost) if action.action["type"] == "end_turn")
        frames, width, last = gif_facts(replay.attachments[0].data)
        # A frame after every action with public news (rolls included), not only after each turn.
        assert len(shown) > turns + 1 and turns + 1 < frames <= min(len(shown), MAX_FRAMES)
        assert width == 720 and last == LAST_FRAME_MS
        assert len(replay.attachments[0].data) < UPLOAD_LIMIT_BYTES

        by_number = answer_of(await fake.slash(users.dave, "cell replay", channel=channel, game=won))
        assert by_number.attachments[0].filename == f"cell-{won}-replay.gif"
        frames, _, _ = gif_facts(by_number.attachments[0].data)
        assert 2 < frames <= MAX_FRAMES

        duel_replay = answer_of(await fake.slash(users.dave, "over9000 replay", channel=channel))
        assert duel_replay.attachments[0].filename == f"over9000-{duel}-replay.gif"
        assert gif_facts(duel_replay.attachments[0].data)[0] > 2

        wrong_kind = answer_of(await fake.slash(users.dave, "cell replay", channel=channel, game=duel))
        assert wrong_kind.ephemeral and "no finished Perfect Cell game" in wrong_kind.content
        elsewhere = answer_of(await fake.slash(users.dave, "cell replay", channel=fake.guild.channels[1]))
        assert elsewhere.ephemeral and "this channel" in elsewhere.content

        help_text = answer_of(await fake.slash(users.dave, "over9000 help", channel=channel)).content
        assert "/over9000 replay" in help_text
