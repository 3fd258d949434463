"""The player page's ratings (each game's rating, a chart over time, the numbers in a
table) and the leaderboards."""

import pytest
from django.urls import reverse

from ratings.models import Rating
from tables.actions import player_moves

pytestmark = pytest.mark.django_db


def player_page(client, user) -> str:
    return client.get(reverse("player", args=[user.pk])).content.decode()


def test_the_player_page_charts_the_rating_with_its_numbers(client, won_by, alice, bob):
    first, second = won_by(alice, [alice, bob]), won_by(bob, [alice, bob])
    page = player_page(client, alice)
    rating = Rating.objects.get(user=alice)
    assert f'Capitalla: <span class="rating">{rating.label}</span>' in page
    assert '<svg class="rating-chart"' in page and 'role="img"' in page
    assert '<title id="chart-title-capitalla">Capitalla rating over time</title>' in page
    assert page.count('class="rating-chart__dot"') == 2
    history = page.split('class="rating-history"')[1]
    assert history.index(f"#{second.pk}") < history.index(f"#{first.pk}")  # newest first
    assert f"<td>{rating.label}</td>" in history


def test_a_private_rated_game_stays_off_other_visitors_charts(client, rated, alice, bob, charlie):
    game = rated([alice, bob], private=True)
    player_moves.resign(bob, game.pk)
    client.force_login(charlie)
    page = player_page(client, alice)
    assert "Capitalla: <span" in page  # the rating is public
    assert f"#{game.pk}" not in page and '<svg class="rating-chart"' not in page
    client.force_login(bob)
    assert f"#{game.pk}" in player_page(client, alice)


def test_a_farmed_game_says_it_was_not_counted(client, won_by, alice, bob, settings):
    settings.NEW_TABLE_LIMIT = 100
    for _ in range(5):
        won_by(alice, [alice, bob])
    page = player_page(client, alice)
    assert "(counted half: same opponents)" in page and "(not counted: same opponents)" in page


@pytest.fixture
def ranked(people):
    players = people(4)
    for user, shown, games in zip(players, [1700, 1650, 1800, 1900], [12, 10, 30, 9], strict=True):
        Rating.objects.create(user=user, kind="casino", mu=25 + (shown - 1500) / 40, shown=shown, games=games)
    return players


def test_the_leaderboard_lists_established_ratings_best_first(client, ranked):
    page = client.get(reverse("ratings:leaderboard", args=["casino"])).content.decode()
    order = [page.index(f">{user.name}</a>") for user in (ranked[2], ranked[0], ranked[1])]
    assert order == sorted(order)
    assert ranked[3].name not in page and "1 more player with a provisional rating" in page


def test_the_ratings_page_summarises_every_game(client, ranked):
    page = client.get(reverse("ratings:index")).content.decode()
    assert "Casino" in page and "Rummathon Royale" in page and "1800" in page
    assert reverse("ratings:leaderboard", args=["casino"]) in page


def test_an_unknown_game_has_no_leaderboard(client):
    assert client.get("/ratings/chess/").status_code == 404
    assert client.get("/ratings/" + "x" * 3000 + "/").status_code == 404


def test_the_nav_and_the_rules_link_to_the_ratings(client):
    page = client.get(reverse("rules_index")).content.decode()
    assert page.count(f'href="{reverse("ratings:index")}"') == 2
