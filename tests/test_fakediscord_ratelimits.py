"""Self-tests of the fake Discord's rate limits: Discord's 429s, honoured and retried by discord.py."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
from discord.ext import commands

from tests.fakediscord import CreatedBy, FakeDiscord

pytest_plugins = ["tests.fakediscord.plugin"]

SHORT_WINDOW_SECONDS = 1.0


def burst_bot() -> commands.Bot:
    """``/burst`` answers, then posts three more messages in the channel at once; ``/later`` answers
    after thinking, with a follow-up."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(name="burst", description="Say a lot at once")
    async def burst(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await interaction.response.send_message("Here it comes")
        await asyncio.gather(*(channel.send(f"line {number}") for number in range(3)))

    @bot.tree.command(name="later", description="Answer after thinking")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("Thought it over")
        await interaction.followup.send("And one more")

    async def setup_hook() -> None:
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_an_injected_429_is_waited_out_and_the_message_posted_once(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    fake.inject_rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.05)
    fake.inject_rate_limit("POST", "/webhooks/{webhook_id}/{webhook_token}", retry_after=0.05)
    async with fake.running(burst_bot()) as bot:
        channel = bot.get_channel(games.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("only once")
        later = await fake.slash(fake.users.bob, "later", channel=games)

    assert [message.content for message in fake.bot_messages(games)] == [
        "only once",
        "Thought it over",
        "And one more",
    ]
    assert later.message is not None and later.message.content == "Thought it over"
    statuses = [request.status for request in fake.requests if request.method == "POST"]
    assert statuses.count(429) == 2
    assert fake.rate_limited_count(games) == 1, "the webhook's 429 belongs to no channel route"


async def test_an_enforced_limit_answers_as_discord_does(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.guild.channel("games")
    fake.rate_limits.enforce = True
    url = f"{fake.base_url}/api/v10/channels/{games.id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        answers = []
        for number in range(6):
            async with session.post(url, json={"content": f"post {number}"}) as response:
                answers.append((response.status, dict(response.headers), await response.json()))

    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    assert [answer[1]["X-RateLimit-Remaining"] for answer in answers] == ["4", "3", "2", "1", "0", "0"]
    _, limited_headers, body = answers[-1]
    assert limited_headers["X-RateLimit-Limit"] == "5"
    assert 4 < float(limited_headers["X-RateLimit-Reset-After"]) <= 5
    assert limited_headers["Retry-After"] == "5" and limited_headers["X-RateLimit-Scope"] == "user"
    assert limited_headers["X-RateLimit-Bucket"] == answers[0][1]["X-RateLimit-Bucket"]
    assert "X-RateLimit-Reset" in limited_headers and limited_headers["Via"]
    assert body["global"] is False and 4 < body["retry_after"] <= 5 and body["message"]
    assert fake.spec.schema_errors("RatelimitedResponse", body) == []
    assert len(fake.bot_messages(games)) == 5 and fake.rate_limited_count(games) == 1


async def test_two_processes_sharing_a_bucket_are_slowed_and_post_everything_once(
    fake_discord: FakeDiscord,
) -> None:
    """Each process follows the headers it sees, but the bucket is Discord's: some of their posts get
    429s, which discord.py waits out and sends again."""
    fake = fake_discord
    games = fake.guild.channel("games")
    fake.rate_limits.enforce = True
    fake.rate_limits.window = SHORT_WINDOW_SECONDS
    other = discord.Client(intents=discord.Intents.none())
    async with fake.running(burst_bot()) as bot:
        await other.login(fake.token)
        try:
            mine = bot.get_channel(games.id)
            theirs = await other.fetch_channel(games.id)
            assert isinstance(mine, discord.TextChannel) and isinstance(theirs, discord.TextChannel)
            await asyncio.gather(
                *(mine.send(f"first {number}") for number in range(4)),
                *(theirs.send(f"second {number}") for number in range(4)),
            )
        finally:
            await other.close()

    posted = sorted(message.content for message in fake.bot_messages(games))
    assert posted == sorted(
        [f"first {number}" for number in range(4)] + [f"second {number}" for number in range(4)]
    )
    assert fake.rate_limited_count(games) >= 3


async def test_every_public_message_is_timed_whatever_its_route(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    general = fake.guild.channel("general")
    async with fake.running(burst_bot()):
        await fake.slash(fake.users.carol, "burst")
        await fake.slash(fake.users.carol, "later")

    routes = [created.created_by for created in general.history.created]
    assert routes == [CreatedBy.INTERACTION] + [CreatedBy.CHANNEL_ROUTE] * 3 + [CreatedBy.INTERACTION] * 2
    assert fake.most_messages_in_window(general) == 6
    assert fake.most_messages_in_window(general, seconds=0.0) == 0
    assert fake.rate_limited_count(general) == 0, "nothing is enforced unless a test asks"
