"""The pages' streams of news under a real ASGI server (uvicorn) and a real Redis: a move
reaches the open pages of its table at once; a stream is opened under the same rules as
its page; without Redis, or outside ASGI, the page is told to poll."""

import threading
import time
import urllib.request

import pytest
from django.urls import reverse

from live import hub as hub_module
from live import streams
from tables.actions import lifecycle, player_moves, table_talk
from tests.asgi_site import Stream

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site(asgi_site):
    return asgi_site


def cookies_of(client, user) -> dict:
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value}


def test_a_move_reaches_the_other_players_open_page(site, client, alice, bob, table):
    stream = Stream(site, reverse("live", args=[table.pk]), cookies_of(client, bob))
    assert stream.status == 200
    assert stream.headers["content-type"] == "text/event-stream"
    assert stream.headers["cache-control"] == "no-store"
    game = player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert stream.next_event() == ("table", str(game.version))
    table_talk.say(alice, table.pk, "Your turn soon")
    assert stream.next_event() == ("table", "")  # the page fetches the chat with its partial
    stream.close()


def test_a_watcher_follows_a_public_table_without_an_account(site, alice, table):
    stream = Stream(site, reverse("live", args=[table.pk]))
    player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert stream.next_event()[0] == "table"
    stream.close()


def test_a_private_tables_stream_is_404_to_a_stranger_as_for_no_table(site, client, alice, bob, charlie):
    private = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    refused = Stream(site, reverse("live", args=[private.pk]), cookies_of(client, charlie))
    missing = Stream(site, reverse("live", args=[private.pk + 1000]), cookies_of(client, charlie))
    assert (refused.status, refused.body) == (missing.status, missing.body) == (404, "No such table.")
    by_invite = Stream(site, reverse("invite_live", args=[private.invite_code]), cookies_of(client, charlie))
    assert by_invite.status == 200
    lifecycle.join_table(bob, private.pk)
    assert by_invite.next_event() == ("table", "")  # a seat taken: the waiting page counts again
    by_invite.close()


def test_the_lobby_hears_of_a_new_table_and_of_my_turn(site, client, alice, bob, table):
    anonymous = Stream(site, reverse("lobby_live"))
    bobs = Stream(site, reverse("lobby_live"), cookies_of(client, bob))
    lifecycle.create_table(alice, "capitalla", seats=2)
    assert anonymous.next_event() == ("lobby", "")
    assert bobs.next_event() == ("lobby", "")
    player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert bobs.next_event() == ("mine", "")
    anonymous.close(), bobs.close()


def test_my_games_follows_my_tables_and_needs_a_sign_in(site, client, alice, bob, table):
    assert Stream(site, reverse("my_games_live")).status == 403
    stream = Stream(site, reverse("my_games_live"), cookies_of(client, bob))
    player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert stream.next_event() == ("mine", "")
    stream.close()


def test_streams_end_when_redis_goes_and_are_refused_until_it_is_back(site, live_redis, alice, table):
    stream = Stream(site, reverse("live", args=[table.pk]))
    live_redis.kill()
    assert stream.next_event() is None  # closed: the page polls meanwhile
    started = time.monotonic()
    refused = Stream(site, reverse("live", args=[table.pk]))
    assert refused.status == 503 and "polls" in refused.body
    assert time.monotonic() - started < 5
    live_redis.start()
    deadline = time.monotonic() + 20
    while (again := Stream(site, reverse("live", args=[table.pk]))).status != 200:
        assert time.monotonic() < deadline, "the hub did not subscribe again"
        time.sleep(0.2)
    player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert again.next_event()[0] == "table"
    again.close()


