"""The ratings' pages have no serious accessibility violation (axe, as for every page in
test_e2e_accessibility.py): a finished rated game with each player's change, the player
page with its chart, the leaderboards and a lobby row with ratings; the chart shows."""

import pytest

from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.e2e.test_e2e_accessibility import VIEWPORTS, assert_accessible, browse_as_alice

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def rated_game(winner, users) -> Game:
    game = lifecycle.create_table(users[0], "capitalla", seats=len(users), rated=True, timeout_policy="forfeit")
    for user in users[1:]:
        lifecycle.join_table(user, game.pk)
    game = lifecycle.start_table(users[0], game.pk)
    for user in users:
        if user != winner and game.status == Game.Status.ACTIVE:
            game = player_moves.resign(user, game.pk)
    return game


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_ratings_pages_have_no_serious_violation(request, viewport, alice, bob, charlie):
    rated_game(alice, [alice, bob])
    rated_game(bob, [alice, bob])
    last = rated_game(alice, [alice, bob, charlie])
    lifecycle.create_table(bob, "capitalla", seats=2, rated=True, timeout_policy="forfeit")
    page = browse_as_alice(request, viewport)
    assert_accessible(page, f"/games/{last.pk}/")
    assert page.locator(".rating-change--up").count() == 1
    assert_accessible(page, f"/players/{alice.pk}/")
    chart = page.locator("svg.rating-chart")
    assert chart.is_visible() and chart.bounding_box()["height"] > 50
    page.locator(".rating-history summary").click()
    assert page.locator(".rating-history tbody tr").count() == 3
    for path in ["/ratings/", "/ratings/capitalla/", "/"]:
        assert_accessible(page, path)
