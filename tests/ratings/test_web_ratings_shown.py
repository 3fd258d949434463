"""Ratings next to names: in the lobby rows (one query for the whole page) and at the
table, with "?" while provisional, and each player's change on a finished rated game."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ratings.models import Rating
from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


def rating_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if '"ratings_' in q["sql"]]


@pytest.fixture
def crowd(people, settings):
    settings.OPEN_TABLE_LIMIT = settings.NEW_TABLE_LIMIT = 100
    return people(6)


def open_tables(crowd, count: int):
    for k in range(count):
        game = lifecycle.create_table(crowd[k % 5 + 1], "capitalla" if k % 2 else "casino", seats=3)
        lifecycle.join_table(crowd[(k + 1) % 5 + 1], game.pk)


def lobby_queries(client) -> list:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("lobby")).status_code == 200
    return list(queries)


def test_the_lobby_reads_every_rating_in_one_query(client, crowd):
    client.force_login(crowd[0])
    open_tables(crowd, 2)
    few = lobby_queries(client)
    open_tables(crowd, 10)
    many = lobby_queries(client)
    assert len(rating_queries(many)) == 1
    assert len(many) == len(few)


def test_a_lobby_row_shows_each_players_rating_in_its_game(client, crowd):
    Rating.objects.create(user=crowd[1], kind="capitalla", mu=27, shown=1580, games=12)
    Rating.objects.create(user=crowd[1], kind="casino", mu=24, shown=1460, games=3)
    game = lifecycle.create_table(crowd[1], "capitalla", seats=2)
    rated = lifecycle.create_table(crowd[2], "casino", seats=2, rated=True, timeout_policy="forfeit")
    lifecycle.join_table(crowd[1], rated.pk)
    page = client.get(reverse("lobby")).content.decode()
    rows = dict(re.findall(r"#(\d+)</a>(.*?)</li>\s*</ol>", page, re.S))
    assert '<span class="rating" title="Rating in Capitalla">1580</span>' in rows[str(game.pk)]
    assert "1460?" in rows[str(rated.pk)] and "1500?" in rows[str(rated.pk)]
    assert ">Rated</span>" in rows[str(rated.pk)] and "Rated" not in rows[str(game.pk)]


def test_the_table_shows_ratings_and_a_finished_rated_game_their_changes(client, won_by, alice, bob):
    game = won_by(alice, [alice, bob])
    page = client.get(game.get_absolute_url()).content.decode()
    gained = Rating.objects.get(user=alice).shown - 1500
    assert f'title="Rating change in this game">+{gained}</span>' in page
    assert f'title="Rating change in this game">−{gained}</span>' in page
    assert ">Rated</a>" in page


def test_a_table_in_play_reads_its_players_ratings_in_one_query(client, rated, alice, bob):
    game = rated([alice, bob])
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(game.get_absolute_url()).content.decode()
    assert len(rating_queries(queries)) == 1
    assert page.count("(provisional: fewer than 10 rated games)") >= 2


def test_a_rated_table_waiting_for_players_says_it_waits_for_people(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3, rated=True, timeout_policy="forfeit")
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "A rated table can start only once every seat is taken." in page
    assert "Empty seats become bots" not in page


def test_my_games_shows_a_finished_rated_game_with_the_ratings_it_left(client, won_by, alice, bob):
    """Not today's: Alice has won again since, and the first game's row still says what it
    made of her rating then, with its change."""
    first = won_by(alice, [alice, bob])
    after_first = Rating.objects.get(user=alice).shown
    won_by(alice, [alice, bob])
    assert Rating.objects.get(user=alice).shown > after_first
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("my_games")).content.decode()
    rows = dict(re.findall(r"#(\d+)</a>(.*?)</li>\s*</ol>", page, re.S))
    assert (
        f'title="Rating in Capitalla (provisional: fewer than 10 rated games)">{after_first}?</span>'
        in rows[str(first.pk)]
    )
    assert f'title="Rating change in this game">+{after_first - 1500}</span>' in rows[str(first.pk)]
    assert len(rating_queries(queries)) == 1  # the changes of the finished games, none for today's
