import pytest

from companion.storage import Journal
from companion.core import registry
from tests.storage import tally


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    """Never touch the real user's data or config folder: platformdirs follows XDG_*."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("MAGNIFICO_DB", raising=False)
    monkeypatch.delenv("MAGNIFICO_KEY_FILE", raising=False)
    monkeypatch.setitem(registry._loaded, "tally", tally)  # a test game known without an entry point


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(db_path):
    j = Journal(db_path, game=tally, snapshot_every=5)
    yield j
    j.close()


def reopen(journal, **kwargs):
    """Close the journal and open its file again (a fresh process would do the same)."""
    journal.close()
    return Journal(journal.path, game=tally, snapshot_every=kwargs.pop("snapshot_every", journal.snapshot_every), **kwargs)
