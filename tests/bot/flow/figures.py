"""What one game put the channel and its players through, read from the fake Discord afterwards.

Every game is played in a channel of its own, so whatever the bot posted there belongs to it:

- ``public``: public messages the bot created in the channel, deleted ones included;
- ``uploads``, ``upload_mb``: files the bot attached there, public and private (board images and the
  private copies of the board it sends with a refusal), in MB of 1,000,000 bytes;
- ``live_boards``: the bot's public messages the channel still shows with an image at the end, the
  final board included (each such image is a picture of this game's board);
- ``most_in_5s``: the most public messages the bot created within any 5 seconds (a sliding window);
- ``private_left``: per person, the ephemeral messages from the bot they still have at the end;
- the clicks each person made in the game, lobby aside;
- clicks per turn (Perfect Cell, Over 9000) or per activation (Prime Time), people's turns only: the
  clicks of the player whose turn or activation it is (``table``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeUser

from .table import GameLog

WINDOW_SECONDS = 5.0


def p90(values: Sequence[float]) -> float:
    """The nearest-rank 90th percentile: the smallest value at least 90% of the values do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)] if ordered else 0


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0


@dataclass
class GameFigures:
    label: str
    """Which kind of game: ``cell2``, ``cell4``, ``over9000``, ``primetime``, ``primetime_full``."""
    log: GameLog
    public: int
    uploads: int
    public_uploads: int
    upload_mb: float
    live_boards: int
    most_in_5s: int
    private_left: list[int]
    turn_clicks: list[int]
    turn_name: str = "turn"
    """What a turn is called in this game ("activation" in Prime Time)."""
    samples: dict[str, list[int]] = field(default_factory=dict)
    """Click counts of the game's own (Prime Time: ``move_attack_clicks``, a move then an attack)."""

    @property
    def clicks_per_player(self) -> list[int]:
        return [self.log.clicks_by_seat.get(seat, 0) for seat in range(len(self.private_left))]

    def line(self) -> str:
        clicks = self.turn_clicks
        extra = "".join(
            f", {name.replace('_', ' ')} median {median(values):g} max {max(values)} over {len(values)}"
            if values
            else f", no {name.replace('_', ' ')}"
            for name, values in self.samples.items()
        )
        return (
            f"{self.label} (game {self.log.game_id}, {self.log.seconds:.0f} s, "
            f"{self.log.decisions} decisions, {self.log.not_offered} not offered by the controls): "
            f"public messages {self.public}, uploads {self.uploads} ({self.public_uploads} public, "
            f"{self.upload_mb:.1f} MB), live board images {self.live_boards}, most in 5 s {self.most_in_5s}, "
            f"private left per player {self.private_left}, clicks per player {self.clicks_per_player}, "
            f"clicks per {self.turn_name} "
            f"median {median(clicks):g} p90 {p90(clicks):g} max {max(clicks, default=0)} "
            f"over {len(clicks)} {self.turn_name}s{extra}"
        )


def read_figures(
    label: str,
    fake: FakeDiscord,
    channel: FakeChannel,
    people: list[FakeUser],
    log: GameLog,
    turn_name: str = "turn",
) -> GameFigures:
    history = channel.history
    return GameFigures(
        label=label,
        log=log,
        public=history.messages_created,
        uploads=history.upload_count,
        public_uploads=sum(1 for upload in history.uploads if upload.public),
        upload_mb=history.upload_bytes / 1_000_000,
        live_boards=sum(1 for message in fake.bot_messages(channel) if message.has_image),
        most_in_5s=fake.most_messages_in_window(channel, WINDOW_SECONDS),
        private_left=[len(fake.ephemerals(channel, person)) for person in people],
        turn_clicks=[turn.clicks for turn in log.turns],
        turn_name=turn_name,
    )
