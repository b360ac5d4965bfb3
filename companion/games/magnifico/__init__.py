"""The Magnifico rules engine."""
