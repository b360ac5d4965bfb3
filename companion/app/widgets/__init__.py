"""Widgets drawn with Kivy graphics; importing this package registers them for the kv files."""

from companion.app.widgets.common import Btn, FitLabel, Panel, Swatch, Toast  # noqa: F401
from companion.app.widgets.dialogs import Dialog, Keypad  # noqa: F401
from companion.app.widgets.chart import LineChart  # noqa: F401
from companion.app.widgets.dice import DiceRow  # noqa: F401
