"""The command line's language (companion/cli.py): a refusal or a notice is printed in
``--lang``, else in the language the app saved in the table's settings, else English; a
command that succeeds never reads the settings for it."""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.storage import settings as storage_settings


def run(capsys, *argv):
    try:
        code = cli.main([str(a) for a in argv])
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def config(tmp_path, monkeypatch):
    """The table's config folder (where the app saves settings.json), empty at first."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = storage_settings.config_dir()
    folder.mkdir(parents=True)
    return folder


def save_lang(folder, lang):
    (folder / "settings.json").write_text(json.dumps({"lang": lang, "hardware": "auto"}), encoding="utf-8")


def test_without_settings_a_refusal_is_english(capsys, config, tmp_path):
    code, out, err = run(capsys, "import", "--db", tmp_path / "j.sqlite3", tmp_path / "none.jsonl")
    assert code == 2 and out == ""
    assert err.startswith(f"{tmp_path / 'none.jsonl'} cannot be read (")


def test_a_table_that_saved_italian_reads_italian(capsys, config, tmp_path):
    save_lang(config, "it")
    code, out, err = run(capsys, "import", "--db", tmp_path / "j.sqlite3", tmp_path / "none.jsonl")
    assert code == 2 and err.startswith(f"non si riesce a leggere {tmp_path / 'none.jsonl'} (")
    code, out, err = run(capsys, "battle", tmp_path / "none.json")
    assert err == f"{tmp_path / 'none.json'}: il file non esiste\n"


def test_lang_option_wins_over_the_settings(capsys, config, tmp_path):
    save_lang(config, "it")
    code, out, err = run(capsys, "battle", "--lang", "en", tmp_path / "none.json")
    assert err == f"{tmp_path / 'none.json'}: no such file\n"
    save_lang(config, "fr")  # a language the companion does not speak: English
    code, out, err = run(capsys, "battle", tmp_path / "none.json")
    assert err == f"{tmp_path / 'none.json'}: no such file\n"


def test_an_empty_journal_is_told_in_italian(capsys, config, tmp_path):
    from companion.storage.journal import Journal

    db = tmp_path / "empty.sqlite3"
    with Journal(db):
        pass
    code, out, err = run(capsys, "state", "--db", db, "--lang", "it")
    assert code == 2 and err == f"Il giornale {db} non contiene partite.\n"


def test_a_dice_refusal_follows_the_lang_option(capsys, config):
    code, out, err = run(capsys, "dice", "--expect", "0", "--kind", "mag", "--lang", "it")
    assert code == 2 and err.startswith("dice: ") and "--expect" in err
    english = run(capsys, "dice", "--expect", "0", "--kind", "mag")[2]
    assert err != english


def test_a_command_that_succeeds_does_not_read_the_settings(capsys, config, monkeypatch):
    """The language is looked up only when there is something to say (no cost to the journal commands)."""
    def refuse():
        raise AssertionError("settings read")

    monkeypatch.setattr(storage_settings, "load_settings", refuse)
    code, out, err = run(capsys, "games")
    assert code == 0 and "magnifico" in out.lower() and err == ""


def run_hardware(capsys, *argv):
    from hardware.__main__ import main

    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_python_m_hardware_speaks_the_tables_language(capsys, config, tmp_path):
    """``python -m hardware`` says its lines (the pin check, a refusal) in the table's saved
    language, and ``--lang`` wins: every message keyed and translated (the project's rule)."""
    code, out, err = run_hardware(capsys, "pins")
    assert code == 0 and out.endswith("5 handsets present; no pin used twice\n")
    save_lang(config, "it")
    code, out, err = run_hardware(capsys, "pins")
    assert code == 0 and out.endswith("5 pulsantiere presenti; nessun pin usato due volte\n")
    assert out.startswith("| seat | up |")  # the wiring table stays hardware/README.md's
    code, out, err = run_hardware(capsys, "pins", "--lang", "en")
    assert out.endswith("5 handsets present; no pin used twice\n")
    code, out, err = run_hardware(capsys, "pins", "--settings", tmp_path)
    assert code == 2 and out == "" and err.startswith(f"il file delle impostazioni hardware {tmp_path} ")


def test_python_m_hardware_stops_quietly_when_its_reader_goes_away():
    """``python -m hardware pins | true``: the reader is gone before the table is written; the
    command ends with no traceback, as ``python -m companion`` does (this session's final check
    found a BrokenPipeError traceback under ``| head``)."""
    import subprocess
    import sys

    run = subprocess.run(f"{sys.executable} -m hardware pins --lang en | true", shell=True,
                         capture_output=True, text=True, timeout=60)
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr, run.stderr
