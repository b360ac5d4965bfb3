"""Packed columns (columns.py): a column's total mass in one remainder (docs/battle.md,
"Float odds", pruning)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.magnifico.battle.columns import (
    FACTOR, FRACTION, TO_FLOAT, WIDTH, factor, keep, mass, normal, pack, values,
)


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


@settings(max_examples=50)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=300), st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8),
       st.integers(0, 400))
def test_a_raw_column_anded_with_the_flows_mask_is_normal(masses, factors, extra):
    """flow.Flow.run takes a column as `raw >> FACTOR & keep(n)` (issue 13, docs/performance.md
    "Tenth pass"): normal(raw) for any raw column (sums of columns times a column of factors)
    of at most n fields, whatever n beyond its length."""
    column = pack(masses)
    factors_column = sum(factor(x) << (i * WIDTH) for i, x in enumerate(factors))
    raw = column * factors_column + pack(masses[::-1]) * factor(factors[0])
    n = len(masses) + len(factors) + extra
    assert raw >> FACTOR & keep(n) == normal(raw)

