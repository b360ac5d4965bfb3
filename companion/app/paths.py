"""Where the app finds its layouts and translations: the package's shipped files."""

from companion.core.resources import data_path, kv_path

KV_DIR = kv_path()
DATA_DIR = data_path()
TRANSLATIONS_DIR = data_path("translations")
