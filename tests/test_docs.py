"""The project stands alone (issue 15, item 4): its docs name no file outside the repository
and no path of one machine, the README starts with its two commands, and the worked
examples in the docs are what the code does."""

from __future__ import annotations

import binascii
import json
import re
import subprocess
from pathlib import Path

import pytest

from companion.games.magnifico.battle import outcome, resolve

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis"}

# A file outside the repository, or a path that exists on one machine only.
FORBIDDEN = [
    (re.compile(r"\.\./shared/"), "a file outside the repository (../shared/)"),
    (re.compile(r"(?<![\w.~-])/(?:work|root)/"), "an absolute path of the development machine"),
    (re.compile(r"(?<![\w.~-])/(?:home|Users)/[\w.-]+"), "a user's home folder on one machine"),
    (re.compile(r"[A-Za-z]:\\\\?Users\\"), "a user's home folder on one machine"),
    # a virtual environment's absolute path; the kiosk install folder documented in
    # hardware/README.md is the one absolute install path the project prescribes
    (re.compile(r"(?<![\w.~-])/(?!opt/magnifico-companion/)[\w./-]*venv/bin\b"), "a virtual environment's absolute path"),
]


def tracked(*suffixes: str) -> list[Path]:
    """The repository's files with these suffixes: tracked or new, not ignored (every file when git
    is missing)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout
        files = [ROOT / name for name in out.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in ROOT.rglob("*") if not SKIP_DIRS & set(p.relative_to(ROOT).parts)]
    return sorted(p for p in files if p.suffix in suffixes and p.is_file())


def problems(path: Path) -> list[str]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for pattern, what in FORBIDDEN:
            m = pattern.search(line)
            if m:
                found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {m.group(0)!r}")
    return found


def test_the_forbidden_patterns_catch_what_they_should():
    bad = ["see ../shared/spec/x.md", "run /work/venv/bin/python", "/root/.cache/x",
           "/home/pi/.local/share/x", "/opt/venv/bin/pip", r"C:\Users\anna\x"]
    good = ["docs/battle.md", ".venv/bin/python -m pytest", "/opt/magnifico-companion/.venv/bin/pip",
            "~/.local/share/magnifico-companion/", "/dev/ttyACM0", "a shared sea zone"]
    for text in bad:
        assert any(p.search(text) for p, _ in FORBIDDEN), text
    for text in good:
        assert not any(p.search(text) for p, _ in FORBIDDEN), text


def test_no_markdown_file_names_a_file_outside_the_repository_or_a_machines_path():
    files = tracked(".md")
    assert ROOT / "README.md" in files and ROOT / "docs" / "rules-decisions.md" in files
    found = [p for f in files for p in problems(f)]
    assert not found, "\n".join(found)


def test_no_docstring_or_comment_does_either():
    files = [f for f in tracked(".py") if f != Path(__file__).resolve()]
    found = [p for f in files for p in problems(f)]
    assert not found, "\n".join(found)


def test_the_readme_starts_with_its_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert blocks[:2] == [
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/python -m companion\n",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -n auto\n",
    ]
    assert text.index("```sh") < text.index("## ")  # before any section


def test_every_doc_the_readme_names_is_in_the_repository():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:docs|hardware)/[\w./-]+\.md)`", text))
    assert {"docs/rules-decisions.md", "docs/rules-summary.md", "docs/battle-notation.md",
            "docs/dice-reader-protocol.md"} <= named
    assert not [n for n in named if not (ROOT / n).is_file()]


def test_the_docs_link_to_files_that_exist():
    """Every `name.md` a doc in docs/ cites in backquotes is a file of docs/ or of the repo."""
    missing = []
    for doc in tracked(".md"):
        if doc.parent != ROOT / "docs":
            continue
        for name in re.findall(r"`([\w./-]+\.md)`", doc.read_text(encoding="utf-8")):
            if not ((doc.parent / name).is_file() or (ROOT / name).is_file()):
                missing.append(f"{doc.name}: {name}")
    assert not missing


def json_blocks(path: Path) -> list[str]:
    return re.findall(r"```json\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_the_battle_notation_example_gives_the_answer_shown():
    """docs/battle-notation.md: the example battle, played by the step machine."""
    blocks = json_blocks(ROOT / "docs" / "battle-notation.md")
    battle, answer = json.loads(blocks[0]), json.loads(blocks[1])
    assert outcome(resolve(battle)) == answer


def test_the_dice_protocol_examples_carry_their_real_checksums():
    """docs/dice-reader-protocol.md: CRC-16/XMODEM of the bytes before ' *'."""
    text = (ROOT / "docs" / "dice-reader-protocol.md").read_text(encoding="utf-8")
    lines = re.findall(r"^(?:[<>] )?([A-Z][^\n*]*?) \*([0-9A-Fa-f]{4})$", text, re.M)
    assert len(lines) >= 6
    for body, crc in lines:
        assert int(crc, 16) == binascii.crc_hqx(body.encode("ascii"), 0), body


@pytest.mark.parametrize("name", ["rules-decisions.md", "rules-summary.md"])
def test_the_rules_pages_cite_the_rulebooks_sections(name):
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    sections = set(re.findall(r"\b(\d{1,2}(?:\.\d{1,2}){0,2})\b", text))
    for expected in ("4.7", "4.8", "5.3.6", "7.6.6", "7.6.7", "11.3"):
        assert expected in sections, expected
