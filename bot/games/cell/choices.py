"""What the active Perfect Cell player can do after rolling, grouped the way the board shows it: one
menu per kind of die (its face), whose options spend one die or every die of that face, and one menu
for what takes dice of several faces (threats, Power Ups) or none.

Every option is a path through ``legal_actions`` (see ``paths``) or, where the player has more to
choose, the code of the private panel that lets them choose (see ``panels``). Nothing here speaks to
Discord.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice

from bot.games.cell.fills import payments, threat_fills
from bot.games.cell.paths import (
    FACE_EMOJI,
    TOKEN_EMOJI,
    Explorer,
    Repeat,
    action_kind,
    path_text,
    repeat_spend,
    repeat_text,
    source_face,
)
from bot.games.cell.speech import ENGLISH, Speaker
from rules.cell.actions import CellAction, ChangeFace, GiveTile, Spend, StartSelection
from rules.cell.board import meter_capacity
from rules.cell.content import FACES, Face, catalogue
from rules.cell.describe import describe, die_damage, threat_progress
from rules.cell.queries import purchase_cost, rolled_dice
from rules.cell.state import CellState

MAX_OPTIONS = 25
# Ways to cancel one threat offered as an option each; the threat's panel has every way.
DIRECT_FILLS = 2
WILD_TOKEN = "w"
SPEND_ORDER = {"damage": 0, "cancel": 1, "heal": 2, "meter": 3, "collect": 4, "share": 5}


@dataclass(frozen=True)
class Choice:
    """One option of a menu: ``value`` is a path's text, or a panel's code."""

    label: str
    value: str
    description: str | None = None


@dataclass
class DiceKind:
    """The dice (and tokens) of one face the active player holds, and what one or all can do."""

    face: Face
    dice: int = 0
    shared: int = 0
    tokens: int = 0
    choices: list[Choice] = field(default_factory=list)

    def placeholder(self, speak: Speaker) -> str:
        held = [f"x{self.dice}"] if self.dice else []
        if self.shared:
            held.append(speak.gettext("({count} shared with you)").format(count=self.shared))
        if self.tokens:
            tokens = speak.ngettext("+ {count} token", "+ {count} tokens", self.tokens)
            held.append(tokens.format(count=self.tokens))
        what = (
            speak.pgettext("placeholder", "what should one do?")
            if self.choices
            else speak.pgettext("placeholder", "nothing to do with it now")
        )
        return f"{FACE_EMOJI[self.face]} {speak.face(self.face)} {' '.join(held)} — {what}"


def dice_kinds(explorer: Explorer, speak: Speaker = ENGLISH) -> list[DiceKind]:
    """One entry per face among the player's rolled dice and face tokens, in the faces' order."""
    kinds = held_kinds(explorer)
    for kind in kinds:
        kind.choices = list(islice(face_choices(explorer, kind.face, speak), MAX_OPTIONS))
    return kinds


def held_kinds(explorer: Explorer) -> list[DiceKind]:
    """``dice_kinds`` without their options."""
    state, seat = explorer.root, explorer.seat
    kinds = {face: DiceKind(face) for face in FACES}
    for die in state.dice:
        if die.zone == "mat" and die.holder == seat and die.face is not None:
            kinds[die.face].dice += 1
            kinds[die.face].shared += die.owner != seat
    fighter = state.fighters[seat]
    for token in [] if fighter.knocked_out else fighter.tokens:
        if token != "wild":
            kinds[token].tokens += 1
    return [kind for kind in kinds.values() if kind.dice or kind.tokens]


def face_choices(explorer: Explorer, face: Face, speak: Speaker = ENGLISH) -> Iterator[Choice]:
    """The options of the menu for ``face``, each worked out as it is asked for."""
    state = explorer.root
    indexes = [i for i, action in enumerate(explorer.legal()) if _face_of(state, action) == face]
    return _face_choices(explorer, indexes, speak)


def _face_of(state: CellState, action: CellAction) -> Face | None:
    """The face of the die or face token an action spends, burns or turns over (None for the rest)."""
    if isinstance(action, Spend):
        return None if action.source.token == "wild" else source_face(state, action.source)
    if isinstance(action, StartSelection) and action.burn is not None:
        return state.dice[action.burn].face
    if isinstance(action, ChangeFace):
        return state.dice[action.die].face
    return None


def _die_of(action: CellAction) -> int | None:
    if isinstance(action, Spend):
        return action.source.die
    if isinstance(action, StartSelection):
        return action.burn
    if isinstance(action, ChangeFace):
        return action.die
    return None


def _face_choices(explorer: Explorer, indexes: list[int], speak: Speaker) -> Iterator[Choice]:
    """A die's spends (the player's own die where dice of several owners do the same), each followed
    by spending every die of the face that way; then the face tokens; then burns and turning over."""
    state, seat, actions = explorer.root, explorer.seat, explorer.legal()

    def own_first(index: int) -> tuple[int, int]:
        action = actions[index]
        die = _die_of(action)
        order = SPEND_ORDER.get(action.use, 0) if isinstance(action, Spend) else 0
        return (order, die is not None and state.dice[die].owner != seat)

    ordered = sorted(indexes, key=own_first)
    seen: set[tuple[object, ...]] = set()
    for index in ordered:
        action = actions[index]
        if not isinstance(action, Spend) or action.source.die is None:
            continue
        kind = action_kind(state, action, owners=False)
        if kind in seen:
            continue
        seen.add(kind)
        yield Choice(speak.say(describe(state, action)), path_text((index,)))
        if not _another_of_its_face(state, seat, action):
            continue
        repeat = repeat_spend(state, seat, action)
        if len(repeat.spends) > 1:
            yield Choice(_repeat_label(seat, repeat, speak), repeat_text(index))
    for index in ordered:
        action = actions[index]
        if isinstance(action, Spend) and action.source.token is not None:
            words = f"{speak.source(state, action.source)}: {speak.say(describe(state, action))}"
            yield Choice(words, path_text((index,)))
    for index in ordered:
        action = actions[index]
        kind = action_kind(state, action, owners=False)
        if not isinstance(action, Spend) and kind not in seen:
            seen.add(kind)
            yield _burn_or_turn(state, index, action, speak)


def _another_of_its_face(state: CellState, seat: int, spend: Spend) -> bool:
    """Whether the player holds another rolled die of the face ``spend`` spends: only such a die can
    make the same spend after it, since spending takes a die off the mat and never rolls one."""
    face = source_face(state, spend.source)
    return sum(1 for die in rolled_dice(state, seat) if die.face == face) > 1


def _burn_or_turn(state: CellState, index: int, action: CellAction, speak: Speaker) -> Choice:
    if isinstance(action, StartSelection):
        if action.purpose == "reroll":
            words = speak.pgettext("menu option", "Burn one to reroll your other dice…")
            return Choice(words, f"s{index}", speak.pgettext("menu option", "Then choose the dice to reroll"))
        return Choice(
            speak.pgettext("menu option", "Burn one to retrieve placed dice…"),
            f"s{index}",
            speak.pgettext("menu option", "Then choose dice to take back from the threats and the meter"),
        )
    turn = speak.gettext("Turn one over: {what}")
    return Choice(turn.format(what=speak.say(describe(state, action))), path_text((index,)))


def _repeat_label(seat: int, repeat: Repeat, speak: Speaker) -> str:
    """What spending every die of the face does, worked out on the way there."""
    spends, states = repeat.spends, repeat.states
    count, amount = len(spends), speak.both_or_all(len(spends))
    action, before, after = spends[-1], states[-2], states[-1]
    target = speak.fighter(states[0], action.target) if action.use in ("heal", "share") else ""  # type: ignore[arg-type]
    if action.use == "damage":
        befores = zip(spends, states[:-1], strict=True)
        damage = sum(die_damage(state, seat, source_face(state, spend.source)) for spend, state in befores)
        return speak.gettext("Damage Cell with {dice} ({damage})").format(dice=amount, damage=damage)
    if action.use == "heal":
        heal = speak.gettext("Heal {fighter} with {dice} (+{count} HP)")
        return heal.format(fighter=target, dice=amount, count=count)
    if action.use == "cancel":
        progress = threat_progress(before, action.target, source_face(before, action.source))  # type: ignore[arg-type]
        return f"{amount[:1].upper()}{amount[1:]}: {speak.say(progress)}"
    if action.use == "meter":
        filled = f"{len(after.dragon_ball_meter)}/{meter_capacity(after)}"
        meter = speak.gettext("Fill the Dragon Ball Meter with {dice} ({filled})")
        return meter.format(dice=amount, filled=filled)
    if action.use == "collect":
        collect = speak.ngettext(
            "Collect {count} Dragon Ball token", "Collect {count} Dragon Ball tokens", count
        )
        return collect.format(count=count)
    return speak.gettext("Share {dice} with {fighter}").format(dice=amount, fighter=target)


# The menu for what takes dice of several faces, or none.


def more_choices(explorer: Explorer, speak: Speaker = ENGLISH) -> list[Choice]:
    """Threats that take several dice, Power Ups, Gohan's free reroll, Krillin's gifts, Wild tokens."""
    state, actions = explorer.root, explorer.legal()
    found: list[Choice] = []
    for threat in state.active_threats:
        found.extend(_threat_choices(explorer, threat.tile, speak))
    for index, action in enumerate(actions):
        if isinstance(action, StartSelection) and action.purpose in ("buy", "activate"):
            found.extend(_power_up_choices(explorer, index, action, speak))
        elif isinstance(action, StartSelection) and action.purpose == "free_reroll":
            found.append(
                Choice(
                    speak.pgettext("menu option", "Free reroll (Gohan)…"),
                    f"s{index}",
                    speak.pgettext("menu option", "Choose the dice to reroll"),
                )
            )
        elif isinstance(action, GiveTile):
            found.append(Choice(speak.say(describe(state, action)), path_text((index,))))
    if any(isinstance(action, Spend) and action.source.token == "wild" for action in actions):
        words = f"{TOKEN_EMOJI['wild']} " + speak.pgettext("menu option", "Use your Wild token…")
        found.append(Choice(words, WILD_TOKEN, speak.pgettext("menu option", "Spend it as any face")))
    return found[:MAX_OPTIONS]


def _threat_choices(explorer: Explorer, tile: int, speak: Speaker) -> Iterator[Choice]:
    """The cheapest ways to cancel a threat with several dice at once, then its panel, where the
    player may choose the dice or place only some."""
    threat = explorer.root.active_threat(tile)
    assert threat is not None
    card = catalogue().threats[tile]
    if len(card.cost) - len(threat.placed) < 2:
        return
    complete, deepest = threat_fills(explorer, tile, DIRECT_FILLS + 1)
    name = speak.threat(tile)
    for way in complete[:DIRECT_FILLS]:
        cancel = speak.gettext("Cancel {threat} with {dice}")
        yield Choice(cancel.format(threat=name, dice=way.emoji), path_text(way.path))
    if len(deepest.path) >= 2 or len(complete) > DIRECT_FILLS:
        needs = speak.gettext("Needs {cost}; {placed} placed. Choose which dice")
        yield Choice(
            speak.gettext("Place dice on {threat}…").format(threat=name),
            f"t{tile}",
            needs.format(cost=speak.cost(card.cost), placed=len(threat.placed)),
        )


def _power_up_choices(
    explorer: Explorer, index: int, action: StartSelection, speak: Speaker
) -> Iterator[Choice]:
    """A Power Up paid in one option for each of its cheapest payments when nothing else is left to
    choose (whom to heal, what to discard); its panel, with a payment filled in, for the rest."""
    tile = catalogue().power_ups[action.tile]  # type: ignore[index]
    if action.purpose == "buy":
        cost = ["assist"] * purchase_cost(explorer.root, explorer.seat, tile.id)
    else:
        cost = list(tile.activation_cost)
    ways = payments(explorer, index, DIRECT_FILLS + 1)
    text = speak.power_up_effect(tile.id)
    effect = text if len(text) <= 100 else text[:99] + "…"
    direct = [way for way in ways[:DIRECT_FILLS] if len(way.confirms) == 1]
    what = speak.say(describe(explorer.root, action))
    for way in direct:
        label = speak.gettext("{what}: pay {dice}").format(what=what, dice=way.emoji)
        yield Choice(label, path_text((*way.path, way.confirms[0][1])), effect)
    if not ways or len(direct) < len(ways):
        costs = speak.gettext("Costs {cost}. {effect}").format(cost=speak.cost(cost), effect=effect)
        yield Choice(f"{what}…", f"s{index}", costs[:100])


def wild_choices(explorer: Explorer, speak: Speaker = ENGLISH) -> dict[Face, list[Choice]]:
    """What the Wild token can do, face by face in the faces' order: one menu each, so that every
    use stays offered however many a face has (a menu lists at most 25)."""
    found: dict[Face, list[Choice]] = {}
    for index, action in enumerate(explorer.legal()):
        face = action.source.face if isinstance(action, Spend) and action.source.token == "wild" else None
        if face is not None:
            label = speak.gettext("As {face}: {what}").format(
                face=speak.face(face), what=speak.say(describe(explorer.root, action))
            )
            found.setdefault(face, []).append(Choice(label, path_text((index,))))
    return {face: found[face][:MAX_OPTIONS] for face in FACES if face in found}
