"""A player's first game of each game offers a short tour of its table (decision 0045):
offered to a seated player of a table in play, not to a watcher or a signed-out visitor;
skipped or finished (a POST of its game's kind), it is not offered again at that game, and
still is at the others. The steps are each game's own, three to six."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.export import personal_data
from tables.actions import lifecycle
from tables.plugins import PLUGINS

pytestmark = pytest.mark.django_db

OFFER = "data-tour-offer"
GAMES = ["capitalla", "capit", "casino", "rummathon"]  # the site's, not the test suite's own game


def page_of(client, game) -> str:
    return client.get(game.get_absolute_url()).content.decode()


def steps_url_on(page: str) -> str:
    return page.split('data-tour-steps="', 1)[1].split('"', 1)[0]


@pytest.fixture
def two_player_table(alice, bob):
    """Alice's and Bob's Capitalla table, dealt."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


def test_the_first_game_offers_the_tour(client, alice):
    game = lifecycle.quick_game(alice, "capit")
    client.force_login(alice)
    page = page_of(client, game)
    assert "First game of Cap-It?" in page and "Start the 5-step tour" in page
    assert f'{OFFER} data-tour-steps="{steps_url_on(page)}" hidden' not in page  # dealt: shown at once
    assert page.index(OFFER) < page.index('id="table"')  # outside the table htmx swaps
    steps = client.get(steps_url_on(page)).json()["steps"]
    assert [s["title"] for s in steps] == [s.title for s in PLUGINS["capit"].tour]
    assert steps[3]["targets"] == [".draw-choice", ".builder__go", ".turn-banner"]


def test_the_steps_are_not_on_the_page(client, alice):
    """They name the table's buttons, which the page shows only where they are buttons."""
    game = lifecycle.quick_game(alice, "capitalla")
    client.force_login(alice)
    page = page_of(client, game)
    assert OFFER in page and "Draw from the pile, or Take" not in page


@pytest.mark.parametrize("kind", ["chess", "pebbles"])
def test_a_game_without_a_tour_has_no_steps(client, kind):
    assert client.get(reverse("tour_steps", args=[kind])).status_code == 404


def test_skipped_it_is_not_offered_again_at_that_game_only(client, alice):
    first = lifecycle.quick_game(alice, "capit")
    client.force_login(alice)
    response = client.post(reverse("tour_done"), {"kind": "capit", "next": first.get_absolute_url()})
    assert response.status_code == 302 and response.url == first.get_absolute_url()  # post/redirect/get
    alice.refresh_from_db()
    assert alice.tours_done == ["capit"]
    assert OFFER not in page_of(client, first)
    assert OFFER not in page_of(client, lifecycle.quick_game(alice, "capit"))
    assert OFFER in page_of(client, lifecycle.quick_game(alice, "casino"))


def test_htmx_gets_no_content_and_a_second_post_changes_nothing(client, alice):
    client.force_login(alice)
    for _ in range(2):
        response = client.post(reverse("tour_done"), {"kind": "rummathon"}, HTTP_HX_REQUEST="true")
        assert response.status_code == 204
    alice.refresh_from_db()
    assert alice.tours_done == ["rummathon"]
    assert personal_data(alice)["account"]["tours_done"] == ["rummathon"]


def test_a_foreign_next_goes_to_the_lobby(client, alice):
    client.force_login(alice)
    response = client.post(reverse("tour_done"), {"kind": "casino", "next": "https://elsewhere.example/"})
    assert response.status_code == 302 and response.url == reverse("lobby")


def test_not_offered_to_a_watcher_or_a_visitor(client, two_player_table, charlie):
    assert OFFER not in page_of(client, two_player_table)  # signed out
    client.force_login(charlie)
    assert OFFER not in page_of(client, two_player_table)


def test_the_htmx_table_does_not_carry_it(client, two_player_table, alice):
    client.force_login(alice)
    assert OFFER in page_of(client, two_player_table)
    poll = client.get(two_player_table.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert OFFER not in poll


def test_an_open_table_holds_it_hidden_until_the_deal(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    client.force_login(alice)
    page = page_of(client, game)
    assert f'{OFFER} data-tour-steps="{steps_url_on(page)}" hidden' in page


@pytest.mark.parametrize("forged", ["chess", "", "capit "])
def test_a_forged_kind_is_refused(client, alice, forged):
    client.force_login(alice)
    assert client.post(reverse("tour_done"), {"kind": forged}).status_code == 400
    alice.refresh_from_db()
    assert alice.tours_done == []


def test_only_a_signed_in_post(client, alice):
    response = client.post(reverse("tour_done"), {"kind": "capit"})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(alice)
    assert client.get(reverse("tour_done")).status_code == 405


def test_it_needs_the_csrf_token(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post(reverse("tour_done"), {"kind": "capit"}).status_code == 403


@pytest.mark.parametrize("kind", GAMES)
def test_every_game_has_three_to_six_steps(kind):
    tour = PLUGINS[kind].tour
    assert 3 <= len(tour) <= 6
    for step in tour:
        assert step.title and step.text and step.targets
        assert len(step.text) <= 240, step.title  # a phone's bubble stays short
