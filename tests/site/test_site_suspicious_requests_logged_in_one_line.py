"""A request Django refuses as suspicious (a Host not allowed, a body too big) is logged
in one line, not with forty lines of Django's frames for every probe of a scanner."""

import io
import logging

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def security_log():
    # The site's own handler (pytest adds its capturing ones beside it).
    [handler] = [h for h in logging.getLogger("django.security").handlers if type(h) is logging.StreamHandler]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


def test_a_host_not_allowed_is_one_line(client, security_log):
    assert client.get("/", HTTP_HOST="evil.example").status_code == 400
    logged = security_log.getvalue()
    assert "Invalid HTTP_HOST header: 'evil.example'" in logged and "Traceback" not in logged
    assert len(logged.strip().splitlines()) == 1


def test_a_body_too_big_is_one_line(client, settings, security_log):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    assert client.post("/accounts/login/", {"username": "x" * 2000}).status_code == 400
    logged = security_log.getvalue()
    assert "exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE" in logged and "Traceback" not in logged
