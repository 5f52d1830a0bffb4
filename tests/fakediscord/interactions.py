"""Interactions the fake dispatches: their payloads as Discord sends them, and what the bot answered."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import UserActionError
from .world import FakeChannel, FakeUser, StoredMessage, World

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
APPLICATION_COMMAND_AUTOCOMPLETE = 4
MODAL_SUBMIT = 5
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
DEFERRALS = (5, 6)
"""A deferred message ("is thinking…") and a deferred update."""
SHOWN_TIMEOUT = 5.0
SHOWN_POLL_SECONDS = 0.02


@dataclass(eq=False)
class PendingInteraction:
    """One interaction and everything the bot did with its token."""

    id: int
    token: str
    kind: int
    user: FakeUser
    channel: FakeChannel
    description: str
    payload: dict[str, Any]
    answered: asyncio.Future[None]
    # The clicked message, for components and modals opened from one: only these may answer 6 or 7.
    source_message: StoredMessage | None = None
    triggering_metadata: dict[str, Any] | None = None
    response_type: int | None = None
    response_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    later_answers: int = 0
    """Follow-ups and edits through the token after the first answer: what a deferral promised."""
    modal: dict[str, Any] | None = None
    # An autocomplete interaction's answer: the choices the user's client lists.
    choices: list[dict[str, Any]] | None = None
    expired: bool = False
    # Clock times of the dispatch and of the first answer, for latency measurements: the event loop's
    # own time moves once per pass of the loop (a millisecond apart, on uvloop), too coarse for them.
    sent_at: float | None = None
    answered_at: float | None = None

    @property
    def answer_seconds(self) -> float | None:
        """From the gateway dispatch to the bot's first answer, once answered."""
        if self.sent_at is None or self.answered_at is None:
            return None
        return self.answered_at - self.sent_at

    def metadata(self) -> dict[str, Any]:
        """The `interaction_metadata` Discord puts on messages this interaction created."""
        metadata: dict[str, Any] = {
            "id": str(self.id),
            "type": self.kind,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": self.payload["guild_id"]},
        }
        if self.response_message_id is not None:
            metadata["original_response_message_id"] = str(self.response_message_id)
        if self.kind == MESSAGE_COMPONENT and self.source_message is not None:
            metadata["interacted_message_id"] = str(self.source_message.id)
        if self.kind == MODAL_SUBMIT and self.triggering_metadata is not None:
            metadata["triggering_interaction_metadata"] = self.triggering_metadata
        return metadata


@dataclass(frozen=True)
class InteractionResult:
    """What the user sees after the bot has answered and settled (always the latest stored state)."""

    interaction: PendingInteraction
    world: World

    @property
    def response_type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal."""
        return self.interaction.response_type

    @property
    def message(self) -> StoredMessage | None:
        """The response message; for updates (6, 7) the clicked message."""
        message_id = self.interaction.response_message_id
        return None if message_id is None else self.world.find_message(message_id)

    async def shown(self, timeout: float = SHOWN_TIMEOUT) -> None:
        """Returns once the user sees what their action brought up: at once for an answer that shows
        it, after the bot's first follow-up or edit for a deferral (the client shows a loading state
        until then), or after ``timeout`` seconds of waiting for one."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.response_type in DEFERRALS and not self.interaction.later_answers:
            if asyncio.get_running_loop().time() > deadline:
                return
            await asyncio.sleep(SHOWN_POLL_SECONDS)

    @property
    def followups(self) -> list[StoredMessage]:
        found = (self.world.find_message(message_id) for message_id in self.interaction.followup_ids)
        return [message for message in found if message is not None]

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (custom_id, title, components), if it answered with one."""
        return self.interaction.modal

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The choices the bot offered for an autocomplete interaction (name and value each)."""
        return list(self.interaction.choices or [])


def interaction_payload(
    world: World,
    interaction_id: int,
    token: str,
    kind: int,
    data: dict[str, Any],
    user: FakeUser,
    channel: FakeChannel,
    message: StoredMessage | None,
) -> dict[str, Any]:
    guild = world.guild_of(channel)
    permissions = str(guild.permissions_of(user).value)
    member = guild.member(user).payload()
    member["permissions"] = permissions
    channel_payload = channel.payload()
    channel_payload["permissions"] = permissions
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(world.application_id),
        "type": kind,
        "data": data,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
        "channel_id": str(channel.id),
        "channel": channel_payload,
        "member": member,
        "token": token,
        "version": 1,
        "app_permissions": str(world.bot_permissions_in(channel).value),
        "locale": user.locale,
        "guild_locale": guild.preferred_locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if message is not None:
        payload["message"] = message.payload()
    return payload


