"""Turn the engine's state (plain dicts) into what the screens show. No rules here."""

from __future__ import annotations


def banner(session, lang, tr) -> dict:
    return {"who": "", "phase": ""}


def screen_for(view: dict, legal: dict) -> str:
    return "table"
