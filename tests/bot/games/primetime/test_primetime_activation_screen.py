"""An activation's screen, built from the engine's legal actions: its Move and Technique menus at
once and every other action a button of its own, whatever the state; Technique options past one
menu's 25 are a More attacks… page away."""

from __future__ import annotations

from typing import Any

from bot.games.primetime.codes import action_code
from bot.games.primetime.controls import PAGE, Controls
from bot.games.primetime.panel import ATTACK_MENU, MOVE_MENU, prompt_items
from bot.games.primetime.speech import Speaker
from bot.ui.components import view_of
from locales.languages import Language
from rules.primetime import RULES
from rules.primetime.actions import JointAttack, Move, PlayCard, PrimeTimeAction, Timeout, UseTechnique
from rules.primetime.ai import choose_action
from rules.primetime.engine import legal_actions
from rules.primetime.rounds import PrimeTimeOptions
from rules.primetime.state import PrimeTimeState


def _screen(state: PrimeTimeState, seat: int, step: str = "main") -> tuple[list[Any], list[PrimeTimeAction]]:
    actions = [action for action in legal_actions(state, seat) if not isinstance(action, Timeout)]
    return prompt_items(
        state, seat, Controls(1, 0, "pact", seat, words=Speaker(Language.ENGLISH)), step
    ), actions


def _offered(items: list[Any]) -> set[str]:
    """The codes the screen plays: its buttons' and its menus' options'."""
    codes = {option.value for item in items for option in getattr(item, "options", ())}
    return codes | {item.custom_id.split(":")[4] for item in items if getattr(item, "label", None)}


def _menu(items: list[Any], placeholder: str) -> Any:
    return next((item for item in items if getattr(item, "placeholder", "").startswith(placeholder)), None)


def test_every_action_of_an_activation_is_on_its_screen_and_many_attacks_are_paged() -> None:
    paged = 0
    state = RULES.new_game(PrimeTimeOptions(rosters=("ginyu_force", "cell_games")), 1)
    while state.outcome is None and state.prompts and state.round <= 2:
        seat = state.prompts[0].who
        if state.prompts[0].kind == "action":
            items, actions = _screen(state, seat)
            view_of(items)
            ids = [item.custom_id for item in items]
            assert len(ids) == len(set(ids)), "two controls of the screen share a custom id"
            buttons = {
                action_code(action)
                for action in actions
                if not isinstance(action, Move | UseTechnique | JointAttack | PlayCard)
            }
            assert buttons <= _offered(items)
            moves = _menu(items, str(MOVE_MENU))
            assert (moves is not None) == any(isinstance(action, Move) for action in actions)
            attacks = [action_code(action) for action in actions if isinstance(action, UseTechnique)]
            menu = _menu(items, str(ATTACK_MENU))
            assert (menu is not None) == bool(attacks)
            if menu is not None:
                assert [option.value for option in menu.options] == attacks[:PAGE]
            more = next((item for item in items if getattr(item, "label", "") == "More attacks…"), None)
            assert (more is not None) == (len(attacks) > PAGE)
            if more is not None:
                paged += 1
                assert more.custom_id.split(":")[3:5] == ["choose", "tech.1"]
                page, _ = _screen(state, seat, "tech.1")
                further = _menu(page, str(ATTACK_MENU)).options
                assert [option.value for option in further] == attacks[PAGE:][:PAGE]
        state, _ = RULES.apply(state, choose_action(state, seat, seed=5))
    assert paged > 0, "no activation had more attacks than one menu holds"
