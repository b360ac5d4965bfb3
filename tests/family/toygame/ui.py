"""The toy game's screens for the app shell (``companion.app.game_ui.GameUI``): a setup form,
a pick screen where each seat enters its pick in secret, and the shell's own game over with
a chart of points. Written only against the shell's contract, as a game from another
package would be; the layouts are ``toy.kv`` beside this file."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty

from companion.app import harness
from companion.app.game_session import Change, GameSession
from companion.app.game_ui import Banner, Chart, Texts, Values
from companion.app.hardware_hub import HardwareHub
from companion.app.screens.base import BaseScreen
from companion.app.widgets import dialogs
from companion.app.widgets.common import make

from . import GAME, Pick
from .handsets import Picks

NAMES = ("Ada", "Bo", "Cy")  # the seats' names (a throw-away game asks for none)

TEXTS = {
    "en": {
        "toy.new_game_title": "A new game of Toy",
        "toy.how": "Each player picks 1, 2 or 3 in secret. The highest number nobody else picked "
                   "scores a point; two points win.",
        "toy.players": "{n} players",
        "toy.start": "Start",
        "toy.round": "Round {n}",
        "toy.to_pick": "To pick: {names}",
        "toy.points": "{n} {n|point|points}",
        "toy.picking": "picking",
        "toy.picked": "picked",
        "toy.pick": "Pick",
        "toy.secret_title": "{name}: pick in secret",
        "toy.secret_text": "Only {name} looks: the others see that {name} picked, never what.",
        "toy.opened": "Opened: {picks}",
        "toy.scored": "{name} scores a point",
        "toy.nobody": "Nobody scores",
        "toy.winner": "{name} wins!",
        "toy.detail": "{points} points in round {round}",
        "toy.chart_points": "Points per round",
    },
    "it": {
        "toy.new_game_title": "Una nuova partita a Giocattolo",
        "toy.how": "Ogni giocatore sceglie 1, 2 o 3 in segreto. Il numero più alto che nessun altro "
                   "ha scelto vale un punto; due punti vincono.",
        "toy.players": "{n} giocatori",
        "toy.start": "Inizia",
        "toy.round": "Turno {n}",
        "toy.to_pick": "Scelgono: {names}",
        "toy.points": "{n} {n|punto|punti}",
        "toy.picking": "sceglie",
        "toy.picked": "ha scelto",
        "toy.pick": "Scegli",
        "toy.secret_title": "{name}: scegli in segreto",
        "toy.secret_text": "Guarda solo {name}: gli altri vedono che {name} ha scelto, mai cosa.",
        "toy.opened": "Svelate: {picks}",
        "toy.scored": "{name} fa un punto",
        "toy.nobody": "Nessuno fa punto",
        "toy.winner": "{name} vince!",
        "toy.detail": "{points} punti al turno {round}",
        "toy.chart_points": "Punti per turno",
    },
}


def closed_round(view: Mapping[str, Any]) -> int:
    """The round the view's points belong to (the state moves to the next round at a reveal)."""
    return int(view["round"]) - (1 if view.get("winner") is not None else 0)


