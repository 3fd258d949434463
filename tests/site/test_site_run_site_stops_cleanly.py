"""Ctrl-C on `make run` stops the web server, the workers and beat, and says nothing a
newcomer would take for a fault: no process "exited" to be restarted, no traceback, no
kombu complaint about a missing host name (which the filesystem broker's URL caused)."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except OSError:
        return False


def test_ctrl_c_stops_everything_quietly(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env |= {"VAR_DIR": str(tmp_path), "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "capitalla_site.settings"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    addr = f"127.0.0.1:{free_port()}"
    site = subprocess.Popen(
        [sys.executable, "manage.py", "run_site", "--addr", addr],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not answers(f"http://{addr}/healthz/") and time.monotonic() < deadline:
        time.sleep(0.5)
    time.sleep(3)  # the workers and beat have started and logged what they log

    os.killpg(site.pid, signal.SIGINT)  # what Ctrl-C in the terminal sends the whole group
    output, _ = site.communicate(timeout=60)

    assert site.returncode == 0, output
    for fault in ("exited with status", "Traceback", "No hostname was supplied", "CRITICAL"):
        assert fault not in output, output
