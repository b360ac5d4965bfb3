"""The hardware catalogue: every key the hardware layer uses exists in Italian and English,
with the same placeholders (issue 9 item 4: "every message keyed and translated")."""

import re
from pathlib import Path

import pytest

from companion.core import i18n
from hardware.errors import HardwareError, InputRefused
from hardware.messages import DOMAIN, HardwareMessage, text

ROOT = Path(__file__).resolve().parents[2]
CAT = i18n.Catalog.load(DOMAIN)
USED = sorted({
    key for path in (ROOT / "hardware").rglob("*.py")
    for key in re.findall(r'"(hardware\.[a-z0-9_]+)"', path.read_text(encoding="utf-8"))
    if key != "hardware.json"
})


def test_both_languages_have_the_same_keys():
    assert CAT.keys("en") and CAT.keys("en") == CAT.keys("it")
    assert all(key.startswith("hardware.") for key in CAT.keys("en"))


@pytest.mark.parametrize("key", USED)
def test_every_key_used_is_in_the_catalogue(key):
    assert CAT.get("en", key) is not None and CAT.get("it", key) is not None, key


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
    message = text("hardware.roll_wrong_count", count=1, n=2)
    assert isinstance(message, str) and message == "1 die seen, 2 expected"
    assert message.localized("it") == "1 dado visto, attesi 2"
    assert i18n.localized(message, "it") == "1 dado visto, attesi 2"  # what the app's reason() calls
    nested = text("hardware.status_retrying", problem=text("hardware.port_missing", port="/dev/x"))
    assert nested.localized("it") == "lettore di dadi: la porta dei dadi /dev/x non esiste (il lettore è collegato?); " \
                                     "nuovo tentativo"
    err = HardwareError.of("hardware.port_missing", port="/dev/x")
    assert err.key == "hardware.port_missing" and err.localized("it").startswith("la porta dei dadi /dev/x")
    assert isinstance(err.message, HardwareMessage) and i18n.localized(err.message, "it") == err.localized("it")
    assert InputRefused.of("hardware.still_sealed").localized("it").startswith("le scelte restano segrete")
    assert HardwareError("plain text").localized("it") == "plain text"


def test_a_hardware_error_is_not_an_illegal_move():
    """Issue 9 item 4: catching a refused move never catches an unplugged cable."""
    refusal = getattr(__import__("companion.errors", fromlist=["x"]), "IllegalCommand", None)
    if refusal is None:
        pytest.skip("companion.errors has no IllegalCommand yet: HardwareError is still a GameError")
    assert not issubclass(HardwareError, refusal)
    assert issubclass(HardwareError, OSError)
    assert issubclass(InputRefused, refusal)
