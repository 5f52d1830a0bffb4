"""Turn `slash(user, "cell start", difficulty="easy")` into the `data` Discord sends for that command.

Discord's client lets a user send only what an option declares (its type, range, length and
choices); a forged command (a tampered client) sends the values exactly as given, and options the
command never declared too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import UserActionError
from .world import FakeChannel, FakeGuild, FakeRole, FakeUser

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
# Exact Python types per option type: `True` is an int to Python but never an INTEGER option to Discord.
PLAIN_OPTION_TYPES: dict[int, tuple[type, ...]] = {
    STRING: (str,),
    INTEGER: (int,),
    NUMBER: (int, float),
    BOOLEAN: (bool,),
}


def command_data(
    command: dict[str, Any],
    path: list[str],
    options: dict[str, Any],
    guild: FakeGuild,
    invoker: FakeUser,
    forged: bool = False,
) -> dict[str, Any]:
    """The interaction `data` for a chat-input command, as Discord builds it from what the user typed
    (``forged``: as a tampered client sends it, every value as given, in the option's declared type)."""
    resolved: dict[str, dict[str, Any]] = {}
    context = _Context(guild, invoker, resolved, forged)
    data_options = _leaf_options(command["name"], command.get("options", []), path[1:], options, context)
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": data_options,
    }
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


@dataclass(frozen=True)
class _Context:
    guild: FakeGuild
    invoker: FakeUser
    resolved: dict[str, dict[str, Any]]
    forged: bool


def _leaf_options(
    typed: str, definitions: list[dict[str, Any]], rest: list[str], values: dict[str, Any], context: _Context
) -> list[dict[str, Any]]:
    subcommands = {d["name"]: d for d in definitions if d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)}
    if subcommands:
        if not rest or rest[0] not in subcommands:
            raise UserActionError(f"/{typed} needs one of the subcommands {sorted(subcommands)}")
        chosen = subcommands[rest[0]]
        nested = _leaf_options(f"{typed} {rest[0]}", chosen.get("options", []), rest[1:], values, context)
        return [{"name": chosen["name"], "type": chosen["type"], "options": nested}]
    if rest:
        raise UserActionError(f"/{typed} has no subcommand {rest[0]!r}")
    by_name = {d["name"]: d for d in definitions}
    unknown = set(values) - set(by_name)
    if unknown and context.forged:
        # An option the command never declared goes as text.
        by_name.update({name: {"name": name, "type": STRING} for name in unknown})
    elif unknown:
        raise UserActionError(f"/{typed} has no option {sorted(unknown)}; its options are {sorted(by_name)}")
    missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
    if missing and not context.forged:
        raise UserActionError(f"/{typed} requires the options {missing}")
    return [
        _option(typed, by_name[name], value, context) for name, value in values.items() if value is not None
    ]


def _option(typed: str, definition: dict[str, Any], value: Any, context: _Context) -> dict[str, Any]:
    kind = definition["type"]
    name = definition["name"]
    guild, resolved = context.guild, context.resolved
    if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        member = guild.member(value).payload()
        del member["user"]
        member["permissions"] = str(guild.permissions_of(value).value)
        resolved.setdefault("members", {})[str(value.id)] = member
        wire: Any = str(value.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        wire = str(value.id)
    elif kind == CHANNEL and isinstance(value, FakeChannel):
        channel = value.payload()
        channel["permissions"] = str(guild.permissions_of(context.invoker).value)
        resolved.setdefault("channels", {})[str(value.id)] = channel
        wire = str(value.id)
    elif context.forged or type(value) in PLAIN_OPTION_TYPES.get(kind, ()):
        wire = value
    else:
        raise UserActionError(f"/{typed} option {name!r} (type {kind}) cannot take {value!r}")
    if not context.forged:
        _check_declared(typed, definition, wire)
    return {"name": name, "type": kind, "value": wire}


def _check_declared(typed: str, definition: dict[str, Any], wire: Any) -> None:
    """What Discord's client enforces: the option's choices, its range and its length."""
    name = definition["name"]
    choices = [choice["value"] for choice in definition.get("choices") or []]
    if choices and wire not in choices:
        raise UserActionError(f"/{typed} option {name!r} must be one of {choices}, not {wire!r}")
    if definition["type"] in (INTEGER, NUMBER):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and wire < low) or (high is not None and wire > high):
            raise UserActionError(f"/{typed} option {name!r} must be within [{low}, {high}], not {wire!r}")
    if definition["type"] == STRING:
        shortest, longest = definition.get("min_length", 0), definition.get("max_length", 6000)
        if not shortest <= len(wire) <= longest:
            raise UserActionError(
                f"/{typed} option {name!r} must be {shortest} to {longest} characters, not {len(wire)}"
            )


def autocomplete_data(
    command: dict[str, Any],
    path: list[str],
    options: dict[str, Any],
    focused: str,
    typed: str,
    guild: FakeGuild,
    invoker: FakeUser,
) -> dict[str, Any]:
    """The interaction ``data`` Discord sends while the user types ``typed`` into option ``focused``:
    the options filled so far, and the focused one with the partial text, marked ``focused`` (its
    declared length and choices are not checked yet, nor are required options missing)."""
    data = command_data(command, path, options, guild, invoker, forged=True)
    leaf = data
    while leaf["options"] and leaf["options"][0]["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
        leaf = leaf["options"][0]
    leaf["options"] = [option for option in leaf["options"] if option["name"] != focused]
    leaf["options"].append({"name": focused, "type": STRING, "value": typed, "focused": True})
    return data