class ToyUI:
    """The UI package's entry."""

    name = "toy"
    new_game_screen = "toy.new_game"
    table_screen = "toy.picks"
    charts = (Chart("points", "toy.chart_points"),)

    def __init__(self) -> None:
        self.session: GameSession | None = None
        self.hardware: HardwareHub | None = None
        self.opened: dict[str, Any] | None = None  # the last reveal's event, for the pick screen
        self.picks: Picks | None = None  # the picks on the handsets

    def texts(self) -> Mapping[str, Mapping[str, str]]:
        return TEXTS

    def kv_files(self) -> Sequence[Path]:
        return [Path(__file__).with_name("toy.kv")]

    def screens(self) -> Mapping[str, type]:
        return {"toy.new_game": ToyNewGameScreen, "toy.picks": ToyPicksScreen}

    def attach(self, session: GameSession, hardware: HardwareHub) -> None:
        self.session, self.hardware = session, hardware
        self.opened = None
        self.picks = Picks(session, hardware)
        session.observers.append(self._on_change)
        hardware.restarted.append(self.picks.reopen)

    def _on_change(self, change: Change) -> None:
        assert self.picks is not None
        if change.game.name == self.name:
            if change.kind in ("new", "resume", "undo", "redo"):
                self.picks.opened = None  # the rules' picks may differ from the handsets': open again
            if change.kind in ("new", "resume"):
                self.opened = None
            for event in change.events:
                if event.get("type") == "picks_opened":
                    self.opened = dict(event)
        self.picks.sync()

    def new_game(self, players: int) -> str | None:
        assert self.session is not None
        header = {"game": GAME.name, "format": 1, "seats": [{"name": n} for n in NAMES[:players]]}
        return self.session.new_game(GAME, header)

    def screen_for(self, view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        return "game_over" if view.get("winner") is not None else "toy.picks"

    def next_screen(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any],
                    legal: Mapping[str, Any]) -> str:
        return self.screen_for(view, legal)

    def banner(self, session: GameSession, lang: str, texts: Texts) -> Banner:
        view, names = session.view(), session.view()["names"]
        todo = ", ".join(names[i] for i in session.legal()["to_act"])
        return Banner(texts.t(lang, "toy.to_pick", names=todo) if todo else "",
                      texts.t(lang, "toy.round", n=closed_round(view)))

    def after_command(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any], lang: str,
                      texts: Texts) -> str:
        if not any(e.get("type") == "picks_opened" for e in events):
            return ""
        return scored_line(self.opened, view, lang, texts)

    def ask(self, app: Any, needs: Mapping[str, Any], retry: Any) -> bool:
        return False  # the toy has no printed value to ask for

    def correction(self, app: Any) -> Callable[[], Any] | None:
        return None

    def outcome(self, view: Mapping[str, Any], lang: str, texts: Texts) -> tuple[str, str]:
        w = view.get("winner")
        if w is None:
            return "", ""
        return (texts.t(lang, "toy.winner", name=view["names"][w]),
                texts.t(lang, "toy.detail", points=view["points"][w], round=closed_round(view)))

    def chart_rows(self, events: Sequence[dict[str, Any]], before: Callable[[], Mapping[str, Any]],
                   after: Callable[[], Mapping[str, Any]]) -> Mapping[int, Values]:
        if any(e.get("type") == "picks_opened" for e in events):
            return {int(before()["round"]): {"points": list(after()["points"])}}
        return {}

    def chart_now(self, view: Mapping[str, Any]) -> tuple[int, Values] | None:
        return closed_round(view), {"points": list(view["points"])}

    def tour(self, app: Any, seed: int, seats: int | None = None,
             names: Sequence[str] | None = None) -> Iterator[str]:
        """The setup form, then a bots' game (``seats`` players, the nearest count the toy
        takes, named ``names`` when given): a seat picked, a reveal, the game over."""
        assert self.session is not None
        s = self.session
        app.go(self.new_game_screen)
        harness.frames(2)
        yield "toy-00-new-game"
        low, high = GAME.seats
        header = GAME.demo_header(min(max(seats or high, low), high), seed)
        header["seats"] = harness.named(header["seats"], names)
        s.new_game(GAME, header)
        index = 0
        while (command := GAME.demo_move(s.state, seed, index)) is not None:
            app.send(command)
            index += 1
            harness.frames(2)
            if index == 1:
                yield "toy-01-picks"
            if index == 3:
                yield "toy-02-reveal"
        yield "toy-03-over"