def test_one_user_cannot_hold_more_than_their_share_of_streams(site, client, bob, table, monkeypatch):
    monkeypatch.setattr(streams, "STREAMS_PER_USER", 2)
    cookies = cookies_of(client, bob)
    held = [Stream(site, reverse("live", args=[table.pk]), cookies) for _ in range(2)]
    assert [s.status for s in held] == [200, 200]
    assert Stream(site, reverse("live", args=[table.pk]), cookies).status == 429
    held[0].close()
    deadline = time.monotonic() + 5
    while (again := Stream(site, reverse("live", args=[table.pk]), cookies)).status != 200:
        assert time.monotonic() < deadline, "a closed stream still counts"
        time.sleep(0.1)
    again.close(), held[1].close()


def test_one_address_signed_out_cannot_hold_more_than_its_share(site, client, bob, table, monkeypatch):
    """Found by a QA pass: streams without a sign-in had no bound at all."""
    monkeypatch.setattr(streams, "STREAMS_PER_ADDRESS", 2)
    held = [Stream(site, reverse("lobby_live")) for _ in range(2)]
    assert [s.status for s in held] == [200, 200]
    refused = Stream(site, reverse("live", args=[table.pk]))
    assert (refused.status, refused.body) == (429, "Too many live pages open at once: this one polls.")
    signed_in = Stream(site, reverse("live", args=[table.pk]), cookies_of(client, bob))
    assert signed_in.status == 200  # an account's streams count in its own share
    for stream in (*held, signed_in):
        stream.close()


def test_a_closed_stream_leaves_no_listener_behind(site, table):
    streams_open = [Stream(site, reverse("live", args=[table.pk])) for _ in range(3)]
    deadline = time.monotonic() + 5
    while hub_module._hub is None or hub_module._hub.listeners < 3:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    for stream in streams_open:
        stream.close()
    while hub_module._hub.listeners:
        assert time.monotonic() < deadline, "listeners outlived their streams"
        time.sleep(0.05)


def test_a_stream_asked_of_the_wsgi_server_tells_the_page_to_poll(client, live_redis, table):
    response = client.get(reverse("live", args=[table.pk]))
    assert response.status_code == 404
    assert "polls" in response.content.decode()


def test_without_redis_there_is_no_stream_and_the_page_polls(client, settings, alice, table):
    settings.LIVE_PUSH = False
    client.force_login(alice)
    assert client.get(reverse("live", args=[table.pk])).status_code == 404
    html = client.get(reverse("game", args=[table.pk])).content.decode()
    assert "sse-connect" not in html
    assert 'data-live="2000"' in html and 'hx-trigger="poll"' in html


def test_pages_served_under_asgi_open_their_stream_and_under_wsgi_poll(asgi_site, client, alice, table):
    cookies = cookies_of(client, alice)
    for path, stream in (
        (reverse("game", args=[table.pk]), reverse("live", args=[table.pk])),
        (reverse("lobby"), reverse("lobby_live")),
        (reverse("my_games"), reverse("my_games_live")),
    ):
        asgi_html = fetch_page(asgi_site, path, cookies)
        assert f'sse-connect="{stream}"' in asgi_html, path
        wsgi_html = client.get(path).content.decode()
        assert "sse-connect" not in wsgi_html and "data-live-part" in wsgi_html, path


def fetch_page(site, path: str, cookies: dict) -> str:
    request = urllib.request.Request(
        site.url + path, headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_open_streams_hold_no_database_connection_and_no_thread(site, table, monkeypatch):
    from django.db import connection

    monkeypatch.setattr(streams, "STREAMS_PER_ADDRESS", 60)  # all come from 127.0.0.1

    if connection.vendor != "postgresql":
        pytest.skip("counts PostgreSQL's connections")

    def in_use():
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
            return cursor.fetchone()[0]

    threads, before = threading.active_count(), in_use()
    held = [Stream(site, reverse("live", args=[table.pk])) for _ in range(60)]
    assert all(stream.status == 200 for stream in held)
    assert in_use() - before <= 6  # the shared thread pool's, not one per stream
    assert threading.active_count() - threads <= 6
    for stream in held:
        stream.close()
