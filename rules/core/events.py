"""Events: what happened, in words, with who may see it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.text import Plural, Text, Words


class Event(BaseModel):
    """One thing that happened. ``visible_to`` is None for public events, else the seats that may see it.

    Frozen: a recorded event never changes, so successive states can share it (see ``reduce_copy``).
    ``text`` is the English sentence (logs, tests, the games whose rules do not mark their words);
    an event made with a ``Text`` or ``Plural`` keeps it as ``words`` too, for the edge to translate.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    actor: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    visible_to: list[int] | None = None
    words: Words | None = None

    @model_validator(mode="before")
    @classmethod
    def _english_of_words(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("text"), Text | Plural):
            return {**data, "text": str(data["text"]), "words": data["text"]}
        return data

    def visible_for(self, viewer: int | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    return [event for event in events if event.visible_for(viewer)]
