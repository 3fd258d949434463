"""What a QA pass, writing a client from the docs alone, could not do through the API:
see a table's ante before joining it, find its own open and private tables or the
rematches waiting for it, play again or take its seat back from the bot, read its unknown
URLs' refusals as JSON, pace itself before the rate limit, and have a number sent as a
string or a boolean refused rather than read as another type."""

import pytest

from tables.actions import lifecycle, player_moves
from tables.models import Game, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]


def test_a_table_tells_its_stakes_and_terms_before_anyone_joins(api_as, alice, bob, staked):
    game = lifecycle.create_table(
        alice, "capitalla", seats=2, ante=50, turn_seconds=86400, rated=True, timeout_policy="forfeit"
    )
    [listed] = api_as(bob).get("/tables").json()["tables"]
    assert listed["id"] == game.pk
    assert (listed["ante"], listed["rated"], listed["timeout_policy"]) == (50, True, "forfeit")
    assert listed["allow_extra_time"] is True and listed["absences_stop_clock"] is True
    assert listed["options"] == game.options and listed["created_at"]
    assert listed["started_at"] is None and listed["seed_hash"] is None  # not dealt yet


def test_my_open_and_private_tables_are_among_my_games(api_as, alice, bob):
    private = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    public = lifecycle.create_table(bob, "casino", seats=3)
    lifecycle.join_table(alice, public.pk)
    lifecycle.create_table(bob, "capitalla", seats=2)  # not mine
    lists = api_as(alice).get("/games").json()
    assert [g["id"] for g in lists["open"]] == [public.pk, private.pk]


def test_a_rematch_waits_among_my_games_and_i_take_my_seat_at_it(api_as, alice, bob, play_out):
    first = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    lifecycle.join_table(bob, first.pk)
    first = play_out(lifecycle.start_table(alice, first.pk))
    following = api_as(bob).post(f"/games/{first.pk}/rematch")
    assert following.status_code == 200 and following.json()["rematch_of"] == first.pk
    assert api_as(bob).get(f"/games/{first.pk}").json()["rematch"] == following.json()["id"]

    [waiting] = api_as(alice).get("/games").json()["rematches"]
    assert waiting["id"] == following.json()["id"] and waiting["rematch_of"] == first.pk
    taken = api_as(alice).post(f"/games/{first.pk}/rematch").json()
    assert taken["id"] == waiting["id"] and taken["me"] is not None
    assert api_as(alice).get("/games").json()["rematches"] == []


def test_a_rematch_of_a_game_in_play_is_refused(api_as, table, alice):
    answer = api_as(alice).post(f"/games/{table.pk}/rematch")
    assert 400 <= answer.status_code < 500 and answer.json()["detail"]


def test_i_take_my_seat_back_from_the_bot(api_as, table, alice):
    Seat.objects.filter(game=table, index=0).update(away=True, missed_turns=3)
    assert api_as(alice).get(f"/games/{table.pk}").json()["seats"][0]["away"] is True
    answer = api_as(alice).post(f"/games/{table.pk}/back")
    assert answer.status_code == 200 and answer.json()["seats"][0]["away"] is False


def test_an_unknown_url_is_a_json_404(api_as, alice, settings):
    for debug in (True, False):
        settings.DEBUG = debug
        answer = api_as(alice).get("/nope/deeper")
        assert answer.status_code == 404 and answer.json() == {"detail": "No such URL in the API: see /api/v1/docs."}
    assert api_as(None).post("/me/x").status_code == 404


def test_an_url_without_its_final_slash_says_so(api_as, table, alice):
    answer = api_as(alice).get(f"/games/{table.pk}/live")
    assert answer.status_code == 404
    assert answer.json()["detail"] == f"No such URL in the API: /api/v1/games/{table.pk}/live/ has a final slash."


def test_every_answer_tells_what_is_left_of_the_minutes_budget(api_as, alice, settings):
    settings.API_READS_PER_MINUTE = 5
    client = api_as(alice)
    first, second = client.get("/me"), client.get("/tables")
    assert first["X-RateLimit-Limit"] == "5"
    assert (first["X-RateLimit-Remaining"], second["X-RateLimit-Remaining"]) == ("4", "3")
    assert 1 <= int(second["X-RateLimit-Reset"]) <= 61


@pytest.mark.parametrize(
    "body, field",
    [
        ({"kind": "capitalla", "seats": "2"}, "seats"),
        ({"kind": "capitalla", "seats": 2, "private": "yes"}, "private"),
        ({"kind": "capitalla", "seats": 2, "ante": 1.5}, "ante"),
    ],
)
def test_a_table_field_of_the_wrong_type_is_refused(api_as, alice, body, field):
    answer = api_as(alice).post("/tables", body)
    assert answer.status_code == 400 and answer.json()["detail"].startswith(f"table.{field}:")
    assert not Game.objects.exists()


@pytest.mark.parametrize("version", [True, "1", 1.0])
def test_a_version_must_be_a_whole_number(api_as, table, alice, version):
    answer = api_as(alice).post(f"/games/{table.pk}/moves", {"version": version, "move": {"type": "draw"}})
    assert answer.status_code == 400 and answer.json()["detail"].startswith("version:")
    assert Game.objects.get(pk=table.pk).version == table.version


def test_a_request_the_database_pool_could_not_serve_is_503(api_as, alice, settings, monkeypatch):
    from django.db import OperationalError
    from psycopg_pool import PoolTimeout

    settings.DEBUG = False

    def pool_empty(*args, **kwargs):
        raise OperationalError("couldn't get a connection after 5.00 sec") from PoolTimeout()

    monkeypatch.setattr(lifecycle, "create_table", pool_empty)
    answer = api_as(alice).post("/tables", {"kind": "capitalla", "seats": 2})
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert answer.json() == {"detail": "The server is busy: try again in a few seconds."}


def test_the_log_pages_a_long_game(api_as, table, alice, monkeypatch):
    monkeypatch.setattr("api.present.LOG_PAGE", 2)
    for _ in range(5):
        table.record_event(None, {"type": "extra_time", "seconds": 60}, "Extra time.")
    table.save()
    client = api_as(alice)
    page = client.get(f"/games/{table.pk}/log").json()
    assert [e["seq"] for e in page["events"]] == [1, 2] and page["more"] is True
    last = client.get(f"/games/{table.pk}/log", after=4).json()
    assert [e["seq"] for e in last["events"]] == [5] and last["more"] is False


def test_a_game_tells_when_it_was_dealt_and_ended(api_as, table, alice):
    player_moves.resign(alice, table.pk)
    game = api_as(alice).get(f"/games/{table.pk}").json()
    assert game["started_at"] and game["finished_at"]
    assert game["finished_at"] >= game["started_at"] >= game["created_at"]
