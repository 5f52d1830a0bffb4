"""Interaction responses and what the bot does afterwards with the interaction's token: follow-ups,
and reading, editing and deleting the original response and follow-ups."""

from __future__ import annotations

import time
from typing import Any

from .api import (
    ALREADY_ACKNOWLEDGED,
    INVALID_FORM_BODY,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiCall,
    ApiError,
    FakeServer,
    Handler,
)
from .errors import InteractionAnsweredTwice
from .history import CreatedBy
from .interactions import (
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    MODAL_SUBMIT,
    PendingInteraction,
)
from .messages import Upload, creation_flags
from .store import MessageStore
from .world import EPHEMERAL, LOADING, StoredMessage

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL = 4, 5, 6, 7, 9
AUTOCOMPLETE_RESULT = 8
AUTOCOMPLETE_CHOICES = 25
CHAT_INPUT_COMMAND_MESSAGE = 20


class InteractionRoutes:
    def __init__(self, server: FakeServer, store: MessageStore) -> None:
        self.server = server
        self.world = server.world
        self.store = store

    def handlers(self) -> dict[tuple[str, str], Handler]:
        webhook_message = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        original = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        return {
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"): self._callback,
            ("POST", "/webhooks/{webhook_id}/{webhook_token}"): self._followup,
            ("GET", original): self._get_webhook_message,
            ("PATCH", original): self._edit_webhook_message,
            ("DELETE", original): self._delete_webhook_message,
            ("GET", webhook_message): self._get_webhook_message,
            ("PATCH", webhook_message): self._edit_webhook_message,
            ("DELETE", webhook_message): self._delete_webhook_message,
        }

    async def _callback(self, call: ApiCall) -> tuple[int, Any]:
        interaction = self.server.interactions.get(int(call.params["interaction_id"]))
        if (
            interaction is None
            or interaction.token != call.params["interaction_token"]
            or interaction.expired
        ):
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.response_type is not None:
            self.server.fail(
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
            interaction.answered_at = time.perf_counter()
            interaction.answered.set_result(None)
        if call.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        return 200, self._callback_response(interaction, resource)

    async def _answer(
        self, interaction: PendingInteraction, response_type: int, data: dict[str, Any], uploads: list[Upload]
    ) -> StoredMessage | None:
        if (interaction.kind == APPLICATION_COMMAND_AUTOCOMPLETE) != (response_type == AUTOCOMPLETE_RESULT):
            raise ApiError(
                400,
                INVALID_FORM_BODY,
                "An autocomplete interaction is answered with its choices, and only it",
            )
        if response_type == AUTOCOMPLETE_RESULT:
            choices = data.get("choices", [])
            if len(choices) > AUTOCOMPLETE_CHOICES:
                raise ApiError(400, INVALID_FORM_BODY, f"At most {AUTOCOMPLETE_CHOICES} choices")
            interaction.choices = choices
            return None
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
                await self.store.edit(source, data, uploads)
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
        interaction.later_answers += 1
        original = self._original(interaction)
        if original is not None and original.loading:
            # A follow-up to a deferred response resolves its "thinking" message (Discord keeps this
            # for backwards compatibility), and stays as ephemeral as the deferral was.
            await self.store.edit(original, call.body, call.uploads)
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
        await self.store.edit(message, call.body or {}, call.uploads)
        self._interaction_for_webhook(call).later_answers += 1
        return 200, message.payload()

    async def _delete_webhook_message(self, call: ApiCall) -> tuple[int, Any]:
        await self.store.delete(self._webhook_message(call))
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
        interaction = self.server.interactions_by_token.get(call.params["webhook_token"])
        if interaction is None or call.params["webhook_id"] != str(self.world.application_id):
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return interaction

    def _original(self, interaction: PendingInteraction) -> StoredMessage | None:
        if interaction.response_message_id is None:
            return None
        return self.world.find_message(interaction.response_message_id)

    async def _create_interaction_message(
        self, interaction: PendingInteraction, body: dict[str, Any], uploads: list[Upload], flags: int
    ) -> StoredMessage:
        message_type = CHAT_INPUT_COMMAND_MESSAGE if interaction.kind == APPLICATION_COMMAND else 0
        return await self.store.create(
            interaction.channel,
            body,
            uploads,
            flags=flags,
            created_by=CreatedBy.INTERACTION,
            visible_to=interaction.user if flags & EPHEMERAL else None,
            message_type=message_type,
            application_id=self.world.application_id,
            interaction_metadata=interaction.metadata(),
        )
