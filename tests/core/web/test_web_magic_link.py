"""Magic links from mails: one game, one use, expiring, and never acting on a GET. A session
a link opened plays its game; anything else asks for a normal sign-in."""

import time
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from mailroom.models import MagicLink
from mailroom.notifications.links import magic_link
from mailroom.notifications.sending import send_notification
from tables.actions import lifecycle, player_moves
from tables.models import Seat

pytestmark = pytest.mark.django_db


def path_of(link: str) -> str:
    return link[len(settings.SITE_URL) :]


@pytest.fixture
def two_games(alice, bob):
    games = []
    for _ in range(2):
        game = lifecycle.create_table(alice, "capitalla", seats=2)
        lifecycle.join_table(bob, game.pk)
        games.append(lifecycle.start_table(alice, game.pk))
    return games


def test_each_link_is_its_own_row_named_in_the_url(bob, two_games):
    first, second = path_of(magic_link(bob, two_games[0].pk)), path_of(magic_link(bob, two_games[0].pk))
    links = list(MagicLink.objects.order_by("pk"))
    assert [link.user for link in links] == [bob, bob] and {link.game_id for link in links} == {two_games[0].pk}
    assert first.startswith(f"/games/{two_games[0].pk}/continue/{links[0].pk}/?sesame=")
    assert second.startswith(f"/games/{two_games[0].pk}/continue/{links[1].pk}/?sesame=")


def test_a_link_for_game_a_does_not_log_in_on_game_bs_page(client, bob, two_games):
    game_a, game_b = two_games
    path = path_of(magic_link(bob, game_a.pk))
    link_a = MagicLink.objects.get(game=game_a)
    path_of(magic_link(bob, game_b.pk))
    link_b = MagicLink.objects.get(game=game_b)
    for wrong in (
        path.replace(f"/games/{game_a.pk}/", f"/games/{game_b.pk}/"),
        path.replace(f"/games/{game_a.pk}/continue/{link_a.pk}/", f"/games/{game_b.pk}/continue/{link_b.pk}/"),
    ):
        for method in (client.get, client.post):
            response = method(wrong)
            assert response.status_code == 404
            assert "not a valid link" in response.content.decode()
            assert not client.get(game_a.get_absolute_url()).wsgi_request.user.is_authenticated


def test_an_expired_link_is_refused_with_a_clear_message(client, bob, two_games):
    eight_days_ago = time.time() - 8 * 86400
    with mock.patch("sesame.tokens_v2.time.time", return_value=eight_days_ago):
        old = path_of(magic_link(bob, two_games[0].pk))
    for method in (client.get, client.post):
        response = method(old)
        assert response.status_code == 410
        assert "This link has expired" in response.content.decode()
    assert not client.get(two_games[0].get_absolute_url()).wsgi_request.user.is_authenticated


def test_a_tampered_or_missing_token_is_refused(client, bob, two_games):
    path = path_of(magic_link(bob, two_games[0].pk))
    assert client.get(path[:-3]).status_code == 404
    assert client.get(path.split("?")[0]).status_code == 404
    assert client.get(reverse("magic_link", args=[999999, 1]) + "?sesame=x").status_code == 404


def test_the_get_changes_nothing_and_the_post_signs_in_for_the_game(client, bob, two_games):
    game = two_games[0]
    path = path_of(magic_link(bob, game.pk))
    bob.refresh_from_db()
    last_login = bob.last_login
    page = client.get(path)
    assert (
        page.status_code == 200 and "signs you in as <strong>Bob</strong> for this game only" in page.content.decode()
    )
    bob.refresh_from_db()
    assert bob.last_login == last_login
    assert MagicLink.objects.get().used_at is None  # a mail scanner's GET does not use it up
    assert client.post(path).status_code == 302
    table = client.get(game.get_absolute_url())
    assert table.wsgi_request.user == bob
    assert "Signed in for this game only" in table.content.decode()
    assert 'href="/accounts/profile/"' not in table.content.decode()
    assert MagicLink.objects.get().used_at is not None


def test_a_link_session_plays_chats_and_reads_the_history_of_its_game(client, alice, bob, two_games):
    game = player_moves.play_move(alice, two_games[0].pk, 0, {"type": "draw", "from": "pile"})
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    client.post(path_of(magic_link(bob, game.pk)))
    response = client.post(reverse("move", args=[game.pk]), {"version": game.version, "type": "draw", "from": "pile"})
    assert response.status_code == 302 and game.events.count() == 3
    assert client.post(reverse("chat", args=[game.pk]), {"text": "hello"}).status_code == 302
    assert game.chat.get().text == "hello"
    assert client.get(reverse("history", args=[game.pk])).status_code == 200
    assert client.get(game.get_absolute_url(), {"since": game.version + 1}).status_code == 204


