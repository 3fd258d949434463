"""Magic links from mails: scoped to one game, expiring, and never acting on a GET."""

import time
from unittest import mock

import pytest
from django.conf import settings
from django.urls import reverse

from games import services
from games.notifications import magic_link

pytestmark = pytest.mark.django_db


def path_of(link: str) -> str:
    return link[len(settings.SITE_URL):]


@pytest.fixture
def two_games(alice, bob):
    games = []
    for _ in range(2):
        game = services.create_table(alice, "capitalla", seats=2)
        services.join_table(bob, game.pk)
        games.append(services.start_table(alice, game.pk))
    return games


def test_a_link_for_game_a_does_not_log_in_on_game_bs_page(client, bob, two_games):
    game_a, game_b = two_games
    token = path_of(magic_link(bob, game_a.pk)).split("?", 1)[1]
    wrong = reverse("magic_link", args=[game_b.pk]) + "?" + token
    for method in (client.get, client.post):
        response = method(wrong)
        assert response.status_code == 403
        assert "not a valid link" in response.content.decode()
        assert not client.get("/").wsgi_request.user.is_authenticated


def test_an_expired_link_is_refused_with_a_clear_message(client, bob, two_games):
    eight_days_ago = time.time() - 8 * 86400
    with mock.patch("sesame.tokens_v2.time.time", return_value=eight_days_ago):
        old = path_of(magic_link(bob, two_games[0].pk))
    for method in (client.get, client.post):
        response = method(old)
        assert response.status_code == 410
        assert "This link has expired" in response.content.decode()
    assert not client.get("/").wsgi_request.user.is_authenticated


def test_a_tampered_or_missing_token_is_refused(client, bob, two_games):
    path = path_of(magic_link(bob, two_games[0].pk))
    assert client.get(path[:-3]).status_code == 403
    assert client.get(reverse("magic_link", args=[two_games[0].pk])).status_code == 403
    assert client.get(reverse("magic_link", args=[999999]) + "?sesame=x").status_code == 404


def test_the_get_changes_nothing_and_the_post_logs_in(client, bob, two_games):
    path = path_of(magic_link(bob, two_games[0].pk))
    bob.refresh_from_db()
    last_login = bob.last_login
    page = client.get(path)
    assert page.status_code == 200 and "signs you in as <strong>Bob</strong>" in page.content.decode()
    bob.refresh_from_db()
    assert bob.last_login == last_login
    assert client.post(path).status_code == 302
    assert client.get("/").wsgi_request.user == bob
    # The link keeps working until it expires (a second device, a second click).
    client.logout()
    assert client.post(path).status_code == 302
