"""Closing an account: the profile links to a page that says what closing does; the
password and a tick close it for good. The games stay for the others, under "Former
player"; the person's name, address, talk, tokens, links and absences go, and nothing
signs in as the account again."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import closing
from accounts.confirmation import confirm_address
from accounts.passwords import PASSWORD_TRIES
from api import tokens
from ledger import chips
from mailroom.models import MagicLink, Notification
from mailroom.notifications.links import magic_link
from tables.actions import absences, errors, game_state, lifecycle, player_moves, table_talk
from tables.management.commands.verify_ledger import problems
from tables.models import ChatMessage, Game

pytestmark = pytest.mark.django_db

CLOSE = reverse("close_account")
ALICE_PASSWORD = "alice-password-123"


def close(client, password=ALICE_PASSWORD, understood=True):
    return client.post(CLOSE, {"current_password": password, **({"understood": "on"} if understood else {})})


def reloaded(user):
    return get_user_model().objects.get(pk=user.pk)


def test_the_profile_links_to_a_page_that_says_what_closing_does(client, alice, bob, charlie, table):
    hosted = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    client.force_login(alice)
    assert CLOSE in client.get(reverse("profile")).content.decode()
    page = client.get(CLOSE).content.decode()
    assert f"Capitalla #{table.pk}" in page and table.get_absolute_url() in page  # in play: resigned
    assert f"Capitalla #{hosted.pk}" in page  # not dealt: closed
    assert "Your 900 chips go with the account" in page
    assert reloaded(alice).is_active  # reading the page changes nothing


def test_closing_resigns_the_games_in_play_and_signs_out(client, alice, bob, table):
    client.force_login(alice)
    answer = close(client)
    assert answer.status_code == 302 and answer["Location"] == reverse("lobby")
    assert not client.get(reverse("lobby")).wsgi_request.user.is_authenticated
    game = Game.objects.get(pk=table.pk)
    assert game.status == Game.Status.FINISHED  # heads-up: Bob won by her resignation
    alice = reloaded(alice)
    assert (alice.is_active, alice.email, alice.username) == (False, "", f"closed-{alice.pk}")
    assert not alice.has_usable_password()
    assert game.seat_list[0].name == f"Former player {alice.pk}"
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert f"Former player {alice.pk}" in page and "Alice" not in page


def test_at_a_bigger_table_the_others_play_on(alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    closing.close_account(bob)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE and 1 not in game.to_act
    assert 1 in game_state.out_seats(game)


def test_open_tables_close_or_are_left_and_every_ante_goes_back(alice, bob, charlie):
    hosted = lifecycle.create_table(alice, "capitalla", seats=3, ante=100)
    lifecycle.join_table(bob, hosted.pk)
    joined = lifecycle.create_table(charlie, "capitalla", seats=3, ante=100)
    lifecycle.join_table(alice, joined.pk)
    closing.close_account(alice)
    assert Game.objects.get(pk=hosted.pk).status == Game.Status.ABANDONED
    joined = Game.objects.get(pk=joined.pk)
    assert joined.status == Game.Status.OPEN and joined.seat_of(alice) is None
    assert (chips.balance_of(alice), chips.balance_of(bob), chips.balance_of(charlie)) == (1000, 1000, 900)
    assert problems() == []


def test_a_wrong_password_or_no_tick_closes_nothing(client, alice, table):
    client.force_login(alice)
    wrong = close(client, password="guess")
    assert wrong.status_code == 400 and "Wrong password: the account stays open." in wrong.content.decode()
    assert close(client, understood=False).status_code == 400
    assert reloaded(alice).is_active and Game.objects.get(pk=table.pk).status == Game.Status.ACTIVE


def test_wrong_passwords_are_counted_with_the_other_forms(client, alice):
    client.force_login(alice)
    for _ in range(PASSWORD_TRIES):
        close(client, password="guess")
    refused = close(client)  # the right one, after too many wrong ones
    assert refused.status_code == 400 and "Too many wrong passwords" in refused.content.decode()
    assert reloaded(alice).is_active


def test_what_was_the_person_s_is_deleted(client, alice, bob, table):
    table_talk.say(alice, table.pk, "Hello from Alice")
    table_talk.say(bob, table.pk, "Hi Alice")
    link = magic_link(alice, table.pk)[len(settings.SITE_URL) :]
    secret = tokens.create(alice, "my bot", ("read", "play"))[1]
    tomorrow = alice.today(timezone.now()) + timedelta(days=1)
    absences.announce_absence(alice, tomorrow, tomorrow)
    Notification.objects.create(user=alice, game=table, kind="turn", version=0, next_try_at=timezone.now())
    closing.close_account(alice)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Hi Alice"]
    assert not MagicLink.objects.filter(user=alice).exists()
    assert not alice.absences.exists() and not alice.api_tokens.exists()
    assert not Notification.objects.filter(user=alice).exists()
    api = Client().get("/api/v1/me", headers={"Authorization": f"Bearer {secret}"})
    assert api.status_code == 401
    assert Client().post(link).status_code != 302  # the game link opens nothing


def test_nothing_signs_in_as_the_account_again(client, alice):
    elsewhere = Client()
    elsewhere.force_login(alice)  # her other browser
    client.force_login(alice)
    close(client)
    assert not elsewhere.get(reverse("profile")).wsgi_request.user.is_authenticated
    login = Client().post(reverse("login"), {"username": "alice", "password": ALICE_PASSWORD})
    assert not login.wsgi_request.user.is_authenticated


def test_the_username_is_free_and_the_address_gets_no_second_starting_chips(client, alice):
    closing.close_account(alice)
    again = get_user_model().objects.create_user(username="alice", password="x", email="alice@example.com")
    assert confirm_address(again) == 0


@pytest.mark.parametrize("name", ["Former Player 7", "Former-player 3", "~Former_player 3", "Former·player 3"])
def test_nobody_may_call_themselves_former_player(client, name):
    page = client.post(
        reverse("signup"),
        {"username": "mallory", "display_name": name, "password1": "a-long-pass-9", "password2": "a-long-pass-9"},
    )
    assert "kept for closed accounts" in page.content.decode()
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_nobody_may_take_a_closed_accounts_username_and_one_taken_before_does_not_block(client, alice):
    """Found by a recheck: signing up as "closed-<id>" made that account's closing a 500."""
    fields = {"password1": "a-long-pass-9", "password2": "a-long-pass-9"}
    page = client.post(reverse("signup"), {"username": f"Closed-{alice.pk}", **fields})
    assert "kept for closed accounts" in page.content.decode()
    get_user_model().objects.create_user(username=f"closed-{alice.pk}", password="x")  # taken before the rule
    closing.close_account(alice)
    assert reloaded(alice).username.startswith(f"closed-{alice.pk}-") and not reloaded(alice).is_active


