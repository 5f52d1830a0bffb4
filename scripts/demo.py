"""An offline Perfect Cell game played by AI fighters, drawn turn by turn.

No token and no network: the real engine plays, the real renderer draws. Writes one board image per
turn and an animated replay to the output folder:

    bash scripts/demo [--players 4] [--variant normal] [--seed 1] [--out demo-output]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from renderers.animation import GIF_WIDTH, encode_gif, frame_of
from renderers.cell import render_cell
from rules.cell.ai import choose_action
from rules.cell.content import catalogue
from rules.cell.engine import CellOptions, apply, new_game
from rules.cell.state import CellState
from rules.cell.view import view

__all__ = ["GIF_WIDTH", "play", "write_replay"]


def play(players: int, variant: str, seed: int, agent: str) -> list[CellState]:
    """The game's state at its start and after every turn, the final state last."""
    fighters = [fighter.id for fighter in catalogue().fighters][:players]
    state = new_game(CellOptions(fighters=fighters, variant=variant), seed)  # type: ignore[arg-type]
    snapshots = [state]
    while state.outcome is None:
        action = choose_action(state, state.active_seat, rng_seed=state.actions_taken, agent=agent)
        assert action is not None
        state, _ = apply(state, action)
        if action.type == "end_turn" or state.outcome is not None:
            snapshots.append(state)
    return snapshots


def write_replay(snapshots: list[CellState], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    pngs: list[bytes] = []
    for number, state in enumerate(snapshots):
        board = render_cell(view(state, None))
        (folder / f"board-{number:03d}.png").write_bytes(board.png)
        (folder / f"board-{number:03d}.txt").write_text(board.alt_text + "\n", encoding="utf-8")
        pngs.append(board.png)
    replay = folder / "replay.gif"
    replay.write_bytes(encode_gif([frame_of(png) for png in pngs]))
    return replay


def main() -> None:
    parser = argparse.ArgumentParser(description="Play an offline Perfect Cell game with AI fighters.")
    parser.add_argument("--players", type=int, choices=range(1, 5), default=4)
    parser.add_argument("--variant", choices=("normal", "easy", "challenge", "impossible"), default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", choices=("heuristic", "strong"), default="heuristic")
    parser.add_argument("--out", type=Path, default=Path("demo-output"))
    arguments = parser.parse_args()
    snapshots = play(arguments.players, arguments.variant, arguments.seed, arguments.agent)
    replay = write_replay(snapshots, arguments.out)
    final = snapshots[-1]
    result = "won" if final.outcome and final.outcome.result == "win" else "lost"
    print(
        f"The Z-Fighters {result} in round {final.round}; Cell ended at {final.cell_hp}/{final.cell_max_hp}."
    )
    print(f"{len(snapshots)} boards and {replay} written to {arguments.out}/")


if __name__ == "__main__":
    main()
