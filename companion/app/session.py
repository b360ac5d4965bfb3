"""The one controller between the screens and the rest: engine, journal, hardware.

Screens never import the engine. They ask the session what is legal, send it commands and
show the reason when one is refused. Every accepted command is journalled before the
screens are told to refresh. Hardware callbacks arrive through ``post`` (Kivy's main
thread in the app), so only one thread ever calls the engine.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from dataclasses import dataclass, field
from typing import Callable

from companion.errors import CompanionError, GameError

_VERSIONS = itertools.count(1)
ODDS_SWITCH_INTERVAL = 0.0005  # seconds; see Session._odds_worker


def _optional(module: str):
    """A module of another part of the project, or None while that part is not in this build."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


@dataclass
class Result:
    """What happened to a command: accepted (with its events) or refused with a reason."""

    ok: bool
    reason: str = ""
    needs: dict | None = None
    events: list = field(default_factory=list)


class MemoryJournal:
    """Keeps the commands of one game in memory (when the storage part is missing or broken)."""

    def __init__(self):
        self.header: dict | None = None
        self.done: list = []
        self.undone: list = []

    def start(self, header: dict) -> None:
        self.header, self.done, self.undone = header, [], []

    def submit(self, command) -> None:
        self.done.append(command)
        self.undone.clear()

    def undo(self):
        if not self.done:
            return None
        cmd = self.done.pop()
        self.undone.append(cmd)
        return cmd

    def redo(self):
        if not self.undone:
            return None
        cmd = self.undone.pop()
        self.done.append(cmd)
        return cmd

    def close(self) -> None:
        pass


