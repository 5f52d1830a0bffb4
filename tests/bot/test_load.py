"""A short load test: six channels over two guilds play at once against one bot process.

The bench (``bench/load.py``) runs the long version and reports speed and memory; here only what must
never happen is checked, with the details of each occurrence as the failure message.
"""

from __future__ import annotations

from collections import Counter

from tests.bot.load.findings import lost_moves
from tests.bot.load.run import LoadOptions, run_load


async def test_six_busy_channels_answer_every_click_lose_no_move_and_never_stall() -> None:
    report = await run_load(LoadOptions(channels=6, seconds=10, seed=1, channels_per_guild=3))

    problems = "\n".join(report.summary(examples=20))
    assert report.interactions >= 60, f"the channels hardly played:\n{problems}"
    assert (report.errors, report.stuck, report.lost) == (0, 0, 0), problems


def test_moves_seen_accepted_that_the_log_lacks_count_as_lost() -> None:
    accepted = Counter({(1, 10): 3, (1, 11): 2, (2, 10): 1})

    lost, lines = lost_moves(accepted, Counter({(1, 10): 3, (1, 11): 1, (1, 0): 7}))

    assert lost == 2
    assert lines == [
        "game 1: user 11 saw 2 moves accepted, the log has 1",
        "game 2: user 10 saw 1 moves accepted, the log has 0",
    ]
