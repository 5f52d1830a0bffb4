"""Discord's official OpenAPI spec: find the operation for a request and validate bodies against it."""

from __future__ import annotations

import functools
import gzip
import json
import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

# Discord's MIT-licensed spec, kept compressed in the project (see openapi/NOTICE.md).
SPEC_PATH = Path(__file__).resolve().parent / "openapi" / "discord-openapi.json.gz"
SPEC_URI = "urn:discord-openapi"
MULTIPART = "multipart/form-data"
JSON = "application/json"
INSTANCE_LIMIT = 80


@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    literal_segments: int

    def parameters(self, path: str) -> dict[str, str]:
        match = self.pattern.fullmatch(path)
        return match.groupdict() if match else {}

    @property
    def pointer(self) -> str:
        escaped = self.template.replace("~", "~0").replace("/", "~1")
        return f"/paths/{escaped}/{self.method.lower()}"


class DiscordSpec:
    """The spec document with its operations indexed by method and path template."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry = Registry().with_resource(SPEC_URI, resource)
        self._operations: dict[str, list[Operation]] = {}
        for template, path_item in document["paths"].items():
            for method in path_item:
                if method == "parameters":
                    continue
                operation = _operation(method.upper(), template)
                self._operations.setdefault(operation.method, []).append(operation)
        for operations in self._operations.values():
            # "/users/@me" must win over "/users/{user_id}": prefer the most literal template.
            operations.sort(key=lambda op: -op.literal_segments)

    def find_operation(self, method: str, path: str) -> Operation | None:
        for operation in self._operations.get(method.upper(), []):
            if operation.pattern.fullmatch(path):
                return operation
        return None

    def request_errors(self, operation: Operation, content_type: str, body: Any) -> list[str]:
        """Schema errors of a JSON body, or of the parsed `payload_json` of a multipart body."""
        content = self._resolve(f"{operation.pointer}/requestBody").get("content", {})
        media_type = MULTIPART if content_type == MULTIPART and MULTIPART in content else JSON
        if media_type not in content:
            return [f"the spec defines no {content_type} request body for {operation.template}"]
        pointer = f"{operation.pointer}/requestBody/content/{_escape(media_type)}/schema"
        errors = self._errors(self._discriminated(pointer, body), _with_known_quirks(body))
        return [*errors, *_duplicated_custom_ids(body)]

    def response_errors(self, operation: Operation, status: int, body: Any) -> list[str]:
        response = self._resolve(f"{operation.pointer}/responses/{status}")
        if JSON not in response.get("content", {}):
            return []
        escaped_status = _escape(str(status))
        pointer = f"{operation.pointer}/responses/{escaped_status}/content/{_escape(JSON)}/schema"
        return self._errors(pointer, body)

    def schema_errors(self, schema_name: str, instance: Any) -> list[str]:
        return self._errors(f"/components/schemas/{schema_name}", instance)

    def _discriminated(self, pointer: str, body: Any) -> str:
        """Narrow a union of callback types to the member whose `type` enum holds the body's `type`.

        Discord picks the union member by `type` (the spec marks these `x-discord-union`), so errors
        are reported against that member instead of as "not valid under any of the given schemas".
        """
        schema = self._resolve(pointer)
        members = schema.get("anyOf") or schema.get("oneOf") or []
        if not isinstance(body, dict) or not all("$ref" in member for member in members):
            return pointer
        matching = [
            member["$ref"].removeprefix("#")
            for member in members
            if body.get("type")
            in self._resolve(member["$ref"].removeprefix("#"))
            .get("properties", {})
            .get("type", {})
            .get("enum", [])
        ]
        return matching[0] if len(matching) == 1 else pointer

    def _resolve(self, pointer: str) -> dict[str, Any]:
        node: Any = self.document
        for part in pointer.strip("/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def _errors(self, pointer: str, instance: Any) -> list[str]:
        # Nearly every body is valid: the compiled validator answers those about 200 times faster, which
        # keeps the fake from becoming the bottleneck under load. Only an invalid body pays for the
        # pure-Python validator, whose errors say where the body went wrong.
        if self._compiled_validator(pointer).is_valid(instance):
            return []
        validator = self._validator(pointer)
        return [_describe(error) for error in validator.iter_errors(instance)]

    @functools.cache  # noqa: B019 - one spec lives for the whole session; validators are costly to build
    def _validator(self, pointer: str) -> Draft202012Validator:
        return Draft202012Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=self._registry)

    @functools.cache  # noqa: B019 - as above
    def _compiled_validator(self, pointer: str) -> jsonschema_rs.Draft202012Validator:
        # The whole document is the root, so every "#/components/…" reference inside it resolves.
        fragment = urllib.parse.quote(pointer, safe="/~")
        return jsonschema_rs.Draft202012Validator({**self.document, "$ref": f"#{fragment}"})


@functools.cache
def load_spec() -> DiscordSpec:
    """The spec, parsed and indexed once per test session."""
    return DiscordSpec(json.loads(gzip.decompress(SPEC_PATH.read_bytes())))


def _operation(method: str, template: str) -> Operation:
    segments = template.strip("/").split("/")
    regex = "/".join(
        f"(?P<{segment[1:-1]}>[^/]+)" if segment.startswith("{") else re.escape(segment)
        for segment in segments
    )
    literal = sum(not segment.startswith("{") for segment in segments)
    return Operation(method, template, re.compile("/" + regex), literal)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _describe(error: ValidationError) -> str:
    """Report the error inside the union member the body was evidently meant to be, when there is one."""
    branches: dict[Any, list[ValidationError]] = {}
    for sub_error in error.context or []:
        branches.setdefault(sub_error.relative_schema_path[0], []).append(sub_error)
    plausible = [errors for errors in branches.values() if not any(map(_misses_discriminator, errors))]
    deeper = [
        sub_error
        for errors in plausible
        for sub_error in errors
        if len(sub_error.absolute_path) > len(error.absolute_path)
    ]
    if len(plausible) == 1 or deeper:
        candidates = plausible[0] if len(plausible) == 1 else deeper
        return _describe(max(candidates, key=lambda sub_error: len(sub_error.absolute_path)))
    instance = repr(error.instance)
    message = error.message
    if len(instance) > INSTANCE_LIMIT:
        message = message.replace(instance, instance[:INSTANCE_LIMIT] + "…")
    return f"{error.json_path}: {message}"


def _misses_discriminator(error: ValidationError) -> bool:
    """Whether this union member was ruled out by its `type` tag, or by being the `null` alternative."""
    wrong_tag = list(error.relative_path) == ["type"] and error.validator in ("enum", "const")
    not_null = not error.relative_path and error.validator == "type" and error.validator_value == "null"
    return wrong_tag or not_null


def _with_known_quirks(body: Any) -> Any:
    """Undo the one place where Discord accepts more than its spec says.

    The spec types every attachment `id` as a snowflake string, but Discord documents (and discord.py
    sends) integer ids: the index of a `files[n]` upload for new files, the numeric id for kept ones.
    """
    if isinstance(body, list):
        return [_with_known_quirks(item) for item in body]
    if not isinstance(body, dict):
        return body
    fixed = {key: _with_known_quirks(value) for key, value in body.items()}
    attachments = fixed.get("attachments")
    if isinstance(attachments, list):
        fixed["attachments"] = [
            {**item, "id": str(item["id"])}
            if isinstance(item, dict) and type(item.get("id")) is int
            else item
            for item in attachments
        ]
    return fixed


def _duplicated_custom_ids(body: Any) -> list[str]:
    """What the schemas cannot say: Discord refuses components of one message that share a custom id
    (COMPONENT_CUSTOM_ID_DUPLICATED), wherever they sit in its rows."""
    seen: set[str] = set()
    errors = []

    def walk(components: Any) -> None:
        for component in components if isinstance(components, list) else []:
            if not isinstance(component, dict):
                continue
            custom_id = component.get("custom_id")
            if isinstance(custom_id, str):
                if custom_id in seen:
                    errors.append(f"components: custom id {custom_id!r} is used twice")
                seen.add(custom_id)
            walk(component.get("components"))

    message = body.get("data", body) if isinstance(body, dict) else None
    if isinstance(message, dict):
        walk(message.get("components"))
    return errors
