"""Words for people: every text the bot sent through the fake Discord, and the internal names among it.

A player reads a message's content, its embeds (title, description, fields, footer, author), its
controls (button labels, menu placeholders, options and their descriptions), a modal's title and
fields, an image's alt text, and the commands' descriptions and choices. Among them nothing may be an
internal name: a snake_case token (``threat_dazed``), a rule number (A14, SU-1), a Python repr
(``<Foo object at 0x…>``, ``Name(field=…)``, ``{'…``, ``[]``, ``None``), an enum's repr
(``Face.ATTACK``) or an id of the games' content in place of its name (``android18``).

What players type is theirs to read: a slash command with its options (``/cell start
ai_players:2``) is left out of the scan, as are the commands' and options' own names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.cell.content import catalogue as cell_catalogue
from rules.over9000.content import catalogue as over9000_catalogue
from rules.primetime.content import catalogue as primetime_catalogue
from tests.fakediscord.rest import RecordedRequest

PATTERNS = {
    "snake_case": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "rule number": re.compile(r"\b[A-Z]{1,3}-?\d{1,2}\b"),
    "object repr": re.compile(r"<[\w.]+ object at|\b0x[0-9a-f]{6,}\b"),
    "dataclass repr": re.compile(r"\b[A-Z]\w*\([a-z_]+="),
    "dict or list repr": re.compile(r"\{'|\['|\[\]|\{\}|\[None|\bdict\(|\bset\(\)"),
    "Python constant": re.compile(r"\b(?:None|True|False)\b"),
    "enum repr": re.compile(r"\b[A-Z][a-zA-Z]+\.[A-Z][A-Z_]+\b"),
    "traceback": re.compile(r"Traceback|Error:|Exception"),
}

SPOKEN = {
    "rule number": {
        # Prime Time's rounds as its cards and missions name them ("the Missions of R1, R2 and R3-4").
        "R1",
        "R2",
        "R3",
        "R4",
        # Prime Time's Ascension tiers, as its rulebook and its characters' cards name them
        # ("ascends to T1 Zenkai Surge").
        "T1",
        "T2",
        "T3",
        # Prime Time's altitudes above Ground, as its board and rulebook name them ("At L1 (Fly)").
        "L1",
        "L2",
        # A die by its sides, as tabletop players say it ("both roll a D20"; Perfect Cell's D6).
        "D6",
        "D20",
    },
}
"""Matches a person reads as words, each with its reason."""

# What players type, as the bot quotes it in backticks: a slash command with its options.
TYPED_COMMAND = re.compile(r"`/[^`]*`")
# …and an option, alone or with a value (``ai_opponent``, ``ai_players:2``), once it is one of the
# commands' options.
TYPED_OPTION = re.compile(r"`(?P<name>[a-z_]+)(?::[^`\s]*)?`")


WORDS_AMONG_IDS = {
    # A square of Prime Time's battlefield ("Type a cell like 14,9"), as well as Perfect Cell's villain.
    "cell",
}


def _content_ids() -> set[str]:
    """The ids of the games' characters and rosters: each may only be shown by its name."""
    primetime = primetime_catalogue()
    ids = {fighter.id for fighter in cell_catalogue().fighters}
    ids |= {character.id for character in over9000_catalogue().characters}
    ids |= {character.id for character in primetime.characters}
    ids |= {preset.id for preset in primetime.presets}
    return ids - WORDS_AMONG_IDS


CONTENT_IDS = _content_ids()
_CONTENT_ID = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, CONTENT_IDS), key=len, reverse=True)) + r")\b"
)


@dataclass(frozen=True)
class Finding:
    kind: str
    match: str
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.kind} {self.match!r} in {self.where}: {self.text[:300]!r}"


def _embed_texts(embed: dict[str, Any]) -> Iterator[tuple[str, str]]:
    for key in ("title", "description"):
        if embed.get(key):
            yield f"embed {key}", embed[key]
    for field in embed.get("fields") or []:
        yield "embed field name", field.get("name", "")
        yield "embed field value", field.get("value", "")
    for part in ("footer", "author"):
        text = (embed.get(part) or {}).get("text" if part == "footer" else "name")
        if text:
            yield f"embed {part}", text


