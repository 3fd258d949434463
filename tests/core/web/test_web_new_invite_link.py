"""The host of a private table may make a new invite link (the old one stops working);
freeing a player's seat makes one too, and the page says to send it on."""

import pytest
from django.conf import settings
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_table(alice):
    return lifecycle.create_table(alice, "capitalla", seats=3, private=True)


def test_the_host_makes_a_new_link_and_friends_join_with_it(client, alice, bob, private_table):
    client.force_login(alice)
    page = client.get(private_table.get_absolute_url()).content.decode()
    url = reverse("new_invite_link", args=[private_table.pk])
    assert f'action="{url}"' in page and "Make a new link" in page
    page = client.post(url, follow=True).content.decode()
    code = Game.objects.get(pk=private_table.pk).invite_code
    assert code != private_table.invite_code
    assert "This table has a new invite link" in page and f"{settings.SITE_URL}/join/{code}/" in page
    client.force_login(bob)
    assert client.post(reverse("invite", args=[code])).status_code == 302
    assert private_table.seats.filter(user=bob).exists()


def test_freeing_a_player_s_seat_makes_a_new_link_and_says_so(client, alice, bob, private_table):
    lifecycle.join_table(bob, private_table.pk)
    client.force_login(alice)
    page = client.post(reverse("free_seat", args=[private_table.pk, 1]), follow=True).content.decode()
    assert "send the new one to those still invited" in page
    assert Game.objects.get(pk=private_table.pk).invite_code != private_table.invite_code


def test_freeing_a_bot_s_seat_keeps_the_link(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=2, private=True)
    client.force_login(alice)
    page = client.post(reverse("free_seat", args=[game.pk, 2]), follow=True).content.decode()
    assert "Seat 3 is free" in page and "new one" not in page
    assert Game.objects.get(pk=game.pk).invite_code == game.invite_code


def test_others_see_no_new_link_button(client, alice, bob, private_table):
    lifecycle.join_table(bob, private_table.pk)
    client.force_login(bob)
    assert "Make a new link" not in client.get(private_table.get_absolute_url()).content.decode()
