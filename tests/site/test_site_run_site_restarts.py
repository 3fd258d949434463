"""`run_site` starts again a process that died, after a back-off, and keeps the others
running; SIGTERM still stops them all. Played with small fake commands, no real servers."""

import io
import os
import signal
import sys

import pytest
from django.core.management import call_command
from production_site import free_port

from tables.management.commands import run_site

STOPPER = """
import os, signal, sys, time
starts, wanted = sys.argv[1], int(sys.argv[2])
deadline = time.monotonic() + 60  # a supervisor that never restarts still gets stopped
while time.monotonic() < deadline and len(open(starts).read()) < wanted:
    time.sleep(0.05)
os.kill(os.getppid(), signal.SIGTERM)
time.sleep(600)
"""


@pytest.fixture
def run_fake_site(tmp_path, monkeypatch, settings):
    """run_fake_site(): run_site over a process that exits at once (status 3), a steady
    one, and one that sends run_site SIGTERM once the first has started 4 times.
    Returns (how often each of the first two started, the steady one's pid, run_site's stderr)."""
    crasher_starts, steady_starts = tmp_path / "crasher", tmp_path / "steady"
    crasher_starts.write_text("")
    commands = {
        "crasher": [sys.executable, "-c", f"open({str(crasher_starts)!r}, 'a').write('x'); raise SystemExit(3)"],
        "steady": [
            sys.executable,
            "-c",
            f"import os, time; open({str(steady_starts)!r}, 'a').write(f'{{os.getpid()}} '); time.sleep(600)",
        ],
        "stopper": [sys.executable, "-c", STOPPER, str(crasher_starts), "4"],
    }
    monkeypatch.setattr(run_site, "process_commands", lambda addr: commands)
    settings.DEBUG = True  # run_site is for development (pytest-django turns DEBUG off)
    monkeypatch.setattr(run_site, "FIRST_DELAY", 0.01)

    def run():
        stderr = io.StringIO()
        previous = signal.getsignal(signal.SIGTERM)
        try:
            call_command("run_site", addr=f"127.0.0.1:{free_port()}", stdout=io.StringIO(), stderr=stderr)
        finally:
            signal.signal(signal.SIGTERM, previous)
        steady_pids = steady_starts.read_text().split()
        return len(crasher_starts.read_text()), steady_pids, stderr.getvalue()

    return run


def test_a_process_that_exits_is_started_again_while_the_others_keep_running(run_fake_site):
    crasher_started, steady_pids, report = run_fake_site()
    assert crasher_started >= 4
    assert len(steady_pids) == 1  # never restarted: nobody shut it down when the crasher died
    assert "crasher exited with status 3; starting it again in 0.01 s." in report
    with pytest.raises(ProcessLookupError):  # SIGTERM stopped it with the rest
        os.kill(int(steady_pids[0]), 0)


def test_restarts_back_off_while_a_process_keeps_dying(run_fake_site):
    *_, report = run_fake_site()
    assert [line.rsplit(" in ", 1)[1] for line in report.splitlines()[:3]] == ["0.01 s.", "0.02 s.", "0.04 s."]


def test_a_process_that_ran_a_while_before_dying_starts_over_at_the_first_delay(run_fake_site, monkeypatch):
    monkeypatch.setattr(run_site, "STEADY_SECONDS", 0)
    *_, report = run_fake_site()
    assert {line.rsplit(" in ", 1)[1] for line in report.splitlines()} == {"0.01 s."}


def test_the_delay_doubles_up_to_its_cap():
    assert [run_site.restart_delay(n) for n in (1, 2, 3, 4, 5, 6, 7)] == [1, 2, 4, 8, 16, 30, 30]
