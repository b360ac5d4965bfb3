"""What every game of the family shares: players, money, dice, the record, the log."""
