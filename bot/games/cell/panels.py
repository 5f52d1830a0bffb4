"""The private panel where a Perfect Cell player pays with several dice: a reroll or a retrieval
(after burning a die), Gohan's free reroll, a Power Up bought or used, or dice placed on one threat.

Nothing is played while the player picks: the panel's controls carry the panel's code and the dice
picked so far, and only its confirmation plays the whole path (start, picks, confirmation) on the
board version the panel was opened from. A panel's code is ``s<index>`` for the selection that legal
action ``index`` starts, ``s`` for a selection already open, and ``t<tile>`` for a threat's dice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.games.cell.choices import Choice
from bot.games.cell.fills import emoji_of, payments, threat_fills
from bot.games.cell.paths import (
    FACE_EMOJI,
    MAX_PATH_STEPS,
    STALE_CHOICE,
    Explorer,
    Path,
    follow,
    path_text,
    source_face,
    source_kind,
)
from bot.games.cell.speech import ENGLISH, Speaker
from rules.cell import words
from rules.cell.actions import CellAction, Choose, Confirm, Spend, StartSelection
from rules.cell.content import catalogue
from rules.cell.describe import threat_progress
from rules.cell.engine import apply
from rules.cell.queries import purchase_cost
from rules.cell.state import CellState, Selection, Source
from rules.core.errors import IllegalAction

_CODE = re.compile(r"s(?P<start>\d{1,3})?|t(?P<tile>\d{1,3})")
_TOKEN = re.compile(r"(?P<kind>attack|super_attack|wild)-(?P<face>dragon_ball|assist|attack|super_attack)-\d")


def is_panel_code(text: str) -> bool:
    return bool(_CODE.fullmatch(text))


@dataclass(frozen=True)
class Pick:
    code: str
    label: str
    picked: bool


@dataclass
class PanelPlan:
    """What the panel shows: its title and status, the dice and tokens to pick from (``picked`` for
    those chosen so far), and the confirmations the picks allow, each a complete path."""

    code: str
    title: str
    status: str
    picks: list[Pick]
    max_picks: int
    closers: list[Choice]
    notes: list[str] = field(default_factory=list)


def source_code(source: Source, ordinal: int = 0) -> str:
    """A die as ``d<id>``; a token as ``<kind>-<face>-<n>`` (the n-th of that kind the player holds)."""
    if source.die is not None:
        return f"d{source.die}"
    return f"{source.token}-{source.face}-{ordinal}"


def decode_source(code: str) -> Source | None:
    if re.fullmatch(r"d\d{1,3}", code):
        return Source(die=int(code[1:]))
    match = _TOKEN.fullmatch(code)
    if match is None:
        return None
    return Source(token=match["kind"], face=match["face"])  # type: ignore[arg-type]


def _step_matches(code: str, action: CellAction) -> bool:
    if code.startswith("t"):
        return isinstance(action, Spend) and action.use == "cancel" and action.target == int(code[1:])
    return isinstance(action, Choose)


def _prefix(code: str) -> Path:
    match = _CODE.fullmatch(code)
    assert match is not None
    return (int(match["start"]),) if match["start"] else ()


def panel_plan(
    state: CellState, seat: int, code: str, chosen: list[str] | None = None, speak: Speaker = ENGLISH
) -> PanelPlan:
    """The panel ``code`` opened on ``state``, in ``speak``'s language, with the dice and tokens
    ``chosen`` picked in order (None: a sensible payment filled in, where there is one). Raises
    IllegalAction when the panel no longer applies."""
    if not is_panel_code(code):
        raise STALE_CHOICE
    prefix = _prefix(code)
    follow(state, seat, prefix)
    explorer = Explorer(state, seat)
    base = explorer.state(prefix)
    if code.startswith("s") and base.selection is None:
        raise STALE_CHOICE
    if code.startswith("t") and base.active_threat(int(code[1:])) is None:
        raise STALE_CHOICE
    candidates = _candidates(explorer, prefix, code, speak)
    if chosen is None:
        chosen = _filled_in(explorer, code, prefix)
    room = MAX_PATH_STEPS - len(prefix) - 1
    path, used, notes = _play_picks(explorer, code, prefix, chosen[:room], candidates, speak)
    picks = [Pick(pick, label, pick in used) for pick, label in candidates.items()]
    title, limit = _title(base, seat, code, speak)
    return PanelPlan(
        code=code,
        title=title,
        status=_status(base, used, speak),
        picks=picks,
        max_picks=max(1, min(limit, len(picks), room, 25)),
        closers=_closers(explorer, code, path, len(used), speak),
        notes=notes,
    )


def _candidates(explorer: Explorer, prefix: Path, code: str, speak: Speaker) -> dict[str, str]:
    """Every die and token the panel offers, by code, with its words."""
    base, seat = explorer.state(prefix), explorer.seat
    found: dict[str, str] = {}
    selection = base.selection
    excluded = {selection.burn, *(s.die for s in selection.chosen)} if selection is not None else set()
    for action in explorer.legal(prefix):
        if not _step_matches(code, action):
            continue
        source = action.source  # type: ignore[attr-defined]
        if source.die is None:
            held = base.fighters[seat].tokens.count(source.token)
            committed = sum(1 for s in selection.chosen if s.token == source.token) if selection else 0
            for ordinal in range(held - committed):
                found[source_code(source, ordinal)] = speak.source(base, source)
            continue
        die = base.dice[source.die]
        twins = [
            other.id
            for other in base.dice
            if (other.zone, other.holder, other.owner, other.face, other.threat)
            == (die.zone, die.holder, die.owner, die.face, die.threat)
            and other.id not in excluded
        ]
        for twin in twins if die.zone == "mat" else [die.id]:
            found[f"d{twin}"] = _die_words(base, seat, Source(die=twin), speak)
    return found


def _die_words(state: CellState, seat: int, source: Source, speak: Speaker) -> str:
    die = state.dice[source.die]  # type: ignore[index]
    said = speak.source(state, source)
    if die.zone == "threat":
        return speak.gettext("{die} on {threat}").format(die=said, threat=speak.threat(die.threat))  # type: ignore[arg-type]
    if die.zone == "meter":
        return speak.gettext("{die} on the Dragon Ball Meter").format(die=said)
    if die.owner == seat:
        return said
    return speak.gettext("{die} ({fighter}'s die)").format(die=said, fighter=speak.fighter(state, die.owner))


def _filled_in(explorer: Explorer, code: str, prefix: Path) -> list[str]:
    """The cheapest way to cancel the threat (or the most dice that fit), or the cheapest payment of
    a Power Up; rerolls and retrievals start empty: which dice is the player's own idea."""
    if code.startswith("t"):
        complete, deepest = threat_fills(explorer, int(code[1:]), 1)
        return _codes((complete[0] if complete else deepest).sources)
    start = explorer.legal()[prefix[0]] if prefix else None
    if isinstance(start, StartSelection) and start.purpose in ("buy", "activate"):
        ways = payments(explorer, prefix[0], 1)
        return _codes(ways[0].sources) if ways else []
    return []


