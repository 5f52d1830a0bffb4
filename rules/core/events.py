"""Events: what happened, in words, with who may see it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.core.text import Words


class Event(BaseModel):
    """One thing that happened. ``text`` is English (``str()`` of it), translated where it is shown
    when it is a ``Text``. ``visible_to`` is None for public events, else the seats that may see it.

    Frozen: a recorded event never changes, so successive states can share it (see ``reduce_copy``).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: Words
    actor: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    visible_to: list[int] | None = None

    def visible_for(self, viewer: int | None) -> bool:
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    return [event for event in events if event.visible_for(viewer)]
