"""``/primetime rules``: the whole game in short pages a player reads on a phone, in the order a game
meets them, as messages of the primetime catalogue that the table says in the reader's language.
The tunable numbers (hand limits, income, costs, ranges) are read from the content, so a change
there changes the pages too; each affiliation's bonus, each Joint Attack and each Condition speak in
their own texts, in the content's translations."""

from __future__ import annotations

from bot.table.pages import RulePages
from locales.translate import command, option
from rules.core.text import Name, Param, Text
from rules.primetime.cards import joint_attacks
from rules.primetime.content import catalogue, settings
from rules.primetime.names import affiliation_name, joint_name
from rules.primetime.scenario import scenario
from rules.primetime.texts import texts


def _listed(values: tuple[int, ...]) -> str:
    return " / ".join(str(value) for value in values)


def _lines(lines: list[Text]) -> Param:
    """Several lines as one message, each line translated on its own."""
    joined: Param = lines[0]
    for line in lines[1:]:
        joined = Text("{earlier}\n{next}", earlier=joined, next=line)
    return joined


def _item(name: Name, text: Name) -> Text:
    return Text("• **{name}**: {text}", name=name, text=text)


def _affiliations() -> Param:
    return _lines(
        [
            _item(
                affiliation_name(affiliation.id),
                Name(
                    kind="bonuses",
                    id=affiliation.bonus,
                    english=texts().bonuses[affiliation.bonus],
                    field="text",
                ),
            )
            for affiliation in catalogue().affiliations
        ]
    )


def _joint_attacks() -> Param:
    return _lines(
        [
            _item(
                joint_name(joint_id),
                Name(
                    kind="joint_attacks", id=joint_id, english=texts().joint_attacks[joint_id], field="text"
                ),
            )
            for joint_id in joint_attacks()
        ]
    )


def _conditions() -> Param:
    return _lines(
        [
            _item(
                Name(kind="conditions", id=condition.id, english=condition.name),
                Name(kind="conditions", id=condition.id, english=condition.text, field="text"),
            )
            for condition in scenario().conditions
        ]
    )