def scored_line(opened: Mapping[str, Any] | None, view: Mapping[str, Any], lang: str, texts: Texts) -> str:
    """Who scored at the last reveal ("" before the first)."""
    if opened is None:
        return ""
    picks = {int(k): v for k, v in opened["picks"].items()}
    unique = [k for k, v in picks.items() if list(picks.values()).count(v) == 1]
    if not unique:
        return texts.t(lang, "toy.nobody")
    return texts.t(lang, "toy.scored", name=view["names"][max(unique, key=lambda k: picks[k])])


class ToyScreen(BaseScreen):
    @property
    def ui(self) -> ToyUI:
        ui: ToyUI = self.app.uis["toy"]
        return ui


class ToyNewGameScreen(ToyScreen):
    players = NumericProperty(2)
    names_line = StringProperty("")

    def refresh(self) -> None:
        self.names_line = ", ".join(NAMES[: int(self.players)])

    def on_players(self, *_: Any) -> None:
        self.refresh()

    def start(self) -> None:
        reason = self.ui.new_game(int(self.players))
        if reason:
            self.app.toast(self.app.reason(reason))
            return
        self.app.go_current()


class ToyPicksScreen(ToyScreen):
    """A row per seat: its points and whether it picked (never what); a tap on a seat's Pick
    opens its secret choice. After a reveal, the picks opened and who scored."""

    opened = StringProperty("")

    def refresh(self) -> None:
        s, app = self.session, self.app
        if s is None or not s.has_game or s.game is None or s.game.name != "toy":
            return
        view = s.view()
        if view.get("winner") is not None and self.manager is not None and self.manager.current == self.name:
            Clock.schedule_once(lambda _dt: app.go_current(), 0)  # the last pick came from a handset
        box = self.ids.rows
        box.clear_widgets()
        for seat, name in enumerate(view["names"]):
            picked = seat in view["picked"]
            row = make("ToyPickRow", seat_name=name, points=app.t("toy.points", n=view["points"][seat]),
                                     status=app.t("toy.picked" if picked else "toy.picking"))
            reason = s.check(Pick(seat, 1))  # picked already, or the game is over: said on a tap
            row.ids.pick.reason = app.reason(reason) if reason else ""
            row.ids.pick.bind(on_tap=lambda _b, i=seat: self.ask_pick(i))
            box.add_widget(row)
            self.ids[f"pick_{seat}"] = row.ids.pick
            self.ids[f"status_{seat}"] = row.ids.status
        opened = self.ui.opened
        if opened is None:
            self.opened = ""
        else:
            picks = ", ".join(f"{view['names'][int(k)]} {v}" for k, v in opened["picks"].items())
            self.opened = "\n".join([app.t("toy.opened", picks=picks),
                                     scored_line(opened, view, app.lang, app.translations)])

    def enter(self, seat: int, number: int) -> None:
        """The number touched in the secret dialog, locked on the seat's handset."""
        assert self.ui.picks is not None
        reason = self.ui.picks.enter(seat, number)
        if reason:
            self.app.toast(self.app.reason(reason))

    def ask_pick(self, seat: int) -> None:
        """The seat's secret choice: one button per number; the dialog closes on the touch."""
        app = self.app
        name = self.session.view()["names"][seat]
        d = dialogs.dialog(app, app.t("toy.secret_title", name=name), size=(0.6, 0.7))
        d.ids.body.add_widget(Factory.Txt(text=app.t("toy.secret_text", name=name)))
        row = Factory.BoxLayout(size_hint_y=None, height=app.touch * 1.4, spacing=app.u * 8)
        for number in (1, 2, 3):
            b = Factory.Btn(text=str(number), kind="primary", height=app.touch * 1.4)
            b.bind(on_tap=lambda _b, n=number: (d.dismiss(), self.enter(seat, n)))
            row.add_widget(b)
            d.ids[f"choice_{number}"] = b
        d.ids.body.add_widget(row)
        back = Factory.Btn(text=app.t("common.back"), kind="quiet")
        back.bind(on_tap=lambda *_: d.dismiss())
        d.ids.body.add_widget(back)
        d.open()
        app.dialog = d
