"""Packed columns (columns.py): a column's total mass in one remainder (docs/battle.md,
"Float odds", pruning)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.magnifico.battle.columns import FRACTION, TO_FLOAT, WIDTH, mass, pack, values


@settings(max_examples=50)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=700))
def test_the_mass_of_a_column_is_the_sum_of_its_fields(masses):
    """Every field, up to 7 blocks of 100 defenders: columns.mass is the sum of values()."""
    column = pack(masses)
    assert mass(column) == sum(values(column)) * TO_FLOAT


def test_the_mass_of_the_fullest_column_does_not_wrap():
    """700 fields at the largest normal mass (2**FRACTION each) still sum below 2**WIDTH - 1."""
    column = sum(1 << FRACTION << (i * WIDTH) for i in range(700))
    assert mass(column) == 700.0
