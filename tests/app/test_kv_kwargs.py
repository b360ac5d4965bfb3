"""A kv rule that binds a property wins over the same property given to the constructor.

Kivy applies a class's kv rules inside ``__init__``; a rule value that watches something
(``font_size: app.u * 16``) is set after the keyword arguments, so ``Factory.Btn(font_size=x)``
silently keeps the rule's size. Such properties are set after construction (``make``).
This test reads the kv files and every Python call ``Factory.Name(...)`` and names the calls
whose keywords a bound rule of that class would overwrite.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^<([\w@+]+)>:\s*$")
PROP = re.compile(r"^    ([a-z_]\w*):\s*(.+)$")
WATCHED = re.compile(r"\b(app|self|root)\.\w+")


def bound_rule_properties() -> dict[str, set[str]]:
    """Class name -> properties its kv rules (own or inherited through @) set with a binding."""
    own: dict[str, set[str]] = {}
    bases: dict[str, str] = {}
    for kv in sorted((ROOT / "kv").rglob("*.kv")):
        current: str | None = None
        for line in kv.read_text(encoding="utf-8").splitlines():
            rule = RULE.match(line)
            if rule:
                name, _, base = rule.group(1).partition("@")
                current = name
                own.setdefault(name, set())
                if base:
                    bases[name] = base.split("+")[0]
                continue
            if line and not line.startswith(" "):
                current = None
            prop = PROP.match(line)
            if current and prop and WATCHED.search(prop.group(2)):
                own[current].add(prop.group(1))
    merged: dict[str, set[str]] = {}
    for name in own:
        props, seen, at = set(), set(), name
        while at in own and at not in seen:
            seen.add(at)
            props |= own[at]
            at = bases.get(at, "")
        merged[name] = props
    return merged


def overwritten_keywords(source: str, rules: dict[str, set[str]]) -> list[tuple[int, str, str]]:
    """(line, class, keyword) for each ``Factory.Name(kw=...)`` whose kw a bound rule sets."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        if not (isinstance(owner, ast.Name) and owner.id == "Factory"):
            continue
        cls = node.func.attr
        for kw in node.keywords:
            if kw.arg and kw.arg in rules.get(cls, set()):
                found.append((node.lineno, cls, kw.arg))
    return found


def test_the_reader_finds_a_bound_rule_and_an_overwritten_keyword() -> None:
    rules = bound_rule_properties()
    assert "font_size" in rules["Btn"]
    assert "font_size" in rules["Dim"]  # inherited from Txt through <Dim@Txt>
    code = "Factory.Btn(text='a', font_size=3)\nFactory.Btn(text='b')\n"
    assert overwritten_keywords(code, rules) == [(1, "Btn", "font_size")]


def test_no_constructor_keyword_is_silently_overwritten_by_a_kv_rule() -> None:
    rules = bound_rule_properties()
    offenders = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for line, cls, kw in overwritten_keywords(path.read_text(encoding="utf-8"), rules):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: Factory.{cls}({kw}=...)")
    assert offenders == []
