"""Stored Over 9000 games of older schemas, brought up to date by ``StateCodec`` when loaded."""

from __future__ import annotations

from typing import Any


def schema_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 remembers who went over 9000 at the latest reset (sudden death may crown only one of
    them) and how many attacks of a caught bluffer are still shown to their defenders.

    Schema 1 kept neither. The latest reset is read back from the recent events when its
    ``levels_reset`` event is still among them; an older one is forgotten, so that game's sudden
    death may crown any clear leader, as schema 1 did. Nobody owes exposed attacks: schema 1
    charged a caught bluff in power levels when it happened.
    """
    resets = [event for event in document.get("recent_events", []) if event["kind"] == "levels_reset"]
    last_crossing = list(resets[-1]["data"]["seats"]) if resets else []
    players = [{**player, "exposed_attacks": 0} for player in document["players"]]
    turn = document.get("turn")
    if turn is not None and turn.get("duel") is not None:
        turn = {**turn, "duel": {**turn["duel"], "exposed": False}}
    return {
        **document,
        "schema_version": 2,
        "players": players,
        "turn": turn,
        "last_crossing": last_crossing,
    }


MIGRATIONS = {1: schema_1_to_2}
