"""The hardware catalogue: every key the hardware layer uses exists in Italian and English,
with the same placeholders, and every key there is used (issue 9 item 4: "every message
keyed and translated")."""

import ast
import re
from pathlib import Path

import pytest

from companion.core import i18n
from companion.errors import IllegalCommand
from hardware.errors import HardwareError, InputRefused
from hardware.messages import DOMAIN, text

ROOT = Path(__file__).resolve().parents[2]
CAT = i18n.Catalog.load(DOMAIN)
CALLS = {"of": 0, "text": 0, "hw_text": 0, "_notice": 1}  # the calls that take a key, and where


def _strings(node, names):
    """The string constants ``node`` may be: a constant, either side of an ``a if c else b``,
    or a local name assigned one of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body, names) | _strings(node.orelse, names)
    if isinstance(node, ast.Name) and node.id in names:
        return set().union(*(_strings(value, {}) for value in names[node.id]))
    return set()


def _assigned(scope):
    names = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            names.setdefault(node.targets[0].id, []).append(node.value)
    return names


def keys_used():
    used = {}
    for path in sorted((ROOT / "hardware").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            names = _assigned(scope)  # a key in a local name: resolved within its function
            own = {a.arg for a in scope.args.args} if scope.name in CALLS else set()  # passes its key on
            for node in ast.walk(scope):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
                where = CALLS.get(func)
                if where is None or len(node.args) <= where:
                    continue
                arg = node.args[where]
                if isinstance(arg, ast.Name) and arg.id in own:
                    continue
                found = _strings(arg, names)
                assert found, f"{path.name}:{node.lineno}: a key the test cannot read"
                for key in found:
                    used.setdefault(key, f"{path.name}:{node.lineno}")
    return used


USED = keys_used()


def test_both_languages_have_the_same_keys():
    assert CAT.keys("en") and CAT.keys("en") == CAT.keys("it")


@pytest.mark.parametrize("key", sorted(USED))
def test_every_key_used_is_in_the_catalogue(key):
    assert CAT.get("en", key) is not None and CAT.get("it", key) is not None, (key, USED[key])


def test_no_key_is_left_unused():
    assert CAT.keys("en") - set(USED) == set()


@pytest.mark.parametrize("key", sorted(CAT.keys("en")))
def test_both_languages_use_the_same_placeholders(key):
    assert i18n.fields(CAT.get("en", key)) == i18n.fields(CAT.get("it", key)), key


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_template_formats(lang):
    for key in CAT.keys(lang):
        template = CAT.get(lang, key)
        params = {f: 2 if re.search(r"\{" + f + r"\|", template) else f"<{f}>" for f in i18n.fields(template)}
        out = CAT.format(key, params, lang)
        assert "{" not in out and "}" not in out, (key, out)


def test_messages_and_errors_localize_through_the_hardware_catalogue():
    message = text("roll_wrong_count", count=1, n=2)
    assert isinstance(message, str) and message == "1 die seen, 2 expected"
    assert message.localized("it") == "1 dado visto, attesi 2"
    assert i18n.localized(message, "it") == "1 dado visto, attesi 2"  # what the app's reason() calls
    assert i18n.format_message(message.to_dict(), "it") == "1 dado visto, attesi 2"  # stored, shown later
    nested = text("status_retrying", problem=text("port_missing", port="/dev/x"))
    assert nested.localized("it") == ("lettore di dadi: la porta dei dadi /dev/x non esiste (il lettore è collegato?); "
                                      "nuovo tentativo")
    err = HardwareError.of("port_missing", port="/dev/x")
    assert err.key == "port_missing" and err.domain == "hardware"
    assert err.localized("it").startswith("la porta dei dadi /dev/x")
    assert i18n.localized(err.message, "it") == err.localized("it")
    assert InputRefused.of("still_sealed").localized("it").startswith("le scelte restano segrete")


def test_a_hardware_error_is_not_an_illegal_move():
    """Issue 9 item 4: catching a refused move never catches an unplugged cable."""
    assert not issubclass(HardwareError, IllegalCommand)
    assert issubclass(HardwareError, OSError)
    assert issubclass(InputRefused, IllegalCommand) and InputRefused.domain == "hardware"
