"""The gateway websocket: HELLO, heartbeats, IDENTIFY → READY + a GUILD_CREATE per guild, RESUME, and
dispatches.

A bot may identify several sessions, each with its own ``shard`` pair ``[shard_id, shard_count]`` (one
unsharded session counts as shard 0 of 1). Like Discord, each session hears only about its shard's
guilds, ``shard_id = (guild_id >> 22) % shard_count``; events without a guild go to shard 0.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .errors import UserActionError
from .world import FakeGuild, World

HELLO, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 10, 1, 2, 3, 4
RESUME, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HEARTBEAT_ACK, DISPATCH = 6, 8, 9, 11, 0
HEARTBEAT_INTERVAL_MS = 41250
UNKNOWN_ERROR, UNKNOWN_OPCODE, DECODE_ERROR, AUTHENTICATION_FAILED, ALREADY_AUTHENTICATED = (
    4000,
    4001,
    4002,
    4004,
    4005,
)
INVALID_SHARD, DISALLOWED_INTENTS = 4010, 4014
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
GUILDS_INTENT = 1 << 0
GUILD_MESSAGES_INTENT = 1 << 9
IGNORED_OPCODES = {PRESENCE_UPDATE, VOICE_STATE_UPDATE, REQUEST_GUILD_MEMBERS}


class _Connection:
    """One websocket, compressed as a single zlib stream when the client asked for `zlib-stream`."""

    def __init__(self, socket: web.WebSocketResponse, compressed: bool) -> None:
        self.socket = socket
        self._compressor = zlib.compressobj() if compressed else None

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        if self._compressor is None:
            await self.socket.send_str(text)
            return
        data = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
        await self.socket.send_bytes(data)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False)
class _Session:
    session_id: str
    intents: int
    shard_id: int = 0
    shard_count: int = 1
    sequence: int = 0
    connection: _Connection | None = None

    def holds(self, guild_id: int | None) -> bool:
        return shard_of(guild_id or 0, self.shard_count) == self.shard_id

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.connection is None:
            raise UserActionError(f"cannot dispatch {event}: the bot is not connected to the gateway")
        self.sequence += 1
        await self.connection.send({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})


@dataclass(eq=False)
class Gateway:
    world: World
    token: str
    url: str
    shard_count: int = 1
    """What ``GET /gateway/bot`` recommends; sessions may identify with any count."""
    sessions: dict[str, _Session] = field(default_factory=dict)
    shards: dict[int, _Session] = field(default_factory=dict)
    """The latest session of each shard id."""
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def current(self) -> _Session | None:
        """The session of shard 0 (the only one of an unsharded bot)."""
        return self.shards.get(0)

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    def session_for(self, guild_id: int | None) -> _Session | None:
        """The session that holds the guild's shard."""
        return next((session for session in self.shards.values() if session.holds(guild_id)), None)

    async def dispatch(self, event: str, data: dict[str, Any], *, shard_id: int | None = None) -> None:
        """Sends the event to the shard of its guild, or to ``shard_id`` when given (a misrouted
        event, as a test may send on purpose)."""
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        session = self.session_for(guild_id) if shard_id is None else self.shards.get(shard_id)
        if session is None:
            raise UserActionError(f"cannot dispatch {event}: no bot has identified on its shard")
        await session.dispatch(event, data)

    async def dispatch_message_event(self, event: str, data: dict[str, Any]) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE reach bots that asked for the guild messages intent."""
        channel = self.world.channel_by_id(int(data["channel_id"]))
        assert channel is not None, f"{event} for a channel outside the world"
        await self._dispatch_if_intended(
            event, {**data, "guild_id": str(channel.guild_id)}, GUILD_MESSAGES_INTENT
        )

    async def dispatch_guild_event(self, event: str, data: dict[str, Any]) -> None:
        """Channel and thread events (THREAD_CREATE/UPDATE/DELETE) reach bots with the guilds intent;
        one that is not connected at that moment misses them, as on Discord (GUILD_CREATE on its next
        start carries the active threads)."""
        await self._dispatch_if_intended(event, data, GUILDS_INTENT)

    async def _dispatch_if_intended(self, event: str, data: dict[str, Any], intent: int) -> None:
        session = self.session_for(int(data["guild_id"]))
        if session is not None and session.connection is not None and session.intents & intent:
            await session.dispatch(event, data)

    async def interrupt(self, shard_id: int = 0) -> None:
        """Close a shard's connection with "unknown error", after which Discord expects a RESUME."""
        session = self.shards.get(shard_id)
        if session is None or session.connection is None:
            raise UserActionError("the bot is not connected to the gateway")
        self.resumed.clear()
        await session.connection.socket.close(code=UNKNOWN_ERROR, message=b"unknown error")

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        if request.query.get("encoding", "json") != "json":
            await socket.close(code=DECODE_ERROR, message=b"only the json encoding is supported")
            return socket
        connection = _Connection(socket, request.query.get("compress") == "zlib-stream")
        await connection.send(
            {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None}
        )
        session: _Session | None = None
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    await socket.close(code=DECODE_ERROR, message=b"send JSON text frames")
                    break
                session = await self._receive(connection, session, json.loads(message.data))
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
        return socket

    async def _receive(
        self, connection: _Connection, session: _Session | None, payload: dict[str, Any]
    ) -> _Session | None:
        opcode = payload.get("op")
        if opcode == HEARTBEAT:
            await connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif opcode == IDENTIFY:
            return await self._identify(connection, session, payload["d"])
        elif opcode == RESUME:
            return await self._resume(connection, payload["d"])
        elif opcode not in IGNORED_OPCODES:
            await connection.socket.close(code=UNKNOWN_OPCODE, message=b"unknown opcode")
        return session

    async def _identify(
        self, connection: _Connection, session: _Session | None, data: dict[str, Any]
    ) -> _Session | None:
        if session is not None:
            await connection.socket.close(code=ALREADY_AUTHENTICATED, message=b"already identified")
            return session
        if data.get("token") != self.token:
            await connection.socket.close(code=AUTHENTICATION_FAILED, message=b"authentication failed")
            return None
        if data.get("intents", 0) & PRIVILEGED_INTENTS:
            await connection.socket.close(code=DISALLOWED_INTENTS, message=b"disallowed intents")
            return None
        shard_id, shard_count = data.get("shard") or (0, 1)
        if not 0 <= shard_id < shard_count:
            await connection.socket.close(code=INVALID_SHARD, message=b"invalid shard")
            return None
        session = _Session(
            secrets.token_hex(16), data.get("intents", 0), shard_id, shard_count, connection=connection
        )
        self.sessions[session.session_id] = session
        self.shards[shard_id] = session
        await session.dispatch("READY", self._ready_payload(session))
        for guild in self._guilds_of(session):
            await session.dispatch("GUILD_CREATE", guild.payload(self.world.bot_user))
        self.ready.set()
        return session

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> _Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.token:
            await connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        session.connection = connection
        self.shards[session.shard_id] = session
        await session.dispatch("RESUMED", {})
        self.resumed.set()
        return session

    def _ready_payload(self, session: _Session) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self.world.bot_user.payload(),
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in self._guilds_of(session)],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "shard": [session.shard_id, session.shard_count],
            "application": {"id": str(self.world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }

    def _guilds_of(self, session: _Session) -> list[FakeGuild]:
        return [guild for guild in self.world.guilds if session.holds(guild.id)]
