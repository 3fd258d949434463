"""The page's messages: a list in a live region, never a list whose role the live region replaced
(role="status" on the <ul> orphaned its <li>s). request-errors.js and a table's htmx answers still
find the list by its id, #messages."""

import re

from django.urls import reverse

from tables.actions import lifecycle, player_moves
from tables.models import Game

REGION = re.compile(r'<div role="status">\s*<ul id="messages" class="messages"( hidden)?>(.*?)</ul>\s*</div>', re.S)


def test_a_message_is_an_item_of_a_list_inside_the_live_region(client, alice):
    client.force_login(alice)
    client.post(reverse("logout"))
    page = client.get(reverse("lobby")).content.decode()
    (hidden, items) = REGION.search(page).groups()
    assert not hidden
    assert re.search(r'<li class="alert alert--\w+">You are logged out.</li>', items)
    assert page.count('id="messages"') == 1
    assert "{#" not in page  # a template comment over two lines is printed, not dropped
    assert not re.search(r"<ul[^>]*role=", page)


def test_without_a_message_the_empty_list_is_hidden_in_the_live_region(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    (hidden, items) = REGION.search(page).groups()
    assert hidden and not items.strip()


def test_a_table_answer_clears_the_list_and_leaves_the_live_region_in_place(client, alice, bob, htmx):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    client.force_login(alice)
    page = client.get(client.post(reverse("start", args=[game.pk]))["Location"]).content.decode()
    assert REGION.search(page) and "Good luck" in page
    game = Game.objects.get(pk=game.pk)
    player_moves.play_move(alice, game.pk, game.version, game.rules.legal_moves(game.state, 0)[0])
    answer = client.get(reverse("game", args=[game.pk]), {"since": game.version}, **htmx).content.decode()
    # The list alone is swapped (out of band, by its id): the region around it stays, so no role here.
    assert '<ul id="messages" class="messages" hidden hx-swap-oob="true"></ul>' in answer
    assert 'role="status" hidden hx-swap-oob' not in answer
