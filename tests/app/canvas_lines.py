"""The lines a widget draws, as Kivy will draw them: for the tests that no line is drawn unseen,
and none through Kivy's own stencil (a line wider than 1 in a colour not opaque: four stencil
steps and a rectangle every frame, the first push clearing the window's stencil)."""

from collections.abc import Iterator

from kivy.graphics import Color, InstructionGroup, Line


def lines(widget) -> Iterator[tuple[str, Line, float]]:
    """(class, line, alpha of the colour it is drawn in) of each line of ``widget`` and its
    children, in drawing order within each widget, groups within a canvas included."""
    for w in widget.walk(restrict=True):
        alpha = [1.0]

        def drawn(group) -> Iterator[tuple[str, Line, float]]:
            for instruction in group.children:
                if isinstance(instruction, Color):
                    alpha[0] = instruction.a
                elif isinstance(instruction, Line):
                    yield type(w).__name__, instruction, alpha[0]
                elif isinstance(instruction, InstructionGroup) and instruction not in walked:  # the map's nodes
                    yield from drawn(instruction)

        # walked on their own, not again inside this canvas: its before and after, its children's
        walked = [w.canvas.before, w.canvas.after, *(child.canvas for child in w.children)]

        for canvas in (w.canvas.before, w.canvas, w.canvas.after):
            yield from drawn(canvas)


def stenciled_lines(widget) -> list[tuple[str, float, float]]:
    """(class, width, alpha) of each line Kivy would draw through a stencil: wider than 1
    under a colour not opaque."""
    return [(name, line.width, alpha) for name, line, alpha in lines(widget) if line.width != 1.0 and alpha < 1]


def unseen_drawn(widget) -> list[tuple[str, int]]:
    """(class, number of points) of each line that is drawn though fully transparent."""
    return [(name, len(line.points)) for name, line, alpha in lines(widget) if alpha == 0 and line.points]
