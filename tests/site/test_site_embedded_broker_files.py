"""The embedded broker (no REDIS_URL) keeps every file it writes under VAR_DIR, which git
ignores: nothing of kombu's lands in the source tree."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_folder_of_the_filesystem_broker_is_under_var_dir(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env |= {"VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "capitalla_site.settings"}
    script = ("import json; from django.conf import settings; "
              "print(json.dumps(settings.CELERY_BROKER_TRANSPORT_OPTIONS))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout
    options = json.loads(out)
    folders = [value for key, value in options.items() if key.endswith("_folder") or key.startswith("data_folder")]
    assert {"data_folder_in", "data_folder_out", "processed_folder", "control_folder"} <= set(options)
    assert folders and all(Path(folder).is_relative_to(tmp_path) for folder in folders), options
