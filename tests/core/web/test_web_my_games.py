"""My games: where I am needed first, the most urgent first; and the count in the header."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import lifecycle, player_moves, turn_timeouts
from tables.context_processors import waiting_count
from tables.models import Game

pytestmark = pytest.mark.django_db


def two_player(host, guest, **options):
    game = lifecycle.create_table(host, "capitalla", seats=2, **options)
    lifecycle.join_table(guest, game.pk)
    return lifecycle.start_table(host, game.pk)


@pytest.fixture
def games(alice, bob, charlie):
    soon = two_player(alice, bob, turn_seconds=3600)  # Alice to play, 1 hour
    later = two_player(alice, charlie, turn_seconds=86400)  # Alice to play, 1 day
    theirs = two_player(bob, alice)  # Bob to play
    done = two_player(charlie, alice)
    player_moves.resign(charlie, done.pk)
    other = two_player(bob, charlie)  # not Alice's at all
    return {"soon": soon, "later": later, "theirs": theirs, "done": done, "other": other}


def test_my_turn_first_by_deadline_then_waiting_then_finished(client, alice, games):
    client.force_login(alice)
    page = client.get("/my-games/").content.decode()
    at = {name: page.index(f"Capitalla #{g.pk}<") for name, g in games.items() if name != "other"}
    assert at["soon"] < at["later"] < page.index("Waiting for the others") < at["theirs"]
    assert page.index("Finished lately") < at["done"]
    assert f"Capitalla #{games['other'].pk}<" not in page
    assert "Alice won" in page or "won:" in page


def test_the_header_counts_games_waiting_for_me_in_one_query(client, alice, games, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert waiting_count(alice) == 2
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert '<span class="badge" title="Games waiting for your move">2<' in page


def test_the_count_drops_when_a_clock_stops(alice, games):
    Game.objects.filter(pk=games["soon"].pk).update(deadline=timezone.now() - timedelta(seconds=1))
    turn_timeouts.expire_overdue_turns()
    assert waiting_count(alice) == 1


def test_anonymous_visitors_get_no_count_and_no_query(client, db, django_assert_num_queries):
    with django_assert_num_queries(0):
        page = client.get("/rules/capitalla/")
    assert 'class="badge"' not in page.content.decode()


def test_htmx_partials_do_not_count(client, alice, games, django_assert_num_queries, htmx):
    client.force_login(alice)
    game = games["soon"]
    with django_assert_num_queries(1):  # the poll's indexed version lookup, and nothing else
        assert client.get(f"/games/{game.pk}/?since={game.version}", **htmx).status_code == 204


def test_a_finished_game_links_to_its_replay(client, alice, games):
    client.force_login(alice)
    page = client.get("/my-games/").content.decode()
    finished = page.split("Finished lately")[1]
    assert f'href="/games/{games["done"].pk}/replay/">Replay</a>' in finished
    assert "/replay/" not in page.split("Finished lately")[0]
