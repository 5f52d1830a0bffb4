"""The game service's lobby side: opening a lobby, changing it, starting the game, rematches, and a
lobby nobody used closing."""

from __future__ import annotations

import copy
import logging
import secrets
from collections.abc import Callable

from bot.core.game_module import GameModule
from bot.core.service_base import Move, Publisher, ServiceBase, ServiceError, StaleBoard
from bot.storage import ChannelBusy, GameRecord, Storage
from bot.ui.text import echo
from locales.translate import command
from rules.core.text import Text

log = logging.getLogger("bot.games")


def random_seed() -> int:
    return secrets.randbits(63)


class LobbyService(ServiceBase):
    def __init__(
        self,
        storage: Storage,
        modules: dict[str, GameModule],
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        super().__init__(storage, modules)
        self.new_seed = new_seed or random_seed

    async def open_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        variant: str,
        ai_players: int = 0,
    ) -> GameRecord:
        module = self.modules[game]
        if variant not in module.variants:
            raise ServiceError(Text("Unknown difficulty {variant}.", variant=echo(variant)))
        if not 0 <= ai_players < module.max_players:
            raise ServiceError(Text("Choose between 0 and {most} AI players.", most=module.max_players - 1))
        lobby = {
            "variant": variant,
            "ai_players": ai_players,
            "players": [{"user_id": host_id, "name": host_name, "character": None}],
        }
        try:
            record = await self.storage.create_lobby(
                game, guild_id, channel_id, host_id, lobby, self.new_seed()
            )
        except ChannelBusy as busy:
            raise ServiceError(self._busy_message(busy.existing)) from None
        log.info("game %s (%s) lobby opened in channel %s by %s", record.id, game, channel_id, host_id)
        return record

    def _busy_message(self, existing: GameRecord) -> Text:
        title = self.modules[existing.game].title
        where: Text | str = ""
        if existing.message_id:
            server = existing.guild_id or "@me"
            link = f"https://discord.com/channels/{server}/{existing.channel_id}/{existing.message_id}"
            where = Text(" (see {link})", link=link)
        params = {"game": title, "where": where, "abandon": command(f"{existing.game} abandon")}
        # English's article goes by the title's sound; the other languages read both alike.
        if title[0] in "AEIOU":
            if existing.status == "lobby":
                return Text(
                    "This channel already has an {game} lobby running{where}. Finish it, or ask the host "
                    "to end it with `{abandon}`, before starting another.",
                    params,
                )
            return Text(
                "This channel already has an {game} game running{where}. Finish it, or ask the host to "
                "end it with `{abandon}`, before starting another.",
                params,
            )
        if existing.status == "lobby":
            return Text(
                "This channel already has a {game} lobby running{where}. Finish it, or ask the host to "
                "end it with `{abandon}`, before starting another.",
                params,
            )
        return Text(
            "This channel already has a {game} game running{where}. Finish it, or ask the host to end "
            "it with `{abandon}`, before starting another.",
            params,
        )

    async def update_lobby(
        self, game_id: int, version: int | None, change: Callable[[GameRecord], None]
    ) -> GameRecord:
        """Applies ``change`` to a lobby under the game's lock; ``change`` raises ServiceError to refuse.
        A change that leaves the lobby as it was is not saved: the lobby's version stays."""
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            if version is not None and version != record.version:
                raise StaleBoard(record)
            loaded, before = record.version, copy.deepcopy(record.lobby)
            change(record)
            if record.lobby == before:
                return record
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            return record

    async def start_game(self, game_id: int, user_id: int, publish: Publisher | None = None) -> Move:
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            if user_id != record.host_id:
                raise ServiceError(Text("Only the host can start the game."))
            module = self.module(record)
            self._seat_ai_players(record, module)
            players = record.lobby["players"]
            if not module.min_players <= len(players) <= module.max_players:
                raise ServiceError(
                    Text(
                        "{game} needs {fewest} to {most} players: ask a friend to press **Join**, or press "
                        "**Add AI** to play against the AI.",
                        game=module.title,
                        fewest=module.min_players,
                        most=module.max_players,
                    )
                )
            self._assign_free_characters(record, module)
            try:
                options = module.options(record.lobby)
            except ValueError as error:
                raise ServiceError(Text("The lobby can't start: {problem}", problem=str(error))) from None
            state = module.rules.new_game(options, record.seed)
            loaded = record.version
            record.status = "active"
            record.state_json = module.rules.dump_state(state)
            record.schema_version = module.rules.schema_version
            called = await self._save(record, loaded, state)
            log.info(
                "game %s (%s) started in channel %s with %d players",
                game_id,
                record.game,
                record.channel_id,
                len(players),
            )
            move = Move(record=record, state=state, events=list(state.recent_events), ping=called)
            if publish is not None:
                await publish(move)
            return move

    @staticmethod
    def _seat_ai_players(record: GameRecord, module: GameModule) -> None:
        """AI players fill the empty seats the host asked for; their ids are negative, never a user's."""
        players = record.lobby["players"]
        wanted = min(record.lobby.get("ai_players", 0), module.max_players - len(players))
        for number in range(1, wanted + 1):
            players.append({"user_id": -number, "name": "AI", "character": None, "ai": True})

    @staticmethod
    def _assign_free_characters(record: GameRecord, module: GameModule) -> None:
        taken = {player["character"] for player in record.lobby["players"]}
        free = [character for character in module.characters if character not in taken]
        for player in record.lobby["players"]:
            if player["character"] is None:
                player["character"] = free.pop(0)
            if player.get("ai") and player["user_id"] < 0 and not module.secret_picks:
                # Named after its fighter (stored in English, as every name is): the AI's seats are
                # told apart by the "ai" mark.
                player["name"] = str(module.characters[player["character"]])

    async def open_rematch(
        self, game_id: int, user_id: int, user_name: str, channel_id: int | None = None
    ) -> GameRecord:
        """A new lobby with the same people (the one asking hosts it), characters, difficulty and
        number of AI players, stored under ``channel_id`` (the finished game's channel when None)."""
        finished = await self.storage.game(game_id)
        if finished is None or finished.status != "finished":
            raise ServiceError(Text("Only a finished game can be played again."))
        players = finished.lobby["players"]
        people = [dict(player) for player in players if player["user_id"] > 0]
        if user_id not in {player["user_id"] for player in people}:
            raise ServiceError(Text("Only the players of that game can ask for a rematch. Start your own!"))
        for player in people:
            player.pop("ai", None)
            if player["user_id"] == user_id:
                player["name"] = user_name
        people.sort(key=lambda player: player["user_id"] != user_id)
        lobby = {
            "variant": finished.lobby["variant"],
            "ai_players": len(players) - len(people),
            "players": people,
        }
        try:
            record = await self.storage.create_lobby(
                finished.game,
                finished.guild_id,
                finished.channel_id if channel_id is None else channel_id,
                user_id,
                lobby,
                self.new_seed(),
            )
        except ChannelBusy as busy:
            raise ServiceError(self._busy_message(busy.existing)) from None
        log.info("game %s (%s) opened as a rematch of game %s", record.id, record.game, game_id)
        return record

    async def expire_lobby(self, game_id: int) -> GameRecord:
        async with self.lock(game_id):
            record = await self._require(game_id, "lobby")
            loaded = record.version
            record.status = "abandoned"
            record.outcome = "expired"
            if not await self.storage.save(record, loaded):
                raise StaleBoard(record)
            log.info("game %s (%s) lobby in channel %s expired", game_id, record.game, record.channel_id)
            return record