def _pages() -> list[tuple[Text, Text]]:
    rules = settings()
    return [
        (
            Text("The goal"),
            Text(
                'Two players each field 3 to 6 Dragon Ball Z models on a 30" by 30" battlefield and fight '
                "for its objectives over {rounds} rounds. At the end of every round you score Glory "
                "for each objective you control, as that round's Mission says. After the last round the most "
                "Glory wins; a tie goes to whoever held more objectives at the last scoring, then to whoever "
                "Dazed more enemy Threat during the game, else it is a draw.\n\n"
                "These pages follow a game from setup to the final score. `{card}` shows any card "
                "in full, and the menus describe every choice where you make it.",
                rounds=rules.rounds,
                card=command("primetime card"),
            ),
        ),
        (
            Text("Rosters and decks"),
            Text(
                "A roster is at most 30 Threat, counting its models and its Card 2 unlocks: 3 to 6 models, "
                "each character once (Kid and Adult Gohan count as one). Declare one Affiliation holding at "
                "least 51% of the models' Threat.\n\n"
                "Your deck is 20 cards: the 10 Generic cards everyone has, 6 Character cards of your fielded "
                "characters (Card 1 is free, Card 2 must be unlocked; at most 3 copies of a character card) "
                "and 4 cards of your Affiliation (at most 2 copies). A card removed from the game, or a "
                "Legacy card, is one copy only.\n\n"
                "In the lobby pick a preset (four are ready at 30 Threat) or press **Build roster…**. "
                "Nobody sees a roster until both are revealed together."
            ),
        ),
        (
            Text("Setting up"),
            Text(
                "With the full setup, in this order:\n"
                "1. **Terrain**: 5 to 8 pieces, kept out of the deployment zones unless both players agree. "
                "Reroll it, edit it, and both accept the same layout.\n"
                "2. Both rosters are revealed.\n"
                "3. Both roll a D20 (ties roll again); the higher picks the initiative (activating first in "
                "round 1) or the deployment side, the other gets the other.\n"
                "4. A **Location** sets the zones and adds its terrain (pieces it overlaps are removed); an "
                "Opening, an Escalation and a Finale **Mission** and one **Condition** are drawn.\n"
                "5. Objectives are placed as the Missions say, then the models are deployed one at a time, "
                "alternately, initiative first: in your zone, at Ground (or hovering, for a flyer), never in "
                "contact with the enemy zone.\n"
                "6. Each player draws {hand} cards.\n\n"
                "The quick setup skips all of this: Namek Plains, a fixed layout, First Contact, Hold the "
                "Centre and Last Stand, and no Condition.",
                hand=rules.hand_limits[0],
            ),
        ),
        (
            Text("The battlefield"),
            Text(
                'The board is a grid of 1" cells, written `x,y` (x from west to east, y from south to north, '
                "1 to 30). A model fills one cell. Distances are straight lines between cell centres; "
                "*within "
                '3"* means at most 3"; *in contact* means neighbouring cells, diagonals included.\n\n'
                "**Terrain**:\n"
                "• **Rock Spire**: impassable at Ground; blocks sight unless a model is at L1 or higher; "
                "gives Cover.\n"
                "• **Mesa**: impassable at Ground and L1; blocks sight unless a model is at L2; gives "
                "Cover.\n"
                "• **Ruins**: difficult ground; a model inside has Cover.\n"
                "• **Crater** and **Lake**: difficult ground (a Lake is not difficult for Namekians).\n\n"
                "**Altitude**: Ground, L1 (hovering) and L2 (high air). Only models with Fly leave the "
                "ground: one level up or down, once per activation, costing no action. At L1 a model ignores "
                "everything but Mesas; at L2 it ignores all terrain."
            ),
        ),
        (
            Text("Moving, sight and Cover"),
            Text(
                'A **Move** goes cell by cell up to the model\'s MOV: 1" straight, 1.4" diagonally, double '
                "into a difficult cell, never cutting the corner of an impassable cell. You may pass "
                "friends, never enemies, and you end on an empty cell. The Move menu's picture tints where "
                "you can go and letters its suggestions, each saying why.\n\n"
                "**Sight** runs from centre to centre; a piece blocks it when the line crosses it and the "
                "higher of the two models is below what sees over it. Models never block sight.\n\n"
                "**Cover** gives a Ground model +{cover} Defense against ranged techniques: "
                'standing in Ruins, or when the line from the attacker crosses a Spire or Mesa within 2" of '
                "it.\n\n"
                "**Melee** needs contact and altitudes at most one level apart. Attacking a lower target "
                "gives +{dive} to the attack's skill.",
                cover=rules.cover_bonus,
                dive=rules.dive_bonus,
            ),
        ),
        (
            Text("A round"),
            Text(
                "Each round has four phases.\n"
                "**Power**, for both at once: each player gets an activation token per model, BK (energy: "
                "{flat_bk} by round, +1 per model, plus the Affiliation bonus), +1 SK, and "
                "draws up to the hand limit ({hand_limits} by round).\n"
                "**Ascension**: both choose in secret which models ascend, hold or descend; the plans are "
                "revealed together.\n"
                "**Activation**: players take turns activating one model each.\n"
                "**Cleanup**, in order: objectives score; Persistent cards and statuses end, and BK above "
                "{bk_cap} is lost; hands are cut to the limit; Namekians regenerate 1 HP at "
                "Base; Dazed models return with half their starting HP.\n\n"
                "Each phase opens with a **Phase Start**: both players answer Ready, or play a Phase Start "
                "card blind, on the board. `{auto_ready}` in **{settings}** answers Ready for you.",
                flat_bk=_listed(rules.flat_bk),
                hand_limits=_listed(rules.hand_limits),
                bk_cap=rules.bk_carry_cap,
                auto_ready=option("primetime settings", "auto_ready"),
                settings=command("primetime settings"),
            ),
        ),
        (
            Text("Ascension and tiers"),
            Text(
                "A model climbs from Base to higher tiers (T1, T2, T3), each a line of better stats, HP and "
                "damage; MOV and OC never change. Androids and Guldo never ascend.\n\n"
                "• Ascending one tier costs {cost} SK on top of the new tier's Tax, and a "
                "model climbs at most one tier a phase. Reaching a higher HP maximum heals the difference.\n"
                "• Every model above Base pays its tier's Tax each Ascension Phase (T1 1 SK, T2 2, T3 3), or "
                "descends one tier (its HP is capped at the new maximum).\n"
                "• A Saiyan ascends without the 1 SK if a friendly model was Dazed since the last Ascension "
                "Phase; some cards ascend a model for free.\n\n"
                "SK starts at {start}, is kept from round to round (at most {cap}), and "
                "comes from each Power Phase, from Power Ups and from every enemy model you Daze.",
                cost=rules.ascension_cost,
                start=rules.sk_start,
                cap=rules.sk_cap,
            ),
        ),
        (
            Text("Activations"),
            Text(
                "Press **Act…**, choose a model and take two actions:\n"
                "• **Move**.\n"
                "• **Technique**: an attack (a Charged one takes both actions).\n"
                "• **Power Up**: +1 SK or +1 BK, but the model is Overloaded; once per activation and "
                "{power_ups} a round per player.\n"
                "• **Joint Attack**, as one partner's action.\n"
                "• A Mission's action, such as Dragon Radar's Seize.\n"
                "Changing altitude and playing cards cost no action. The activation ends after its second "
                "action, or when you end it.\n\n"
                "A model activates once with its own token. A bonus token, or the token of a model Dazed "
                "before it activated (a Fallen Order), lets a model activate a second time for "
                "{focus_tax} BK (the Focus Tax), never a third. A Dazed model's activation is "
                "skipped. Passing is final for the round; the other player goes on until they pass too.",
                power_ups=rules.power_ups_per_round,
                focus_tax=rules.focus_tax,
            ),
        ),
        (
            Text("Techniques"),
            Text(
                "Every technique has a family (Melee, Ki, Beam, Disc or Special; all but Melee are ranged), "
                "a skill, a range, a BK cost and DMG. Every model also has **Rush** (Melee, IMP, 0 BK) and "
                '**Ki Volley** (Ki, {volley}", FOC, 0 BK, 1 DMG less).\n\n'
                "Printed DMG is for Base; a higher tier adds its DMG gain. Riders:\n"
                "• **Acc**: added to the attack's total.\n"
                "• **Pierce**: ignores RES.\n"
                "• **Push / Pull**: moves the target away or closer; stopped by a model, terrain or the "
                "edge, "
                "it takes 1 damage more.\n"
                "• **Blast**: every other model near the target takes {blast} damage (RES does "
                "not help).\n"
                "• **Stagger**: RFX -1 and no Clash for the round.\n"
                "• **Charged**: both actions. **Exhausting**: afterwards only 0 BK techniques.\n"
                "• **Unopposed**: no Z-Reaction. **Undeniable**: no Z-Reaction, Intercept or redirect.\n"
                "**Breakthrough** (Saiyans) uses a technique while Exhausted for {breakthrough} SK "
                "instead of its BK. Stat changes never go beyond ±3.",
                volley=rules.volley_range,
                blast=rules.blast_dmg,
                breakthrough=rules.breakthrough_sk,
            ),
        ),
        (
            Text("An attack"),
            Text(
                "1. Choose a technique and a target in range and in sight (Melee: in contact), and pay its "
                "BK. The menu shows your chance to hit before any reaction.\n"
                "2. The defender may **Intercept** with a model allowed to (Mentor's Shield, Gentle Giant, "
                "some cards): it becomes the target.\n"
                "3. The defender chooses a **Z-Reaction** (next page).\n"
                "4. The attack's total is D20 + the technique's skill + Acc.\n"
                "5. It hits if the total is at least the Defense: {defense} + RFX, "
                "+{cover} in Cover against a ranged technique.\n"
                "6. On a hit, each player may play one **On Hit / On Damage** card, the attacker first.\n"
                "7. Damage = DMG - RES (at least 1), then Absorb (at least 1); then the riders.\n"
                "8. At 0 HP the model is **Dazed**: it falls if airborne (1 damage a level), drops to Base, "
                "occupies no cell and cannot be targeted until it returns at Cleanup. The enemy who Dazed "
                "it gains 1 SK.",
                defense=rules.defense_base,
                cover=rules.cover_bonus,
            ),
        ),
        (
            Text("Z-Reactions"),
            Text(
                "Chosen by the defender on the board, before the dice:\n"
                "• **Z-Evasion** (free): D20 + FOC. Beat the attack's total and the attack misses: you gain "
                '1 BK and may move up to {evade}".\n'
                "• **Brace**: a Z-Evasion at {brace}; failing it still gives RES +1 against "
                "this attack.\n"
                "• **Clash**: answer with a technique of the same kind (Melee against Melee, Ki or Beam "
                "against Ki or Beam) that reaches the attacker, paying its BK. Both roll; the higher total "
                "wins and hits, the loser's attack fails; a tie fails both, and Beam against Beam explodes "
                "({detonation} damage each). Basics, Discs and Specials never Clash.\n"
                "• **Card Response…**: a Z-Reaction card.\n"
                "• **No reaction**.\n\n"
                "Beat the total by {margin} or more and the evasion is critical: against a "
                'ranged attack you may **Deflect** it at another model within {deflect}" in '
                "your sight (friends too), or decline and simply evade; against Melee the attacker has RFX "
                "{melee_rfx} for the round.",
                evade=rules.evade_move,
                brace=str(rules.brace_penalty),
                detonation=rules.detonation_dmg,
                margin=rules.critical_margin,
                deflect=rules.deflect_range,
                melee_rfx=str(rules.melee_deflect_rfx),
            ),
        ),
        (
            Text("Statuses"),
            Text(
                "All statuses end at Cleanup.\n"
                "• **Exhausted**: only techniques printed at 0 BK (or any, through Breakthrough).\n"
                "• **Staggered**: RFX -1, and no Clash.\n"
                "• **Overloaded** (after a Power Up): RFX -2.\n"
                "• **Frozen** (Guldo's Time Stop): the next attack against the model is Unopposed.\n"
                "• **Dazed**: at 0 HP, out of play until Cleanup, when it returns at Base and Ground with "
                "half its starting HP (less any fall damage, at least 1) in the nearest free cell.\n\n"
                "**Keywords**: *Fly* changes altitude; *Saiyan* has Breakthrough and cheaper ascensions; "
                "*Namekian* regenerates and crosses Lakes freely; *Human* may carry Legacy cards; *Android* "
                "never ascends, pays no SK, and once per activation pays 1 BK less for a technique; "
                "*Absorb X* takes X off the damage of techniques and Blasts."
            ),
        ),
        (
            Text("Cards"),
            Text(
                "Your hand is secret: **My hand** shows it with each card's window, cost and effect.\n"
                "**Kinds**: *Burst* (discarded after use), *Burst-OPG* (removed from the game), *Persistent* "
                "(stays until its condition is met, at the latest at Cleanup), *Z-Reaction* (your reaction "
                "to an attack), *Legacy* (stays for good beside a Human model).\n"
                "**Windows**, where a card may be played:\n"
                "• *Open*: whenever the active player is about to choose; it resolves at once.\n"
                "• *Activation Start*: before the activation's first action; the other player may answer.\n"
                "• *Z-Reaction*: when you are attacked, instead of another reaction.\n"
                "• *On Hit / On Damage*: after a hit; On Hit cards before the damage, On Damage after.\n"
                "• *Phase Start*: blind, both players at once; the initiative holder's resolves first.\n"
                "At most one card per window per player; the last played resolves first. The board offers "
                "**Play a card…** in every window whatever you hold, so it never gives your hand away. A "
                "deck that runs out shuffles its discards once; after that, no more draws this round."
            ),
        ),
        (
            Text("Joint Attacks and Affiliations"),
            Text(
                "A **Joint Attack** is yours when both partners are fielded and not Dazed; each is used at "
                "most once a round:\n{joints}\n\n"
                "**Affiliation bonuses**:\n{affiliations}",
                joints=_joint_attacks(),
                affiliations=_affiliations(),
            ),
        ),
        (
            Text("Objectives and Missions"),
            Text(
                "An objective's zone is {zoc}\" around it. At Cleanup it goes to the player whose "
                "Ground, non-Dazed models in the zone have the higher total OC; a tie gives it to nobody.\n\n"
                "**Openings** (round 1): *First Contact* (three objectives across the centre, 1 Glory each); "
                "*Scouter Sweep* (4 placed, 1 each, +1 for holding more); *Dragon Radar* (3 placed, 1 "
                "each; a "
                'Seize action within 1" takes one whatever the OC, until an enemy Seizes it back).\n'
                "**Escalations** (round 2): *Hold the Centre* (the most central scores 2); *Break Their "
                "Spirit* (+1 per enemy Dazed this round, up to 2); *Power Level Rising* (+1 with a friendly "
                "ascended model in the zone).\n"
                "**Finales** (rounds 3 and 4): *Last Stand* (2 each); *Dragon Ball Hunt* (two more "
                "objectives worth 3, the others 1); *Namek Is Collapsing* (the objective nearest an edge "
                "goes "
                "at the start of round 4; 2 each).",
                zoc=rules.zoc,
            ),
        ),
        (
            Text("Locations and Conditions"),
            Text(
                "**Locations**:\n"
                '• *Namek Plains*: 8" zones on the south and north edges, a Lake at the centre.\n'
                '• *Cell Games Arena*: 6" zones; the central Ring is clear of terrain, and models in it '
                "have OC +1.\n"
                "• *Rocky Wasteland*: zones in the south-west and north-east corners, two Spires.\n"
                "• *Crash Site*: zones on the west and east edges, a Crater at the centre.\n\n"
                "**Conditions**, in force all game:\n{conditions}",
                conditions=_conditions(),
            ),
        ),
        (
            Text("Playing here"),
            Text(
                "Decisions anyone may see (Z-Reactions, Deflect, the evade move, On Hit, the roll-off) are "
                "buttons on the board that only the player concerned can use. Everything else is in your "
                "private panel: **My hand**, **Act…**, **Ascension…**, **Discard…**, **Deploy…**. Type any "
                "cell in **Coordinates…** as `14,9`.\n\n"
                "Each decision with a default has a deadline: Z-Reaction 60 s (Z-Evasion), On Hit 15 s "
                "(Continue), Phase Start 30 s (Ready), Ascension 120 s (pay the Taxes from the highest tier "
                "down), Deflect 30 s (the nearest enemy, else simply evade), evade move 30 s (stay), discard "
                "60 s (the newest cards). An activation has none: after 10 minutes the other player may let "
                "the AI play for an absent player, who takes the seat back with `{autoplay}`.",
                autoplay=command("primetime autoplay"),
            ),
        ),
    ]


RULE_PAGES = RulePages("primetime", "Prime Time", _pages())
