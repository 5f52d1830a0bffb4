"""The REST routes the bot uses, each request checked against Discord's OpenAPI spec."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .errors import DiscordContractError, InteractionAnsweredTwice, UnknownRouteError
from .interactions import APPLICATION_COMMAND, MODAL_SUBMIT, PendingInteraction
from .messages import AttachmentMaker, Upload, apply_body, creation_flags, without_nulls
from .spec import JSON, MULTIPART
from .world import EPHEMERAL, LOADING, FakeChannel, FakeUser, StoredAttachment, StoredMessage, iso_timestamp

if TYPE_CHECKING:
    from .fake import FakeDiscord

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL = 4, 5, 6, 7, 9
CHAT_INPUT_COMMAND_MESSAGE = 20
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION = 10003, 10008, 10015, 10062
INVALID_FORM_BODY, ALREADY_ACKNOWLEDGED, MISSING_PERMISSIONS = 50035, 40060, 50013


@dataclass
class RecordedRequest:
    method: str
    path: str
    template: str | None
    query: dict[str, str]
    body: Any
    uploads: list[Upload] = field(default_factory=list)
    status: int = 0


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@dataclass
class Fault:
    """A planned failure, as a test asks for one: the next ``times`` requests to ``method template``
    wait ``delay`` seconds, then fail with ``status`` and ``code`` (or, with no status, go through late)."""

    method: str
    template: str
    status: int | None
    code: int
    message: str
    delay: float
    times: int


@dataclass(frozen=True)
class ApiCall:
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: list[Upload]


Handler = Callable[[ApiCall], Awaitable[tuple[int, Any]]]


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.faults: list[Fault] = []
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        webhook_message = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        original = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        self._handlers: dict[tuple[str, str], Handler] = {
            ("GET", "/users/@me"): self._get_me,
            ("GET", "/oauth2/applications/@me"): self._get_application,
            ("GET", "/gateway"): self._get_gateway,
            ("GET", "/gateway/bot"): self._get_gateway_bot,
            ("GET", "/applications/{application_id}/commands"): self._get_commands,
            ("PUT", "/applications/{application_id}/commands"): self._put_commands,
            ("GET", guild_commands): self._get_commands,
            ("PUT", guild_commands): self._put_commands,
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): self._callback,
            ("POST", "/webhooks/{webhook_id}/{webhook_token}"): self._followup,
            ("GET", original): self._get_webhook_message,
            ("PATCH", original): self._edit_webhook_message,
            ("DELETE", original): self._delete_webhook_message,
            ("GET", webhook_message): self._get_webhook_message,
            ("PATCH", webhook_message): self._edit_webhook_message,
            ("DELETE", webhook_message): self._delete_webhook_message,
            ("GET", "/channels/{channel_id}/messages"): self._list_messages,
            ("POST", "/channels/{channel_id}/messages"): self._create_message,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self._get_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self._edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self._delete_message,
        }

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
        fault = self._take_fault(request.method, template)
        if fault is not None:
            await asyncio.sleep(fault.delay)
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
        call = ApiCall(operation.parameters(path), dict(request.query), body, uploads)
        try:
            status, payload = await handler(call)
        except ApiError as error:
            return _error(record, error.status, error.code, str(error))
        record.status = status
        if payload is None:
            return web.Response(status=status)
        errors = (
            self.fake.spec.response_errors(operation, status, payload) if self.fake.check_own_payloads else []
        )
        if errors:
            self.fake.fail(_contract_error(f"the fake's own response to {request.method} {template}", errors))
        return _json_response(payload, status)

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

    async def _get_commands(self, call: ApiCall) -> tuple[int, Any]:
        self._check_application(call)
        return 200, self.commands.get(_guild_key(call), [])

    async def _put_commands(self, call: ApiCall) -> tuple[int, Any]:
        self._check_application(call)
        guild_id = _guild_key(call)
        if guild_id is not None and self.world.guild_by_id(guild_id) is None:
            raise ApiError(404, 10004, "Unknown Guild")
        self.commands[guild_id] = [self._registered_command(command, guild_id) for command in call.body or []]
        return 200, self.commands[guild_id]

    def _registered_command(self, command: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        permissions = command.get("default_member_permissions")
        registered: dict[str, Any] = {
            "id": str(self.fake.snowflakes.next()),
            "application_id": str(self.world.application_id),
            "version": str(self.fake.snowflakes.next()),
            "type": command.get("type") or 1,
            "name": command["name"],
            "description": command.get("description") or "",
            "default_member_permissions": None if permissions is None else str(permissions),
            "options": without_nulls(command.get("options") or []),
            "nsfw": bool(command.get("nsfw")),
            "contexts": command.get("contexts"),
            "integration_types": command.get("integration_types") or [0],
        }
        if guild_id is not None:
            registered["guild_id"] = str(guild_id)
        return registered

    def _check_application(self, call: ApiCall) -> None:
        if call.params["application_id"] != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")

    async def _callback(self, call: ApiCall) -> tuple[int, Any]:
        interaction = self.fake.interactions.get(int(call.params["interaction_id"]))
        if (
            interaction is None
            or interaction.token != call.params["interaction_token"]
            or interaction.expired
        ):
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.response_type is not None:
            self.fake.fail(
                InteractionAnsweredTwice(
                    f"{interaction.description} was answered twice: first with type "
                    f"{interaction.response_type}, then with type {call.body.get('type')}"
                )
            )
            raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        response_type = call.body["type"]
        data = call.body.get("data") or {}
        resource = await self._answer(interaction, response_type, data, call.uploads)
        interaction.response_type = response_type
        if not interaction.answered.done():
            interaction.answered.set_result(None)
        if call.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        return 200, self._callback_response(interaction, resource)

    async def _answer(
        self, interaction: PendingInteraction, response_type: int, data: dict[str, Any], uploads: list[Upload]
    ) -> StoredMessage | None:
        if response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            flags = creation_flags(data) | (LOADING if response_type == DEFERRED_CHANNEL_MESSAGE else 0)
            body = data if response_type == CHANNEL_MESSAGE else {}
            message = await self._create_interaction_message(interaction, body, uploads, flags)
            interaction.response_message_id = message.id
            return message
        clicked = interaction.source_message
        if response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE) and clicked is not None:
            source = self.world.find_message(clicked.id)
            if source is None:
                raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
            interaction.response_message_id = source.id
            if response_type == UPDATE_MESSAGE:
                await self._edit(source, data, uploads)
            return source
        if response_type == MODAL and interaction.kind != MODAL_SUBMIT:
            interaction.modal = data
            return None
        raise ApiError(400, INVALID_FORM_BODY, f"Interaction response type {response_type} is not valid here")

    def _callback_response(
        self, interaction: PendingInteraction, resource: StoredMessage | None
    ) -> dict[str, Any]:
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.kind}
        if interaction.response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE) and resource is not None:
            summary["response_message_id"] = str(resource.id)
            summary["response_message_loading"] = resource.loading
            summary["response_message_ephemeral"] = resource.ephemeral
        response: dict[str, Any] = {"interaction": summary}
        if interaction.response_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE) and resource is not None:
            response["resource"] = {"type": interaction.response_type, "message": resource.payload()}
        return response

    async def _followup(self, call: ApiCall) -> tuple[int, Any]:
        interaction = self._interaction_for_webhook(call)
        if interaction.response_type is None:
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        original = self._original(interaction)
        if original is not None and original.loading:
            # A follow-up to a deferred response resolves its "thinking" message (Discord keeps this
            # for backwards compatibility), and stays as ephemeral as the deferral was.
            await self._edit(original, call.body, call.uploads)
            return 200, original.payload()
        message = await self._create_interaction_message(
            interaction, call.body, call.uploads, creation_flags(call.body)
        )
        interaction.followup_ids.append(message.id)
        return 200, message.payload()

    async def _get_webhook_message(self, call: ApiCall) -> tuple[int, Any]:
        return 200, self._webhook_message(call).payload()

    async def _edit_webhook_message(self, call: ApiCall) -> tuple[int, Any]:
        message = self._webhook_message(call)
        await self._edit(message, call.body or {}, call.uploads)
        return 200, message.payload()

    async def _delete_webhook_message(self, call: ApiCall) -> tuple[int, Any]:
        await self._delete(self._webhook_message(call))
        return 204, None

    def _webhook_message(self, call: ApiCall) -> StoredMessage:
        interaction = self._interaction_for_webhook(call)
        if "message_id" not in call.params:
            message = self._original(interaction)
        elif int(call.params["message_id"]) in [interaction.response_message_id, *interaction.followup_ids]:
            message = self.world.find_message(int(call.params["message_id"]))
        else:
            message = None
        if message is None:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _interaction_for_webhook(self, call: ApiCall) -> PendingInteraction:
        interaction = self.fake.interactions_by_token.get(call.params["webhook_token"])
        if interaction is None or call.params["webhook_id"] != str(self.world.application_id):
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return interaction

    def _original(self, interaction: PendingInteraction) -> StoredMessage | None:
        if interaction.response_message_id is None:
            return None
        return self.world.find_message(interaction.response_message_id)

    async def _list_messages(self, call: ApiCall) -> tuple[int, Any]:
        channel = self._channel(call)
        limit = int(call.query.get("limit", "50"))
        public = [message for message in channel.messages.values() if message.visible_to is None]
        return 200, [message.payload() for message in reversed(public[-limit:])]

    async def _create_message(self, call: ApiCall) -> tuple[int, Any]:
        channel = self._channel(call)
        denied = channel.bot_denied
        if denied.send_messages or denied.view_channel or (call.uploads and denied.attach_files):
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        flags = creation_flags(call.body) & ~EPHEMERAL
        message = await self._store_new(channel, call.body, call.uploads, flags=flags)
        return 200, message.payload()

    async def _get_message(self, call: ApiCall) -> tuple[int, Any]:
        return 200, self._channel_message(call).payload()

    async def _edit_message(self, call: ApiCall) -> tuple[int, Any]:
        message = self._channel_message(call)
        await self._edit(message, call.body or {}, call.uploads)
        return 200, message.payload()

    async def _delete_message(self, call: ApiCall) -> tuple[int, Any]:
        await self._delete(self._channel_message(call))
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

    async def _create_interaction_message(
        self, interaction: PendingInteraction, body: dict[str, Any], uploads: list[Upload], flags: int
    ) -> StoredMessage:
        message_type = CHAT_INPUT_COMMAND_MESSAGE if interaction.kind == APPLICATION_COMMAND else 0
        return await self._store_new(
            interaction.channel,
            body,
            uploads,
            flags=flags,
            visible_to=interaction.user if flags & EPHEMERAL else None,
            message_type=message_type,
            interaction=interaction,
        )

    async def _store_new(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        flags: int,
        visible_to: FakeUser | None = None,
        message_type: int = 0,
        interaction: PendingInteraction | None = None,
    ) -> StoredMessage:
        message = StoredMessage(
            id=self.fake.snowflakes.next(),
            channel_id=channel.id,
            author=self.world.bot_user,
            flags=flags,
            visible_to=visible_to,
            message_type=message_type,
            application_id=self.world.application_id if interaction else None,
            interaction_metadata=interaction.metadata() if interaction else None,
        )
        apply_body(message, body, uploads, self._attachment_maker(message))
        channel.messages[message.id] = message
        if visible_to is None:
            await self.fake.gateway.dispatch_message_event("MESSAGE_CREATE", message.payload())
        return message

    async def _edit(self, message: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        apply_body(message, body, uploads, self._attachment_maker(message))
        message.flags &= ~LOADING
        message.edited_timestamp = iso_timestamp()
        if message.visible_to is None:
            await self.fake.gateway.dispatch_message_event("MESSAGE_UPDATE", message.payload())

    async def _delete(self, message: StoredMessage) -> None:
        channel = self.world.channel_by_id(message.channel_id)
        if channel is not None:
            channel.messages.pop(message.id, None)
        if message.visible_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            await self.fake.gateway.dispatch_message_event("MESSAGE_DELETE", data)

    def _attachment_maker(self, message: StoredMessage) -> AttachmentMaker:
        def make(upload: Upload, description: str | None) -> StoredAttachment:
            attachment_id = self.fake.snowflakes.next()
            url = (
                f"{self.fake.base_url}/attachments/{message.channel_id}/{message.id}/"
                f"{attachment_id}/{upload.filename}"
            )
            return StoredAttachment(attachment_id, upload.filename, upload.data, url, description)

        return make


def _guild_key(call: ApiCall) -> int | None:
    return int(call.params["guild_id"]) if "guild_id" in call.params else None


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


def _json_response(payload: Any, status: int) -> web.Response:
    # Exactly "application/json", without a charset: discord.py only decodes that header value as JSON.
    return web.Response(body=json.dumps(payload).encode(), status=status, headers={"Content-Type": JSON})


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
