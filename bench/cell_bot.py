"""Click-to-answer latency of the Perfect Cell bot, next to a bare discord.py bot.

Runs both bots in this process against the fake Discord from the test suite (nothing leaves
127.0.0.1). The game bot's clicks include loading the game, applying the move, the SQLite write
and drawing the board; the bare bot answers each click with a ready-made image. The process is set up
as ``python -m bot`` sets up the bot's (its event loop, its allocator, what the imports left set aside
from the garbage collector's full collections). Run by hand:

    PYTHONPATH=. .venv/bin/python bench/cell_bot.py [--moves 300] [--think-ms 0] [--quick]

With ``--think-ms``, each player looks at the board that long before clicking, as people do (by
default they click at once, the hardest case for the boards and menus worked out ahead).

The last line is ``p50_ms=X p99_ms=Y ratio_vs_bare_p50=Z``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import tempfile
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from PIL import Image
from quick import parse_arguments

from bot.runtime.event_loop import run
from bot.runtime.process_memory import settle_after_imports, tune_allocator
from rules.cell.engine import legal_actions
from tests.bot.driver import make_bot
from tests.bot.games.cell.driver import CellTable
from tests.bot.games.cell.policies import aggressive
from tests.fakediscord.fake import FakeDiscord


class Stopwatch:
    """Collects, for every interaction answered since the last ``take``, the time from its dispatch
    to the bot's first answer (as the fake Discord records them)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.taken: set[int] = set()

    def take(self) -> list[float]:
        samples = []
        for interaction_id, interaction in self.fake.interactions.items():
            seconds = interaction.answer_seconds
            if seconds is not None and interaction_id not in self.taken:
                self.taken.add(interaction_id)
                samples.append(seconds)
        return samples


class BareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bare:(?P<n>\d+)"):
    def __init__(self, number: int) -> None:
        super().__init__(discord.ui.Button(label="Click", custom_id=f"bare:{number}"))
        self.number = number

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, match: Any) -> BareButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(BareButton(self.number + 1))
        image = discord.File(io.BytesIO(interaction.client.ready_image), filename="board.png")
        await interaction.response.edit_message(attachments=[image], view=view)


class BareBot(discord.Client):
    def __init__(self, ready_image: bytes) -> None:
        super().__init__(intents=discord.Intents.default())
        self.ready_image = ready_image
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="bare", description="A message with a button")
        async def bare(interaction: discord.Interaction[Any]) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(BareButton(0))
            await interaction.response.send_message("bare", view=view)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(BareButton)
        await self.tree.sync()


async def game_latencies(
    fake: FakeDiscord, stopwatch: Stopwatch, folder: Path, moves: int, think: float
) -> tuple[list[float], bytes]:
    samples: list[float] = []
    seed = 0
    board_png = b""
    while len(samples) < moves:
        seed += 1
        bot = make_bot(fake, folder / f"games-{seed}.sqlite3", seed=seed)
        async with fake.running(bot):
            channel = fake.guild.channels[0]
            table = CellTable(
                fake, bot, channel, [fake.users.bob, fake.users.carol, fake.users.dave, fake.users.erin]
            )
            await table.open(["goku", "gohan", "piccolo", "krillin"])
            stopwatch.take()
            state = await table.state()
            while state.outcome is None and len(samples) < moves:
                actions = legal_actions(state, state.active_seat)
                await asyncio.sleep(think)
                await table.play(state, aggressive(state, actions))
                samples.extend(stopwatch.take())
                state = await table.state()
            board_png = (await table.board()).attachments[0].data
            await fake.slash(fake.users.bob, "cell abandon", channel=channel)
    return samples, board_png


async def bare_latencies(fake: FakeDiscord, stopwatch: Stopwatch, image: bytes, clicks: int) -> list[float]:
    async with fake.running(BareBot(image)):
        result = await fake.slash(fake.users.bob, "bare", channel=fake.guild.channels[1])
        stopwatch.take()
        for _ in range(clicks):
            result = await fake.click(fake.users.bob, result, "Click")
        return stopwatch.take()


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def main(moves: int, think: float = 0.0) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord(quiet_period=0.02) as fake:
            stopwatch = Stopwatch(fake)
            game, board_png = await game_latencies(fake, stopwatch, Path(folder), moves, think)
            bare = await bare_latencies(fake, stopwatch, board_png or _blank_png(), len(game))
    game_ms = [sample * 1000 for sample in game]
    bare_ms = [sample * 1000 for sample in bare]
    print(
        f"game bot: {len(game_ms)} clicks, p50 {statistics.median(game_ms):.1f} ms, max {max(game_ms):.1f} ms"
    )
    print(
        f"bare bot: {len(bare_ms)} clicks, p50 {statistics.median(bare_ms):.1f} ms, max {max(bare_ms):.1f} ms"
    )
    ratio = statistics.median(game_ms) / statistics.median(bare_ms)
    p50, p99 = statistics.median(game_ms), percentile(game_ms, 0.99)
    print(f"p50_ms={p50:.1f} p99_ms={p99:.1f} ratio_vs_bare_p50={ratio:.2f}")


def _blank_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (1400, 900)).save(buffer, "PNG")
    return buffer.getvalue()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="game clicks to time")
    parser.add_argument("--think-ms", type=float, default=0, help="how long a player looks before clicking")
    arguments = parse_arguments(parser, moves=20)
    tune_allocator()
    settle_after_imports()
    run(main(arguments.moves, arguments.think_ms / 1000))
