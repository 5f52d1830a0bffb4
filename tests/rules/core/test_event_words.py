"""An event's and a rejection's words may be messages (``Text``/``Plural``) the edge translates;
states saved when they were plain English sentences still load."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.text import Name, Plural, Text

GOKU = Name(kind="characters", id="goku", english="Goku")


def test_an_events_text_is_saved_and_read_back_as_the_message_it_was() -> None:
    for text in (
        Text("{fighter} reaches {level}", fighter=GOKU, level=9001),
        Plural("{count} token left", "{count} tokens left", 3),
        "An older game's sentence",
    ):
        event = Event(kind="said", text=text)
        assert Event.model_validate_json(event.model_dump_json()) == event


def test_english_numbers_are_grouped_as_the_translation_writes_them() -> None:
    assert str(Text("{fighter} reaches {level}", fighter=GOKU, level=9001)) == "Goku reaches 9,001"
    assert str(Plural("{count} token left", "{count} tokens left", 1200)) == "1,200 tokens left"


def test_a_rejection_keeps_its_message_and_says_its_english() -> None:
    reason = Text("It is {fighter}'s turn.", fighter=GOKU)
    rejection = IllegalAction("not_your_turn", reason)
    assert rejection.words == reason
    assert rejection.message == str(rejection) == "It is Goku's turn."
    assert IllegalAction("plain", "Nothing changed.").words == "Nothing changed."
