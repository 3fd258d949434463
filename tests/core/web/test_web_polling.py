"""Live updates: `?since=<version>` answers 204 from one query while nothing changed."""

from django.urls import reverse
from htmx_answers import is_table_partial

from tables.actions import lifecycle, player_moves, table_talk
from tables.models import Game


def poll(client, game, since, headers):
    return client.get(reverse("game", args=[game.pk]), {"since": since}, **headers)


def test_unchanged_game_answers_204_with_one_query(client, alice, table, htmx, django_assert_num_queries):
    client.force_login(alice)
    # The session and user lookups are part of any logged-in request; measure anonymously.
    client.logout()
    with django_assert_num_queries(1):
        response = poll(client, table, table.version, htmx)
    assert response.status_code == 204
    assert response.content == b""


def test_changed_game_answers_with_the_partial(client, alice, bob, table, htmx):
    player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    client.force_login(bob)
    response = poll(client, table, 0, htmx)
    assert response.status_code == 200
    html = response.content.decode()
    assert is_table_partial(html)
    assert f'hx-get="/games/{table.pk}/?since=1&amp;said=0"' in html
    assert 'hx-trigger="poll"' in html


def test_invalid_since_counts_as_changed(client, alice, table, htmx):
    client.force_login(alice)
    for since in ("abc", "", "-1", "1.5"):
        response = poll(client, table, since, htmx)
        assert response.status_code == 200, since


def test_polling_an_unknown_game_is_404(client, db, htmx):
    response = client.get(reverse("game", args=[424242]), {"since": 3}, **htmx)
    assert response.status_code == 404


def test_a_finished_game_polls_for_the_table_talk_and_its_rematch(client, alice, bob, table, htmx):
    # After the game the players still talk, and one of them may open the rematch.
    finished = player_moves.resign(bob, table.pk)
    url = reverse("game", args=[table.pk])
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert f'hx-get="{url}?since={finished.version}&amp;said=0&amp;again=0"' in html
    asked = {"since": finished.version, "said": 0, "again": 0}
    assert client.get(url, asked, **htmx).status_code == 204
    table_talk.say(bob, table.pk, "Well played")
    assert client.get(url, asked, **htmx).status_code == 200
    following = lifecycle.rematch(bob, table.pk)
    answer = client.get(url, {**asked, "said": 1}, **htmx)
    assert answer.status_code == 200 and "Join the rematch" in answer.content.decode()
    mark = f"{following.pk}-1-open"
    assert f"again={mark}" in answer.content.decode()
    asked = {**asked, "said": 1, "again": mark}
    assert client.get(url, asked, **htmx).status_code == 204


def test_a_finished_game_hears_when_its_rematch_fills_up_and_starts(
    client, alice, bob, charlie, htmx, django_assert_num_queries
):
    # "Join the rematch" becomes "Go to the rematch" once nobody more may sit there.
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(alice, game.pk)
    finished = player_moves.resign(alice, game.pk)
    finished = player_moves.resign(bob, game.pk)
    following = lifecycle.rematch(bob, game.pk)
    url = reverse("game", args=[game.pk])
    client.force_login(charlie)
    asked = {"since": finished.version, "said": 0, "again": f"{following.pk}-1-open"}
    with django_assert_num_queries(1):  # a public table: nobody asked who polls
        assert client.get(url, asked, **htmx).status_code == 204
    lifecycle.join_table(alice, following.pk)
    answer = client.get(url, asked, **htmx)
    assert "Join the rematch" in answer.content.decode()  # a seat is still free
    asked["again"] = f"{following.pk}-2-open"
    assert client.get(url, asked, **htmx).status_code == 204
    lifecycle.rematch(charlie, game.pk)  # charlie takes the last seat: another poll of theirs would see it
    lifecycle.start_table(bob, following.pk)
    answer = client.get(url, asked, **htmx).content.decode()
    assert "Go to the rematch" in answer and f"again={following.pk}-3-active" in answer


def test_a_forged_rematch_mark_counts_as_changed(client, alice, bob, table, htmx):
    finished = player_moves.resign(bob, table.pk)
    for again in ("", "x", "0-0-open", "99999-1-open"):
        asked = {"since": finished.version, "said": 0, "again": again}
        assert client.get(reverse("game", args=[table.pk]), asked, **htmx).status_code == 200, again


def test_a_waiting_table_polls_on_the_number_of_seated_players(client, alice, bob, htmx, django_assert_num_queries):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    url = reverse("game", args=[game.pk])
    html = client.get(url).content.decode()
    assert f'hx-get="{url}?waiting=1&amp;said=0"' in html
    with django_assert_num_queries(1):
        assert client.get(url, {"waiting": 1}, **htmx).status_code == 204
    lifecycle.join_table(bob, game.pk)
    response = client.get(url, {"waiting": 1}, **htmx)
    assert response.status_code == 200
    html = response.content.decode()
    assert is_table_partial(html)
    assert "Bob" in html and f'hx-get="{url}?waiting=2&amp;said=0"' in html
    assert "HX-Request" in response["Vary"]
    lifecycle.start_table(alice, game.pk)
    response = client.get(url, {"waiting": 2}, **htmx)  # started: the full table, polling by version
    assert response.status_code == 200
    assert f'hx-get="{url}?since=0&amp;said=0"' in response.content.decode()
    assert client.get(url, {"waiting": "x"}, **htmx).status_code == 200


def test_private_table_polls_through_its_invite_link(client, alice, bob, htmx, django_assert_num_queries):
    game = lifecycle.create_table(alice, "capitalla", seats=3, private=True)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    url = reverse("invite", args=[game.invite_code])
    html = client.get(url).content.decode()
    assert f'hx-get="{url}?since=0&amp;said=0"' in html
    with django_assert_num_queries(1):
        assert client.get(url, {"since": 0}, **htmx).status_code == 204


def test_a_notice_from_the_page_load_goes_once_the_table_moves_on(client, alice, bob, htmx):
    """ "The cards are dealt. Good luck!" is about the start; a poll that brings a move clears it."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    client.force_login(alice)
    page = client.get(client.post(reverse("start", args=[game.pk]))["Location"]).content.decode()
    assert "Good luck" in page
    game = Game.objects.get(pk=game.pk)
    player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    answer = poll(client, game, game.version, htmx).content.decode()
    assert '<ul id="messages" class="messages" hidden hx-swap-oob="true"></ul>' in answer
    assert "Good luck" not in answer
