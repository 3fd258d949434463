"""Each seat of the API's game answers carries the player's rating in that game, as the
table shows it: now (1500 and provisional for a new player), or once a rated game is
over, the rating it left and its change; none for a bot. A list reads them at once."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ratings.models import RatingChange
from tables.actions import lifecycle, player_moves
from tables.models import Game


@pytest.fixture
def rated_table(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, rated=True, timeout_policy=Game.TimeoutPolicy.FORFEIT)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


def ratings_in(answer: dict) -> list[tuple]:
    return [(s["name"], s["rating"], s["provisional"], s["change"]) for s in answer["seats"]]


def test_a_rated_game_in_play_shows_each_player_rating_now(api_as, alice, rated_table):
    answer = api_as(alice).get(f"/games/{rated_table.pk}")
    assert answer.status_code == 200
    assert ratings_in(answer.json()) == [("Alice", 1500, True, None), ("Bob", 1500, True, None)]


def test_a_finished_rated_game_shows_the_rating_it_left_and_its_change(api_as, alice, bob, rated_table):
    finished = api_as(alice).post(f"/games/{rated_table.pk}/resign").json()
    rows = {row.user_id: row for row in RatingChange.objects.filter(game=rated_table)}
    assert ratings_in(finished) == [
        ("Alice", rows[alice.pk].shown_after, True, rows[alice.pk].change),
        ("Bob", rows[bob.pk].shown_after, True, rows[bob.pk].change),
    ]
    assert rows[alice.pk].change < 0 < rows[bob.pk].change


def test_a_bot_seat_has_no_rating(api_as, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)
    seats = api_as(alice).get(f"/games/{game.pk}").json()["seats"]
    assert [(s["is_bot"], s["rating"], s["provisional"], s["change"]) for s in seats] == [
        (False, 1500, True, None),
        (True, None, None, None),
    ]


def test_a_list_reads_the_ratings_of_all_its_games_at_once(api_as, alice, bob, rated_table):
    client = api_as(alice)
    finished = lifecycle.create_table(
        alice, "capitalla", seats=2, rated=True, timeout_policy=Game.TimeoutPolicy.FORFEIT
    )
    lifecycle.join_table(bob, finished.pk)
    lifecycle.start_table(alice, finished.pk)
    player_moves.resign(bob, finished.pk)
    client.get("/games")  # the token's first use writes its last-used time
    with CaptureQueriesContext(connection) as queries:
        lists = client.get("/games").json()
    rating_reads = [q for q in queries.captured_queries if "ratings_rating" in q["sql"] and "SELECT" in q["sql"]]
    assert len(rating_reads) == 2  # one for the games in play, one for the finished ones' changes
    seats = {g["id"]: ratings_in(g) for games in lists.values() for g in games}
    rows = {row.user_id: row for row in RatingChange.objects.filter(game=finished)}
    now = [("Alice", rows[alice.pk].shown_after, True), ("Bob", rows[bob.pk].shown_after, True)]
    assert seats[finished.pk] == [(*rating, rows[user.pk].change) for rating, user in zip(now, (alice, bob))]
    assert seats[rated_table.pk] == [(*rating, None) for rating in now]  # their ratings now, in play
