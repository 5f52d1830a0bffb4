"""``/primetime rules``: the whole designed game (DESIGN.md sections 1 to 3 and 2.9's deadlines) in
pages a phone shows at once, in players' words, read through the fake Discord page by page."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.primetime.rule_pages import RULE_PAGES
from rules.primetime.cards import joint_attacks
from rules.primetime.content import catalogue
from rules.primetime.scenario import scenario
from tests.bot.driver import make_bot
from tests.fakediscord.fake import FakeDiscord

PAGE_ROOM = 1200
"""About a phone screen of embed text: a page is read without scrolling far."""
RULE_ID = re.compile(r'\b(?:SU|RD|PW|AS|AC|CL|DK|CT|TW|JA|MD|AL|ZR|KW)-\d|\bA\d{1,2}\b|\b\d\.\d\b(?!")')
"""Rule ids and design section numbers (a length such as 1.4" is no section)."""
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
TOPICS = {
    "1.1 setup": ["terrain", "roll a D20", "Location", "Mission", "Condition", "deployed", "draws"],
    "1.2 round": ["Power", "Ascension", "Activation", "Cleanup", "hand limit", "Order", "regenerate"],
    "1.3 deck": ["20 cards", "10 Generic", "6 Character", "4 cards of your Affiliation", "shuffles"],
    "1.4 cards": ["Burst", "Burst-OPG", "Persistent", "Z-Reaction", "Legacy", "Open", "Activation Start"],
    "1.4 windows": ["On Hit", "On Damage", "Phase Start", "At most one card per window"],
    "1.6 reactions": ["Z-Evasion", "Brace", "Clash", "Card Response", "Deflect", "critical"],
    "1.6 keywords": ["Breakthrough", "Absorb", "Intercept", "Unopposed", "Undeniable", "±3"],
    "2.2 board": ["Rock Spire", "Mesa", "Ruins", "Crater", "Lake", "Cover", "L1", "L2", "contact"],
    "2.3 techniques": ["Rush", "Ki Volley", "Push", "Pull", "Blast", "Stagger", "Charged", "Pierce"],
    "2.3 actions": ["Power Up", "Joint Attack", "Seize", "no action"],
    "2.4 attack": ["Defense", "RES", "Dazed", "gains 1 SK", "Intercept"],
    "2.5 statuses": ["Exhausted", "Staggered", "Overloaded", "Frozen"],
    "2.6 economy": ["BK", "SK", "lost", "at most 10"],
    "2.7 ascension": ["Tax", "T1", "T3", "Androids and Guldo never ascend", "Focus Tax", "Fallen Order"],
    "2.8 end": ["most Glory", "objectives at the last scoring", "draw", "OC"],
    "2.9 deadlines": ["60 s", "15 s", "30 s", "120 s", "10 minutes"],
    "3.2 rosters": ["30 Threat", "3 to 6 models", "51%", "preset"],
}


def _text() -> str:
    return "\n".join(str(body) for _, body in RULE_PAGES.pages)


@pytest.mark.parametrize("section", TOPICS)
def test_every_section_of_the_design_has_its_words_in_the_pages(section: str) -> None:
    text = _text()
    missing = [word for word in TOPICS[section] if word not in text]
    assert not missing, f"{section}: {missing}"


def test_every_affiliation_joint_attack_location_mission_and_condition_is_named() -> None:
    text = _text()
    names = [affiliation.name for affiliation in catalogue().affiliations]
    names += [joint.name for joint in joint_attacks().values()]
    content = scenario()
    names += [item.name for item in (*content.locations, *content.missions, *content.conditions)]
    assert [name for name in names if name not in text] == []


def test_the_pages_fit_a_phone_and_speak_in_players_words() -> None:
    for heading, page in RULE_PAGES.pages:
        body = str(page)
        assert len(body) <= PAGE_ROOM, heading
        assert not RULE_ID.search(body), (heading, RULE_ID.search(body))
        # Only a command option typed as written (`auto_ready`) may hold an underscore.
        assert not SNAKE.search(re.sub(r"`[^`]*`", "", body)), heading


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(quiet_period=0.02) as fake:
        yield fake


async def test_primetime_rules_turns_through_every_page(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with fake.running(make_bot(fake, tmp_path / "games.sqlite3", seed=3)):
        shown = await fake.slash(fake.users.bob, "primetime rules")
        assert shown.message is not None
        message = shown.message
        headings = []
        for page in range(len(RULE_PAGES.pages)):
            embed = message.embeds[0]
            headings.append(embed["title"].split(" — ", 1)[1])
            assert embed["footer"]["text"] == f"Page {page + 1}/{len(RULE_PAGES.pages)}"
            if page + 1 < len(RULE_PAGES.pages):
                await fake.click(fake.users.bob, message, "Next")
                found = fake.world.find_message(message.id)
                assert found is not None
                message = found
        assert headings == [str(heading) for heading, _ in RULE_PAGES.pages]
