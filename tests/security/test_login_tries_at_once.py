"""Password guesses at one account at the same instant. Found by a QA pass: 41 logins at
once each read the lockout's count before any was recorded, and up to 9 passwords were
checked where 5 wrong ones lock the account. Tries of one username now wait for each
other; one that waits too long (a burst) is refused (429) and checks no password, while
a double press on Log in only waits for the first (a recheck found the first version
refused it at once)."""

import threading

import pytest
from django.db import connections, transaction
from django.test import Client
from django.urls import reverse

from accounts import locks, views
from accounts.views import ONE_LOGIN_AT_A_TIME

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def checked(alice, monkeypatch):
    """The passwords checked against Alice's account."""
    tried = []
    real = type(alice).check_password
    monkeypatch.setattr(type(alice), "check_password", lambda user, raw: tried.append(raw) or real(user, raw))
    monkeypatch.setattr(views, "LOGIN_WAIT", 0.5)
    return tried


def another_sign_in(seconds: float):
    """A sign-in of "alice" under way for `seconds` (it holds the username's lock)."""
    held = threading.Event()

    def run():
        with transaction.atomic():
            locks.hold("login:alice")
            held.set()
            threading.Event().wait(seconds)
        connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    held.wait(10)
    return thread


def test_a_try_that_waits_too_long_for_another_is_refused_and_checks_nothing(checked):
    other = another_sign_in(2)
    try:
        answer = Client().post(reverse("login"), {"username": "Alice", "password": "guess"})
    finally:
        other.join()
    assert answer.status_code == 429 and ONE_LOGIN_AT_A_TIME in answer.content.decode()
    assert 'value="Alice"' in answer.content.decode()  # the username stays typed
    assert checked == []


def test_a_second_press_waits_for_the_first_and_signs_in(checked):
    other = another_sign_in(0.2)
    try:
        answer = Client().post(reverse("login"), {"username": "alice", "password": "alice-password-123"})
    finally:
        other.join()
    assert answer.status_code == 302 and checked == ["alice-password-123"]
