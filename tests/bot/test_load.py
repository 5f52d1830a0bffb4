"""A short load test: six channels over two guilds play at once against one bot process.

The bench (``bench/load.py``) runs the long version and reports speed and memory; here only what must
never happen is checked, with the details of each occurrence as the failure message.
"""

from __future__ import annotations

import contextlib
import gc
from collections import Counter

from tests.bot.load.findings import lost_moves
from tests.bot.load.run import FULL_COLLECTIONS_NEVER, LoadOptions, no_full_collections, run_load
from tests.bot.load.tables import acknowledged
from tests.fakediscord.rest import RecordedRequest

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"


def answer(template: str, body: dict[str, object]) -> RecordedRequest:
    method = "POST" if template == CALLBACK else "PATCH"
    return RecordedRequest(method, template, template, {}, body, status=200)


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


def test_a_click_deferred_then_drawn_with_its_move_is_a_move_seen_accepted() -> None:
    deferred = answer(CALLBACK, {"type": 6})

    assert acknowledged("cell", [deferred, answer(ORIGINAL, {"content": "<@1>, it's your turn"})])
    assert acknowledged("over9000", [deferred, answer(ORIGINAL, {"content": "✅ Kick into slot 2."})])
    assert not acknowledged("over9000", [deferred, answer(ORIGINAL, {"content": None})])


def test_a_clicked_message_drawn_again_saying_nothing_changed_is_no_move() -> None:
    stale_panel = "This board is out of date, so nothing changed. Here is the current one."

    assert not acknowledged("cell", [answer(CALLBACK, {"type": 7, "data": {"content": stale_panel}})])
    assert not acknowledged(
        "cell", [answer(CALLBACK, {"type": 6}), answer(ORIGINAL, {"content": stale_panel})]
    )


def test_the_players_process_makes_no_full_collection_while_they_play_and_then_does_again() -> None:
    before = gc.get_threshold()

    with no_full_collections():
        during = gc.get_threshold()
    with contextlib.suppress(RuntimeError), no_full_collections():
        raise RuntimeError("a run that fails")

    assert during == (before[0], before[1], FULL_COLLECTIONS_NEVER)
    assert gc.get_threshold() == before
