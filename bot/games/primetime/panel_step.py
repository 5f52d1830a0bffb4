"""What a Prime Time player's open panel shows, so that it can be redrawn as the game moves: its step
(``main``, a card page, the Technique menu...), kept while the player's decision stays of the kind it
was drawn for, and back to ``main`` once it changes."""

from __future__ import annotations

from dataclasses import dataclass

from rules.primetime.state import PrimeTimeState


def prompt_kind(state: PrimeTimeState, seat: int) -> str | None:
    """The kind of ``seat``'s pending decision (None: nothing to decide now)."""
    prompt = state.prompt_for(seat)
    return None if prompt is None else prompt.kind


@dataclass(frozen=True)
class PanelStep:
    """An open panel's step, drawn for its player's decision of this kind (None: no decision of
    theirs)."""

    step: str
    prompt_kind: str | None

    @classmethod
    def drawn(cls, step: str, state: PrimeTimeState, seat: int) -> PanelStep:
        return cls(step, prompt_kind(state, seat))

    def followed(self, state: PrimeTimeState, seat: int) -> PanelStep:
        """The step to redraw the panel at in ``state``."""
        kind = prompt_kind(state, seat)
        return PanelStep(self.step if kind == self.prompt_kind else "main", kind)
