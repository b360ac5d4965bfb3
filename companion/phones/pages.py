"""The pages the server sends: the phone page, its files, and plain error pages.

Everything served is read once from this package's own ``static`` folder into memory and
looked up by exact name; no part of a request ever becomes a file path.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from companion.core import i18n

from .texts import T, page_strings

FILES = {"phone.css": "text/css; charset=utf-8", "phone.js": "text/javascript; charset=utf-8"}
ERRORS = {400: "bad", 403: "gone", 404: "not_found", 405: "bad", 413: "bad", 414: "bad", 429: "busy",
          431: "bad", 500: "failed", 503: "busy"}

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _read(name: str) -> bytes:
    return (resources.files("companion.phones") / "static" / name).read_bytes()


class Pages:
    """The static files and the page template, read once."""

    def __init__(self) -> None:
        self.files = {name: (_read(name), kind) for name, kind in FILES.items()}
        self.template = _read("phone.html").decode("utf-8")
        self._strings = json.dumps(page_strings(), ensure_ascii=False).replace("</", "<\\/")

    def phone(self, lang: str) -> str:
        """The phone page (the token stays in the address; the script reads it there)."""
        return (self.template.replace("{{LANG}}", lang).replace("{{STRINGS}}", self._strings)
                .replace("{{TITLE}}", html.escape(T.format("page.title", lang))))


def request_lang(accept_language: str | None) -> str:
    """Italian when the phone prefers it before English, else English."""
    for part in (accept_language or "")[:200].split(","):
        tag = part.split(";", 1)[0].strip().lower()[:2]
        if tag in i18n.LANGUAGES:
            return tag
    return i18n.DEFAULT_LANG


def error_page(status: int, lang: str, which: str | None = None) -> str:
    """A short page in the phone's language: what happened and what to do."""
    which = which or ERRORS.get(status, "bad" if status < 500 else "failed")
    title = html.escape(T.format(f"error.{which}_title", lang))
    body = html.escape(T.format(f"error.{which}_body", lang))
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="/static/phone.css"><title>{title}</title></head>'
            f'<body class="notice"><main><h1>{title}</h1><p>{body}</p>'
            f'<p class="code">{status}</p></main></body></html>')


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
