"""The battle screen's declarations become the battle notation's step keys (battle-notation.md)."""

import pytest

from kivy.factory import Factory


def test_paratrooper_and_interceptors_go_into_the_step(app, monkeypatch):
    screen = app.screens["magnifico.battle"]
    sent = []
    monkeypatch.setattr(screen, "send", lambda command: sent.append(command) or True)
    st = {"side": "attacker", "assault": "airplanes", "airplanes": {"min": 1, "max": 2}, "dice": 2,
          "paratrooper": True, "intercept": {"side": "defender", "max_airplanes": 2}}
    screen.chosen = {"step": st, "n": 2, "paratrooper": True, "intercept": 1}
    main = Factory.DiceRow(count=2)
    main.set_faces(["hit", "blank"])
    para = Factory.DiceRow(count=1)
    para.set_faces(["hit"])
    icpt = Factory.DiceRow(count=1)
    icpt.set_faces(["explosion"])
    screen._send_roll([main], {"paratrooper": para, "intercept": icpt})
    assert sent[0].step == {"side": "attacker", "assault": "airplanes", "dice": ["hit", "blank"], "airplanes": 2,
                            "paratrooper": "hit", "intercept": {"airplanes": 1, "dice": ["explosion"]}}


def test_great_cannon_only_when_offered(app, monkeypatch):
    screen = app.screens["magnifico.battle"]
    sent = []
    monkeypatch.setattr(screen, "send", lambda command: sent.append(command) or True)
    for offered in (True, False):
        st = {"side": "attacker", "assault": "infantry", "soldiers": {"min": 1, "max": 1}, "dice": 1,
              "great_cannon": offered}
        screen.chosen = {"step": st, "n": 1, "great_cannon": True}
        row = Factory.DiceRow(count=1)
        screen._send_roll([row], {})
    assert sent[0].step.get("great_cannon") is True
    assert "great_cannon" not in sent[1].step
