"""Leonardo (1989) at the table: box profile, rules engine, record, bots (pure)."""
