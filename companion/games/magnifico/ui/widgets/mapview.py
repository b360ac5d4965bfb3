"""The schematic map: territories as nodes with their land borders, sea zones, the Helvetic area.

Nodes are coloured by owner and carry the pieces (soldiers, tanks, airplanes, castle and
towers). A tap selects the nearest territory; ``choices`` (when set) greys out the rest,
so a screen offers only what the engine allows.
"""

from __future__ import annotations

from kivy.graphics import Canvas, Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle
from kivy.properties import DictProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.app.theme import CORNER_SEGMENTS, PALETTE, text_on
from companion.app.widgets.common import laying_out
from companion.app.widgets.textures import text_texture

# The ring round a territory one may tap: white at 0.9 over the screen's background, drawn
# opaque. Kivy draws a line wider than 1 in a colour not opaque through a stencil of its own,
# whose first push clears the window's stencil: about 1 ms a ring a frame with a software
# renderer, 15 of the 31 ms of a frame of the income screen with 14 rings (issue 13).
RING = (*(0.9 + 0.1 * c for c in PALETTE["bg"][:3]), 1.0)


class MapView(Widget):
    map_data = DictProperty({})
    lang = StringProperty("it")
    owners = DictProperty({})  # territory id -> RGBA of the owner's army
    pieces = DictProperty({})  # territory id -> {"soldiers", "tanks", "airplanes", "castle", "towers"}
    selected = ListProperty([])  # highlighted territory ids
    choices = ObjectProperty(None, allownone=True)  # None: every territory; else the ids one may tap
    marks = DictProperty({})  # territory id -> short tag drawn on the node ("from", "to", ...)
    unit = NumericProperty(1.0)  # the app's scale
    touch_size = NumericProperty(48)

    __events__ = ("on_select",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._centres: dict[str, tuple[float, float]] = {}
        for name in ("pos", "size", "map_data", "lang", "owners", "pieces", "selected", "choices", "marks",
                     "unit"):
            self.fbind(name, self._schedule)
        self._pending = False

    def _schedule(self, *_):
        if not self._pending:
            self._pending = True
            from kivy.clock import Clock

            Clock.schedule_once(self.redraw, -1)  # before the next frame, once per burst of changes

    # -- geometry -----------------------------------------------------------------------
    def node_size(self) -> tuple[float, float]:
        return max(self.width * 0.085, 44 * self.unit), max(self.height * 0.068, 30 * self.unit)

    def to_px(self, pos) -> tuple[float, float]:
        nw, nh = self.node_size()
        x = self.x + nw / 2 + pos[0] * (self.width - nw)
        y = self.top - nh / 2 - pos[1] * (self.height - nh)
        return x, y

    def territory_at(self, x: float, y: float) -> str | None:
        """The territory whose node is nearest to (x, y), within about one node."""
        nw, nh = self.node_size()
        best, best_d = None, None
        for tid, (cx, cy) in self._centres.items():
            dx, dy = (x - cx) / (nw * 0.75), (y - cy) / (nh * 0.9)
            d = dx * dx + dy * dy
            if d <= 1.0 and (best_d is None or d < best_d):
                best, best_d = tid, d
        return best

    def centre_of(self, tid: str) -> tuple[float, float]:
        return self._centres[tid]

    # -- touch --------------------------------------------------------------------------
    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        tid = self.territory_at(*touch.pos)
        if tid is None:
            return True
        if self.choices is not None and tid not in self.choices:
            self.dispatch("on_select", tid, False)
            return True
        self.dispatch("on_select", tid, True)
        return True

    def on_select(self, territory: str, allowed: bool):
        pass

    # -- drawing ------------------------------------------------------------------------
    def redraw(self, *_):
        """Draw what changed: the whole map when its layout changed (size, language, scale, map),
        else only the nodes whose look changed (a count, an owner, a selection), each node in
        its own canvas group so the others' instructions stay as they are."""
        if laying_out(self):  # a size on the way to the real one: drawn once that is set
            from kivy.clock import Clock

            Clock.schedule_once(self.redraw, -1)
            return
        self._pending = False
        data = self.map_data
        if not data or self.width < 10:
            self.canvas.clear()
            self._layout, self._nodes = None, {}
            return
        nw, nh = self.node_size()
        territories = {t["id"]: t for t in data.get("territories", [])}
        layout = (tuple(self.pos), tuple(self.size), self.lang, self.unit, id(data))
        if layout != self._layout:
            self._layout = layout
            self.canvas.clear()
            self._centres = self._spread(territories, nw, nh)
            self._draw_base(data, nw, nh)
            rects = self._node_rects(nw, nh)
            self._nodes = {}
            for tid in territories:
                group = Canvas()
                self.canvas.add(group)
                self._nodes[tid] = [None, group, rects[tid]]
        fs_num = max(11, int(15 * self.unit))
        for tid, t in territories.items():
            entry = self._nodes[tid]
            look = self._look(tid)
            if look != entry[0]:
                entry[0] = look
                entry[1].clear()
                with entry[1]:
                    self._draw_node(tid, t, entry[2], fs_num)

    _layout = None  # what the drawn layout was made for
    _nodes: dict = {}  # territory id -> [its look as drawn, its canvas group, its node's rect]

    def _look(self, tid: str) -> tuple:
        """Everything a node's drawing depends on besides the layout."""
        owner = self.owners.get(tid)
        piece = self.pieces.get(tid) or {}
        return (tuple(owner) if owner else None, sorted(piece.items()), tid in self.selected,
                self.choices is None or tid in self.choices, self.choices is None, self.marks.get(tid))

    def _draw_base(self, data, nw, nh):
        """What does not change within a layout: the Helvetic area, the seas and the borders."""
        u = self.unit
        seas = {s["id"]: s for s in data.get("seas", [])}
        sea_px = {sid: self.to_px(s["pos"]) for sid, s in seas.items()}
        crossings = {tuple(sorted(c)) for c in data.get("crossings", [])}
        territories = data.get("territories", [])
        with self.canvas:
            # the Helvetic Confederation: impassable
            poly = data.get("helvetic", {}).get("polygon") or []
            if len(poly) >= 3:
                pts = [self.to_px(p) for p in poly]
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                verts = [cx, cy, 0, 0]
                for i, (px, py) in enumerate(pts):
                    verts += [px, py, 0, 0]
                verts += [pts[0][0], pts[0][1], 0, 0]
                Color(*PALETTE["helvetic"])
                Mesh(vertices=verts, indices=list(range(len(pts) + 2)), mode="triangle_fan")
            # sea zones: a small label where it covers no territory, faint lines to the
            # territories facing it (drawn under the nodes)
            labels = self._sea_labels(seas, sea_px, nw, nh)
            for t in territories:
                for sid in t.get("seas", []):
                    if sid in labels:
                        lx, ly, lw, lh = labels[sid][0]
                        Color(*PALETTE["sea_text"][:3], 0.22)
                        Line(points=[*self._centres[t["id"]], lx + lw / 2, ly + lh / 2], width=1, dash_length=4,
                             dash_offset=4)
            for sid, ((lx, ly, lw, lh), tex) in labels.items():
                Color(*PALETTE["sea"])
                RoundedRectangle(pos=(lx, ly), size=(lw, lh), radius=[6 * u], segments=CORNER_SEGMENTS)
                Color(*PALETTE["sea_text"])
                Rectangle(texture=tex, pos=(lx + (lw - tex.width) / 2, ly + (lh - tex.height) / 2), size=tex.size)
            self.sea_boxes = {sid: box for sid, (box, _tex) in labels.items()}
            # land borders (sea crossings that count as land borders drawn dashed)
            for a, b in data.get("borders", []):
                if a not in self._centres or b not in self._centres:
                    continue
                crossing = tuple(sorted((a, b))) in crossings
                Color(*(PALETTE["crossing"] if crossing else PALETTE["border"]))
                if crossing:
                    Line(points=[*self._centres[a], *self._centres[b]], width=1.2, dash_length=6, dash_offset=4)
                else:
                    Line(points=[*self._centres[a], *self._centres[b]], width=1.6 * u)

    sea_boxes: dict = {}  # sea id -> (x, y, w, h) of its label, as last drawn

    def node_boxes(self, nw, nh) -> dict:
        """Each territory's node with its castle mark, (x, y, w, h)."""
        u = self.unit
        return {tid: (x - 6 * u, y, w + 6 * u, h + 6 * u) for tid, (x, y, w, h) in self._node_rects(nw, nh).items()}

    def _node_rects(self, nw, nh) -> dict:
        """Each territory's node, (x, y, w, h): at least ``nw`` wide, wider when its name needs it."""
        out = {}
        for tid, t in self._territories().items():
            cx, cy = self._centres[tid]
            w = max(nw, self._name_texture(t).width + 6 * self.unit)
            out[tid] = (cx - w / 2, cy - nh / 2, w, nh)
        return out

    def _territories(self) -> dict:
        return {t["id"]: t for t in (self.map_data or {}).get("territories", [])}

    def _name_texture(self, t):
        fs = max(9, int(10 * self.unit))
        return text_texture(self._name(t), fs)

    def _spread(self, territories: dict, nw: float, nh: float) -> dict:
        """Each node's centre: the map's point, pushed apart from its neighbours until no two
        nodes (castle marks included) overlap, inside the map (the map file places points
        for a large screen; a small one would stack London on Bruges)."""
        key = (tuple(self.pos), tuple(self.size), self.lang, self.unit, id(self.map_data))
        if getattr(self, "_spread_key", None) == key:
            return self._spread_cache
        u, gap = self.unit, 2.0
        centres = {tid: list(self.to_px(t["pos"])) for tid, t in territories.items()}
        half_w = {tid: (max(nw, self._name_texture(t).width + 6 * u) + 6 * u) / 2 for tid, t in territories.items()}
        half_h = (nh + 6 * u) / 2
        ids = sorted(centres)
        for _ in range(300):
            moved = False
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    pa, pb = centres[a], centres[b]
                    ox = half_w[a] + half_w[b] + gap - abs(pa[0] - pb[0])
                    oy = 2 * half_h + gap - abs(pa[1] - pb[1])
                    if ox <= 0 or oy <= 0:
                        continue
                    moved = True
                    if ox / (half_w[a] + half_w[b]) < oy / (2 * half_h):  # the cheaper way apart
                        d = (ox / 2 + 0.5) * (1 if pa[0] >= pb[0] else -1)
                        pa[0] += d
                        pb[0] -= d
                    else:
                        d = (oy / 2 + 0.5) * (1 if pa[1] >= pb[1] else -1)
                        pa[1] += d
                        pb[1] -= d
            for tid, p in centres.items():  # inside the map, castle mark included
                p[0] = min(max(p[0], self.x + half_w[tid]), self.right - half_w[tid])
                p[1] = min(max(p[1], self.y + half_h), self.top - half_h)
            if not moved:
                break
        out = {tid: (p[0] + 3 * u, p[1] - 3 * u) for tid, p in centres.items()}  # the node, right of its mark
        self._spread_key, self._spread_cache = key, out
        return out

    def problems(self) -> list[str]:
        """What a person could not read as drawn: two nodes (castle marks included) overlapping."""
        if not self._centres:
            return []
        boxes = self.node_boxes(*self.node_size())
        out, ids = [], sorted(boxes)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay, aw, ah), (bx, by, bw, bh) = boxes[a], boxes[b]
                if min(ax + aw, bx + bw) > max(ax, bx) and min(ay + ah, by + bh) > max(ay, by):
                    out.append(f"{a} overlaps {b}")
        return out

    def _sea_labels(self, seas, sea_px, nw, nh) -> dict:
        """Where each sea's label goes: at the sea's point when that covers no node, else the
        nearest free place around it (rings of 16 directions), inside the map; when nothing is
        free, the place with the least overlap."""
        import math

        key = (getattr(self, "_spread_key", None), tuple(sorted(seas)), nw, nh)
        if getattr(self, "_sea_key", None) == key:  # the nodes have not moved: neither do the labels
            return self._sea_cache
        u = self.unit
        nodes = list(self.node_boxes(nw, nh).values())
        placed: list = []
        out = {}

        def overlap(box):
            x, y, w, h = box
            total = 0.0
            for bx, by, bw, bh in nodes + placed:
                ox = min(x + w, bx + bw) - max(x, bx)
                oy = min(y + h, by + bh) - max(y, by)
                if ox > 0 and oy > 0:
                    total += ox * oy
            return total

        for sid, s in seas.items():
            sx, sy = sea_px[sid]
            tex = text_texture(self._name(s), max(9, int(10 * u)), True)
            w, h = tex.width + 8 * u, tex.height + 4 * u
            best, best_cost = None, None
            for ring in range(0, 16):
                r = ring * 5 * u
                for k in range(16 if ring else 1):
                    a = 2 * math.pi * k / 16
                    x = min(max(self.x, sx + r * math.cos(a) - w / 2), self.right - w)
                    y = min(max(self.y, sy + r * math.sin(a) - h / 2), self.top - h)
                    cost = overlap((x, y, w, h))
                    if best_cost is None or cost < best_cost:
                        best, best_cost = (x, y, w, h), cost
                    if cost == 0:
                        break
                if best_cost == 0:
                    break
            placed.append(best)
            out[sid] = (best, tex)
        self._sea_key, self._sea_cache = key, out
        return out

    def _name(self, item) -> str:
        names = item.get("name", item.get("id", ""))
        if isinstance(names, dict):
            return names.get(self.lang) or names.get("en") or item.get("id", "")
        return str(names)

    def _draw_node(self, tid, t, rect, fs_num):
        u = self.unit
        cx, cy = self._centres[tid]
        x, y, nw, nh = rect
        owner = self.owners.get(tid)
        fill = tuple(owner) if owner else PALETTE["land"]
        ink = text_on(fill)
        allowed = self.choices is None or tid in self.choices
        if tid in self.selected:
            Color(*PALETTE["accent"])
            RoundedRectangle(pos=(x - 4 * u, y - 4 * u), size=(nw + 8 * u, nh + 8 * u), radius=[8 * u],
                             segments=CORNER_SEGMENTS)
        elif self.choices is not None and allowed:
            Color(*RING)
            Line(rounded_rectangle=(x - 3 * u, y - 3 * u, nw + 6 * u, nh + 6 * u, 7 * u), width=2 * u)
        Color(*fill)
        RoundedRectangle(pos=(x, y), size=(nw, nh), radius=[6 * u], segments=CORNER_SEGMENTS)
        Color(0, 0, 0, 0.35)
        Line(rounded_rectangle=(x, y, nw, nh, 6 * u), width=1)
        piece = self.pieces.get(tid) or {}
        # name (top) and soldiers (bottom left)
        name_tex = self._name_texture(t)
        Color(*ink)
        Rectangle(texture=name_tex, pos=(cx - name_tex.width / 2, y + nh - name_tex.height - 1), size=name_tex.size)
        soldiers = piece.get("soldiers", 0)
        if soldiers:
            tex = text_texture(str(soldiers), fs_num, True)
            Rectangle(texture=tex, pos=(x + 4 * u, y + 1), size=tex.size)
        # tanks and airplanes: small tags at the bottom right
        tags = []
        if piece.get("tanks"):
            tags.append(f"T{piece['tanks']}")
        if piece.get("airplanes"):
            tags.append(f"A{piece['airplanes']}")
        if tags:
            tex = text_texture(" ".join(tags), max(9, int(11 * u)), True)
            Color(0.1, 0.1, 0.12, 0.85)
            RoundedRectangle(pos=(x + nw - tex.width - 6 * u, y + 2), size=(tex.width + 4 * u, tex.height),
                             radius=[3], segments=CORNER_SEGMENTS)
            Color(1, 1, 1, 1)
            Rectangle(texture=tex, pos=(x + nw - tex.width - 4 * u, y + 2), size=tex.size)
        # castle: a gold tower on the left edge, one pip per tower
        if piece.get("castle"):
            s = 10 * u
            Color(*PALETTE["accent"])
            Rectangle(pos=(x - s / 2, y + nh - s / 2), size=(s, s))
            Color(0.1, 0.1, 0.1, 1)
            Line(rectangle=(x - s / 2, y + nh - s / 2, s, s), width=1)
            for i in range(int(piece.get("towers", 0))):
                Color(*PALETTE["accent"])
                Ellipse(pos=(x + s / 2 + 1 + i * 6 * u, y + nh + s / 2 - 5 * u), size=(5 * u, 5 * u))
        mark = self.marks.get(tid)
        if mark:
            tex = text_texture(mark, max(9, int(11 * u)), True)
            Color(*PALETTE["accent"])
            RoundedRectangle(pos=(cx - tex.width / 2 - 3, y - tex.height - 2), size=(tex.width + 6, tex.height),
                             radius=[3], segments=CORNER_SEGMENTS)
            Color(*PALETTE["accent_text"])
            Rectangle(texture=tex, pos=(cx - tex.width / 2, y - tex.height - 2), size=tex.size)
        if not allowed:
            Color(*PALETTE["bg"][:3], 0.55)
            RoundedRectangle(pos=(x, y), size=(nw, nh), radius=[6 * u], segments=CORNER_SEGMENTS)
