"""The turn banner ends its sentence once (issue 20, "Waiting for Alice N.." showed two
full stops): a name that ends in a full stop closes the sentence itself."""

import re

from django.urls import reverse

from tables.models import Seat


def banner(client, game) -> str:
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    return " ".join(re.search(r'class="turn-banner[^"]*"[^>]*>(.*?)</p>', html, re.S).group(1).split())


def test_waiting_for_alice_n_shows_one_full_stop(client, bob, table):
    Seat.objects.filter(game=table, index=0).update(player_name="Alice N.")
    client.force_login(bob)
    assert banner(client, table) == "Waiting for Alice N."


def test_waiting_for_alice_still_ends_with_a_full_stop(client, bob, table):
    client.force_login(bob)
    assert banner(client, table) == "Waiting for Alice."
