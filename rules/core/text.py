"""Words the rules say, kept as data so that the bot can say them in each player's language.

The engines never translate: a rejection or an event carries a ``Text`` (an English message id and its
parameters) and the edge that shows it looks the id up in its language's catalogue (``locales``).
``str()`` of any of them is the English sentence, so logs and tests read them as they are. They are
pydantic models, so an event that carries one is saved with the game's state like any other field.

A parameter is a plain value (a number or a word that is the same in every language), another
``Text``/``Plural`` (a clause translated on its own), or a ``Name``: a piece of content (a fighter, a
card, a threat) whose name the translation takes from the game's content translations.

The message ids are found in the source by the catalogues' extraction (``babel.cfg``): write the
English message as a literal first argument, ``Text("{fighter} attacks", fighter=...)``, never a
variable or an f-string (a context too: ``Text.in_context("button", "Join")``), and use plain
``{name}`` placeholders (numbers are formatted the language's way before they are put in).
``params`` and ``context`` are the two names a placeholder cannot have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag


class Name(BaseModel):
    """A piece of a game's content named in a sentence: translated by its ``kind`` and ``id`` in the
    game's content translations; ``english`` is its name in the content itself. ``field`` is the
    content's field it is (a Condition's ``text`` is quoted as one as well as its name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    id: str
    english: str
    field: str = "name"

    def __str__(self) -> str:
        return self.english


Init = TypeVar("Init", bound=Callable[..., None])


def validated_without(init: Init) -> Init:
    """Marks a message's own ``__init__`` (a shorter way to write one in code) as one that validation
    need not call: pydantic then builds a stored message straight from its fields, in its compiled
    code, instead of calling this Python function for every message of a game it loads (a third of
    the time a Perfect Cell state takes to load). The mark is the one pydantic gives its own
    ``BaseModel.__init__``."""
    init.__pydantic_base_init__ = True  # type: ignore[attr-defined]
    return init


class Text(BaseModel):
    """One message: ``msgid`` is the English sentence with ``{name}`` placeholders; ``context``
    tells apart the same English words used in two senses (and marks length-limited ones, see
    ``locales.contexts``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    msgid: str
    params: dict[str, Param] = Field(default_factory=dict)
    context: str | None = None

    @validated_without
    def __init__(
        self,
        msgid: str,
        params: Mapping[str, Any] | None = None,
        context: str | None = None,
        **named: Any,
    ) -> None:
        """``Text("{fighter} attacks", fighter=goku)``: the parameters by name (or as one mapping)."""
        super().__init__(msgid=msgid, params={**(params or {}), **named}, context=context)

    @classmethod
    def in_context(cls, context: str, msgid: str, /, **params: Any) -> Text:
        """The message as one sense of its English words (the extraction reads ``context`` from here)."""
        return cls(msgid, context=context, **params)

    def __hash__(self) -> int:
        # Equal messages say the same English, so it stands in for the parameters (a dict).
        return hash((self.msgid, self.context, str(self)))

    def __str__(self) -> str:
        return self.msgid.format(**{key: _english(value) for key, value in self.params.items()})


class Plural(BaseModel):
    """A message that depends on a count: ``singular`` for one, ``plural`` for any other count in
    English (other languages have their own plural forms). The count is the ``{count}`` placeholder."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    singular: str
    plural: str
    count: int
    params: dict[str, Param] = Field(default_factory=dict)
    context: str | None = None

    @validated_without
    def __init__(
        self,
        singular: str,
        plural: str,
        count: int,
        params: Mapping[str, Any] | None = None,
        context: str | None = None,
        **named: Any,
    ) -> None:
        """``Plural("{count} die", "{count} dice", 3)``: the parameters besides the count by name."""
        super().__init__(
            singular=singular, plural=plural, count=count, params={**(params or {}), **named}, context=context
        )

    def __hash__(self) -> int:
        return hash((self.singular, self.plural, self.context, str(self)))

    def __str__(self) -> str:
        template = self.singular if self.count == 1 else self.plural
        values = {key: _english(value) for key, value in self.params.items()}
        return template.format(count=_english(self.count), **values)


def _english(value: object) -> str:
    """A parameter in English: a number with its digits grouped (7,000), as the translation writes
    it in English too (``locales.numbers``)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _kind_of_param(value: Any) -> str:
    """Which of ``Param``'s kinds a value (or its saved form, a dict) is, so that only that kind's
    model reads it."""
    if isinstance(value, BaseModel):
        return type(value).__name__
    if isinstance(value, dict):
        return "Text" if "msgid" in value else "Plural" if "singular" in value else "Name"
    return "plain"


Param = Annotated[
    Annotated[Text, Tag("Text")]
    | Annotated[Plural, Tag("Plural")]
    | Annotated[Name, Tag("Name")]
    | Annotated[int | float | str, Tag("plain")],
    Discriminator(_kind_of_param),
]
"""What a placeholder may be filled with."""

Words = Annotated[
    Annotated[Text, Tag("Text")] | Annotated[Plural, Tag("Plural")] | Annotated[str, Tag("plain")],
    Discriminator(_kind_of_param),
]
"""A sentence the rules say (an event's, a rejection's): a message, or a plain English sentence (as
states saved before their game's words were messages hold them)."""

Text.model_rebuild()
Plural.model_rebuild()


def N_(msgid: str) -> str:
    """Marks an English message kept in a constant for the extraction; it is translated where shown."""
    return msgid
