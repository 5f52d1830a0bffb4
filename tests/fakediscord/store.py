"""Creating, editing and deleting the bot's messages as Discord does, wherever the request came from
(a channel route, an interaction response, a webhook follow-up), with the thread rules that apply to
them, the gateway events they cause and the channel's history."""

from __future__ import annotations

import asyncio
from typing import Any

from .api import THREAD_ARCHIVED, THREAD_LOCKED, ApiError, FakeServer
from .history import CreatedBy, CreatedMessage, UploadedFile
from .ids import iso_timestamp
from .messages import AttachmentMaker, Upload, apply_body, mentioned_user_ids
from .world import LOADING, FakeChannel, FakeThread, FakeUser, StoredAttachment, StoredMessage


class MessageStore:
    def __init__(self, server: FakeServer) -> None:
        self.server = server
        self.world = server.world

    async def create(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        flags: int,
        created_by: CreatedBy,
        visible_to: FakeUser | None = None,
        message_type: int = 0,
        application_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
    ) -> StoredMessage:
        if isinstance(channel, FakeThread):
            await self._open_for_posting(channel)
        message = StoredMessage(
            id=self.server.snowflakes.next(),
            channel_id=channel.id,
            author=self.world.bot_user,
            flags=flags,
            visible_to=visible_to,
            message_type=message_type,
            application_id=application_id,
            interaction_metadata=interaction_metadata,
        )
        apply_body(message, body, uploads, self._attachment_maker(channel, message))
        self._resolve_mentions(channel, message, body)
        channel.messages[message.id] = message
        if visible_to is not None:
            channel.history.ephemeral_shown[visible_to.id] += 1
            return message
        now = asyncio.get_running_loop().time()
        channel.history.created.append(CreatedMessage(message.id, now, created_by))
        message.notified = [member.user for member in message.mentions]
        channel.history.notifications += [(message.id, user.id) for user in message.notified]
        if isinstance(channel, FakeThread):
            channel.total_message_sent += 1
            # The sender joins a thread, and so does everyone it mentions.
            for user in [self.world.bot_user, *message.notified]:
                channel.add_member(user.id)
        await self.server.gateway.dispatch_message_event("MESSAGE_CREATE", message.payload())
        return message

    async def edit(self, message: StoredMessage, body: dict[str, Any], uploads: list[Upload]) -> None:
        channel = self._channel_of(message)
        if isinstance(channel, FakeThread) and channel.archived:
            raise ApiError(400, THREAD_ARCHIVED, "Thread is archived")
        if isinstance(channel, FakeThread) and channel.locked and not self._manages_threads(channel):
            raise ApiError(403, THREAD_LOCKED, "Thread is locked")
        apply_body(message, body, uploads, self._attachment_maker(channel, message))
        if "content" in body:
            self._resolve_mentions(channel, message, body)
        message.flags &= ~LOADING
        message.edited_timestamp = iso_timestamp()
        if message.visible_to is None:
            await self.server.gateway.dispatch_message_event("MESSAGE_UPDATE", message.payload())

    async def delete(self, message: StoredMessage) -> None:
        """Deleting works in archived threads too: it is the one thing Discord allows there."""
        self._channel_of(message).messages.pop(message.id, None)
        if message.visible_to is None:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            await self.server.gateway.dispatch_message_event("MESSAGE_DELETE", data)

    async def dispatch_thread_update(self, thread: FakeThread) -> None:
        await self.server.gateway.dispatch_guild_event("THREAD_UPDATE", thread.payload())

    async def _open_for_posting(self, thread: FakeThread) -> None:
        """A message in an archived thread unarchives it, unless a moderator locked it; without Manage
        Threads nobody may post in a locked thread."""
        manages_threads = self._manages_threads(thread)
        if thread.locked and thread.archived and not manages_threads:
            raise ApiError(400, THREAD_ARCHIVED, "Thread is archived")
        if thread.locked and not manages_threads:
            raise ApiError(403, THREAD_LOCKED, "Thread is locked")
        if thread.archived:
            thread.archived = False
            thread.archive_timestamp = iso_timestamp()
            await self.dispatch_thread_update(thread)

    def _resolve_mentions(self, channel: FakeChannel, message: StoredMessage, body: dict[str, Any]) -> None:
        guild = self.world.guild_of(channel)
        members = {member.user.id: member for member in guild.members}
        mentioned = mentioned_user_ids(message.content, body.get("allowed_mentions"))
        message.mentions = [members[user_id] for user_id in mentioned if user_id in members]

    def _manages_threads(self, thread: FakeThread) -> bool:
        return self.world.bot_permissions_in(thread).manage_threads

    def _channel_of(self, message: StoredMessage) -> FakeChannel:
        channel = self.world.channel_by_id(message.channel_id)
        assert channel is not None, f"{message!r} is in no channel of this world"
        return channel

    def _attachment_maker(self, channel: FakeChannel, message: StoredMessage) -> AttachmentMaker:
        def make(upload: Upload, description: str | None) -> StoredAttachment:
            attachment_id = self.server.snowflakes.next()
            url = (
                f"{self.server.base_url}/attachments/{message.channel_id}/{message.id}/"
                f"{attachment_id}/{upload.filename}"
            )
            public = message.visible_to is None
            channel.history.uploads.append(
                UploadedFile(message.id, upload.filename, len(upload.data), public)
            )
            return StoredAttachment(attachment_id, upload.filename, upload.data, url, description)

        return make
