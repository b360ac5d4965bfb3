from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.phones.table import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path)
    try:
        yield t
    finally:
        t.close()
