"""Our own failure is JSON too. With DEBUG off a 500 from the API was Django's HTML page,
though docs/api.md says every refusal is `{"detail": ...}`, and a client reading it (the
example bot) crashed on the HTML instead of saying what happened."""

import logging

import pytest

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


def test_a_failure_in_the_server_answers_500_in_json_and_is_logged(api_as, alice, settings, monkeypatch, caplog):
    settings.DEBUG = False

    def database_gone(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(lifecycle, "create_table", database_gone)
    with caplog.at_level(logging.ERROR, logger="api.views"):
        answer = api_as(alice).post("/tables", {"kind": "capitalla", "seats": 2})
    assert answer.status_code == 500 and answer["Content-Type"] == "application/json; charset=utf-8"
    assert answer.json() == {"detail": "The server failed to answer: try again in a moment."}
    [logged] = [record for record in caplog.records if record.name == "api.views"]
    assert logged.getMessage() == "The API failed on POST /api/v1/tables" and logged.exc_info
