"""The gateway websocket: HELLO, heartbeats, IDENTIFY → READY + a GUILD_CREATE per guild, RESUME, and
dispatches."""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .errors import UserActionError
from .world import World

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
DISALLOWED_INTENTS = 4014
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
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


@dataclass(eq=False)
class _Session:
    session_id: str
    intents: int
    sequence: int = 0
    connection: _Connection | None = None

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
    sessions: dict[str, _Session] = field(default_factory=dict)
    current: _Session | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        if self.current is None:
            raise UserActionError(f"cannot dispatch {event}: no bot has identified")
        await self.current.dispatch(event, data)

    async def dispatch_message_event(self, event: str, data: dict[str, Any]) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE reach bots that asked for the guild messages intent."""
        if self.connected and self.current is not None and self.current.intents & GUILD_MESSAGES_INTENT:
            channel = self.world.channel_by_id(int(data["channel_id"]))
            assert channel is not None, f"{event} for a channel outside the world"
            await self.current.dispatch(event, {**data, "guild_id": str(channel.guild_id)})

    async def interrupt(self) -> None:
        """Close the bot's connection with "unknown error", after which Discord expects a RESUME."""
        if self.current is None or self.current.connection is None:
            raise UserActionError("the bot is not connected to the gateway")
        self.resumed.clear()
        await self.current.connection.socket.close(code=UNKNOWN_ERROR, message=b"unknown error")

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
        session = _Session(secrets.token_hex(16), data.get("intents", 0), connection=connection)
        self.sessions[session.session_id] = session
        self.current = session
        await session.dispatch("READY", self._ready_payload(session))
        for guild in self.world.guilds:
            await session.dispatch("GUILD_CREATE", guild.payload())
        self.ready.set()
        return session

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> _Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.token:
            await connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        session.connection = connection
        self.current = session
        await session.dispatch("RESUMED", {})
        self.resumed.set()
        return session

    def _ready_payload(self, session: _Session) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self.world.bot_user.payload(),
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in self.world.guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "shard": [0, 1],
            "application": {"id": str(self.world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
