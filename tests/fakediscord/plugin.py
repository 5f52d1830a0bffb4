"""pytest plugin with the fake Discord fixture.

Enable it in a conftest with `pytest_plugins = ["tests.fakediscord.plugin"]`.
"""

from collections.abc import AsyncIterator

import pytest

from .fake import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fresh fake Discord; anything the bot did wrong and no test step raised fails the test at teardown."""
    async with FakeDiscord() as fake:
        yield fake
