"""The lobby through the API: list open tables, create one (every field of the create
form), join, start, leave; and my games, the most urgent first, in the page's order."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tables.actions import lifecycle
from tables.models import Game
from tables.views_lobby import my_games_by_urgency

pytestmark = pytest.mark.django_db


def test_create_join_start_and_play(api_as, alice, bob):
    host, guest = api_as(alice), api_as(bob)
    created = host.post(
        "/tables",
        {
            "kind": "capitalla",
            "seats": 3,
            "bots": 1,
            "bot_level": "easy",
            "turn_seconds": 3600,
            "timeout_policy": "forfeit",
            "allow_extra_time": False,
            "absences_stop_clock": True,
        },
    )
    assert created.status_code == 201, created.content
    table = created.json()
    game = Game.objects.get(pk=table["id"])
    assert (game.bot_level, game.turn_seconds, game.timeout_policy) == ("easy", 3600, "forfeit")
    assert game.absences_stop_clock and not game.allow_extra_time and table["me"] == 0
    assert table["id"] in [t["id"] for t in guest.get("/tables").json()["tables"]]
    assert guest.post(f"/games/{game.pk}/join").json()["me"] == 1
    assert guest.post(f"/games/{game.pk}/start").status_code == 403  # only the host deals
    started = host.post(f"/games/{game.pk}/start").json()
    assert started["status"] == "active" and started["view"]["hand"]


def test_a_table_with_options_and_rated(api_as, alice):
    body = {"kind": "rummathon", "seats": 2, "options": {"variant": "half"}, "rated": True, "timeout_policy": "forfeit"}
    answer = api_as(alice).post("/tables", body)
    assert answer.status_code == 201, answer.content
    game = Game.objects.get(pk=answer.json()["id"])
    assert game.rated and game.options["variant"] == "half"


def test_a_rated_table_puts_out_a_player_whose_time_runs_out_unless_told_otherwise(api_as, alice):
    # Found by a QA pass: the create form chooses it for a rated table, the API refused
    # {"rated": true} alone with "choose The player is out".
    answer = api_as(alice).post("/tables", {"kind": "casino", "seats": 3, "rated": True})
    assert answer.status_code == 201, answer.content
    assert Game.objects.get(pk=answer.json()["id"]).timeout_policy == Game.TimeoutPolicy.FORFEIT
    refused = api_as(alice).post("/tables", {"kind": "casino", "seats": 3, "rated": True, "timeout_policy": "bot"})
    assert refused.status_code == 400 and "out of the game" in refused.json()["detail"]


def test_a_refused_table_says_why(api_as, alice):
    for body in (
        {"kind": "chess", "seats": 2},
        {"kind": "capitalla", "seats": 9},
        {"kind": "capitalla", "seats": 2, "bots": 1, "ante": 10},
        {"kind": "capitalla", "seats": 2, "turn_seconds": 7},
        {"kind": "capitalla", "seats": 2, "options": {"no such option": 1}},
    ):
        answer = api_as(alice, ("play", "stakes")).post("/tables", body)
        assert answer.status_code == 400 and answer.json()["detail"], body
    assert not Game.objects.exists()


def test_leaving_before_the_deal(api_as, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    assert api_as(bob).post(f"/games/{game.pk}/leave").json()["me"] is None
    assert api_as(alice).post(f"/games/{game.pk}/leave").json()["status"] == "abandoned"


def test_my_games_in_the_pages_order(api_as, alice, bob, charlie):
    soon, later, waiting = (lifecycle.create_table(alice, "capitalla", seats=2) for _ in range(3))
    for game in (soon, later, waiting):
        lifecycle.join_table(bob, game.pk)
        lifecycle.start_table(alice, game.pk)
    Game.objects.filter(pk=later.pk).update(deadline=timezone.now() + timedelta(days=2))
    Game.objects.filter(pk=soon.pk).update(deadline=timezone.now() + timedelta(hours=1))
    Game.objects.filter(pk=waiting.pk).update(to_act=[1], clock_seat=1)
    lists = api_as(alice).get("/games").json()
    assert [g["id"] for g in lists["my_turn"]] == [soon.pk, later.pk]
    assert [g["id"] for g in lists["waiting"]] == [waiting.pk]
    page = my_games_by_urgency(alice)
    assert {k: [g["id"] for g in lists[k]] for k in page} == {k: [g.pk for g in v] for k, v in page.items()}
    assert lists["open"] == lists["rematches"] == []
    assert all(g["view"] is None for g in lists["my_turn"])
