"""Beat through a broker outage: one line when it cannot send the sweep, one when it can
again, not Celery's two stack dumps every 5 s; any other error still logged in full."""

import logging

import pytest
from celery.beat import SchedulingError
from kombu.exceptions import OperationalError

from capitalla_site.beat import OutageQuietScheduler
from capitalla_site.celery import app


@pytest.fixture
def scheduler(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING, logger="capitalla_site.beat")
    beat = OutageQuietScheduler(app, schedule_filename=str(tmp_path / "schedule"), lazy=True)
    beat.broker = "up"

    def apply_async(entry, producer=None, advance=True):
        try:
            if beat.broker == "down":
                raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
            if beat.broker == "broken":
                raise ValueError("a task that cannot be sent")
        except Exception as exc:
            # As Celery wraps it: the cause is the context, not `from exc`.
            raise SchedulingError(f"Couldn't apply scheduled task sweep: {exc}")  # noqa: B904
        return None

    monkeypatch.setattr(beat, "apply_async", apply_async)
    return beat


def test_an_outage_is_two_lines_however_many_sweeps_fall_due(scheduler, caplog):
    scheduler.apply_entry("sweep")
    for scheduler.broker in ["down"] * 10 + ["up"] * 3:
        scheduler.apply_entry("sweep")
    said = [(record.levelname, record.getMessage()) for record in caplog.records]
    assert said == [
        (
            "ERROR",
            "Beat cannot reach the broker (Error 111 connecting to 127.0.0.1:6379. Connection refused.);"
            " it tries again at each due task.",
        ),
        ("WARNING", "Beat reaches the broker again."),
    ]
    assert not any(record.exc_info for record in caplog.records)


def test_another_error_is_logged_every_time_with_its_traceback(scheduler, caplog):
    scheduler.broker = "broken"
    scheduler.apply_entry("sweep")
    scheduler.apply_entry("sweep")
    assert len(caplog.records) == 2 and all(record.exc_info for record in caplog.records)
