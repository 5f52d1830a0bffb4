"""Apply what the bot sends (JSON bodies and uploads) to stored messages, the way Discord stores them."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .world import EPHEMERAL, StoredAttachment, StoredMessage

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15
FLAGS_A_BOT_MAY_SET = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes


AttachmentMaker = Callable[[Upload, str | None], StoredAttachment]


def apply_body(
    message: StoredMessage, body: dict[str, Any], uploads: list[Upload], make_attachment: AttachmentMaker
) -> None:
    """Create or edit: fields present in the body replace the stored ones, absent fields are kept."""
    if "content" in body:
        message.content = body["content"] or ""
    if "embeds" in body:
        message.embeds = [without_nulls({"type": "rich", **embed}) for embed in body["embeds"] or []]
    if "components" in body:
        message.components = response_components(body["components"] or [])
    message.attachments = _merged_attachments(
        message.attachments, body.get("attachments"), uploads, make_attachment
    )


def mentioned_user_ids(content: str, allowed_mentions: dict[str, Any] | None) -> list[int]:
    """The users a message's content mentions for real, in order: without ``allowed_mentions`` every
    ``<@id>``; with it, those its ``parse`` allows (``"users"``) or its ``users`` list names."""
    found = list(dict.fromkeys(int(user_id) for user_id in USER_MENTION.findall(content)))
    if allowed_mentions is None or "users" in (allowed_mentions.get("parse") or []):
        return found
    named = {int(user_id) for user_id in allowed_mentions.get("users") or []}
    return [user_id for user_id in found if user_id in named]


def creation_flags(body: dict[str, Any]) -> int:
    return (body.get("flags") or 0) & FLAGS_A_BOT_MAY_SET


def response_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord returns them: numbered depth first, defaults filled in, nulls dropped."""
    numbers = itertools.count(1)
    return [_response_component(component, numbers) for component in components]


def _response_component(component: dict[str, Any], numbers: Iterator[int]) -> dict[str, Any]:
    converted = without_nulls(component)
    converted.setdefault("id", next(numbers))
    if converted["type"] == 3:
        converted.setdefault("min_values", 1)
        converted.setdefault("max_values", 1)
    if "components" in converted:
        converted["components"] = [_response_component(child, numbers) for child in converted["components"]]
    for key in ("accessory", "component"):
        if key in converted:
            converted[key] = _response_component(converted[key], numbers)
    return converted


def without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return value


def _merged_attachments(
    existing: list[StoredAttachment],
    listed: list[dict[str, Any]] | None,
    uploads: list[Upload],
    make_attachment: AttachmentMaker,
) -> list[StoredAttachment]:
    """Without an `attachments` list every upload is added; with one, only listed old files stay."""
    if listed is None:
        return existing + [make_attachment(upload, None) for upload in uploads]
    existing_ids = {str(attachment.id) for attachment in existing}
    listed_ids = {str(item["id"]) for item in listed}
    descriptions = {
        str(item["id"]): item.get("description") for item in listed if str(item["id"]) not in existing_ids
    }
    kept = [attachment for attachment in existing if str(attachment.id) in listed_ids]
    return kept + [make_attachment(upload, descriptions.get(str(upload.index))) for upload in uploads]
