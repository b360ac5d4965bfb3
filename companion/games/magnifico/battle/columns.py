"""Columns: the probability masses of many battle states packed into one Python int.

A column holds one mass per count of defending soldiers d (0..99): field d is the bits
``[d * WIDTH, (d + 1) * WIDTH)``. Masses are fixed-point numbers: a *normal* column has
masses in units of 2**-FRACTION (at most 2**FRACTION, so each fits in the field's low 64
bits), a *raw* column the product of a normal column and a factor in units of
2**-FACTOR. One multiplication of the int by a factor scales every field at once, one
shift moves every field to fewer defenders: the big-integer arithmetic does per column
what a loop would do per state, in C (docs/battle.md, "Float odds").

Rounding: turning a raw column normal truncates each field to a multiple of
2**-FRACTION (about 2e-19), and a factor is a probability rounded down to a multiple of
2**-FACTOR (relative error below 2**-52, as a float's).
"""

from __future__ import annotations

from array import array

WIDTH = 128
FRACTION = 62
FACTOR = 52
RAW_ONE = 1 << (FRACTION + FACTOR)
_LOW = (1 << (FRACTION + 1)) - 1
TO_FLOAT = 2.0 ** -FRACTION
_ONE = float(1 << FRACTION)
_RAW_TO_FLOAT = 2.0 ** -(FRACTION + FACTOR)
_HIGH_TO_FLOAT = 2.0 ** (64 - FRACTION - FACTOR)


def factor(x: float) -> int:
    """A probability as a fixed-point factor."""
    return int(x * (1 << FACTOR))


_KEEP_LOW = [0]  # masks of the low 63 bits of fields 0..n-1, grown on demand


def normal(raw: int) -> int:
    """A raw column (or a sum of them) as a normal column."""
    shifted = raw >> FACTOR
    n = shifted.bit_length() // WIDTH + 1
    if n >= len(_KEEP_LOW):
        _grow(n)
    return shifted & _KEEP_LOW[n]


def _grow(n: int) -> None:
    while len(_KEEP_LOW) <= n:
        _KEEP_LOW.append(_KEEP_LOW[-1] | _LOW << ((len(_KEEP_LOW) - 1) * WIDTH))


def keep(n: int) -> int:
    """The mask that normal() applies to a raw column of at most n fields after its shift
    (`raw >> FACTOR & keep(n)` is normal(raw) for any such column: an and costs the length
    of the shorter operand)."""
    if n >= len(_KEEP_LOW):
        _grow(n)
    return _KEEP_LOW[n]


def below(d: int) -> int:
    """The mask of fields 0..d-1."""
    return (1 << (d * WIDTH)) - 1


LOWS = [below(d) for d in range(130)]  # masks of fields 0..d-1
SHIFTS = [d * WIDTH for d in range(130)]  # bit offsets of fields


def down(column: int, k: int) -> int:
    """Every field d > k moved to d - k; fields 0..k dropped (the caller took them)."""
    return column >> ((k + 1) * WIDTH) << WIDTH


def values(column: int) -> list[int]:
    """The fields of a normal column as ints, field 0 first."""
    n = column.bit_length() // WIDTH + 1
    words = array("Q")
    words.frombytes(column.to_bytes(16 * n, "little"))
    return words[0::2].tolist()


def raw_floats(raw: int) -> list[float]:
    """The fields of a raw column (or a sum of them) as floats, field 0 first."""
    n = raw.bit_length() // WIDTH + 1
    words = array("Q")
    words.frombytes(raw.to_bytes(16 * n, "little"))
    return [lo * _RAW_TO_FLOAT + hi * _HIGH_TO_FLOAT for lo, hi in zip(words[0::2], words[1::2])]


FOLD = (1 << WIDTH) - 1  # 2**WIDTH is 1 modulo this: a column modulo it is the sum of its fields


def mass(column: int) -> float:
    """The total mass of a normal column: one remainder, not a loop over its fields (the
    sum of at most a few hundred fields below 2**63 stays below FOLD)."""
    return (column % FOLD) * TO_FLOAT


def to_float(normal_mass: int) -> float:
    return normal_mass * TO_FLOAT


def pack(masses: list[float]) -> int:
    """A normal column of float masses, field 0 first."""
    words = array("Q", bytes(16 * len(masses)))
    words[0::2] = array("Q", [int(m * _ONE) for m in masses])
    return int.from_bytes(words.tobytes(), "little")