def test_a_link_session_sorts_and_drags_its_hand(client, bob, two_games):
    """Found by a QA pass: the hand's own URL was not among the game's, so a player who
    came by the turn mail was sent to the sign-in page for sorting their cards."""
    game = two_games[0]
    client.post(path_of(magic_link(bob, game.pk)))
    response = client.post(reverse("arrange_hand", args=[game.pk]), {"sort": "initial"})
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    dragged = game.rules.view(game.state, 1)["hand"][::-1]
    response = client.post(reverse("arrange_hand", args=[game.pk]), {"card": dragged}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert Seat.objects.get(game=game, user=bob).hand_order == dragged


# The game's URLs a link's session may not use: the table before the deal (a link is
# mailed for a game in play) and its rematch (a new table, for a full sign-in).
NOT_FOR_A_LINK = {"join", "leave", "start", "free_seat", "new_invite_link", "cancel", "rematch"}


def test_every_url_of_a_game_is_either_for_its_links_or_kept_from_them():
    from django.urls import get_resolver

    from mailroom.scoped_sessions import GAME_URL_NAMES

    game_urls = {
        name
        for name, patterns in get_resolver().reverse_dict.lists()
        if isinstance(name, str)
        and any("game_id" in params for possibilities, *_ in patterns for _, params in possibilities)
    }
    assert game_urls - GAME_URL_NAMES == NOT_FOR_A_LINK


def test_other_pages_show_the_signed_out_header(client, bob, two_games):
    client.post(path_of(magic_link(bob, two_games[0].pk)))
    lobby = client.get(reverse("lobby"))
    assert not lobby.wsgi_request.user.is_authenticated and ">Log in</a>" in lobby.content.decode()
    other = client.get(two_games[1].get_absolute_url())  # a public game of Bob's: as a spectator
    assert other.status_code == 200 and not other.wsgi_request.user.is_authenticated


def test_a_normal_sign_in_drops_the_scope(client, bob, two_games):
    client.post(path_of(magic_link(bob, two_games[0].pk)))
    response = client.post(reverse("login"), {"username": "bob", "password": "bob-password-123"})
    assert response.status_code == 302
    profile = client.get(reverse("profile"))
    assert profile.status_code == 200 and profile.wsgi_request.user == bob
    assert "Signed in for this game only" not in client.get(two_games[0].get_absolute_url()).content.decode()


def test_logging_out_from_a_link_session_works_and_kills_the_owners_links(client, bob, two_games):
    client.post(path_of(magic_link(bob, two_games[0].pk)))
    unused = path_of(magic_link(bob, two_games[1].pk))
    assert client.post(reverse("logout")).status_code == 302
    assert not client.get(two_games[0].get_absolute_url()).wsgi_request.user.is_authenticated
    assert client.post(unused).status_code == 410


def test_a_player_signed_in_already_keeps_the_full_session(client, bob, two_games):
    client.force_login(bob)
    path = path_of(magic_link(bob, two_games[0].pk))
    assert client.post(path).status_code == 302
    assert client.get(reverse("profile")).status_code == 200  # not narrowed to the game
    assert MagicLink.objects.get().used_at is None  # and the link is still good elsewhere


def test_a_second_link_of_another_game_moves_the_scope_there(client, bob, two_games):
    game_a, game_b = two_games
    client.post(path_of(magic_link(bob, game_a.pk)))
    assert client.post(path_of(magic_link(bob, game_b.pk))).status_code == 302
    assert client.get(game_b.get_absolute_url()).wsgi_request.user == bob
    assert not client.get(reverse("chat", args=[game_a.pk])).wsgi_request.user.is_authenticated


def test_the_scope_check_costs_other_sessions_nothing(client, alice, two_games):
    client.force_login(alice)
    # An unchanged poll of a public table never asks who polls: no session, no link.
    with CaptureQueriesContext(connection) as polled:
        assert client.get(two_games[0].get_absolute_url(), {"since": 0}).status_code == 204
    assert [query["sql"].split(" FROM ")[1].split()[0] for query in polled.captured_queries] == ['"games_game"']
    with CaptureQueriesContext(connection) as queries:
        assert client.get(two_games[0].get_absolute_url()).status_code == 200
    assert not any("magiclink" in query["sql"] for query in queries.captured_queries)


def test_a_mail_delivered_twice_makes_one_link(alice, bob, two_games):
    bob.email = "bob@example.com"
    bob.save()
    game = player_moves.play_move(alice, two_games[0].pk, 0, {"type": "draw", "from": "pile"})
    game = player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    assert send_notification("your_turn", bob.pk, game.pk, game.version) is True
    assert send_notification("your_turn", bob.pk, game.pk, game.version) is False
    assert MagicLink.objects.filter(user=bob).count() == 1