def _codes(sources: tuple[Source, ...]) -> list[str]:
    codes = []
    for number, source in enumerate(sources):
        ordinal = sum(1 for earlier in sources[:number] if earlier.token == source.token)
        codes.append(source_code(source, ordinal if source.token else 0))
    return codes


def _play_picks(
    explorer: Explorer, code: str, prefix: Path, chosen: list[str], candidates: dict[str, str], speak: Speaker
) -> tuple[Path, list[str], list[str]]:
    """Plays the picks in order after ``prefix``: each takes the engine's listed die of its kind (dice
    of a kind are interchangeable). Returns the path so far, the codes of the dice and tokens used,
    and why any pick was refused."""
    base = explorer.state(prefix)
    path, used, notes = prefix, [], []
    tokens_used: dict[str, int] = {}
    for pick in dict.fromkeys(chosen):
        source = decode_source(pick)
        if source is None or pick not in candidates:
            notes.append(speak.gettext("A pick that is no longer on offer was left out."))
            continue
        kind = source_kind(base, source)
        index = explorer.find(
            path,
            lambda state, action, kind=kind: (
                _step_matches(code, action) and source_kind(state, action.source) == kind
            ),  # type: ignore[attr-defined]
        )
        if index is None:
            refusal = _refusal(explorer.state(path), explorer.seat, code, source, speak)
            notes.append(
                speak.gettext("{pick} was left out: {reason}").format(pick=candidates[pick], reason=refusal)
            )
            continue
        action = explorer.action(path, index)
        path = (*path, index)
        taken = action.source  # type: ignore[attr-defined]
        if taken.token is not None:
            ordinal = tokens_used.get(taken.token, 0)
            tokens_used[taken.token] = ordinal + 1
            used.append(source_code(taken, ordinal))
        else:
            used.append(source_code(taken))
    return path, used, notes


def _refusal(state: CellState, seat: int, code: str, source: Source, speak: Speaker) -> str:
    """The engine's own reason for refusing that pick."""
    action: CellAction = (
        Spend(player=seat, source=source, use="cancel", target=int(code[1:]))
        if code.startswith("t")
        else Choose(player=seat, source=source)
    )
    try:
        apply(state, action)
    except IllegalAction as refusal:
        return speak.say(refusal.words)
    return speak.gettext("it can't be picked with the others.")


def _title(base: CellState, seat: int, code: str, speak: Speaker) -> tuple[str, int]:
    """The panel's first line, and how many picks it takes at most."""
    if code.startswith("t"):
        tile = catalogue().threats[int(code[1:])]
        threat = base.active_threat(tile.id)
        assert threat is not None
        placed = [placement.face for placement in threat.placed]
        title = (
            speak.gettext("**{threat}** — needs {cost}; {placed} placed ({dice}). Choose the dice to place.")
            if placed
            else speak.gettext("**{threat}** — needs {cost}; {placed} placed. Choose the dice to place.")
        )
        return (
            title.format(
                threat=speak.threat(tile.id),
                cost=speak.cost(tile.cost),
                placed=len(placed),
                dice=_faces_emoji(placed),
            ),
            len(tile.cost) - len(placed),
        )
    selection = base.selection
    assert selection is not None
    return _selection_title(base, seat, selection, speak)


