"""The REST API on 127.0.0.1: every request checked against Discord's OpenAPI spec, then routed."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .api import (
    INVALID_FORM_BODY,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    ApiCall,
    ApiError,
    FakeServer,
    Handler,
    missing_permissions,
)
from .command_sync import CommandRoutes
from .errors import DiscordContractError, UnknownRouteError
from .history import CreatedBy
from .messages import Upload, creation_flags
from .ratelimits import PROXY_HEADERS, RateLimited, rate_limited
from .responses import InteractionRoutes
from .spec import JSON, MULTIPART
from .store import MessageStore
from .threads import ThreadRoutes
from .world import EPHEMERAL, FakeChannel, FakeThread, StoredMessage

CHANNEL_MESSAGES = ("POST", "/channels/{channel_id}/messages")
NONCE_SECONDS = 300.0
"""How long Discord remembers an enforced nonce ("the past few minutes")."""


@dataclass
class RecordedRequest:
    method: str
    path: str
    template: str | None
    query: dict[str, str]
    body: Any
    uploads: list[Upload] = field(default_factory=list)
    status: int = 0


@dataclass
class Fault:
    """A planned failure, as a test asks for one: the next ``times`` requests to ``method template``
    wait ``delay`` seconds, then fail with ``status`` and ``code`` (or, with no status, go through late).
    A 429 is answered as Discord rate-limits: its headers and body, asking to retry after
    ``retry_after`` seconds."""

    method: str
    template: str
    status: int | None
    code: int
    message: str
    delay: float
    times: int
    retry_after: float = 0.0


@dataclass(eq=False)
class HeldRequest:
    """A request a test holds, as a bot process sees one when it dies waiting: the next request to
    ``method template`` that ``matches`` (its body) is held, before it is handled or, with
    ``after_handling``, once it has been (the message exists, its answer never arrives). ``arrived``
    is set when it is held; ``release`` lets it end, answering 503 to nobody."""

    method: str
    template: str
    matches: Callable[[Any], bool]
    after_handling: bool = False
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    request: RecordedRequest | None = None

    def release(self) -> None:
        self.released.set()

    async def hold(self, record: RecordedRequest) -> web.Response:
        self.request = record
        self.arrived.set()
        await self.released.wait()
        return _error(record, 503, 0, "Service Unavailable")


class RestApi:
    def __init__(self, fake: FakeServer) -> None:
        self.fake = fake
        self.world = fake.world
        self.faults: list[Fault] = []
        self.holds: list[HeldRequest] = []
        self.store = MessageStore(fake)
        # Enforced nonces of messages created through the channel route: (message id, when).
        self._nonces: dict[str, tuple[int, float]] = {}
        self.command_routes = CommandRoutes(fake)
        self._handlers: dict[tuple[str, str], Handler] = {
            ("GET", "/users/@me"): self._get_me,
            ("GET", "/oauth2/applications/@me"): self._get_application,
            ("GET", "/gateway"): self._get_gateway,
            ("GET", "/gateway/bot"): self._get_gateway_bot,
            ("GET", "/channels/{channel_id}/messages"): self._list_messages,
            CHANNEL_MESSAGES: self._create_message,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self._get_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self._edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self._delete_message,
            **self.command_routes.handlers(),
            **InteractionRoutes(fake, self.store).handlers(),
            **ThreadRoutes(fake, self.store).handlers(),
        }

    @property
    def commands(self) -> dict[int | None, list[dict[str, Any]]]:
        return self.command_routes.commands

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.fake.activity.started()
        try:
            return await self._respond(request)
        finally:
            self.fake.activity.finished()

    async def serve_attachment(self, request: web.Request) -> web.StreamResponse:
        message = self.world.find_message(int(request.match_info["message_id"]))
        attachment_id = int(request.match_info["attachment_id"])
        for attachment in message.attachments if message else []:
            if attachment.id == attachment_id:
                return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    async def _respond(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        body, uploads = await _parse_body(request)
        operation = self.fake.spec.find_operation(request.method, path)
        template = operation.template if operation else None
        record = RecordedRequest(request.method, path, template, dict(request.query), body, uploads)
        self.fake.requests.append(record)
        parameters = operation.parameters(path) if operation else {}
        held = self._take_hold(request.method, template, body)
        if held is not None and not held.after_handling:
            return await held.hold(record)
        fault = self._take_fault(request.method, template)
        if fault is not None:
            await asyncio.sleep(fault.delay)
            if fault.status == 429:
                return self._rate_limited(
                    record, parameters, rate_limited(fault.retry_after, limit=1, remaining=0)
                )
            if fault.status is not None:
                return _error(record, fault.status, fault.code, fault.message)
        if (
            not _is_token_route(template or "")
            and request.headers.get("Authorization") != f"Bot {self.fake.token}"
        ):
            return _error(record, 401, 0, "401: Unauthorized")
        if operation is not None and request.body_exists:
            errors = self.fake.spec.request_errors(operation, request.content_type, body)
            if errors:
                self.fake.fail(_contract_error(f"{request.method} {template} (sent to {path})", errors))
                return _error(record, 400, INVALID_FORM_BODY, "Invalid Form Body", errors)
        handler = self._handlers.get((request.method, template or ""))
        if operation is None or handler is None:
            record.status = 404
            self.fake.unknown_requests.append(record)
            self.fake.fail(UnknownRouteError(f"the bot called {request.method} {path}, which the fake lacks"))
            return _error(record, 404, 0, "404: Not Found")
        headers: dict[str, str] = {}
        if (request.method, template) == CHANNEL_MESSAGES:
            now = asyncio.get_running_loop().time()
            headers, limited = self.fake.rate_limits.spend(int(parameters["channel_id"]), now)
            if limited is not None:
                return self._rate_limited(record, parameters, limited)
        call = ApiCall(parameters, dict(request.query), body, uploads)
        try:
            status, payload = await handler(call)
        except ApiError as error:
            return _error(record, error.status, error.code, str(error))
        record.status = status
        if held is not None:
            return await held.hold(record)
        if payload is None:
            return web.Response(status=status, headers=headers)
        errors = (
            self.fake.spec.response_errors(operation, status, payload) if self.fake.check_own_payloads else []
        )
        if errors:
            self.fake.fail(_contract_error(f"the fake's own response to {request.method} {template}", errors))
        return _json_response(payload, status, headers)

    def _rate_limited(
        self, record: RecordedRequest, parameters: dict[str, str], limited: RateLimited
    ) -> web.Response:
        """Answer 429; a channel's routes (its messages, threads) count it against that channel."""
        record.status = 429
        if "channel_id" in parameters:
            self.fake.rate_limits.served[int(parameters["channel_id"])] += 1
        return _json_response(limited.body, 429, limited.headers)

    def _take_hold(self, method: str, template: str | None, body: Any) -> HeldRequest | None:
        for held in self.holds:
            if held.method == method and held.template == template and held.matches(body):
                self.holds.remove(held)
                return held
        return None

    def _take_fault(self, method: str, template: str | None) -> Fault | None:
        for fault in self.faults:
            if fault.method == method and fault.template == template:
                fault.times -= 1
                if fault.times == 0:
                    self.faults.remove(fault)
                return fault
        return None

    async def _get_me(self, call: ApiCall) -> tuple[int, Any]:
        user = self.world.bot_user.payload()
        user.update(mfa_enabled=False, locale="en-US", verified=True, email=None)
        return 200, user

    async def _get_application(self, call: ApiCall) -> tuple[int, Any]:
        return 200, {
            "id": str(self.world.application_id),
            "name": self.world.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot": self.world.bot_user.payload(),
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.world.guild.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "approximate_guild_count": len(self.world.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "integration_types_config": {"0": {}},
        }

    async def _get_gateway(self, call: ApiCall) -> tuple[int, Any]:
        return 200, {"url": self.fake.gateway_url}

    async def _get_gateway_bot(self, call: ApiCall) -> tuple[int, Any]:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return 200, {
            "url": self.fake.gateway_url,
            "shards": self.fake.gateway.shard_count,
            "session_start_limit": limit,
        }

    async def _list_messages(self, call: ApiCall) -> tuple[int, Any]:
        channel = self._channel(call)
        limit = int(call.query.get("limit", "50"))
        public = [message for message in channel.messages.values() if message.visible_to is None]
        return 200, [message.payload() for message in reversed(public[-limit:])]

    async def _create_message(self, call: ApiCall) -> tuple[int, Any]:
        """In a thread Send Messages in Threads is what counts (Send Messages does not). With a nonce
        and ``enforce_nonce``, a message the same author created with the same nonce in the past few
        minutes is returned instead of a new one (the channel route's author is always the bot)."""
        channel = self._channel(call)
        permissions = self.world.bot_permissions_in(channel)
        may_send = (
            permissions.send_messages_in_threads
            if isinstance(channel, FakeThread)
            else permissions.send_messages
        )
        if not (may_send and permissions.view_channel) or (call.uploads and not permissions.attach_files):
            raise missing_permissions()
        body = call.body or {}
        nonce = str(body["nonce"]) if body.get("enforce_nonce") and body.get("nonce") is not None else None
        now = asyncio.get_running_loop().time()
        if nonce is not None and nonce in self._nonces:
            message_id, created = self._nonces[nonce]
            earlier = self.world.find_message(message_id)
            if earlier is not None and now - created < NONCE_SECONDS:
                return 200, earlier.payload()
        flags = creation_flags(call.body) & ~EPHEMERAL
        message = await self.store.create(
            channel, call.body, call.uploads, flags=flags, created_by=CreatedBy.CHANNEL_ROUTE
        )
        if nonce is not None:
            self._nonces[nonce] = (message.id, now)
        return 200, message.payload()

    async def _get_message(self, call: ApiCall) -> tuple[int, Any]:
        return 200, self._channel_message(call).payload()

    async def _edit_message(self, call: ApiCall) -> tuple[int, Any]:
        message = self._channel_message(call)
        await self.store.edit(message, call.body or {}, call.uploads)
        return 200, message.payload()

    async def _delete_message(self, call: ApiCall) -> tuple[int, Any]:
        await self.store.delete(self._channel_message(call))
        return 204, None

    def _channel(self, call: ApiCall) -> FakeChannel:
        channel = self.world.channel_by_id(int(call.params["channel_id"]))
        if channel is None:
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _channel_message(self, call: ApiCall) -> StoredMessage:
        message = self._channel(call).messages.get(int(call.params["message_id"]))
        if message is None or message.visible_to is not None:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message


def _is_token_route(template: str) -> bool:
    """Interaction callbacks and webhooks are authorised by the token in their path, not a bot token."""
    return template.startswith(("/interactions/", "/webhooks/{webhook_id}/{webhook_token}"))


def _contract_error(what: str, errors: list[str]) -> DiscordContractError:
    listed = "\n  ".join(errors)
    return DiscordContractError(f"{what} breaks Discord's OpenAPI schema:\n  {listed}")


def _error(
    record: RecordedRequest, status: int, code: int, message: str, errors: Sequence[str] = ()
) -> web.Response:
    record.status = status
    payload: dict[str, Any] = {"code": code, "message": message}
    if errors:
        payload["errors"] = {"_errors": [{"code": "SCHEMA_VIOLATION", "message": error} for error in errors]}
    return _json_response(payload, status)


def _json_response(payload: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", without a charset: discord.py only decodes that header value as JSON.
    all_headers = {"Content-Type": JSON, **PROXY_HEADERS, **(headers or {})}
    return web.Response(body=json.dumps(payload).encode(), status=status, headers=all_headers)


async def _parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if not request.body_exists:
        return None, []
    if request.content_type != MULTIPART:
        text = await request.text()
        return (json.loads(text) if text else None), []
    payload: Any = None
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        if name == "payload_json":
            payload = json.loads(await part.text())
        elif name.startswith("files["):
            uploads.append(
                Upload(int(name[len("files[") : -1]), part.filename or name, bytes(await part.read()))
            )
    return payload, uploads
