"""Sorting a hand, and checking the meld builder, are for the players of the game: anyone
else is refused before the request's cards are read."""

import pytest

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


@pytest.fixture
def capit(alice):
    return lifecycle.start_table(alice, lifecycle.create_table(alice, "capit", seats=4, bots=3).pk)


@pytest.mark.parametrize("who", ["anonymous", "spectator"])
def test_an_outsider_cannot_make_the_site_sort_a_hand(client, capit, charlie, who):
    if who == "spectator":
        client.force_login(charlie)
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(f"/games/{capit.pk}/capit/hand-order/", {"sort": "rank", "cards": "7H:0"}, **htmx)
        assert response.status_code == 403
        assert b"Only the players" in response.content
        assert not capit.seats.filter(hand_sort="rank").exists()


@pytest.mark.parametrize("who", ["anonymous", "spectator"])
def test_an_outsider_cannot_make_the_site_check_melds(client, capit, charlie, who):
    if who == "spectator":
        client.force_login(charlie)
    for method in (client.get, client.post):
        response = method(f"/games/{capit.pk}/capit/check/", {"cards": "7H:0,7C:0,7D:0"}, HTTP_HX_REQUEST="true")
        assert response.status_code == 403


def test_the_player_still_sorts_their_hand(client, capit, alice):
    client.force_login(alice)
    response = client.post(f"/games/{capit.pk}/capit/hand-order/", {"sort": "rank"})
    assert response.status_code == 302
    assert capit.seats.get(user=alice).hand_sort == "rank"
