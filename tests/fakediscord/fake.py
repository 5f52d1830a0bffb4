"""The fake Discord: REST and gateway on 127.0.0.1, and the API tests use to act as users."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from types import TracebackType
from typing import Any
from unittest import mock

import discord
import yarl
from aiohttp import web
from PIL import Image

from .activity import BotErrorLog, RequestActivity
from .building import build_world
from .commands import autocomplete_data, command_data
from .errors import (
    DiscordContractError,
    FakeDiscordError,
    InteractionNotAnswered,
    UserActionError,
)
from .gateway import Gateway
from .ids import Snowflakes, iso_timestamp
from .interactions import (
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
    PendingInteraction,
    button_data,
    interaction_payload,
    modal_submit_data,
    select_data,
)
from .people import FakeUser, Users
from .ratelimits import MessageRateLimits
from .reading import WorldReading
from .rest import Fault, HeldRequest, RecordedRequest, RestApi
from .spec import load_spec
from .threads import delete_thread
from .world import FakeChannel, FakeGuild, FakeThread, StoredMessage

# The fake sends every guild right after READY; discord.py's default 2 s wait for more is wasted time.
GUILD_READY_GRACE = 0.05
STARTUP_TIMEOUT = 10.0
MAX_REQUEST_BYTES = 25 * 1024 * 1024
"""Discord's limit on a request's size when sending a message with files (aiohttp's own default,
1 MiB, would refuse replays Discord takes)."""


class FakeDiscord(WorldReading):
    """An offline Discord for one test.

    `async with FakeDiscord() as fake:` then `async with fake.running(bot):` and act as users.

    There is one guild (`fake.guild`) with #general and #games unless the test asks for more:
    `FakeDiscord(guilds=3, channels_per_guild=20)`. With `settle_after_actions=False` each user action
    returns as soon as the bot has answered it, without waiting for the whole bot to go quiet or
    raising what went wrong elsewhere meanwhile: many users can then act at once, as in a load test,
    which reads `fake.failures` itself. Such a test may also pass `check_own_payloads=False`: every
    request of the bot is still checked against the spec, but not the fake's own responses and
    interactions, which the other tests check and which would otherwise cost the fake most of its time.

    `FakeDiscord(guilds=2, shard_count=2)` puts guild ``n`` on shard ``n % 2`` and recommends two
    shards: each shard's events reach the session (of whichever bot or process) that identified on it.
    """

    def __init__(
        self,
        *,
        token: str = "test-token",
        answer_deadline: float = 3.0,
        quiet_period: float = 0.08,
        settle_timeout: float = 10.0,
        guilds: int = 1,
        channels_per_guild: int = 2,
        settle_after_actions: bool = True,
        check_own_payloads: bool = True,
        shard_count: int = 1,
    ) -> None:
        self.token = token
        self.answer_deadline = answer_deadline
        self.quiet_period = quiet_period
        self.settle_timeout = settle_timeout
        self.spec = load_spec()
        self.snowflakes = Snowflakes()
        self.world = build_world(self.snowflakes, guilds, channels_per_guild, shard_count)
        self.settle_after_actions = settle_after_actions
        self.check_own_payloads = check_own_payloads
        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.failures: list[FakeDiscordError] = []
        self._failure_recorded = asyncio.Event()
        self.bot_errors: list[str] = []
        self.interactions: dict[int, PendingInteraction] = {}
        self.interactions_by_token: dict[str, PendingInteraction] = {}
        self.activity = RequestActivity()
        self.rate_limits = MessageRateLimits()
        """Discord's 5 messages per 5 s per channel: off until a test sets ``rate_limits.enforce``."""
        self.rest = RestApi(self)
        self._holds: list[HeldRequest] = []
        self._port = 0
        self._runner: web.AppRunner | None = None
        self._patches = contextlib.ExitStack()
        self.gateway = Gateway(self.world, token, "", shard_count)

    @property
    def users(self) -> Users:
        return self.world.users

    @property
    def guild(self) -> FakeGuild:
        """The first guild."""
        return self.world.guild

    @property
    def guilds(self) -> list[FakeGuild]:
        return self.world.guilds

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/gateway"

    async def __aenter__(self) -> FakeDiscord:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        self._port = listener.getsockname()[1]
        self.gateway.url = self.gateway_url
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        attachment = "/attachments/{channel_id}/{message_id}/{attachment_id}/{filename}"
        app.router.add_get(attachment, self.rest.serve_attachment)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, listener).start()
        self._patches.enter_context(mock.patch.object(discord.http.Route, "BASE", f"{self.base_url}/api/v10"))
        gateway = yarl.URL(self.gateway_url)
        self._patches.enter_context(
            mock.patch.object(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", gateway)
        )
        self._check_own_world()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._patches.close()
        for held in self._holds:
            held.release()
        if self._runner is not None:
            await self._runner.cleanup()
        if exc_type is None:
            self.check()

    @contextlib.asynccontextmanager
    async def running(
        self, bot: discord.Client, *, token: str | None = None
    ) -> AsyncIterator[discord.Client]:
        """Start the bot as production does, wait until it is ready and settled; close it on exit."""
        bot._connection.guild_ready_timeout = GUILD_READY_GRACE
        self.gateway.ready.clear()
        error_log = BotErrorLog(self.bot_errors)
        logging.getLogger("discord").addHandler(error_log)
        bot_task = asyncio.create_task(bot.start(token or self.token), name="fake-discord: bot")
        try:
            await self._until_ready(bot, bot_task)
            await self.settle()
            self.check()
            yield bot
        finally:
            await bot.close()
            await asyncio.wait({bot_task})
            logging.getLogger("discord").removeHandler(error_log)
        bot_task.result()

    async def slash(
        self,
        user: FakeUser,
        command: str,
        *,
        channel: FakeChannel | None = None,
        shard_id: int | None = None,
        forged: bool = False,
        **options: Any,
    ) -> InteractionResult:
        """Type `/command` with options, as `user`, in `channel` (default: the first guild's first one).
        ``shard_id`` sends it to that shard's session instead of the guild's (see ``click``). ``forged``
        sends the options as a tampered client could: any value, in or out of the declared type, range
        and choices, required ones left out and undeclared ones added."""
        path = command.removeprefix("/").split()
        target = channel or self.guild.channels[0]
        guild = self.world.guild_of(target)
        definition = self._registered_command(path[0], guild)
        required = int(definition.get("default_member_permissions") or 0)
        if required & ~guild.permissions_of(user).value:
            raise UserActionError(f"{user.username} lacks the permissions /{path[0]} requires")
        data = command_data(definition, path, options, guild, user, forged)
        description = f"/{command} by {user.username}"
        return await self._interact(user, target, APPLICATION_COMMAND, data, description, shard_id=shard_id)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        focused: str,
        typed: str,
        *,
        channel: FakeChannel | None = None,
        **options: Any,
    ) -> InteractionResult:
        """Type ``typed`` into option ``focused`` of `/command` (``options`` filled already): the
        result's ``choices`` are what the user's client then lists."""
        path = command.removeprefix("/").split()
        target = channel or self.guild.channels[0]
        guild = self.world.guild_of(target)
        definition = self._registered_command(path[0], guild)
        data = autocomplete_data(definition, path, options, focused, typed, guild, user)
        description = f"/{command} {focused}={typed!r} typed by {user.username}"
        return await self._interact(user, target, APPLICATION_COMMAND_AUTOCOMPLETE, data, description)

    async def click(
        self,
        user: FakeUser,
        message: StoredMessage | InteractionResult,
        button: str,
        *,
        shard_id: int | None = None,
    ) -> InteractionResult:
        """Click the button with this label or custom_id on the message's current state. With
        ``shard_id`` the interaction goes to that shard's session whatever the guild's shard (a
        misroute, or a click during a failover)."""
        clicked = self._visible_message(user, message)
        data = button_data(clicked, button)
        description = f"{user.username} clicking {button!r}"
        return await self._interact(
            user,
            self._channel_of(clicked),
            MESSAGE_COMPONENT,
            data,
            description,
            clicked,
            shard_id=shard_id,
        )

    async def click_late(
        self, user: FakeUser, message: StoredMessage | InteractionResult, custom_id: str
    ) -> InteractionResult:
        """A click on a button the user saw, arriving after the message changed and lost that button
        (a double click): Discord sends the old custom_id with the message as it is now."""
        current = self._visible_message(user, message)
        data = {"custom_id": custom_id, "component_type": 2, "id": 1}
        description = f"{user.username} clicking {custom_id!r} late"
        return await self._interact(
            user, self._channel_of(current), MESSAGE_COMPONENT, data, description, current
        )

    async def forge(
        self,
        user: FakeUser,
        message: StoredMessage | InteractionResult,
        custom_id: str,
        component_type: int = 2,
        values: Sequence[str] | None = None,
    ) -> InteractionResult:
        """A component interaction on a message the user sees, as a tampered client sends it: any
        custom_id, component type (2 a button, 3 a string select) and values, shown or not."""
        current = self._visible_message(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type, "id": 1}
        if values is not None:
            data["values"] = list(values)
        description = f"{user.username} sending forged {custom_id!r} ({component_type}, {values})"
        return await self._interact(
            user, self._channel_of(current), MESSAGE_COMPONENT, data, description, current
        )

    async def select(
        self,
        user: FakeUser,
        message: StoredMessage | InteractionResult,
        values: Sequence[str],
        *,
        custom_id: str | None = None,
        forged: bool = False,
        shard_id: int | None = None,
    ) -> InteractionResult:
        """Pick `values` in the message's string select (the only one, or the one with `custom_id`);
        ``forged`` sends them even if the menu does not offer them, as a tampered client could.
        ``shard_id`` sends it to that shard's session instead of the guild's (see ``click``)."""
        chosen = self._visible_message(user, message)
        data = select_data(chosen, values, custom_id, forged)
        description = f"{user.username} selecting {list(values)}"
        return await self._interact(
            user, self._channel_of(chosen), MESSAGE_COMPONENT, data, description, chosen, shard_id=shard_id
        )

    async def submit_modal(
        self,
        user: FakeUser,
        opened: InteractionResult,
        answers: Mapping[str, str | Sequence[str]],
        *,
        custom_id: str | None = None,
    ) -> InteractionResult:
        """Fill the modal the bot opened (fields keyed by custom_id or label) and submit it;
        ``custom_id`` sends that id in place of the modal's, as a tampered client could."""
        modal = opened.modal
        if modal is None:
            raise UserActionError(f"{opened.interaction.description} did not open a modal")
        if opened.interaction.user is not user:
            raise UserActionError(
                f"the modal was shown to {opened.interaction.user.username}, not {user.username}"
            )
        data = modal_submit_data(modal, answers)
        if custom_id is not None:
            data["custom_id"] = custom_id
        source = opened.interaction.source_message
        current_source = self.world.find_message(source.id) if source is not None else None
        return await self._interact(
            user,
            opened.interaction.channel,
            MODAL_SUBMIT,
            data,
            f"{user.username} submitting modal {modal['title']!r}",
            current_source,
            opened.interaction.metadata(),
        )

    def inject_fault(
        self,
        method: str,
        template: str,
        *,
        status: int | None = None,
        code: int = 0,
        message: str = "Injected failure",
        delay: float = 0.0,
        times: int = 1,
        retry_after: float = 0.05,
    ) -> None:
        """Make the next ``times`` requests to a route (its spec template, e.g.
        ``/channels/{channel_id}/messages``) fail with ``status``/``code`` or arrive ``delay`` s late:
        a missing permission (403, 50013), a deleted message (404, 10008), a slow network. Status 429
        answers as Discord rate-limits (headers and body), asking to retry after ``retry_after`` s."""
        if self.spec.find_operation(method, template) is None:
            raise UserActionError(f"{method} {template} is not a route of Discord's API")
        fault = Fault(method.upper(), template, status, code, message, delay, times, retry_after)
        self.rest.faults.append(fault)

    def hold(
        self,
        method: str,
        template: str,
        matches: Callable[[Any], bool] = lambda body: True,
        *,
        after_handling: bool = False,
    ) -> HeldRequest:
        """Hold the next request to a route whose body ``matches`` (see ``HeldRequest``): a test kills
        the bot process while it waits there, as a crash at exactly that step."""
        if self.spec.find_operation(method, template) is None:
            raise UserActionError(f"{method} {template} is not a route of Discord's API")
        held = HeldRequest(method.upper(), template, matches, after_handling)
        self.rest.holds.append(held)
        self._holds.append(held)
        return held

    def inject_rate_limit(
        self, method: str, template: str, *, retry_after: float = 0.05, times: int = 1
    ) -> None:
        """The next ``times`` requests to the route get a 429 (discord.py waits ``retry_after`` s and
        sends the same request again)."""
        self.inject_fault(method, template, status=429, times=times, retry_after=retry_after)

    async def interrupt_gateway(self, shard_id: int = 0) -> None:
        """Drop a shard's gateway connection like a network blip, and wait until the bot has resumed."""
        await self.gateway.interrupt(shard_id)
        await asyncio.wait_for(self.gateway.resumed.wait(), STARTUP_TIMEOUT)

    async def moderator_archives(self, thread: FakeThread) -> None:
        """A moderator archives the thread by hand (the gateway tells the bot), then the bot settles."""
        thread.archived = True
        thread.archive_timestamp = iso_timestamp()
        await self.rest.store.dispatch_thread_update(thread)
        await self.settle()

    async def moderator_deletes(self, thread: FakeThread) -> None:
        """A moderator deletes the thread by hand (the gateway tells the bot), then the bot settles."""
        await delete_thread(self, thread)
        await self.settle()

    async def together(self, *actions: Awaitable[InteractionResult]) -> list[InteractionResult]:
        """Dispatch several user actions at the same moment (two players clicking at once), then settle."""
        return list(await asyncio.gather(*actions))

    def image(self, message: StoredMessage | InteractionResult, index: int = 0) -> Image.Image:
        """Decode an attached image of the message's current state."""
        stored = self._current(message)
        if len(stored.attachments) <= index:
            raise UserActionError(f"{stored!r} has {len(stored.attachments)} attachments")
        return stored.attachments[index].image()

    def check(self) -> None:
        """Raise what went wrong since the last check: contract violations, double answers, unknown routes."""
        if not self.failures:
            return
        failures, self.failures = self.failures, []
        self._failure_recorded.clear()
        first = failures[0]
        if len(failures) == 1:
            raise first
        others = "\n".join(f"- {type(failure).__name__}: {failure}" for failure in failures[1:])
        raise type(first)(f"{first}\n\nand {len(failures) - 1} more:\n{others}")

    def fail(self, failure: FakeDiscordError) -> None:
        self.failures.append(failure)
        self._failure_recorded.set()

    async def settle(self) -> None:
        """Wait until the bot's handlers are done and no REST request has been made for the quiet period."""
        await self.activity.settled(self.quiet_period, self.settle_timeout)

    async def _until_ready(self, bot: discord.Client, bot_task: asyncio.Task[None]) -> None:
        async def ready() -> None:
            await self.gateway.ready.wait()
            await bot.wait_until_ready()

        ready_task = asyncio.create_task(ready())
        done, _ = await asyncio.wait(
            {bot_task, ready_task}, timeout=STARTUP_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if ready_task in done:
            return
        ready_task.cancel()
        if bot_task in done:
            bot_task.result()
            raise FakeDiscordError("the bot stopped before it was ready")
        raise FakeDiscordError(f"the bot was not ready within {STARTUP_TIMEOUT} s")

    async def _interact(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: dict[str, Any],
        description: str,
        source: StoredMessage | None = None,
        triggering_metadata: dict[str, Any] | None = None,
        *,
        shard_id: int | None = None,
    ) -> InteractionResult:
        if self.settle_after_actions:
            self.check()
        loop = asyncio.get_running_loop()
        interaction_id = self.snowflakes.next()
        # Shaped like Discord's: base64 of "interaction:" and the id, then a long secret.
        token = f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(48)}"
        payload = interaction_payload(self.world, interaction_id, token, kind, data, user, channel, source)
        if self.check_own_payloads:
            self._check_own_payload("GuildMemberResponse", payload["member"], "interaction member")
            channel_schema = "ThreadResponse" if isinstance(channel, FakeThread) else "GuildChannelResponse"
            self._check_own_payload(channel_schema, payload["channel"], "interaction channel")
            for locale in (payload["locale"], payload["guild_locale"]):
                self._check_own_payload("AvailableLocalesEnum", locale, "locale")
            if source is not None:
                self._check_own_payload("MessageResponse", payload["message"], "interaction message")
        interaction = PendingInteraction(
            interaction_id,
            token,
            kind,
            user,
            channel,
            description,
            payload,
            loop.create_future(),
            source_message=source,
            triggering_metadata=triggering_metadata,
        )
        self.interactions[interaction_id] = interaction
        self.interactions_by_token[token] = interaction
        errors_before = len(self.bot_errors)
        # Discord's 3 s start when it sends the interaction, so a bot too busy to read its gateway
        # (the send waits on a full socket) spends them too.
        sent_at = loop.time()
        interaction.sent_at = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload, shard_id=shard_id)
        await self._until_answered(interaction, sent_at)
        if not interaction.answered.done():
            interaction.expired = True
            if self.settle_after_actions:
                self.check()
            logged = "\n".join(self.bot_errors[errors_before:]) or "nothing"
            raise InteractionNotAnswered(
                f"{description} was not answered within {self.answer_deadline} s; the bot logged: {logged}"
            ) from None
        if self.settle_after_actions:
            await self.settle()
            self.check()
        return InteractionResult(interaction, self.world)

    async def _until_answered(self, interaction: PendingInteraction, sent_at: float) -> None:
        """Wait for the initial response, but stop early when the bot broke a rule meanwhile (when actions
        settle: otherwise a rule broken for another user must not cut this one's wait short)."""
        left = max(0.0, sent_at + self.answer_deadline - asyncio.get_running_loop().time())
        if not self.settle_after_actions:
            await asyncio.wait([interaction.answered], timeout=left)
            return
        failed = asyncio.ensure_future(self._failure_recorded.wait())
        await asyncio.wait([interaction.answered, failed], timeout=left, return_when=asyncio.FIRST_COMPLETED)
        failed.cancel()

    def _registered_command(self, name: str, guild: FakeGuild) -> dict[str, Any]:
        for scope in (guild.id, None):
            for command in self.rest.commands.get(scope, []):
                if command["name"] == name and command["type"] == 1:
                    return command
        registered = sorted(c["name"] for commands in self.rest.commands.values() for c in commands)
        raise UserActionError(
            f"/{name} is not a registered command in {guild.name}; the bot synced {registered}"
        )

    def _current(self, message: StoredMessage | InteractionResult) -> StoredMessage:
        stored = message.message if isinstance(message, InteractionResult) else message
        current = self.world.find_message(stored.id) if stored is not None else None
        if current is None:
            raise UserActionError(f"{message!r} is not (or no longer) in any channel")
        return current

    def _visible_message(self, user: FakeUser, message: StoredMessage | InteractionResult) -> StoredMessage:
        current = self._current(message)
        if not current.visible_for(user):
            raise UserActionError(f"{user.username} cannot see {current!r}")
        return current

    def _channel_of(self, message: StoredMessage) -> FakeChannel:
        channel = self.world.channel_by_id(message.channel_id)
        assert channel is not None
        return channel

    def _check_own_world(self) -> None:
        for guild in self.guilds:
            payload = guild.payload(self.bot_user)
            self._check_own_payload("GuildResponse", payload, f"guild {guild.name}")
            for member in payload["members"]:
                self._check_own_payload("GuildMemberResponse", member, "a guild member")
            for channel in payload["channels"]:
                self._check_own_payload("GuildChannelResponse", channel, "a channel")
            for thread in payload["threads"]:
                self._check_own_payload("ThreadResponse", thread, "a thread")

    def _check_own_payload(self, schema: str, payload: Any, what: str) -> None:
        errors = self.spec.schema_errors(schema, payload)
        if errors:
            listed = "\n  ".join(errors)
            self.fail(DiscordContractError(f"the fake's own {what} breaks {schema}:\n  {listed}"))
