"""Prime Time's rules speak every language: each event of a whole game and each refusal carries its
words as a message (``rules.core.text``), whose English is the event's text, and each reads in every
language with no English sentence left and no placeholder unfilled."""

from __future__ import annotations

import random

import pytest

from locales.languages import TRANSLATED, Language
from locales.translate import translate
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.playout import random_playout
from rules.core.text import Plural, Text
from rules.primetime import RULES
from rules.primetime.actions import PrimeTimeAction
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from tests.rules.primetime.playouts import CardHappy, candidates

SAME_IN_EVERY_LANGUAGE = {
    "{earlier}, {next}",
    "{terrain} {size}",
    '{inches}"',
    "Base",
    "Kaio-ken",
    "terrain",
    "{fighter}: {stat} {amount}",
    "{affiliation}: {stat} {amount}",
}
"""Messages that some language writes as English does (a list, a distance, a name and a number, a
word spelt alike); each is in every catalogue all the same, which the catalogue tests check."""


def _msgid(words: Text | Plural) -> str:
    return words.msgid if isinstance(words, Text) else words.singular


def _played(seed: int) -> tuple[list[Event], list[IllegalAction]]:
    """A whole game between two presets that plays every card it can, with the events it said and
    the refusals of some actions the rules forbid along the way."""
    events: list[Event] = []
    refusals: list[IllegalAction] = []
    shuffler = random.Random(seed)

    def on_step(
        before: PrimeTimeState, action: PrimeTimeAction, after: PrimeTimeState, said: list[Event]
    ) -> None:
        events.extend(said)
        seat = shuffler.randrange(2)
        legal = set(RULES.legal_actions(before, seat))
        illegal = [option for option in candidates(before, seat, shuffler) if option not in legal]
        for option in shuffler.sample(illegal, min(2, len(illegal))):
            try:
                RULES.apply(before, option)
            except IllegalAction as refusal:
                refusals.append(refusal)

    state = RULES.new_game(PrimeTimeOptions(rosters=("z_fighters", "ginyu_force")), seed)
    playout = random_playout(RULES, state, 2, CardHappy(seed), 3000, on_step)
    assert RULES.outcome(playout.final) is not None
    return events, refusals


@pytest.fixture(scope="module")
def played() -> tuple[list[Event], list[IllegalAction]]:
    return _played(3)


def test_every_event_and_refusal_carries_its_words(played: tuple[list[Event], list[IllegalAction]]) -> None:
    events, refusals = played

    assert events and refusals
    for event in events:
        assert isinstance(event.text, Text | Plural), f"{event.kind}: {event.text!r} is a plain string"
    for refusal in refusals:
        assert isinstance(refusal.words, Text | Plural), (
            f"{refusal.code}: {refusal.message!r} is a plain string"
        )
        assert str(refusal.words) == refusal.message


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_event_and_refusal_reads_in_the_language(
    played: tuple[list[Event], list[IllegalAction]], language: Language
) -> None:
    events, refusals = played
    said = [(event.text, str(event.text)) for event in events if not isinstance(event.text, str)]
    said += [(refusal.words, refusal.message) for refusal in refusals if not isinstance(refusal.words, str)]

    for words, english in said:
        shown = translate(words, "primetime", language)
        assert "{" not in shown and "}" not in shown, shown
        if shown == english:
            assert _msgid(words) in SAME_IN_EVERY_LANGUAGE, f"{english!r} is English in {language}"


def test_an_event_saved_before_the_rules_marked_their_words_still_loads() -> None:
    old = Event.model_validate({"kind": "pass", "text": "Seat 1 passes", "actor": 0})

    assert old.text == "Seat 1 passes"


def test_an_event_made_with_words_is_saved_and_read_back_whole() -> None:
    event = Event(kind="pass", text=Text("{seat} passes", seat="Seat 1"), actor=0)

    assert str(event.text) == "Seat 1 passes"
    assert Event.model_validate_json(event.model_dump_json()) == event
