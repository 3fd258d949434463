"""The embedded broker (no REDIS_URL) under a burst: three processes publish while one
drains, as the web, beat and the workers of `make run` do. Every message arrives whole and
exactly once. kombu's filesystem transport, used before, let a reader open a message file
before its writer had filled it: some reads were empty, and a worker died of them."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("broker_burst.py")
PUBLISHERS, EACH = 3, 400


def embedded_env(var_dir: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    return env | {
        "VAR_DIR": str(var_dir),
        "DJANGO_SETTINGS_MODULE": "capitalla_site.settings",
        "DEBUG": "1",
        "PYTHONPATH": str(ROOT),
    }


def test_a_burst_of_publishes_arrives_whole_and_once(tmp_path):
    env = embedded_env(tmp_path)
    total = PUBLISHERS * EACH
    drainer = subprocess.Popen(
        [sys.executable, str(SCRIPT), "drain", str(total), "120"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    publishers = [
        subprocess.Popen([sys.executable, str(SCRIPT), "publish", f"p{n}", str(EACH)], cwd=ROOT, env=env)
        for n in range(PUBLISHERS)
    ]
    assert all(publisher.wait(timeout=240) == 0 for publisher in publishers)
    out, _ = drainer.communicate(timeout=300)
    drained = json.loads(out.strip().splitlines()[-1])

    assert drained["errors"] == []
    expected = {f"p{n}:{i}" for n in range(PUBLISHERS) for i in range(EACH)}
    assert sorted(drained["bodies"]) == sorted(expected)
