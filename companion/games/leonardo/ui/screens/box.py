"""The box profile: the table enters its own box once (space names, kinds, quarters, prices,
the rent table, the machina's product numbers and faces, the office and event cards, the
men-at-arms, the works of art), leaves and comes back at any time (each value is saved as
it is entered), and corrects it later. "Next" asks for what is still missing, in order.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty

from companion.app.widgets.common import make
from companion.app.widgets.dialogs import ask_number
from companion.games.leonardo import box as B

from .. import presenters as P
from ..box_editor import SECTIONS, BoxEditor, section_of
from ..texts import name_in, word
from .base import LeonardoScreen

KINDS = B.OPEN_KINDS


class _Kids(list):  # type: ignore[type-arg]
    """The widgets a redraw puts in ``box``, in order (a row's own ``_Kids`` among them), placed
    by ``place``: a box whose widgets are already these keeps them (no layout pass)."""

    def __init__(self, box: Any) -> None:
        super().__init__()
        self.box = box

    def add_widget(self, widget: Any) -> None:
        self.append(widget)

    def place(self) -> Any:
        wanted = [w.place() if isinstance(w, _Kids) else w for w in self]
        have = self.box.children[::-1]
        if len(have) != len(wanted) or any(a is not b for a, b in zip(have, wanted)):
            self.box.clear_widgets()
            for w in wanted:
                if w.parent is not None:
                    w.parent.remove_widget(w)  # from the row of an earlier redraw
                self.box.add_widget(w)
        return self.box


class LeonardoBoxScreen(LeonardoScreen):
    section = StringProperty("spaces")
    space = NumericProperty(2)
    summary = StringProperty("")
    next_line = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.editor: BoxEditor | None = None
        self.focus: dict[str, Any] | None = None  # the value "Next" asked for
        self.back_to = ""  # the screen "Done" goes back to (the new-game form by default)
        self.path_override: str | None = None  # another profile file (the screenshots' throw-away copy)
        self._kept: dict[str, Any] = {}  # the form's buttons by id, reused by every redraw

    def on_pre_enter(self, *args: Any) -> None:
        self.editor = BoxEditor(self.path_override or self.ui.profile_path())  # read again: the game may have remembered values
        if self.editor.problem:
            self.app.toast(self.app.reason(self.editor.problem))
        super().on_pre_enter(*args)

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up), never on the screen shown: the
        widgets of the section the screen opens on (a space's kind, name, quarter, price and
        rent) and of the machina's (45 buttons and 12 rows) made and filled from the table's
        profile, not placed, so their first showing only places them (their making was most
        of those taps, once per app). The form's next redraw sets every property of each, as
        it does for the widgets of an earlier visit. Only while the table's box lacks values
        (the table is entering it): they keep about 4.5 MB, which a table whose box is whole,
        and which seldom opens this screen again, does not pay."""
        if self.session is None:
            return
        editor, ids = self.editor, dict(self.ids)
        self.editor = BoxEditor(self.path_override or self.ui.profile_path())
        if not self.editor.missing():
            self.editor = editor
            return
        try:
            for section in ("spaces", "machina"):
                getattr(self, "_form_" + section)(_Kids(self.ids.form))  # made and kept (``_kept``), not placed
        finally:
            self.editor = editor
            for key in set(self.ids) - set(ids):  # the screen's ids name what it shows
                del self.ids[key]
            self.ids.update(ids)

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.editor is None or self.session is None:
            return
        app, ed = self.app, self.editor
        left = ed.missing()
        total = ed.deck_total()
        name = ed.profile.get("name") or self.tt("box.unnamed")
        self.summary = "\n".join([
            name_in(name, app.lang),
            self.tt("box.missing", n=len(left)) if left else self.tt("box.complete"),
            self.tt("box.deck", n=total) if total is not None else self.tt("box.deck_unknown"),
            self.tt("box.can_start") if ed.can_start() else self.tt("box.cannot_start"),
        ])
        nxt = left[0] if left else None
        self.next_line = self.tt("box.next", what=self._what(nxt)) if nxt else self.tt("box.nothing_missing")
        self.ids.next_btn.reason = "" if nxt else self.tt("box.nothing_missing")
        for key in SECTIONS:
            tab = self.ids["tab_" + key]
            tab.kind = "selected" if key == self.section else "normal"
        ring = self.ids.ring
        ring.unit = app.u
        ring.cells = P.ring({"box": ed.profile}, app.lang)
        ring.choices = ed.open_spaces() if self.section == "spaces" else []
        ring.selected = [self.space] if self.section == "spaces" else []
        kids = _Kids(self.ids.form)
        getattr(self, "_form_" + self.section)(kids)
        kids.place()

    def _what(self, entry: dict[str, Any] | None) -> str:
        """A missing value in words ("the price of 12 Via ...")."""
        if entry is None:
            return ""
        item, field = entry["item"], entry["field"]
        head, _, tail = item.partition(".")
        lang = self.app.lang
        if head == "space":
            where = P.space_label({"box": self.editor.profile}, int(tail), lang) if self.editor else tail
            if field.startswith("rent."):
                return self.tt("box.what.rent", space=where, n=int(field[5:]))
            return self.tt(f"box.what.space_{field}", space=where)
        if head in ("quarter", "number", "office", "event"):
            return self.tt(f"box.what.{head}_{field}", n=tail)
        return self.tt(f"box.what.{head}_{field}")

    def _button(self, box: Any, wid: str, text: str, on_tap: Any, kind: str = "normal", **kw: Any) -> Any:
        """The button ``wid`` in ``box``: made the first time, then kept and given its new text,
        look and action (a redraw after each value changes a few of them; each id always gets
        the same properties, so nothing of an earlier use is left over)."""
        kw.setdefault("size_hint_y", 1)  # fills its row (a row is shorter than a whole touch target)
        b = self._kept.get(wid)
        if b is None:
            b = self._kept[wid] = make("Btn")
            b.bind(on_tap=lambda btn: btn.act())
        b.act = on_tap
        for key, value in {"text": text, "kind": kind, "font_size": self.app.u * 13, **kw}.items():
            setattr(b, key, value)
        box.add_widget(b)
        self.ids[wid] = b
        return b

    def _row(self, key: str, label: str = "", width: float = 0.0) -> _Kids:
        """The form's row ``key`` (with ``label`` on its left), to be filled: made the first time,
        then kept as its buttons are (each key always gets the same label width)."""
        u, touch = self.app.u, self.app.touch
        row = self._kept.get("row:" + key)
        if row is None:
            row = self._kept["row:" + key] = Factory.BoxLayout(size_hint_y=None)
            row.label = None
            if label:
                row.label = Factory.Label(color=(0.68, 0.7, 0.75, 1), size_hint_x=None, halign="left",
                                          valign="middle")
        row.height, row.spacing = touch * 0.9, u * 4
        kids = _Kids(row)
        if row.label is not None:
            w = width or u * 64
            row.label.text, row.label.font_size, row.label.width, row.label.text_size = label, u * 12, w, (w, None)
            kids.add_widget(row.label)
        return kids

    def _label(self, key: str, cls: str, text: str, **kw: Any) -> Any:
        """The form's text ``key`` (a kv class ``cls``): made the first time, then kept and given
        its new text (an unchanged text is not rendered again)."""
        label = self._kept.get("label:" + key)
        if label is None:
            label = self._kept["label:" + key] = make(cls)
        for name, value in {"text": text, **kw}.items():
            setattr(label, name, value)
        return label

    def _asked(self, item: str, field: str) -> bool:
        return self.focus is not None and self.focus["item"] == item and self.focus["field"] == field

    def _text_input(self, box: Any, wid: str, value: Any, item: str, field: str, lang_value: bool = True) -> Any:
        u = self.app.u
        text = name_in(value, self.app.lang) if lang_value else str(value or "")
        ti = self._kept.get("input:" + wid)
        if ti is None or ti.focus:  # one being typed in commits its own text when it loses the focus
            ti = self._kept["input:" + wid] = Factory.TextInput(
                multiline=False, write_tab=False, background_color=(0.2, 0.23, 0.28, 1),
                foreground_color=(0.95, 0.92, 0.84, 1), cursor_color=(0.85, 0.64, 0.23, 1))

            def commit(*_: Any) -> None:
                self.commit_text(ti.item, ti.field, ti.text)

            ti.bind(on_text_validate=commit, focus=lambda _w, focused: None if focused else commit())
        ti.item, ti.field, ti.font_size, ti.padding = item, field, u * 15, [u * 6, u * 8]
        if ti.text != text:
            ti.text = text
        box.add_widget(ti)
        self.ids[wid] = ti
        if self._asked(item, field):
            ti.focus = True
        return ti

    # -- the sections ----------------------------------------------------------------------
    def _form_spaces(self, form: Any) -> None:
        ed, app, n = self.editor, self.app, int(self.space)
        assert ed is not None
        s = ed.space(n)
        item = f"space.{n}"
        form.add_widget(self._label("space", "Head", P.space_label({"box": ed.profile}, n, app.lang), font_size=app.u * 16))
        if n in B.FIXED:
            form.add_widget(self._label("fixed", "Dim", self.tt("box.fixed", kind=word(f"kind.{s['kind']}", app.lang))))
            return
        row = self._row("kind", self.tt("box.kind"))
        for k in KINDS:
            self._button(row, f"kind_{k}", word(f"kind.{k}", app.lang), lambda k=k: self.set(item, "kind", k),
                         kind="selected" if s.get("kind") == k else ("primary" if self._asked(item, "kind") else "normal"))
        form.add_widget(row)
        row = self._row("name", self.tt("box.name"))
        self._text_input(row, "name", s.get("name"), item, "name")
        form.add_widget(row)
        if s.get("kind") != "bridge":
            row = self._row("quarter", self.tt("box.quarter"))
            for q in range(1, B.QUARTERS + 1):
                self._button(row, f"quarter_{q}", str(q), lambda q=q: self.set(item, "quarter", q),
                             kind="selected" if s.get("quarter") == q else (
                                 "primary" if self._asked(item, "quarter") else "normal"))
            form.add_widget(row)
        row = self._row("price", self.tt("box.price"))
        price = s.get("price")
        self._button(row, "price", str(price) if price is not None else "?", lambda: self.ask_value(item, "price"),
                     kind="primary" if self._asked(item, "price") else "normal")
        form.add_widget(row)
        if s.get("kind") != "bridge":
            row = self._row("rent", self.tt("box.rent"))
            rent = s.get("rent") or [None] * B.MAX_WORKS
            for i in range(1, B.MAX_WORKS + 1):
                value = rent[i - 1]
                self._button(row, f"rent_{i}", f"{i}: {value if value is not None else '?'}",
                             lambda i=i: self.ask_value(item, f"rent.{i}"),
                             kind="primary" if self._asked(item, f"rent.{i}") else "normal")
            form.add_widget(row)
            form.add_widget(self._label("rent_help", "Dim", self.tt("box.rent_help")))

    def _form_quarters(self, form: Any) -> None:
        ed = self.editor
        assert ed is not None
        for q in range(1, B.QUARTERS + 1):
            row = self._row(f"quarter_{q}", str(q), self.app.u * 20)
            self._text_input(row, f"quarter_name_{q}", ed.profile["quarters"][str(q)].get("name"), f"quarter.{q}",
                             "name")
            form.add_widget(row)

    def _form_machina(self, form: Any) -> None:
        ed, app = self.editor, self.app
        assert ed is not None
        verified = bool(ed.profile["machina"].get("verified"))
        self._button(form, "verified", self.tt("box.verified") if verified else self.tt("box.unverified"),
                     lambda: self.set("machina", "verified", not verified), kind="selected" if verified else "normal",
                     size_hint_y=None, height=app.touch * 0.9)
        form.add_widget(self._label("machina_help", "Dim", self.tt("box.machina_help")))
        faces = ed.profile["machina"]["faces"]
        for x in B.MACHINA:
            row = self._row(f"number_{x}", str(x), app.u * 22)
            if x in ed.profile["lose_all"]:
                row.add_widget(self._label(f"lose_all_{x}", "Label", self.tt("box.lose_all"),
                                           color=(0.78, 0.33, 0.24, 1), font_size=app.u * 13))
            else:
                have = B.product_of(ed.profile, x)
                for p in B.PRODUCTS:
                    self._button(row, f"number_{x}_{p}", word(f"product.{p}", app.lang),
                                 lambda x=x, p=p: self.set(f"number.{x}", "product", p),
                                 kind="selected" if have == p else (
                                     "primary" if self._asked(f"number.{x}", "product") else "normal"))
            self._button(row, f"face_{x}", self.tt("box.weight", n=faces.get(str(x), 0)),
                         lambda x=x: self.ask_face(x), size_hint_x=None, width=app.u * 56)
            form.add_widget(row)

    def _form_cards(self, form: Any) -> None:
        ed, app = self.editor, self.app
        assert ed is not None
        p = ed.profile
        offices, events = p["offices"], p["events"]
        row = self._row("offices", self.tt("box.offices"), app.u * 150)
        self._button(row, "offices_count", str(len(offices)) if offices is not None else "?",
                     lambda: self.ask_value("offices", "count"),
                     kind="primary" if self._asked("offices", "count") else "normal")
        form.add_widget(row)
        for i, card in enumerate(offices or [], 1):
            row = self._row(f"office_{i}", f"#{i}", app.u * 30)
            sp = card.get("space")
            self._button(row, f"office_{i}_space", P.space_label({"box": p}, sp, app.lang) if sp else "?",
                         lambda i=i: self.pick_office_space(i),
                         kind="primary" if self._asked(f"office.{i}", "space") else "normal")
            for price in B.OFFICE_PRICES:
                self._button(row, f"office_{i}_{price}", str(price), lambda i=i, v=price: self.set(f"office.{i}",
                                                                                                  "price", v),
                             kind="selected" if card.get("price") == price else (
                                 "primary" if self._asked(f"office.{i}", "price") else "normal"),
                             size_hint_x=None, width=app.u * 46)
            form.add_widget(row)
        row = self._row("events", self.tt("box.events"), app.u * 150)
        self._button(row, "events_count", str(len(events)) if events is not None else "?",
                     lambda: self.ask_value("events", "count"),
                     kind="primary" if self._asked("events", "count") else "normal")
        form.add_widget(row)
        for i, kind in enumerate(events or [], 1):
            row = self._row(f"event_{i}", f"#{i}", app.u * 30)
            for k in B.EVENT_KINDS:
                self._button(row, f"event_{i}_{k}", word(f"event_kind.{k}", app.lang),
                             lambda i=i, k=k: self.set(f"event.{i}", "kind", k),
                             kind="selected" if kind == k else ("primary" if self._asked(f"event.{i}", "kind")
                                                                else "normal"))
            form.add_widget(row)
        row = self._row("men", self.tt("box.men"), app.u * 150)
        men = p["men_at_arms"]
        self._button(row, "men_count", str(men) if men is not None else "?", lambda: self.ask_value("men_at_arms",
                                                                                                   "count"),
                     kind="primary" if self._asked("men_at_arms", "count") else "normal")
        form.add_widget(row)
        total = ed.deck_total()
        form.add_widget(self._label("deck_help", "Dim", self.tt("box.deck_help", n=total if total is not None else "?",
                                                                cards=B.PALACE_CARDS, whole=B.DECK_SIZE)))

    def _form_art(self, form: Any) -> None:
        ed, app = self.editor, self.app
        assert ed is not None
        values = list(ed.profile["oda"])
        form.add_widget(self._label("art_count", "Txt", self.tt("box.art_count", n=len(values), most=B.ODA_COUNT),
                                    font_size=app.u * 14))
        form.add_widget(self._label("art_values", "Dim", ", ".join(str(v) for v in values) or self.tt("box.art_none")))
        row = self._row("art")
        self._button(row, "art_add", self.tt("box.art_add"), lambda: self.ask_value("oda", "add"),
                     kind="primary" if self._asked("oda", "values") else "normal")
        self._button(row, "art_remove", self.tt("box.art_remove"), lambda: self.set("oda", "values", values[:-1]),
                     reason="" if values else self.tt("box.art_none"))
        form.add_widget(row)
        form.add_widget(self._label("art_help", "Dim", self.tt("box.art_help")))

    def _form_box(self, form: Any) -> None:
        ed = self.editor
        assert ed is not None
        row = self._row("box_name", self.tt("box.box_name"))
        self._text_input(row, "box_name", ed.profile.get("name"), "box", "name")
        form.add_widget(row)
        row = self._row("box_note", self.tt("box.box_note"))
        self._text_input(row, "box_note", ed.profile.get("note"), "box", "note")
        form.add_widget(row)
        form.add_widget(self._label("box_help", "Dim", self.tt("box.box_help")))

    # -- entering values ---------------------------------------------------------------------
    def set(self, item: str, field: str, value: Any) -> bool:
        assert self.editor is not None
        reason = self.editor.set(item, field, value)
        if reason:
            text = self.app.reason(reason)
            where = (getattr(reason, "params", None) or {}).get("field")
            self.app.toast(text.removeprefix(f"{where}: ") if where else text)  # the file's address means nothing here
            self.refresh()
            return False
        if self.focus is not None and self.focus["item"] == item and self.focus["field"] in (field, "values"):
            self.focus = None
        self.refresh()
        return True

    def commit_text(self, item: str, field: str, text: str) -> None:
        assert self.editor is not None
        text = text.strip()
        current = self.editor.profile
        head, _, tail = item.partition(".")
        old = (current["spaces"][tail].get(field) if head == "space" else
               current["quarters"][tail].get("name") if head == "quarter" else current.get(field))
        if text == name_in(old, self.app.lang):
            return
        value: Any = text or None
        if isinstance(old, dict) and text:  # a name in both languages: this language's changes
            value = {**old, self.app.lang: text}
        self.set(item, field, value)

    def ask_value(self, item: str, field: str) -> None:
        """A number on the keypad (a price, a rent, a count, a work of art's value)."""
        title = self._what({"item": item, "field": field}) if field not in ("add",) else self.tt("box.art_add")
        ask_number(self.app, title, self.tt("box.keypad_help"), lambda v: self.set(item, field, int(v)),
                   max_digits=4)

    def ask_face(self, number: int) -> None:
        assert self.editor is not None
        faces = dict(self.editor.profile["machina"]["faces"])

        def got(v: int) -> None:
            faces[str(number)] = int(v)
            self.set("machina", "faces", faces)

        ask_number(self.app, self.tt("box.weight_title", n=number), self.tt("box.weight_help"), got, max_digits=2)

    def pick_office_space(self, card: int) -> None:
        from ..forms import choose

        assert self.editor is not None
        p = {"box": self.editor.profile}
        options = [(P.space_label(p, n, self.app.lang), n) for n in self.editor.office_spaces()]
        choose(self.app, self.tt("box.what.office_space", n=card), options,
               lambda n: self.set(f"office.{card}", "space", n), cols=2)

    # -- moving about ----------------------------------------------------------------------
    def show(self, section: str) -> None:
        self.section = section
        self.refresh()

    def on_ring_select(self, space: int, allowed: bool) -> None:
        if space in B.FIXED or self.section != "spaces":
            self.section = "spaces"
        self.space = space
        self.refresh()

    def next_missing(self) -> None:
        """Go to the next value the table has not entered (and ask it, for a number)."""
        assert self.editor is not None
        entry = self.editor.next_missing()
        if entry is None:
            self.app.toast(self.tt("box.nothing_missing"))
            return
        self.focus = entry
        self.section = section_of(entry["item"])
        if entry["item"].startswith("space."):
            self.space = int(entry["item"].split(".")[1])
        self.refresh()
        field = entry["field"]
        if field in ("price", "count") or field.startswith("rent."):
            self.ask_value(entry["item"], field)
        elif entry["item"] == "oda":
            self.ask_value("oda", "add")

    def done(self) -> None:
        self.focus = None
        self.app.go(self.back_to or self.ui.new_game_screen)
