"""`make run` printed its address about 5.5 s before the site answered there, so a quick
click got "connection refused" (issue 48). It now prints the address and the demo login
once the web server answers; if it never does, run_site says so and exits non-zero, and it
refuses an address where something listens already (that one would answer in its stead)."""

import io
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from production_site import free_port

from tables.management.commands import run_site

ROOT = Path(__file__).resolve().parents[2]


def test_the_first_line_with_the_address_comes_once_the_site_answers(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env |= {"VAR_DIR": str(tmp_path), "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "capitalla_site.settings"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    address = f"http://127.0.0.1:{port}/"
    site = subprocess.Popen(
        [sys.executable, "manage.py", "run_site", "--addr", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        lines = iter(site.stdout.readline, "")  # run_site gives up after WEB_START_SECONDS
        # (uvicorn's own "running on" line may come before its first answer)
        banner = next((line for line in lines if line.startswith("Capitalla is running at")), "")
        answered = run_site.answers("127.0.0.1", port)  # at once, before reading on
        assert banner == f"Capitalla is running at {address}\n"
        assert answered
        assert next(lines) == "Log in as demo / capitalla-demo\n"
    finally:
        os.killpg(site.pid, signal.SIGINT)
        site.communicate(timeout=60)


@pytest.fixture
def run_with_web(monkeypatch, settings):
    """run_with_web(web, addr, stdout): run_site in this process, writing to `stdout`, with
    `web` as the web server's command line and no other process."""
    settings.DEBUG = True  # run_site is for development (pytest-django turns DEBUG off)

    def run(web: list[str], addr: str, stdout=None) -> None:
        monkeypatch.setattr(run_site, "process_commands", lambda addr: {"web": web})
        previous = signal.getsignal(signal.SIGTERM)
        try:
            call_command("run_site", addr=addr, stdout=stdout or io.StringIO(), stderr=io.StringIO())
        finally:
            signal.signal(signal.SIGTERM, previous)

    return run


def test_a_web_server_that_never_answers_is_said_and_stops_everything(run_with_web, monkeypatch):
    monkeypatch.setattr(run_site, "WEB_START_SECONDS", 1)
    silent = [sys.executable, "-c", "import time; time.sleep(600)"]
    port, stdout, started = free_port(), io.StringIO(), time.monotonic()
    with pytest.raises(CommandError, match=rf"did not answer at http://127.0.0.1:{port}/ within 1 s"):
        run_with_web(silent, f"127.0.0.1:{port}", stdout)
    assert time.monotonic() - started < 20  # stopped, not waited for through its 600 s
    assert "running at" not in stdout.getvalue()


def test_an_address_where_something_listens_already_is_refused(run_with_web):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CommandError, match=rf"Something already listens at 127.0.0.1:{port}"):
            run_with_web([sys.executable, "-c", "raise SystemExit('never started')"], f"127.0.0.1:{port}")


def test_an_address_without_a_port_is_refused_in_words(run_with_web):
    with pytest.raises(CommandError, match="is host:port, such as 127.0.0.1:8000"):
        run_with_web([sys.executable, "-c", "pass"], "localhost")
