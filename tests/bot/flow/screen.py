"""The fake Discord as a patient person uses it: after a click, they look at the screen once the bot has
answered it, including the answer that follows a click the bot acknowledged first.

A busy bot acknowledges a click within a tenth of a second (a deferred answer) and sends what it
meant to show, the updated panel or a new menu, when its work is done; the fake's quiet period alone
may end before that.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.interactions import InteractionResult
from tests.fakediscord.world import FakeUser, StoredMessage

DEFERRED_ANSWERS = (5, 6)
"""A deferred message ("is thinking…") and a deferred update."""
FOLLOW_UP_SECONDS = 15.0
"""Discord keeps an acknowledged interaction's token for 15 minutes; a bot taking this long is broken."""
POLL_SECONDS = 0.02


class PatientDiscord(FakeDiscord):
    async def slash(self, user: FakeUser, command: str, **options: Any) -> InteractionResult:
        return await self._answered(lambda: super(PatientDiscord, self).slash(user, command, **options))

    async def click(
        self, user: FakeUser, message: StoredMessage | InteractionResult, button: str, **options: Any
    ) -> InteractionResult:
        return await self._answered(
            lambda: super(PatientDiscord, self).click(user, message, button, **options)
        )

    async def select(
        self,
        user: FakeUser,
        message: StoredMessage | InteractionResult,
        values: Sequence[str],
        **options: Any,
    ) -> InteractionResult:
        return await self._answered(
            lambda: super(PatientDiscord, self).select(user, message, values, **options)
        )

    async def submit_modal(
        self, user: FakeUser, opened: InteractionResult, answers: Mapping[str, str | Sequence[str]]
    ) -> InteractionResult:
        return await self._answered(lambda: super(PatientDiscord, self).submit_modal(user, opened, answers))

    async def _answered(self, act: Callable[[], Awaitable[InteractionResult]]) -> InteractionResult:
        start = len(self.requests)
        result = await act()
        if result.response_type not in DEFERRED_ANSWERS:
            return result
        token = result.interaction.token
        deadline = asyncio.get_running_loop().time() + FOLLOW_UP_SECONDS
        while not any(
            request.status and (request.template or "").startswith("/webhooks/") and token in request.path
            for request in self.requests[start:]
        ):
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(
                    f"{result.interaction.description}: no answer followed the acknowledgement"
                )
            await asyncio.sleep(POLL_SECONDS)
        await self.settle()
        return result
