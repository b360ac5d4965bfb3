"""Where the app finds its layouts, translations and data (the repository's folders)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KV_DIR = ROOT / "kv"
DATA_DIR = ROOT / "data"
TRANSLATIONS_DIR = DATA_DIR / "translations"
