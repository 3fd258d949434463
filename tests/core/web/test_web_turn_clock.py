"""The turn clock on the pages: chosen when creating a table, shown in the lobby, counted
down on the game page (the deadline is text first; a static script counts it down), and
the extra-time and "I'm back" buttons."""

from datetime import timedelta

import pytest
from django.urls import reverse

from tables.actions import turn_timeouts
from tables.models import Event, Game, Seat

pytestmark = pytest.mark.django_db


def test_the_create_form_sets_the_turn_time_and_the_timeout_rules(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("create_table"),
        {
            "kind": "capitalla",
            "seats": "2",
            "bots": "0",
            "bot_level": "normal",
            "turn_seconds": "3600",
            "timeout_policy": "forfeit",
            "extra_time": "forbid",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.turn_seconds, game.timeout_policy, game.allow_extra_time) == (3600, "forfeit", False)
    lobby = client.get("/").content.decode()
    assert "1 hour per turn" in lobby
    assert '<option value="86400" selected>1 day</option>' in lobby


def test_without_clock_fields_a_table_gets_the_defaults(client, alice):
    client.force_login(alice)
    client.post(reverse("create_table"), {"kind": "capitalla", "seats": "2", "bots": "0", "bot_level": "normal"})
    game = Game.objects.get()
    assert (game.turn_seconds, game.timeout_policy, game.allow_extra_time) == (86400, "bot", True)


def test_a_turn_time_off_the_list_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("create_table"),
        {"kind": "capitalla", "seats": "2", "bots": "0", "bot_level": "normal", "turn_seconds": "5"},
    )
    assert response.status_code == 400 and "not one of the available choices" in response.content.decode()
    assert not Game.objects.exists()


def test_the_game_page_shows_whose_clock_runs_with_the_deadline_as_text(client, table, alice, bob):
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Your clock:" in page
    assert f'data-deadline="{table.deadline.isoformat()}"' in page
    assert table.deadline.strftime("%H:%M UTC") in page  # readable without JavaScript
    assert '<script src="/static/js/countdown.js" defer></script>' in page
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Alice’s clock:" in page and "Give Alice more time" in page


def test_extra_time_through_the_page_once(client, table, bob, htmx):
    client.force_login(bob)
    response = client.post(reverse("extra_time", args=[table.pk]), {"version": table.version}, **htmx)
    assert response.status_code == 200 and "Give Alice more time" not in response.content.decode()
    assert "(given this turn)" in response.content.decode()
    game = Game.objects.get(pk=table.pk)
    assert game.deadline == table.deadline + timedelta(days=1) and game.version == 1
    response = client.post(reverse("extra_time", args=[table.pk]), {"version": game.version}, **htmx)
    assert response.status_code == 409 and "already been given extra time" in response.content.decode()
    assert Game.objects.get(pk=table.pk).version == 1


def test_im_back_through_the_page(client, table, alice):
    Seat.objects.filter(game=table, index=0).update(away=True, missed_turns=3)
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "A bot plays your seat" in page and "I’m back" in page
    response = client.post(reverse("come_back", args=[table.pk]))
    assert response.status_code == 302
    assert not Seat.objects.get(game=table, index=0).away
    assert Event.objects.filter(game=table).last().move == {"type": "back"}
    page = client.get(table.get_absolute_url()).content.decode()
    assert "I’m back" not in page and "Your turn: take the top card" in page


def test_the_history_tells_timeouts_in_words(client, table, alice):
    turn_timeouts.expire_overdue_turns(now=table.deadline + timedelta(seconds=1))
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Alice ran out of time; a bot played the turn for them." in page