def _component_texts(components: Iterable[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for component in components:
        for key in ("label", "placeholder", "value", "content"):
            if isinstance(component.get(key), str) and component[key]:
                yield f"component {key}", component[key]
        for option in component.get("options") or []:
            yield "menu option", option.get("label", "")
            if option.get("description"):
                yield "menu option description", option["description"]
        yield from _component_texts(component.get("components") or [])
        if isinstance(component.get("component"), dict):
            yield from _component_texts([component["component"]])


def message_texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The texts of a message (or a modal) payload, each with where it is."""
    if data.get("content"):
        yield "content", data["content"]
    if data.get("title"):
        yield "modal title", data["title"]
    for embed in data.get("embeds") or []:
        yield from _embed_texts(embed)
    yield from _component_texts(data.get("components") or [])
    for attachment in data.get("attachments") or []:
        if attachment.get("description"):
            yield "alt text", attachment["description"]


def _command_texts(commands: Iterable[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for command in commands:
        if command.get("description"):
            yield f"command description of {command.get('name')}", command["description"]
        for choice in command.get("choices") or []:
            yield f"command choice of {command.get('name')}", choice.get("name", "")
        yield from _command_texts(command.get("options") or [])


def shown_texts(requests: Iterable[RecordedRequest]) -> Iterator[tuple[str, str]]:
    """Every text the bot sent for people to read, with where it was."""
    for request in requests:
        body = request.body
        if request.method not in ("POST", "PATCH", "PUT") or not body:
            continue
        route = request.template or request.path
        if isinstance(body, list):
            yield from ((f"{where} ({route})", text) for where, text in _command_texts(body))
            continue
        if not isinstance(body, dict):
            continue
        data = body.get("data") if "type" in body and "data" in body else body
        if isinstance(data, dict):
            yield from ((f"{where} ({route})", text) for where, text in message_texts(data))


def option_names(requests: Iterable[RecordedRequest]) -> set[str]:
    """The names of the options of every command the bot registered."""

    def names(commands: Iterable[dict[str, Any]]) -> Iterator[str]:
        for command in commands:
            if command.get("type") in (3, 4, 5, 6, 7, 8, 9, 10, 11):
                yield command["name"]
            yield from names(command.get("options") or [])

    return {name for request in requests if isinstance(request.body, list) for name in names(request.body)}


def internal_names(text: str, where: str = "", options: set[str] = frozenset()) -> list[Finding]:
    """The internal names ``text`` shows a person, beside what they type (commands, and the
    ``options`` as they are typed) and what reads as words."""
    scanned = TYPED_COMMAND.sub(" ", text)
    scanned = TYPED_OPTION.sub(lambda match: " " if match["name"] in options else match[0], scanned)
    found = []
    for kind, pattern in PATTERNS.items():
        for match in pattern.finditer(scanned):
            if match.group(0) not in SPOKEN.get(kind, set()):
                found.append(Finding(kind, match.group(0), text, where))
    found += [Finding("content id", match.group(0), text, where) for match in _CONTENT_ID.finditer(scanned)]
    return found


def findings(requests: Iterable[RecordedRequest]) -> list[Finding]:
    """Every internal name in what the bot sent, each distinct text once."""
    requests = list(requests)
    options = option_names(requests)
    seen: set[tuple[str, str]] = set()
    found = []
    for where, text in shown_texts(requests):
        if (where, text) in seen:
            continue
        seen.add((where, text))
        found += internal_names(text, where, options)
    return found


def texts_seen(requests: Iterable[RecordedRequest]) -> tuple[int, set[str]]:
    """How many distinct texts the bot sent, and the kinds of places they were in."""
    shown = list(shown_texts(requests))
    return len({text for _, text in shown}), {
        where.partition(" (")[0].partition(" of ")[0] for where, _ in shown
    }
