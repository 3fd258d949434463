"""In Chromium: the table shows an absent player's seat and standing clock, and the
profile announces an absence and ends one with "I'm back"."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import absences, lifecycle, player_moves
from tests.e2e.conftest import Game
from tests.e2e.session import log_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.e2e]

SHOTS = os.environ.get("E2E_SHOTS")  # a directory to keep the screenshots in


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.fixture
def bob_away_on_his_turn(alice, bob):
    """A day-per-turn table where Bob went away and Alice passed him the turn. A fixture,
    so that it runs before the browser starts."""
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    now = timezone.now()
    absences.announce_absence(bob, bob.today(now), bob.today(now) + timedelta(days=6), now=now)
    game = Game.objects.get(pk=game.pk)
    while 0 in game.to_act:
        game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    return game


def test_the_table_and_the_profile_show_the_absence(page, bob_away_on_his_turn):
    game = bob_away_on_his_turn
    log_in(page, "alice")
    page.goto(f"/games/{game.pk}/")
    seat = page.locator(".seat", has_text="Bob")
    assert "away until" in seat.inner_text()
    assert "Bob’s clock stands still" in page.locator(".clock-bar").inner_text()
    shot(page, "table-absent")
    page.context.clear_cookies()
    log_in(page, "bob")
    page.goto("/accounts/profile/")
    assert "Away now" in page.locator("#absences").inner_text()
    shot(page, "profile-absences")
    page.get_by_role("button", name="I’m back").click()
    assert "Welcome back" in page.content()
    page.goto(f"/games/{game.pk}/")
    assert "Your clock" in page.locator(".clock-bar").inner_text()
    assert "stands still" not in page.locator(".clock-bar").inner_text()
    assert page.console_errors == [] and page.csp_errors == []


def test_announcing_an_absence_in_the_browser(page, alice):
    log_in(page, "alice")
    page.goto("/accounts/profile/")
    first = alice.today(timezone.now()) + timedelta(days=20)
    page.get_by_label("First day away").fill(first.isoformat())
    page.get_by_label("Last day away").fill((first + timedelta(days=2)).isoformat())
    page.get_by_role("button", name="Announce the absence").click()
    assert "(3 days)" in page.locator("#absences").inner_text()
    assert "27 days" in page.locator("#absences").inner_text()
    assert page.console_errors == [] and page.csp_errors == []
