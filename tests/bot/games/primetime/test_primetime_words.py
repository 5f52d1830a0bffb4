"""The words Prime Time's controls and panels are made of, in every language, without Discord: every
card's line, summary and full card, every technique's line (as printed, and as the panel prices it
for the model using it in a few seeded AI-played games), every Joint Attack's line, the label of
every legal action met in those games, the Move menu's options and the typed cells' previews. Each
is in its language (no English piece of the catalogue's messages left in it) and within Discord's
limits: a button's label 80 characters, a menu option's label and description 100."""

from __future__ import annotations

from functools import cache

import pytest

from bot.games.primetime.codes import action_label
from bot.games.primetime.explain import (
    card_embed,
    card_line,
    card_summary,
    joint_attack_line,
    technique_line,
    technique_stats,
)
from bot.games.primetime.modal import coordinates_modal
from bot.games.primetime.panel import technique_lines
from bot.games.primetime.pictures import hint_words, move_hints_of, move_menu_options
from bot.games.primetime.speech import Speaker
from bot.games.primetime.typed import preview_words
from bot.ui.components import Control
from locales.languages import TRANSLATED, Language
from rules.primetime import RULES
from rules.primetime.actions import (
    Deploy,
    EvadeMove,
    Move,
    PlaceObjective,
    PlaceTerrain,
    PrimeTimeAction,
    Timeout,
)
from rules.primetime.ai import choose_action
from rules.primetime.cards import cards, joint_attacks
from rules.primetime.content import catalogue
from rules.primetime.engine import legal_actions
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState
from tests.bot.games.primetime.english import english_left, english_words_left

FILES = (
    "bot/games/primetime/codes.py",
    "bot/games/primetime/explain.py",
    "bot/games/primetime/pictures.py",
    "bot/games/primetime/typed.py",
    "bot/games/primetime/modal.py",
)
"""The files whose words these are."""
GAMES = (
    (("z_fighters", "frieza_force"), "quick", 3),
    (("ginyu_force", "cell_games"), "full", 11),
    (("cell_games", "z_fighters"), "quick", 5),
)
"""Rosters, setup and seed of the games played."""
BUTTON, MENU, MODAL_TITLE, FIELD_LABEL, FIELD_PLACEHOLDER = 80, 100, 45, 45, 100
SAME_KIND = 3
"""The labels of one state's many moves, deployments and terrain edits differ only by their cells:
a few of each kind are read."""
MANY = (Move, EvadeMove, Deploy, PlaceTerrain, PlaceObjective)


@cache
def met() -> tuple[tuple[PrimeTimeState, int, tuple[PrimeTimeAction, ...]], ...]:
    """Every decision of the games, with its seat and legal actions (a few of each kind of many)."""
    found = []
    for rosters, setup, seed in GAMES:
        state = RULES.new_game(PrimeTimeOptions(rosters=rosters, setup=setup), seed)
        while state.outcome is None and state.prompts:
            for seat in dict.fromkeys(prompt.who for prompt in state.prompts):
                actions = [action for action in legal_actions(state, seat) if not isinstance(action, Timeout)]
                seen: dict[type, int] = {}
                kept = []
                for action in actions:
                    seen[type(action)] = seen.get(type(action), 0) + 1
                    if not isinstance(action, MANY) or seen[type(action)] <= SAME_KIND:
                        kept.append(action)
                found.append((state, seat, tuple(kept)))
            seat = state.prompts[0].who
            state, _ = RULES.apply(state, choose_action(state, seat, seed=seed))
        assert state.outcome is not None, "a game did not end"
    return tuple(found)


def _foreign(texts: list[str], language: Language) -> list[str]:
    return english_left(texts, FILES) + english_words_left(texts, FILES, language)


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_card_technique_and_joint_attack_line_is_in_its_language(language: Language) -> None:
    words = Speaker(language)
    lines, summaries = [], []
    for card_id in cards():
        lines += [card_line(card_id, words), card_line(card_id, words, full=True, copies=2)]
        summaries.append(card_summary(card_id, words))
        embed = card_embed(card_id, words)
        lines += [str(embed.title), str(embed.description)]
        lines += [text for field in embed.fields for text in (str(field.name), str(field.value))]
    stats = []
    for character in catalogue().characters:
        for technique in character.all_techniques():
            lines.append(technique_line(technique, words))
            stats.append(technique_stats(technique, words))
    lines += [joint_attack_line(joint_id, words) for joint_id in joint_attacks()]
    for state, seat, actions in met():
        if state.prompt_for(seat) is not None and state.prompt_for(seat).kind == "action":  # type: ignore[union-attr]
            lines += technique_lines(state, list(actions), words)
    left = _foreign([*lines, *summaries, *stats], language)
    assert left == [], "\n".join(left[:20])
    too_long = [text for text in [*summaries, *stats] if len(text) > MENU]
    assert too_long == [], too_long
    # The card names, windows and effects are the language's own.
    english = Speaker(Language.ENGLISH)
    same = [card_id for card_id in cards() if card_line(card_id, words) == card_line(card_id, english)]
    assert same == []


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_action_met_in_a_game_is_labelled_in_its_language(language: Language) -> None:
    words, english = Speaker(language), Speaker(Language.ENGLISH)
    labels, options, previews = [], [], []
    translated = total = 0
    for state, seat, actions in met():
        for action in actions:
            label = action_label(state, action, words)
            labels.append(label)
            total += 1
            translated += label != action_label(state, action, english)
            if isinstance(action, Move | EvadeMove | Deploy | PlaceObjective):
                previews.append(preview_words(state, action, words))
        prompt = state.prompt_for(seat)
        if prompt is not None and prompt.kind == "action" and any(isinstance(a, Move) for a in actions):
            every = [action for action in legal_actions(state, seat) if isinstance(action, Move)]
            for option in move_menu_options(state, seat, every, words):
                options += [option.label, option.description or ""]
            enemies = sum(1 for unit in state.units if unit.seat != seat and not unit.dazed)
            options += [hint_words(state, hint, enemies, words) for hint in move_hints_of(state, seat, every)]
    assert total > 1000, "the games offered too few actions to read"
    # Only a model's own name and its cell may read the same in English ("Ki Volley → C-18").
    assert translated > total * 0.6, (translated, total)
    left = _foreign([*labels, *options, *previews], language)
    assert left == [], "\n".join(left[:20])
    assert [label for label in labels if not 0 < len(label) <= BUTTON] == []
    assert [text for text in options if len(text) > MENU] == []


def _box(purpose: str, words: Speaker) -> list[str]:
    """The coordinates box's title, field label and placeholder, as Discord receives them."""
    sent = coordinates_modal(Control(1, 0, "coords", purpose, seat=0), words).to_dict()
    field = sent["components"][0]["components"][0]
    return [sent["title"], field["label"], field.get("placeholder", "")]


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_the_coordinates_box_is_in_its_language(language: Language) -> None:
    for purpose in ("terrain", "move"):
        title, label, placeholder = texts = _box(purpose, Speaker(language))
        assert _foreign(texts, language) == [], texts
        assert title != _box(purpose, Speaker(Language.ENGLISH))[0], "the title is the language's own"
        assert len(title) <= MODAL_TITLE and len(label) <= FIELD_LABEL, texts
        assert len(placeholder) <= FIELD_PLACEHOLDER
