import os
import tempfile

# No test touches the user's real data or config folders (journal, key file, box profile):
# platformdirs follows XDG on Linux, so both point into one throw-away folder per run.
_SANDBOX = tempfile.mkdtemp(prefix="magnifico-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_SANDBOX, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SANDBOX, "config")
for _name in ("MAGNIFICO_DB", "MAGNIFICO_KEY_FILE", "MAGNIFICO_BOX_PROFILE"):
    os.environ.pop(_name, None)

from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.kivy_app"]  # the headless app the shell's and the games' UI tests share

settings.register_profile("ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
