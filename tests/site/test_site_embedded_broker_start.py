"""Every process of `make run` opens the embedded broker as it starts, on a file that may
not have its tables or queues yet: all of them get through, none takes a race for a lost
broker. (kombu's own table creation raced: "table kombu_queue already exists".)"""

import json
import subprocess
import sys

from tests.site.test_site_embedded_broker_burst import ROOT, SCRIPT, embedded_env

PROCESSES = 8


def test_processes_starting_together_on_a_new_broker_file_all_publish(tmp_path):
    for attempt in range(3):
        env = embedded_env(tmp_path / str(attempt))
        starting = [
            subprocess.Popen(
                [sys.executable, str(SCRIPT), "publish", f"p{n}", "1"],
                cwd=ROOT,
                env=env,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(PROCESSES)
        ]
        failures = [process.communicate(timeout=120)[1] for process in starting if process.wait(timeout=120)]
        assert failures == []
        out = subprocess.run(
            [sys.executable, str(SCRIPT), "drain", str(PROCESSES), "30"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert sorted(json.loads(out)["bodies"]) == sorted(f"p{n}:0" for n in range(PROCESSES))
