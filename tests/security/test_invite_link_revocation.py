"""Attack: keep using an invite link after the host wanted you out. A player whose seat the
host freed rejoins with the link they were sent; a spectator who was sent the link keeps
reading the table talk. The host makes a new link, which voids the old one; freeing a
player's seat makes one too, and that player may not sit there again by any way (the
lobby, the last game's rematch button). And nobody but the host may void the host's link."""

import pytest
from django.urls import reverse

from mailroom.notifications.table_mails import send_rematch_invitation
from tables.actions import errors, lifecycle, player_moves, table_talk
from tables.models import Game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def private_table(alice):
    return lifecycle.create_table(alice, "capitalla", seats=3, private=True)


def invite_url(game) -> str:
    return reverse("invite", args=[game.invite_code])


def code_of(game) -> str:
    return Game.objects.get(pk=game.pk).invite_code


def test_a_player_whose_seat_was_freed_cannot_rejoin_with_the_old_link(client, alice, bob, private_table):
    old = invite_url(private_table)
    client.force_login(bob)
    client.post(old)
    assert private_table.seats.filter(user=bob).exists()
    client.force_login(alice)
    client.post(reverse("free_seat", args=[private_table.pk, 1]))
    client.force_login(bob)
    assert client.post(old).status_code == 404
    assert client.get(old).status_code == 404
    assert client.get(reverse("game", args=[private_table.pk])).status_code == 404
    assert not private_table.seats.filter(user=bob).exists()


def test_a_spectator_sent_away_no_longer_reads_the_table_talk(client, alice, bob, charlie, private_table):
    lifecycle.join_table(bob, private_table.pk)
    table_talk.say(bob, private_table.pk, "see you at eight")
    old = invite_url(private_table)
    client.force_login(charlie)
    assert "see you at eight" in client.get(old).content.decode()
    lifecycle.new_invite_link(alice, private_table.pk)
    response = client.get(old)
    assert response.status_code == 404 and "see you at eight" not in response.content.decode()
    assert client.get(old, {"waiting": 2, "said": 1}, **HTMX).status_code == 404  # no 204 either


def test_only_the_host_voids_the_invite_link(client, alice, bob, charlie, private_table):
    lifecycle.join_table(bob, private_table.pk)
    code = code_of(private_table)
    url = reverse("new_invite_link", args=[private_table.pk])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(charlie)
    assert client.post(url).status_code == 404  # a stranger does not see the table
    client.force_login(bob)
    assert client.post(url).status_code == 403
    assert code_of(private_table) == code


@pytest.mark.parametrize("ended", [False, True])
def test_a_link_that_leaked_after_the_deal_is_voided_too(client, alice, bob, charlie, private_table, ended):
    # Once dealt the link only lets its holders watch; a leaked one showed the game and
    # its table talk for good, before and after its end, and the host could not void it.
    lifecycle.join_table(bob, private_table.pk)
    lifecycle.start_table(alice, private_table.pk)
    table_talk.say(bob, private_table.pk, "secret plan: meet at nine")
    if ended:
        player_moves.resign(bob, private_table.pk)
        player_moves.resign(alice, private_table.pk)
    old = invite_url(private_table)
    client.force_login(alice)
    page = client.get(reverse("game", args=[private_table.pk])).content.decode()
    assert "The link to watch this private game" in page and old in page
    answer = client.post(reverse("new_invite_link", args=[private_table.pk]), follow=True)
    assert "This game has a new link to watch it" in answer.content.decode()
    assert code_of(private_table) not in old
    client.force_login(charlie)
    assert client.get(old).status_code == 404
    assert "secret plan" in client.get(invite_url(Game.objects.get(pk=private_table.pk))).content.decode()
    client.force_login(bob)  # a player sees the game without any link
    assert client.get(reverse("game", args=[private_table.pk])).status_code == 200


def test_a_watcher_by_link_is_offered_no_page_it_cannot_open(client, alice, bob, charlie, private_table):
    # Found by a QA pass: the finished game's replay and log links answered 404 to a
    # link's holder.
    lifecycle.join_table(bob, private_table.pk)
    lifecycle.start_table(alice, private_table.pk)
    player_moves.resign(bob, private_table.pk)
    assert player_moves.resign(alice, private_table.pk).status == Game.Status.FINISHED  # the bot's
    client.force_login(charlie)
    page = client.get(invite_url(private_table)).content.decode()
    assert "secret" not in page and "Replay this game" not in page and "Every move of this game" not in page
    client.force_login(bob)
    page = client.get(reverse("game", args=[private_table.pk])).content.decode()
    assert "Replay this game" in page and "Every move of this game" in page


def test_only_the_host_sees_the_link_to_watch(client, alice, bob, private_table):
    lifecycle.join_table(bob, private_table.pk)
    lifecycle.start_table(alice, private_table.pk)
    client.force_login(bob)
    page = client.get(reverse("game", args=[private_table.pk])).content.decode()
    assert "The link to watch" not in page and private_table.invite_code not in page


@pytest.fixture
def rematch_without_alice(alice, bob, charlie):
    """Alice, Bob and Charlie finished a private game; Bob opened its rematch, Alice joined
    it, and Bob freed her seat there."""
    game = lifecycle.create_table(alice, "capitalla", seats=3, private=True)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(charlie, game.pk)
    finished = player_moves.resign(alice, game.pk)
    following = lifecycle.rematch(bob, finished.pk)
    lifecycle.rematch(alice, finished.pk)
    seat = following.seats.get(user=alice)
    lifecycle.free_seat(bob, following.pk, seat.index)
    return finished, following


def test_a_player_freed_from_a_rematch_cannot_sit_again_through_the_last_games_button(
    client, alice, rematch_without_alice
):
    finished, following = rematch_without_alice
    client.force_login(alice)
    page = client.get(reverse("game", args=[finished.pk])).content.decode()
    assert "Join the rematch" not in page and "freed your seat there" in page
    response = client.post(reverse("rematch", args=[finished.pk]), follow=True)
    assert "you cannot take one again" in response.content.decode()
    assert not following.seats.filter(user=alice).exists()


def test_a_player_freed_from_a_public_table_cannot_join_it_again_from_the_lobby(alice, bob):
    table = lifecycle.create_table(alice, "capitalla", seats=3)
    seat = lifecycle.join_table(bob, table.pk)
    lifecycle.free_seat(alice, table.pk, seat.index)
    with pytest.raises(errors.Forbidden, match="you cannot take one again"):
        lifecycle.join_table(bob, table.pk)
    assert not table.seats.filter(user=bob).exists()


def test_a_freed_player_gets_no_invitation_to_the_rematch(alice, rematch_without_alice):
    _, following = rematch_without_alice
    assert send_rematch_invitation(alice, following.pk, attempt=0) is None
