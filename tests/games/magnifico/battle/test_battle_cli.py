"""The command line: `python -m companion battle|odds FILE` (docs/battle-notation.md)."""

import io
import json
import pathlib
import subprocess
import sys

import pytest

from companion.games.magnifico.battle import cli

DATA = pathlib.Path(__file__).parent / "data"
EXAMPLE = DATA / "rulebook_example.json"


def run_cli(capsys, monkeypatch, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_rulebook_worked_example_through_the_cli():
    """Rulebook 7.7.4: castle level 1, 7 defenders against 3 soldiers, 2 airplanes and a
    4-5 tank: the defender loses 6, then its last soldier to its own explosion."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "battle", str(EXAMPLE)],
        capture_output=True, text=True, timeout=60, cwd=pathlib.Path(__file__).parents[4],
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["over"] is True
    assert result["winner"] == "attacker"
    assert result["attacker"] == {"soldiers": 2, "tanks": 1, "airplanes": 1}
    assert result["losses"]["attacker"] == {"soldiers": 1, "tanks": 0, "airplanes": 1}
    assert result["losses"]["defender"]["soldiers"] == 7
    assert result["castle"] == {"towers": 0, "protection": 1}
    # before the defender's roll it had lost 6 (castle parried 1 infantry hit and 1 tank hit)
    assert "2 hits - castle 1 = 1 kill" in result["log"][0]
    assert "5 hits - castle 1 = 4 kills" in result["log"][2]


def test_stdin_dash(capsys, monkeypatch):
    code, out, err = run_cli(capsys, monkeypatch, ["battle", "-"], EXAMPLE.read_text())
    assert code == 0 and err == ""
    assert json.loads(out)["winner"] == "attacker"


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"attacker": {"soldiers": 3}, "defender": {"soldiers": 1}, "colour": 1}', "unknown key 'colour'"),
        ('{"attacker": {"soldiers": 3}, "defender": {"soldiers": 1}, "script": ['
         '{"side": "attacker", "assault": "infantry", "dice": ["hit"]}]}', "needs 3 dice"),
        ('{"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}, "script": ['
         '{"side": "attacker", "assault": "infantry", "dice": ["six"]}]}', "not a die face"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_output(capsys, monkeypatch, text, words):
    code, out, err = run_cli(capsys, monkeypatch, ["battle", "-"], text)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and words in err


def test_missing_file(capsys, monkeypatch, tmp_path):
    code, out, err = run_cli(capsys, monkeypatch, ["battle", str(tmp_path / "nope.json")])
    assert (code, out) == (2, "") and "no such file" in err


def test_directory_and_binary_file(capsys, monkeypatch, tmp_path):
    code, out, err = run_cli(capsys, monkeypatch, ["odds", str(tmp_path)])
    assert (code, out) == (2, "") and "directory" in err
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\xff\xfe\x00")
    code, out, err = run_cli(capsys, monkeypatch, ["battle", str(bad)])
    assert (code, out) == (2, "") and err.count("\n") == 1


def test_a_refusal_in_the_tables_language(capsys, monkeypatch, tmp_path):
    """--lang it prints the refusal in Italian; without it and without settings, English."""
    code, out, err = run_cli(capsys, monkeypatch, ["battle", "--lang", "it", str(tmp_path / "nope.json")])
    assert (code, out) == (2, "") and err == f"{tmp_path / 'nope.json'}: il file non esiste\n"
    code, out, err = run_cli(capsys, monkeypatch, ["odds", "--lang", "it", "-"], "[1]")
    assert (code, out) == (2, "") and err == "un file di combattimento contiene un solo oggetto JSON\n"
    code, out, err = run_cli(capsys, monkeypatch, ["odds", "-"], "[1]")
    assert err == "a battle file holds one JSON object\n"


def test_odds_and_simulation_refuse_a_non_position_in_italian():
    from companion.errors import GameError
    from companion.games.magnifico.battle.odds import odds
    from companion.games.magnifico.battle.simulate import simulate

    for call, it in ((lambda: odds({}), "per le probabilità serve una posizione di combattimento (da start o step)"),
                     (lambda: simulate({}, 10), "per una simulazione serve una posizione di combattimento (da start o step)"),
                     (lambda: simulate({"setup": {}}, 0), "per una simulazione serve un numero intero di partite, almeno 1")):
        with pytest.raises(GameError) as e:
            call()
        assert e.value.key and e.value.localized("it") == it
