"""The long-poll (`/games/<id>/events?after=<version>&wait=<s>`): it answers as soon as
the game's version is above `after`, else when the wait ends, with the game as it is."""

import time

import pytest

from tables.actions import player_moves

pytestmark = pytest.mark.django_db


class Naps(list):
    """The long-poll's naps (their lengths); `then(action)` runs `action` at the next one."""

    action = None

    def then(self, action):
        self.action = action


@pytest.fixture
def sleeps(monkeypatch):
    naps, real_sleep = Naps(), time.sleep

    def nap(seconds):
        naps.append(seconds)
        if naps.action is not None:
            naps.action()
            naps.action = None
        real_sleep(0.01)

    monkeypatch.setattr("api.views.time.sleep", nap)
    return naps


def test_a_newer_version_answers_at_once(api_as, table, alice, sleeps):
    answer = api_as(alice).get(f"/games/{table.pk}/events", after=table.version - 1, wait=25)
    assert answer.status_code == 200 and answer.json()["version"] == table.version and not sleeps


def test_a_move_during_the_wait_answers_it(api_as, table, alice, bob, sleeps):
    move = table.rules.legal_moves(table.state, 0)[0]
    sleeps.then(lambda: player_moves.play_move(alice, table.pk, table.version, move))
    started = time.monotonic()
    answer = api_as(bob).get(f"/games/{table.pk}/events", after=table.version, wait=25)
    assert answer.json()["version"] == table.version + 1 and len(sleeps) == 1
    assert time.monotonic() - started < 5


def test_nothing_new_answers_when_the_wait_ends(api_as, table, bob, monkeypatch):
    monkeypatch.setattr("api.views.LONG_POLL_EVERY", 0.05)
    started = time.monotonic()
    answer = api_as(bob).get(f"/games/{table.pk}/events", after=table.version, wait=0.3)
    assert answer.json()["version"] == table.version and 0.3 <= time.monotonic() - started < 3


def test_the_wait_is_capped(api_as, table, bob, monkeypatch):
    monkeypatch.setattr("api.views.LONG_POLL_MAX_WAIT", 0.2)
    monkeypatch.setattr("api.views.LONG_POLL_EVERY", 0.05)
    started = time.monotonic()
    api_as(bob).get(f"/games/{table.pk}/events", after=table.version, wait=3600)
    assert time.monotonic() - started < 3