def test_a_request_under_way_as_the_account_closes_cannot_act_for_it(alice, bob):
    """Found by a recheck: a join pressed in another browser while the account closed
    seated the closed account under its old name, its ante in the pot."""
    game = lifecycle.create_table(bob, "capitalla", seats=3, ante=10)
    closing.close_account(alice)
    for acting in (
        lambda: lifecycle.join_table(alice, game.pk),
        lambda: lifecycle.create_table(alice, "capitalla", seats=2),
        lambda: table_talk.say(alice, game.pk, "hello"),
    ):
        with pytest.raises(errors.Forbidden, match="This account is closed."):
            acting()
    assert Game.objects.get(pk=game.pk).seat_of(alice) is None


def test_play_again_after_the_rematch_table_was_closed_opens_a_new_one(alice, bob):
    """Found by a recheck: "Play again" led to the rematch its host had closed (closing
    their account does it), and a rematch could never be started from that game again."""
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = player_moves.resign(alice, lifecycle.start_table(alice, game.pk).pk)
    first = lifecycle.rematch(alice, game.pk)
    closing.close_account(alice)
    again = lifecycle.rematch(bob, game.pk)
    assert again.pk != first.pk and again.status == Game.Status.OPEN and again.host_id == bob.pk


def test_a_game_link_session_cannot_reach_the_page(client, alice, table):
    link = magic_link(alice, table.pk)[len(settings.SITE_URL) :]
    client.post(link)  # "Continue": a session for this game only
    answer = close(client)
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
    assert reloaded(alice).is_active


def test_the_staff_can_close_an_account_from_the_admin(client, alice, bob, table):
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "root-password")
    client.force_login(admin)
    changelist = reverse("admin:accounts_user_changelist")
    client.post(changelist, {"action": "close_accounts", "_selected_action": [bob.pk, admin.pk]})
    assert not reloaded(bob).is_active and reloaded(admin).is_active  # never the staff's own
    assert Game.objects.get(pk=table.pk).status == Game.Status.FINISHED


def test_the_seat_s_link_says_the_account_is_closed(client, alice, bob, table):
    closing.close_account(alice)
    page = client.get(reverse("player", args=[alice.pk]))
    assert page.status_code == 410
    assert f"Former player {alice.pk}" in page.content.decode() and "This account is closed" in page.content.decode()


def test_a_table_that_refuses_leaves_all_of_it_as_it_was(client, alice, bob, table, monkeypatch):
    leave_every_table = lifecycle.leave_every_table

    def refuse(user):
        leave_every_table(user)  # resigned the game in play, then a table refused
        raise errors.Conflict("That table is busy.")

    monkeypatch.setattr(lifecycle, "leave_every_table", refuse)
    client.force_login(alice)
    answer = close(client)
    assert answer.status_code == 409 and "Your account is still open: That table is busy." in answer.content.decode()
    assert reloaded(alice).is_active and reloaded(alice).email == "alice@example.com"
    assert Game.objects.get(pk=table.pk).status == Game.Status.ACTIVE  # the resignation undone
