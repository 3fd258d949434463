"""A PostgreSQL outage flooded the sweep worker's log: Celery logged a ~96-line traceback
of the sweep's OperationalError at every beat tick (every 5 s). The sweep now logs one line
when the outage starts and one when it ends, and returns without raising: the next tick
tries again anyway."""

import logging
import re
from types import SimpleNamespace

import pytest
from django.db import OperationalError

import tables.tasks
from tables.actions import absences


@pytest.fixture
def database(monkeypatch, caplog):
    """The sweep's first database call fails until the test calls `database.back()`."""
    caplog.set_level(logging.WARNING, logger="tables.tasks")
    monkeypatch.setattr(tables.tasks.database_outage, "since", None)  # no outage left by another test
    real_first_call = absences.apply_due_absences

    def unreachable():
        raise OperationalError("couldn't get a connection after 10.00 sec")

    monkeypatch.setattr(absences, "apply_due_absences", unreachable)
    return SimpleNamespace(back=lambda: monkeypatch.setattr(absences, "apply_due_absences", real_first_call))


def sweep_lines(caplog):
    return [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records if r.name == "tables.tasks"]


@pytest.mark.django_db
def test_an_outage_is_one_line_when_it_starts_and_one_when_it_ends(database, caplog, enqueued):
    for _ in range(4):
        assert tables.tasks.sweep() is None  # returned, not raised
    assert sweep_lines(caplog) == [
        ("WARNING", "Sweep cannot reach the database (OperationalError): it tries again at each beat tick.", None)
    ]
    caplog.clear()
    database.back()
    assert isinstance(tables.tasks.sweep(), dict)
    assert isinstance(tables.tasks.sweep(), dict)
    [(level, message, traceback)] = sweep_lines(caplog)
    assert level == "WARNING" and traceback is None
    assert re.fullmatch(r"Sweep reaches the database again after \d+ s\.", message)