def _faces_emoji(faces: list[str]) -> str:
    return " ".join(FACE_EMOJI[face] for face in faces)


def _selection_title(base: CellState, seat: int, selection: Selection, speak: Speaker) -> tuple[str, int]:
    rolled = sum(1 for die in base.dice if die.zone == "mat" and die.holder == seat and die.face)
    if selection.purpose in ("reroll", "free_reroll", "retrieve"):
        if selection.purpose == "retrieve":
            name = speak.gettext("Retrieve dice")
            limit = sum(1 for die in base.dice if die.zone in ("threat", "meter"))
            task = speak.gettext(
                "choose dice to take back from the threats and the Dragon Ball Meter (they are rolled again "
                "next turn)."
            )
        else:
            name = (
                speak.gettext("Free reroll (Gohan)")
                if selection.purpose == "free_reroll"
                else speak.gettext("Reroll")
            )
            limit, task = rolled, speak.gettext("choose the dice to roll again.")
        if selection.burn is None:
            return speak.gettext("**{name}**: {task}").format(name=name, task=task), limit
        burned = speak.say(words.A_FACE[base.dice[selection.burn].face])  # type: ignore[index]
        title = speak.gettext("**{name}**, burning {die}: {task}")
        return title.format(name=name, die=burned, task=task), limit
    tile = catalogue().power_ups[selection.tile]  # type: ignore[index]
    if selection.purpose == "buy":
        cost = ["assist"] * purchase_cost(base, seat, tile.id)
        title = speak.gettext("**Buy {power_up}** — costs {cost}. {effect}")
    else:
        cost = list(tile.activation_cost)
        title = speak.gettext("**Use {power_up}** — costs {cost}. {effect}")
    filled = title.format(
        power_up=speak.power_up(tile.id), cost=speak.cost(cost), effect=speak.power_up_effect(tile.id)
    )
    return filled, len(cost)


def _status(base: CellState, used: list[str], speak: Speaker) -> str:
    if not used:
        return speak.gettext("Nothing chosen yet.")
    sources = tuple(decode_source(pick) for pick in used)
    return speak.gettext("Chosen: {dice}").format(dice=emoji_of(base, sources))  # type: ignore[arg-type]


def _closers(explorer: Explorer, code: str, path: Path, picked: int, speak: Speaker) -> list[Choice]:
    """The confirmations the picks allow, each the whole path from the board."""
    if code.startswith("t"):
        if not picked:
            return []
        before = explorer.state(path[:-1])
        last = explorer.action(path[:-1], path[-1])
        assert isinstance(last, Spend)
        progress = speak.say(threat_progress(before, int(code[1:]), source_face(before, last.source)))
        place = speak.ngettext("Place {count} die: {progress}", "Place {count} dice: {progress}", picked)
        return [Choice(place.format(count=picked, progress=progress), path_text(path))]
    current = explorer.state(path)
    selection = current.selection
    assert selection is not None
    if selection.purpose in ("buy", "activate"):
        tile = speak.power_up(selection.tile)  # type: ignore[arg-type]
        what = (
            speak.gettext("Buy {power_up}") if selection.purpose == "buy" else speak.gettext("Use {power_up}")
        ).format(power_up=tile)
    elif selection.purpose == "retrieve":
        what = speak.ngettext("Retrieve {count} die", "Retrieve {count} dice", picked).format(count=picked)
    else:
        what = speak.ngettext("Reroll {count} die", "Reroll {count} dice", picked).format(count=picked)
    return [
        Choice(_confirmed(what, current, action, speak), path_text((*path, index)))
        for index, action in enumerate(explorer.legal(path))
        if isinstance(action, Confirm)
    ]


def _confirmed(what: str, state: CellState, action: Confirm, speak: Speaker) -> str:
    """The confirmation's words: what it does, and whom it gives to, heals or makes discard."""
    if action.give_to is not None and action.discard is not None:
        extra = speak.gettext("{what}, give to {fighter}, discard {power_up}")
        return extra.format(
            what=what, fighter=speak.fighter(state, action.give_to), power_up=speak.power_up(action.discard)
        )
    if action.give_to is not None:
        return speak.gettext("{what}, give to {fighter}").format(
            what=what, fighter=speak.fighter(state, action.give_to)
        )
    if action.target is not None:
        return speak.gettext("{what}, heal {fighter}").format(
            what=what, fighter=speak.fighter(state, action.target)
        )
    if action.discard is not None:
        return speak.gettext("{what}, discard {power_up}").format(
            what=what, power_up=speak.power_up(action.discard)
        )
    return what
