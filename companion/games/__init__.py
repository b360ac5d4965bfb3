"""One package per game; each keeps its own rules."""
