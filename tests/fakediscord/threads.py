"""Threads: starting one from a message or without one, reading, editing (archive, lock, rename) and
deleting it, with Discord's permission rules and the gateway events that follow."""

from __future__ import annotations

from typing import Any

from .api import (
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    THREAD_ALREADY_CREATED,
    THREAD_ARCHIVED,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    WRONG_CHANNEL_TYPE,
    ApiCall,
    ApiError,
    FakeServer,
    Handler,
    missing_permissions,
)
from .ids import iso_timestamp
from .store import MessageStore
from .world import (
    DEFAULT_AUTO_ARCHIVE_MINUTES,
    HAS_THREAD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeThread,
)

# What the owner of a thread may change without Manage Threads.
OWNER_MAY_CHANGE = ("name", "archived", "auto_archive_duration")


async def delete_thread(server: FakeServer, thread: FakeThread) -> None:
    """The thread and its messages are gone (by the bot's request or a moderator's hand); its starter
    message no longer shows it."""
    world = server.world
    world.guild_of(thread).threads.remove(thread)
    starter = world.parent_of(thread).messages.get(thread.id)
    if starter is not None:
        starter.thread = None
        starter.flags &= ~HAS_THREAD
    data = {
        "id": str(thread.id),
        "guild_id": str(thread.guild_id),
        "parent_id": str(thread.parent_id),
        "type": thread.kind,
    }
    await server.gateway.dispatch_guild_event("THREAD_DELETE", data)


class ThreadRoutes:
    def __init__(self, server: FakeServer, store: MessageStore) -> None:
        self.server = server
        self.world = server.world
        self.store = store

    def handlers(self) -> dict[tuple[str, str], Handler]:
        return {
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): self._start_from_message,
            ("POST", "/channels/{channel_id}/threads"): self._start_without_message,
            ("GET", "/channels/{channel_id}"): self._get_channel,
            ("PATCH", "/channels/{channel_id}"): self._edit_channel,
            ("DELETE", "/channels/{channel_id}"): self._delete_channel,
        }

    async def _start_from_message(self, call: ApiCall) -> tuple[int, Any]:
        """A public thread whose id is the message's; the message then shows it (HAS_THREAD)."""
        parent = self._text_channel(call)
        message = parent.messages.get(int(call.params["message_id"]))
        if message is None or message.visible_to is not None:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        self._check_may_create(parent, PUBLIC_THREAD)
        if message.thread is not None or self.world.channel_by_id(message.id) is not None:
            raise ApiError(400, THREAD_ALREADY_CREATED, "A thread has already been created for this message")
        thread = self._new_thread(parent, message.id, PUBLIC_THREAD, call.body)
        message.thread = thread
        message.flags |= HAS_THREAD
        await self._announce(thread)
        await self.server.gateway.dispatch_message_event("MESSAGE_UPDATE", message.payload())
        return 201, thread.payload_for(self.world.bot_user)

    async def _start_without_message(self, call: ApiCall) -> tuple[int, Any]:
        """A thread of its own; without a ``type`` Discord makes it private."""
        parent = self._text_channel(call)
        kind = call.body.get("type") or PRIVATE_THREAD
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body")
        self._check_may_create(parent, kind)
        thread = self._new_thread(parent, self.server.snowflakes.next(), kind, call.body)
        if kind == PRIVATE_THREAD and call.body.get("invitable") is not None:
            thread.invitable = call.body["invitable"]
        await self._announce(thread)
        return 201, thread.payload_for(self.world.bot_user)

    async def _get_channel(self, call: ApiCall) -> tuple[int, Any]:
        channel = self._channel(call)
        if not isinstance(channel, FakeThread):
            return 200, channel.payload()
        if not self._can_see(channel):
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        return 200, channel.payload_for(self.world.bot_user)

    async def _edit_channel(self, call: ApiCall) -> tuple[int, Any]:
        """Only threads: the bot may not edit the text channels it is given (no Manage Channels)."""
        thread = self._channel(call)
        if not isinstance(thread, FakeThread):
            raise missing_permissions()
        changes = {key: value for key, value in (call.body or {}).items() if value is not None}
        self._check_may_edit(thread, changes)
        if "name" in changes:
            thread.name = changes["name"]
        if "locked" in changes:
            thread.locked = changes["locked"]
        if "invitable" in changes and thread.kind == PRIVATE_THREAD:
            thread.invitable = changes["invitable"]
        if changes.get("auto_archive_duration", thread.auto_archive_duration) != thread.auto_archive_duration:
            thread.auto_archive_duration = changes["auto_archive_duration"]
            thread.archive_timestamp = iso_timestamp()
        if changes.get("archived", thread.archived) != thread.archived:
            thread.archived = changes["archived"]
            thread.archive_timestamp = iso_timestamp()
        await self.store.dispatch_thread_update(thread)
        return 200, thread.payload_for(self.world.bot_user)

    async def _delete_channel(self, call: ApiCall) -> tuple[int, Any]:
        thread = self._channel(call)
        permissions = self.world.bot_permissions_in(thread)
        if not isinstance(thread, FakeThread) or not permissions.manage_threads:
            raise missing_permissions()
        await delete_thread(self.server, thread)
        return 200, thread.payload()

    def _new_thread(self, parent: FakeChannel, thread_id: int, kind: int, body: dict[str, Any]) -> FakeThread:
        thread = FakeThread(
            id=thread_id,
            name=body["name"],
            position=0,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot_user.id,
            kind=kind,
            auto_archive_duration=body.get("auto_archive_duration") or DEFAULT_AUTO_ARCHIVE_MINUTES,
        )
        thread.add_member(self.world.bot_user.id)
        self.world.guild_of(parent).threads.append(thread)
        return thread

    async def _announce(self, thread: FakeThread) -> None:
        await self.server.gateway.dispatch_guild_event(
            "THREAD_CREATE", {**thread.payload(), "newly_created": True}
        )

    def _check_may_create(self, parent: FakeChannel, kind: int) -> None:
        permissions = self.world.bot_permissions_in(parent)
        allowed = (
            permissions.create_public_threads if kind == PUBLIC_THREAD else permissions.create_private_threads
        )
        if not (permissions.view_channel and allowed):
            raise missing_permissions()

    def _check_may_edit(self, thread: FakeThread, changes: dict[str, Any]) -> None:
        """Discord's rules: an archived thread can only be unarchived; locking needs Manage Threads;
        renaming, archiving and the archive time need Manage Threads or owning the thread."""
        manages = self.world.bot_permissions_in(thread).manage_threads
        owns = thread.owner_id == self.world.bot_user.id
        if thread.archived and changes.get("archived") is not False:
            raise ApiError(400, THREAD_ARCHIVED, "Thread is archived")
        if changes.get("locked", thread.locked) != thread.locked and not manages:
            raise missing_permissions()
        if any(key in changes for key in OWNER_MAY_CHANGE) and not (manages or owns):
            raise missing_permissions()

    def _can_see(self, thread: FakeThread) -> bool:
        if thread.kind == PUBLIC_THREAD or self.world.bot_user.id in thread.joined:
            return True
        return self.world.bot_permissions_in(thread).manage_threads

    def _channel(self, call: ApiCall) -> FakeChannel:
        channel = self.world.channel_by_id(int(call.params["channel_id"]))
        if channel is None:
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return channel

    def _text_channel(self, call: ApiCall) -> FakeChannel:
        channel = self._channel(call)
        if isinstance(channel, FakeThread):
            raise ApiError(400, WRONG_CHANNEL_TYPE, "Cannot execute action on this channel type")
        return channel
