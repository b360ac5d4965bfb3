"""The pin factory's simulated pins (issue 13: nothing grows in a long-running app)."""

from hardware.gpio import SIMULATED_HISTORY, pin_factory


def test_simulated_pins_remember_only_their_last_changes():
    """A simulated display bit-bangs its pins thousands of times a game: gpiozero's mock pin
    keeps every change; ours keeps the last few, and still works as a pin."""
    factory, label = pin_factory("simulated")
    try:
        assert label == "MockFactory"
        pin = factory.pin(17)
        pin.function = "output"
        for i in range(10 * SIMULATED_HISTORY):
            pin.state = i % 2
        assert pin.state == (10 * SIMULATED_HISTORY - 1) % 2
        assert len(pin.states) == SIMULATED_HISTORY
        assert [s.state for s in pin.states][-2:] == [False, True]
    finally:
        factory.close()