class Session:
    """One game at the table, as the screens see it."""

    def __init__(self, settings, journal, *, post: Callable[[Callable[[], None]], None] | None = None,
                 problem: tuple[str, dict] | None = None):
        self.settings = settings
        self.journal = journal
        self.post = post or (lambda fn: fn())
        self._post_given = post is not None  # a main loop to hand results back to
        self.odds_listeners = []
        self.problem = problem  # (translation key, fields) shown on the home screen
        self.listeners: list[Callable[[], None]] = []
        from companion.core import registry

        self.game = registry.get("magnifico")
        self.engine = _optional("companion.games.magnifico.engine")
        self.commands = _optional("companion.games.magnifico.commands")
        self.state = None
        self._dict: dict | None = None
        self._legal: dict | None = None
        self.last_events: list = []
        self.history: list[dict] = []  # per round: VP and florins per seat, for the charts

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, settings, post=None, *, journal_args: dict | None = None) -> "Session":
        """The journal of the settings' database; raises when the database cannot be opened."""
        storage = _optional("companion.storage")
        if storage is None or not hasattr(storage, "Journal"):
            session = cls(settings, MemoryJournal(), post=post, problem=("home.no_storage", {}))
        else:
            args = dict(journal_args or {})
            if settings.get("database") and "db" not in args:
                args["db"] = settings.get("database")
            if settings.get("key_file") and "key_file" not in args:
                args["key_file"] = settings.get("key_file")
            session = cls(settings, storage.Journal(**args), post=post)
            notices = getattr(session.journal, "notices", [])
            if notices:
                session.problem = ("home.journal_notice", {"notice": " ".join(notices)})
        if session.engine is None:
            session.problem = ("home.no_engine", {})
        session.start_hardware()
        return session

    @classmethod
    def open_memory(cls, settings, post=None) -> "Session":
        session = cls(settings, MemoryJournal(), post=post)
        session.start_hardware()
        return session

    def close(self) -> None:
        self.stop_hardware()
        try:
            self.journal.close()
        except Exception:  # closing must never crash the exit
            pass

    # -- reading ------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        return self.engine is not None

    @property
    def has_game(self) -> bool:
        return self.state is not None

    def view(self) -> dict:
        """The state as plain data (cached until the next change)."""
        if self._dict is None and self.state is not None:
            public = getattr(self.engine, "public_view", None)  # sealed bids hidden
            self._dict = public(self.state) if public else self.state.to_dict()
        return self._dict or {}

    def legal(self) -> dict:
        if self._legal is None and self.state is not None:
            self._legal = self.engine.legal(self.state)
        return self._legal or {}

    def action(self, type_: str, seat: int | None = None) -> dict | None:
        """The legal() entry of a command type (for ``seat`` when given)."""
        for a in self.legal().get("actions", []):
            if a["type"] == type_ and (seat is None or a.get("seat") in (None, seat)):
                return a
        return None

    def check(self, command) -> str | None:
        if self.state is None:
            return None
        try:
            return self.engine.check(self.state, command)
        except CompanionError as err:
            return err.message

    def cmd(self, name: str, *args, **kwargs):
        """A command object of the engine by its type name."""
        return getattr(self.commands, name)(*args, **kwargs)

    def screen_for_phase(self) -> str:
        from companion.app import presenters

        return presenters.screen_for(self.view(), self.legal())

    @property
    def header(self) -> dict:
        if isinstance(self.journal, MemoryJournal):
            return self.journal.header or {}
        return self.journal.header(self.game_id) if self.game_id is not None else {}

    @property
    def kinds(self) -> dict:
        """Card kinds with their names, effects and upgrade symbol (from the game's header)."""
        cards = self.header.get("cards") or {}
        return cards.get("kinds", {}) if isinstance(cards, dict) else {}

    def card_name(self, card: str, lang: str) -> str:
        kind = (self.view().get("cards") or {}).get(card, {}).get("kind") or card.rsplit("_", 1)[0]
        names = self.kinds.get(kind, {}).get("name") or {}
        name = names.get(lang) or names.get("en") or kind.replace("_", " ").title()
        suffix = card.rsplit("_", 1)[-1]
        if kind in ("tank", "airplane", "work_of_art") and suffix.isdigit():
            name = f"{name} {suffix}"
        return name

    def card_effect(self, card: str, lang: str) -> str:
        kind = (self.view().get("cards") or {}).get(card, {}).get("kind", "")
        effect = self.kinds.get(kind, {}).get("effect") or {}
        return effect.get(lang) or effect.get("en") or ""

    def territory_name(self, tid: str, lang: str) -> str:
        for t in (self.view().get("map") or {}).get("territories", []):
            if t["id"] == tid:
                return t["name"].get(lang) or t["name"].get("en") or tid
        return tid

    # -- changing -----------------------------------------------------------------------
    def _changed(self) -> None:
        self._dict = None
        self._legal = None
        for listener in list(self.listeners):
            listener()

    round_events: list = []
    last_scoring: dict | None = None
    vp_before_scoring: list = []

    def _note_events(self, events) -> None:
        """Keep what the income and scoring screens summarise."""
        types = [e.get("type") for e in events]
        if "round_scoring" in types:
            self.last_scoring = next(e for e in events if e.get("type") == "round_scoring")
            self.vp_before_scoring = [p.vp for p in self.state.seats] if self.state is not None else []
        if "round" in types:
            self.round_events = list(events[types.index("round"):])
        else:
            self.round_events = self.round_events + [e for e in events if e.get("type") == "recruited"]

    last_battle: dict | None = None

    def _note_battle(self, old, events) -> None:
        """Keep the finished battle (the engine clears it) so its screen can show the result."""
        over = next((e for e in events if e.get("type") == "battle_over"), None)
        if over is None or old is None:
            return
        battle = self.battle_module()
        b = old.battle
        steps = [e["step"] for e in events if e.get("type") == "battle_step"]
        if b is None:  # over at once (the attack itself ended it): rebuild from the setup
            position = None
        else:
            position = b["position"]
            for step in steps:
                position = battle.step(position, step)
            b = {**b, "steps": list(b.get("steps", [])) + steps}
        self.last_battle = {"battle": b, "event": over, "outcome": battle.outcome(position) if position else {}}

    version = 0  # changes with every state, across sessions too: a screen redraws when it differs

    def _set_state(self, state, events=()) -> None:
        self.version = next(_VERSIONS)
        self._note_events(list(events))
        try:
            self._note_battle(self.state, list(events))
        except Exception:
            self.last_battle = None
        old, self.state = self.state, state
        self.last_events = list(events)
        self._dict = None
        self._legal = None
        self._record_round(old, events)
        self._sync_hardware()
        self._changed()

    def send(self, command) -> Result:
        """Journal and apply one command; a refusal leaves everything as it was."""
        if self.state is None:
            return Result(False, "no game")
        try:
            if isinstance(self.journal, MemoryJournal):
                state, events = self.engine.apply(self.state, command)
                self.journal.submit(command)
            else:
                state, events = self.journal.submit(self.game_id, command)
        except CompanionError as err:
            self.last_reason = err.message
            return Result(False, err.message, err.needs)
        except Exception as err:  # storage failures: nothing was saved, say so
            self.last_reason = str(err)
            return Result(False, str(err))
        self._set_state(state, events)
        if type(command).__name__ == "SetCardValue":
            self._remember(command)
        return Result(True, events=events)

    profile_problem = ""  # why the last printed value could not be kept in the box profile

    def _remember(self, command) -> None:
        """Keep a printed value in the box profile (rules-decisions: asked once, remembered, the
        table may correct it later); a failure is said, never breaks the game."""
        self.profile_problem = ""
        from companion.storage import box_profile

        try:
            box_profile.remember(self.game, command, self.settings.get("box_profile"))
        except CompanionError as err:
            self.profile_problem = err.reason
        except Exception as err:  # a read-only folder, a full card: the game goes on
            self.profile_problem = str(err)

    def set_card_value(self, card: str, field: str, value: int) -> bool:
        return self.send(self.cmd("SetCardValue", card, field, value)).ok

    def undo(self) -> str | None:
        """Take back the last command; the reason when that is not possible."""
        if self.state is None:
            return "no game"
        try:
            if isinstance(self.journal, MemoryJournal):
                if self.journal.undo() is None:
                    return "There is nothing to undo."
                state = self._replay()
            else:
                state = self.journal.undo(self.game_id)
        except CompanionError as err:
            return err.message
        self._set_state(state)
        return None

    def redo(self) -> str | None:
        if self.state is None:
            return "no game"
        try:
            if isinstance(self.journal, MemoryJournal):
                cmd = self.journal.redo()
                if cmd is None:
                    return "There is nothing to redo."
                state, events = self.engine.apply(self.state, cmd)
            else:
                state, events = self.journal.redo(self.game_id)
        except CompanionError as err:
            return err.message
        self._set_state(state, events)
        return None

    def correct(self, target: dict, value, reason: str) -> str | None:
        """Set a counter by hand with the table's reason (the journal keeps it)."""
        if isinstance(self.journal, MemoryJournal) or not hasattr(self.journal, "correct"):
            if not reason.strip():
                return "A correction needs a reason, so the log can tell why."
            result = self.send(self.cmd("Correct", target, value, reason.strip()))
            return None if result.ok else result.reason
        try:
            state, events = self.journal.correct(self.game_id, target, value, reason)
        except CompanionError as err:
            return err.message
        self._set_state(state, events)
        return None

    def _replay(self):
        state = self.engine.new_game(self.journal.header)
        for cmd in self.journal.done:
            state, _ = self.engine.apply(state, cmd)
        return state

    def _record_round(self, old=None, events=()) -> None:
        """VP and florins per round, for the game-over charts: a round's row is taken when it is
        scored (florins before the next income) or when the game ends; the round in play is last."""
        d = self.view()
        if not d.get("round"):
            return
        rows = {h["round"]: h for h in self.history if h.get("final") and h["round"] < d["round"]}
        for e in events:
            if e.get("type") == "round_scoring" and old is not None:
                rows[e["round"]] = {"round": e["round"], "final": True, "vp": [p["vp"] for p in d["seats"]],
                                    "florins": [p.florins for p in old.seats]}
        if d["round"] not in rows:
            rows[d["round"]] = {"round": d["round"], "final": d.get("phase") == "over",
                                "vp": [p["vp"] for p in d["seats"]], "florins": [p["florins"] for p in d["seats"]]}
        self.history = [rows[r] for r in sorted(rows)]

    # -- games --------------------------------------------------------------------------
    game_id = None
    last_reason = ""

    def variant_names(self) -> dict:
        """The house-rule toggles the engine offers (rules-decisions: every **variant**):
        name -> (default, the other value)."""
        variants = getattr(self.engine, "VARIANTS", None) or {}
        out = {}
        for name, (default, _text) in variants.items():
            other = (not default) if isinstance(default, bool) else {"army": "infantry"}.get(default, default)
            out[name] = (default, other)
        return out

    def box(self) -> dict:
        """The map and cards of this table's box (profile merged), or GameError."""
        from companion.storage import box_profile

        return box_profile.load_box(self.game, self.settings.get("box_profile"))

    def box_line(self, lang: str, tr) -> str:
        try:
            box = self.box()
        except CompanionError as err:
            return err.reason
        key = "new_game.box_verified" if box["map"].get("verified") else "new_game.box_default"
        return tr.t(lang, key)

    def new_game(self, *, seats, variants, target, soldiers) -> str | None:
        """Start a game; the reason when it cannot start."""
        if self.engine is None:
            return "the rules engine is not part of this build"
        try:
            box = self.box()
            header = {"game": "magnifico", "format": 1, "seats": seats, "variants": variants,
                      "target": target, "soldiers_per_army": soldiers, "map": box["map"], "cards": box["cards"]}
            if isinstance(self.journal, MemoryJournal):
                state = self.engine.new_game(header)
                self.journal.start(header)
            else:
                self.game_id = self.journal.new_game(header, meta={"app": "magnifico-companion"})
                state = self.journal.state(self.game_id)
        except CompanionError as err:
            return err.message
        except Exception as err:
            return str(err)
        self.history = []
        self._set_state(state)
        return None

    def files_line(self, lang: str, tr) -> str:
        where = getattr(self.journal, "path", None) or tr.t(lang, "settings.memory")
        return tr.t(lang, "settings.files", database=str(where))

    def unfinished(self):
        """The latest unfinished game of the journal (a GameInfo), or None."""
        if isinstance(self.journal, MemoryJournal):
            return None
        try:
            for info in self.journal.games():
                if not info.finished and info.id != self.game_id:
                    return info
        except Exception:
            return None
        return None

    def resume_label(self, lang: str, tr) -> str:
        """The label of the resume button, or "" when there is no game to resume."""
        if self.has_game and (self.view().get("phase") != "over"):
            return tr.t(lang, "home.continue")
        info = self.unfinished()
        if info is None:
            return ""
        return tr.t(lang, "home.resume", players=", ".join(info.players), round=info.rounds or 0)

    def resume(self, game_id=None) -> bool:
        if game_id is None and self.has_game and self.view().get("phase") != "over":
            return True
        if isinstance(self.journal, MemoryJournal):
            return False
        try:
            if game_id is None:
                info = self.unfinished()
                if info is None:
                    return False
                game_id = info.id
            state = self.journal.state(game_id)
        except Exception as err:
            self.last_reason = str(err)
            return False
        self.game_id = game_id
        self.history = []
        self._rebuild_history()
        self._set_state(state)
        return True

    def _rebuild_history(self) -> None:
        """VP and florins per round from the journal's commands (for the charts after a resume)."""
        try:
            state = self.engine.new_game(self.journal.header(self.game_id))
            for c in self.journal.commands(self.game_id):
                old = state
                state, events = self.engine.apply(state, self.commands.from_dict(c))
                self.state, self._dict = state, None
                self._record_round(old, events)
        except Exception:
            self.history = []

    def games(self) -> list[dict]:
        if isinstance(self.journal, MemoryJournal):
            return []
        try:
            infos = self.journal.games()
        except Exception:
            return []
        out = []
        for info in infos:
            when = (info.updated_at or info.created_at or "")[:16].replace("T", " ")
            out.append({"id": info.id, "when": when, "players": ", ".join(info.players), "finished": info.finished,
                        "winner": info.winner, "round": info.rounds or 0})
        return out

    def export(self, game_id):
        """Write the game's record next to the journal; the path, or None (``last_reason``)."""
        if isinstance(self.journal, MemoryJournal):
            self.last_reason = "export needs the journal"
            return None
        from pathlib import Path

        try:
            folder = Path(self.journal.path).parent if getattr(self.journal, "path", None) else Path.cwd()
            path = folder / f"magnifico-game-{game_id}.jsonl"
            self.journal.export_to(game_id, path)  # owner-only (0600); a choice still sealed stays sealed
        except Exception as err:
            self.last_reason = str(err)
            return None
        return str(path)

    def log(self, lang: str = "en", game_id=None) -> list[str]:
        """The game's log from the journal, told in ``lang``."""
        game_id = self.game_id if game_id is None else game_id
        if game_id is None or not hasattr(self.journal, "log"):
            return []
        try:
            try:
                return self.journal.log(game_id, lang=lang)
            except TypeError:  # a journal without languages
                return self.journal.log(game_id)
        except Exception:
            return []

    # -- hardware -----------------------------------------------------------------------
    handsets = None
    keyboard = None
    hw_problem = ""
    lock_states: dict = {}

    def start_hardware(self) -> None:
        """Open the handsets the settings ask for; a failure becomes a message, never a crash."""
        self.lock_states = {}
        handsets_mod = _optional("hardware.handsets")
        hw_settings = _optional("hardware.settings")
        if handsets_mod is None or hw_settings is None:
            self.hw_problem = ""
            return
        import dataclasses

        mode = self.settings.get("hardware") or "auto"
        try:
            hs = dataclasses.replace(hw_settings.load(), mode=mode)
            self.handsets = handsets_mod.BidHandsets.from_settings(
                hs, post=self.post, on_state=self._on_handset_state, on_lock=self._on_handset_lock,
                on_unlock=self._on_handset_unlock, on_notice=self._on_handset_notice,
                defer_locks=False)  # each lock goes to the engine at once: the journal seals it
            self.hw_problem = ""
        except Exception as err:
            self.handsets = None
            self.hw_problem = getattr(err, "reason", None) or str(err)
            return
        keyboard_mod = _optional("hardware.keyboard")
        if keyboard_mod is not None and getattr(self.handsets, "factory_label", "") == "MockFactory":
            self.keyboard = keyboard_mod.HandsetKeyboard(self.handsets)
        self._start_dice(hs, mode)

    dice = None
    dice_reader = None
    dice_candidate = None
    dice_problem = ""

    def _start_dice(self, hs, mode: str) -> None:
        """The dice desk; with a reader on the serial port unless the hardware is simulated."""
        dice_mod = _optional("hardware.dice")
        reader_mod = _optional("hardware.dice_reader")
        if dice_mod is None:
            return
        reader = None
        if reader_mod is not None and (mode != "simulated" or hs.dice.port):
            try:
                reader = reader_mod.DiceReader.from_settings(hs.dice, post=self.post).start()
            except Exception as err:
                self.dice_problem = getattr(err, "reason", None) or str(err)
        self.dice_reader = reader
        self.dice = dice_mod.DiceDesk(reader=reader, post=self.post, on_candidate=self._on_dice_candidate,
                                      on_notice=self._on_handset_notice_text)

    def _on_dice_candidate(self, roll) -> None:
        self.dice_candidate = roll
        self._changed_quietly()

    def _on_handset_notice_text(self, text: str) -> None:
        self.notice = text
        self._changed_quietly()

    def request_dice(self, n: int) -> None:
        """A roll of ``n`` Magnifico dice is wanted now (the reader, if any, is armed)."""
        self.dice_candidate = None
        if self.dice is not None:
            try:
                self.dice.request(n, "mag")
            except CompanionError as err:
                self.notice = err.reason

    def dice_done(self) -> None:
        self.dice_candidate = None
        if self.dice is not None:
            self.dice.cancel()

    def stop_hardware(self) -> None:
        if self.dice_reader is not None:
            try:
                self.dice_reader.stop()
            except Exception:
                pass
        self.dice_reader = None
        self.dice = None
        if self.handsets is not None:
            try:
                self.handsets.close()
            except Exception:
                pass
        self.handsets = None
        self.keyboard = None

    def restart_hardware(self) -> None:
        self.stop_hardware()
        self.start_hardware()
        self._sync_hardware(force=True)
        self._changed()

    def hardware_status(self) -> dict:
        out = {"real": False, "handsets": None, "dice": None, "pins": None}
        if self.handsets is not None:
            label = getattr(self.handsets, "factory_label", "")
            out["real"] = label not in ("", "MockFactory")
            out["handsets"] = self.handsets.status
            out["pins"] = label
        elif self.hw_problem:
            out["handsets"] = self.hw_problem
        if self.dice_reader is not None:
            out["dice"] = self.dice_reader.status
        elif self.dice is not None:
            out["dice"] = self.dice_problem or "no reader: typed faces or the app's roll"
        return out

    _auction_open = False

    def _sync_hardware(self, force: bool = False) -> None:
        """Open the handsets when bidding starts, close them after the reveal."""
        if self.handsets is None:
            return
        d = self.view()
        bidding = d.get("phase") == "bidding"
        try:
            if bidding and (force or not self._auction_open):
                a = d["auction"]
                florins = {i: p["florins"] for i, p in enumerate(d["seats"])}
                names = {i: p["name"] for i, p in enumerate(d["seats"])}
                locked = [int(s) for s in a.get("bids", {})]
                self.handsets.start_auction(florins, a["bidders"], names=names, locked=locked)
                self._auction_open = True
            elif not bidding and self._auction_open:
                self.handsets.close_auction()
                self._auction_open = False
        except CompanionError as err:
            self.hw_problem = err.reason

    def uses_keypad(self, seat: int) -> bool:
        return self.handsets is None or self.handsets.uses_keypad(seat)

    def enter_bid(self, seat: int, amount: int) -> str | None:
        """A bid from the seat's private keypad, then locked; the reason when refused."""
        if self.handsets is None:
            result = self.send(self.cmd("LockBid", seat, amount))
            return None if result.ok else result.reason
        try:
            self.handsets.set_amount(seat, amount)
            self.handsets.lock(seat)
        except CompanionError as err:
            return err.message
        return None

    def unlock_bid(self, seat: int) -> str | None:
        if self.handsets is None:
            result = self.send(self.cmd("UnlockBid", seat))
            return None if result.ok else result.reason
        try:
            self.handsets.unlock(seat)
        except CompanionError as err:
            return err.message
        return None

    # callbacks from the handsets: always on the main thread (they come through ``post``)
    def _on_handset_state(self, seat: int, state: str) -> None:
        self.lock_states = {**self.lock_states, seat: state}
        self._changed_quietly()

    def _on_handset_lock(self, seat: int, amount: int) -> None:
        result = self.send(self.cmd("LockBid", seat, amount))
        if not result.ok:
            self.notice = result.reason
            self._changed_quietly()

    def _on_handset_unlock(self, seat: int) -> None:
        result = self.send(self.cmd("UnlockBid", seat))
        if not result.ok:
            self.notice = result.reason
            self._changed_quietly()

    notice = ""

    def _on_handset_notice(self, seat: int, text: str) -> None:
        self.notice = text
        self._changed_quietly()

    def _changed_quietly(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- battle ---------------------------------------------------------------------------
    # Odds in float mode take up to seconds for big battles (docs/battle.md "Speed"), so a
    # worker thread computes them: the screens show PENDING meanwhile and a tap is never
    # blocked. Only the pure odds function runs there; the result comes back through
    # ``post`` (Clock.schedule_once in the app), so the engine stays on the main thread.
    PENDING = {"pending": True}
    _odds_cache: dict = {}
    _odds_job = None  # (key, position) waiting for the worker
    _odds_busy = None  # the key the worker is computing
    _odds_thread = None
    _odds_lock = None
    odds_listeners: list = []

    def battle_module(self):
        return _optional("companion.games.magnifico.battle")

    def _odds(self, key, position) -> dict | None:
        """The odds of ``position`` (float mode), PENDING while the worker computes them, or
        None when they cannot be computed. ``key[0]`` is the state version they belong to."""
        if key in self._odds_cache:
            return self._odds_cache[key]
        battle = self.battle_module()
        if not self._post_given:  # no main loop to hand back to (bench, scripts): compute here
            try:
                self._odds_cache = {**self._keep_odds(), key: battle.odds(position, exact=False)}
            except Exception:
                self._odds_cache = {**self._keep_odds(), key: None}
            return self._odds_cache[key]
        import copy
        import threading

        if self._odds_lock is None:
            self._odds_lock = threading.Condition()
        with self._odds_lock:
            if self._odds_busy != key:
                self._odds_job = (key, copy.deepcopy(position))  # the latest wish replaces an older one
                self._odds_lock.notify()
            if self._odds_thread is None:
                self._odds_thread = threading.Thread(target=self._odds_worker, args=(battle,), daemon=True,
                                                     name="battle-odds")
                self._odds_thread.start()
        return self.PENDING

    def _odds_worker(self, battle) -> None:
        while True:
            with self._odds_lock:
                while self._odds_job is None:
                    self._odds_lock.wait()
                key, position = self._odds_job
                self._odds_job, self._odds_busy = None, key
            # The odds are pure Python and hold the GIL: a shorter switch interval while they run
            # hands the main thread the GIL sooner (a battle-screen tap with a CPU-bound worker:
            # median 117 ms at the default 5 ms, about 80-97 ms at 0.5 ms; 47-54 ms with no odds).
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, ODDS_SWITCH_INTERVAL))
            try:
                result = battle.odds(position, exact=False)
            except Exception:
                result = None
            finally:
                sys.setswitchinterval(before)
            self.post(lambda key=key, result=result: self._odds_done(key, result))

    def _odds_done(self, key, result) -> None:
        """On the main thread: keep the odds unless the game has moved on since they were asked."""
        with self._odds_lock:
            if self._odds_busy == key:
                self._odds_busy = None
        if key[0] != self.version:
            return  # stale: the position changed while they were computed
        self._odds_cache = {**self._keep_odds(), key: result}
        for listener in list(self.odds_listeners):
            listener()

    def _keep_odds(self) -> dict:
        return {k: v for k, v in self._odds_cache.items() if k[0] == self.version}

    def attack_odds(self, command) -> dict | None:
        """The odds of an attack before it is declared: a dict, PENDING, or None when they
        cannot be computed."""
        battle = self.battle_module()
        setup_fn = getattr(self.engine, "battle_setup", None)
        if battle is None or setup_fn is None or not hasattr(battle, "odds"):
            return None
        key = (self.version, repr(command))
        if key in self._odds_cache:
            return self._odds_cache[key]
        try:
            setup = setup_fn(self.state, command.seat, command.source, command.target, command.soldiers,
                             command.tanks, command.airplanes)
            position = battle.start(setup)
        except Exception:
            return None
        return self._odds(key, position)

    def battle_view(self) -> dict | None:
        """The battle in progress: the game's battle record, the options, the outcome so far and
        the odds (a dict, PENDING while computed, None when over or not computable)."""
        b = self.view().get("battle")
        battle = self.battle_module()
        if not b or battle is None:
            return None
        position = b["position"]
        out = {"battle": b, "options": battle.options(position), "outcome": battle.outcome(position)}
        out["odds"] = None if out["outcome"].get("over") else self._odds((self.version, "battle"), position)
        return out
