"""Password guesses at one account at the same instant. Found by a QA pass: 41 logins at
once each read the lockout's count before any was recorded, and up to 9 passwords were
checked where 5 wrong ones lock the account. A try made while another sign-in of that
username is under way is now refused (429), and checks no password."""

import threading

import pytest
from django.db import connection, connections, transaction
from django.test import Client
from django.urls import reverse

from accounts import locks
from accounts.views import ONE_LOGIN_AT_A_TIME

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture(autouse=True)
def _needs_postgres():
    if connection.vendor != "postgresql":
        pytest.skip("a race between database sessions; set DATABASE_URL to run")


def test_a_try_while_another_of_that_username_is_under_way_is_refused(alice, monkeypatch):
    checked = []
    real = type(alice).check_password
    monkeypatch.setattr(type(alice), "check_password", lambda user, raw: checked.append(raw) or real(user, raw))
    held, release = threading.Event(), threading.Event()

    def another_sign_in():  # holds the username's lock, as a sign-in in progress does
        with transaction.atomic():
            locks.hold("login:alice")
            held.set()
            release.wait(10)
        connections.close_all()

    other = threading.Thread(target=another_sign_in)
    other.start()
    held.wait(10)
    try:
        answer = Client().post(reverse("login"), {"username": "Alice", "password": "guess"})
    finally:
        release.set()
        other.join()
    assert answer.status_code == 429 and ONE_LOGIN_AT_A_TIME in answer.content.decode()
    assert checked == []  # no password was tried
    signed_in = Client().post(reverse("login"), {"username": "alice", "password": "alice-password-123"})
    assert signed_in.status_code == 302
