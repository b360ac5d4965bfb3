"""What a screen shows, widget by widget: the probes that compare a screen filled ahead with one
filled in its tap (``test_rehearsal.py``, ``test_opening.py``) run it in their own app process."""

from __future__ import annotations

from typing import Any

from companion.app import harness


def widgets(root: Any) -> list[list[Any]]:
    """Each widget under ``root``: its class, its text, its opacity, whether it is off, and how
    many children it has."""
    seen = []
    for w in harness.walk(root):
        text = getattr(w, "text", None)
        seen.append([type(w).__name__, text if isinstance(text, str) else None, round(float(w.opacity), 3),
                     bool(w.disabled), len(w.children)])
    return seen
