"""The application commands the bot syncs, kept as Discord registers them, localizations included."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from .api import INVALID_FORM_BODY, MISSING_ACCESS, ApiCall, ApiError, FakeServer, Handler
from .errors import DiscordContractError
from .messages import without_nulls

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
SUB_GROUPS = (SUB_COMMAND, SUB_COMMAND_GROUP)
NAME_LIMIT = 32
TEXT_LIMIT = 100  # descriptions and choice names
UNKNOWN_GUILD = 10004


class CommandRoutes:
    def __init__(self, server: FakeServer) -> None:
        self.server = server
        self.world = server.world
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        """Registered commands by guild id (None for global ones), with every localization."""
        locales = server.spec.document["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
        self.locales = frozenset(locale["const"] for locale in locales)

    def handlers(self) -> dict[tuple[str, str], Handler]:
        guild_commands = "/applications/{application_id}/guilds/{guild_id}/commands"
        return {
            ("GET", "/applications/{application_id}/commands"): self._get_commands,
            ("PUT", "/applications/{application_id}/commands"): self._put_commands,
            ("GET", guild_commands): self._get_commands,
            ("PUT", guild_commands): self._put_commands,
        }

    async def _get_commands(self, call: ApiCall) -> tuple[int, Any]:
        """Discord lists the localizations only when asked ``with_localizations``."""
        self._check_application(call)
        registered = self.commands.get(_guild_key(call), [])
        if call.query.get("with_localizations") in ("true", "True", "1"):
            return 200, registered
        return 200, [_without_localizations(command) for command in registered]

    async def _put_commands(self, call: ApiCall) -> tuple[int, Any]:
        self._check_application(call)
        guild_id = _guild_key(call)
        if guild_id is not None and self.world.guild_by_id(guild_id) is None:
            raise ApiError(404, UNKNOWN_GUILD, "Unknown Guild")
        commands = call.body or []
        errors = [error for command in commands for error in self._localization_errors(command)]
        if errors:
            listed = "\n  ".join(errors)
            self.server.fail(DiscordContractError(f"the synced commands' localizations:\n  {listed}"))
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body")
        self.commands[guild_id] = [self._registered_command(command, guild_id) for command in commands]
        return 200, self.commands[guild_id]

    def _registered_command(self, command: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        permissions = command.get("default_member_permissions")
        registered: dict[str, Any] = {
            "id": str(self.server.snowflakes.next()),
            "application_id": str(self.world.application_id),
            "version": str(self.server.snowflakes.next()),
            "type": command.get("type") or CHAT_INPUT,
            "name": command["name"],
            "name_localizations": command.get("name_localizations"),
            "description": command.get("description") or "",
            "description_localizations": command.get("description_localizations"),
            "default_member_permissions": None if permissions is None else str(permissions),
            "options": without_nulls(command.get("options") or []),
            "nsfw": bool(command.get("nsfw")),
            "contexts": command.get("contexts"),
            "integration_types": command.get("integration_types") or [0],
        }
        if guild_id is not None:
            registered["guild_id"] = str(guild_id)
        return registered

    def _localization_errors(self, command: dict[str, Any]) -> Iterator[str]:
        """What Discord refuses beyond the spec: unknown locales, texts of the wrong length, and
        localized names it would not take as names (a chat command's are lower case letters, digits,
        ``-``, ``_`` and ``'``)."""
        chat_input = (command.get("type") or CHAT_INPUT) == CHAT_INPUT
        for where, item, kind in _localized_items(command):
            for field in ("name_localizations", "description_localizations"):
                for locale, text in (item.get(field) or {}).items():
                    place = f"{where}.{field}.{locale}"
                    if locale not in self.locales:
                        yield f"{place}: {locale!r} is not a locale Discord knows"
                    if field == "name_localizations" and kind != "choice":
                        if chat_input and not _valid_name(text):
                            yield f"{place}: {text!r} is not a valid command or option name"
                    elif not 1 <= len(text) <= TEXT_LIMIT:
                        yield f"{place}: {len(text)} characters (1 to {TEXT_LIMIT})"

    def _check_application(self, call: ApiCall) -> None:
        if call.params["application_id"] != str(self.world.application_id):
            raise ApiError(403, MISSING_ACCESS, "Missing Access")


def localized_paths(commands: list[dict[str, Any]], locale: str) -> list[str]:
    """Every chat command path (``"cell start"``) as a user whose client is in ``locale`` sees it."""
    paths: list[str] = []

    def walk(prefix: list[str], item: dict[str, Any]) -> None:
        words = [*prefix, (item.get("name_localizations") or {}).get(locale, item["name"])]
        nested = [option for option in item.get("options") or [] if option["type"] in SUB_GROUPS]
        if not nested:
            paths.append(" ".join(words))
        for option in nested:
            walk(words, option)

    for command in commands:
        if (command.get("type") or CHAT_INPUT) == CHAT_INPUT:
            walk([], command)
    return paths


def _localized_items(command: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """The command, each option at any depth and each choice, with where it is and what it is."""
    yield command["name"], command, "command"

    def options(where: str, item: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
        for option in item.get("options") or []:
            place = f"{where}.{option['name']}"
            yield place, option, "option"
            for choice in option.get("choices") or []:
                yield f"{place}.choices[{choice['name']!r}]", choice, "choice"
            yield from options(place, option)

    yield from options(command["name"], command)


def _valid_name(name: str) -> bool:
    allowed = all(
        character in "-_'" or character.isalnum() or unicodedata.category(character).startswith("M")
        for character in name
    )
    return 1 <= len(name) <= NAME_LIMIT and allowed and name == name.lower()


def _without_localizations(command: dict[str, Any]) -> dict[str, Any]:
    def strip(item: dict[str, Any]) -> dict[str, Any]:
        kept = {
            key: value
            for key, value in item.items()
            if key not in ("name_localizations", "description_localizations")
        }
        for key in ("options", "choices"):
            if key in kept:
                kept[key] = [strip(child) for child in kept[key]]
        return kept

    return strip(command)


def _guild_key(call: ApiCall) -> int | None:
    return int(call.params["guild_id"]) if "guild_id" in call.params else None