def button_data(message: StoredMessage, label_or_custom_id: str) -> dict[str, Any]:
    matches = [
        button
        for button in message.buttons
        if label_or_custom_id in (button.get("label"), button.get("custom_id"))
    ]
    if not matches:
        raise UserActionError(
            f"no button {label_or_custom_id!r} on {message!r}; its buttons are {message.button_labels}"
        )
    if len(matches) > 1:
        raise UserActionError(f"{len(matches)} buttons match {label_or_custom_id!r}: use a custom_id")
    button = matches[0]
    if button.get("disabled"):
        raise UserActionError(f"button {label_or_custom_id!r} is disabled")
    if "custom_id" not in button:
        raise UserActionError(
            f"button {label_or_custom_id!r} is a link, clicking it opens {button.get('url')}"
        )
    return {"custom_id": button["custom_id"], "component_type": 2, "id": button["id"]}


def select_data(
    message: StoredMessage, values: Sequence[str], custom_id: str | None, forged: bool = False
) -> dict[str, Any]:
    selects = [s for s in message.selects if custom_id is None or s["custom_id"] == custom_id]
    if len(selects) != 1:
        raise UserActionError(
            f"{len(selects)} string selects match custom_id={custom_id!r} on {message!r}; "
            f"the message has {[s['custom_id'] for s in message.selects]}"
        )
    select = selects[0]
    if select.get("disabled"):
        raise UserActionError(f"select {select['custom_id']!r} is disabled")
    offered = [option["value"] for option in select["options"]]
    if forged:
        return {
            "custom_id": select["custom_id"],
            "component_type": 3,
            "values": list(values),
            "id": select["id"],
        }
    if not set(values) <= set(offered) or len(set(values)) != len(values):
        raise UserActionError(f"select {select['custom_id']!r} offers {offered}, not {list(values)}")
    if not select["min_values"] <= len(values) <= select["max_values"]:
        raise UserActionError(
            f"select {select['custom_id']!r} takes {select['min_values']}..{select['max_values']} values"
        )
    return {"custom_id": select["custom_id"], "component_type": 3, "values": list(values), "id": select["id"]}


def modal_submit_data(modal: dict[str, Any], answers: Mapping[str, str | Sequence[str]]) -> dict[str, Any]:
    """What Discord sends when the user fills the modal's fields (keyed by custom_id or label) and submits."""
    numbers = itertools.count(1)
    unused = set(answers)

    def filled(field_: dict[str, Any], label: str | None) -> dict[str, Any]:
        key = field_["custom_id"] if field_["custom_id"] in answers else label
        unused.discard(key)
        answer = answers.get(key) if key is not None else None
        if field_["type"] == 4:
            return _text_input(field_, label, answer, next(numbers))
        if field_["type"] == 3:
            return _select_input(field_, label, answer, next(numbers))
        raise UserActionError(f"the fake cannot fill modal fields of type {field_['type']}")

    components = []
    for component in modal["components"]:
        number = next(numbers)
        if component["type"] == 1:
            row = [filled(child, child.get("label")) for child in component["components"]]
            components.append({"type": 1, "id": number, "components": row})
        elif component["type"] == 18:
            inner = filled(component["component"], component["label"])
            components.append({"type": 18, "id": number, "component": inner})
        else:
            components.append({"type": component["type"], "id": number, "content": component.get("content")})
    if unused:
        raise UserActionError(f"modal {modal['title']!r} has no fields {sorted(unused)}")
    return {"custom_id": modal["custom_id"], "components": components}


def _text_input(field_: dict[str, Any], label: str | None, answer: Any, number: int) -> dict[str, Any]:
    value = (field_.get("value") or "") if answer is None else answer
    if not isinstance(value, str):
        raise UserActionError(f"text input {label or field_['custom_id']!r} takes a string, not {value!r}")
    if field_.get("required", True) and not value:
        raise UserActionError(f"text input {label or field_['custom_id']!r} is required")
    if value and not field_.get("min_length", 0) <= len(value) <= field_.get("max_length", 4000):
        raise UserActionError(f"text input {label or field_['custom_id']!r}: {len(value)} characters")
    return {"type": 4, "id": number, "custom_id": field_["custom_id"], "value": value}


def _select_input(field_: dict[str, Any], label: str | None, answer: Any, number: int) -> dict[str, Any]:
    values = [] if answer is None else [answer] if isinstance(answer, str) else list(answer)
    offered = [option["value"] for option in field_["options"]]
    if not set(values) <= set(offered):
        raise UserActionError(f"select {label or field_['custom_id']!r} offers {offered}, not {values}")
    return {"type": 3, "id": number, "custom_id": field_["custom_id"], "values": values}
