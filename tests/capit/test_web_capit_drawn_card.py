"""The card I just took or drew is marked in my hand until my next move, from the
engine's view (`drawn`, for my seat only), so a reload or the poll shows it too."""

import re

from django.urls import reverse

from tables.models import Game


def marked(html: str) -> list[str]:
    return re.findall(r'hand-card--new" data-hand-card="([^"]+)"', html)


def test_the_card_i_took_is_marked_until_my_next_move(client, bob, charlie, friends):
    client.force_login(bob)
    top = friends.rules.view(friends.state, None)["discard_top"]
    client.post(reverse("move", args=[friends.pk]), {"version": friends.version, "type": "take_discard"})
    game = Game.objects.get(pk=friends.pk)
    assert game.rules.view(game.state, 1)["drawn"] == top
    assert marked(client.get(game.get_absolute_url()).content.decode()) == [top]
    for seat in (0, 2, None):
        assert game.rules.view(game.state, seat)["drawn"] is None
    client.force_login(charlie)
    assert marked(client.get(game.get_absolute_url()).content.decode()) == []

    client.force_login(bob)
    other = next(card for card in game.rules.view(game.state, 1)["hand"] if card != top)
    client.post(reverse("move", args=[game.pk]), {"version": game.version, "type": "discard", "card": other})
    game = Game.objects.get(pk=game.pk)
    assert game.rules.view(game.state, 1)["drawn"] is None
    assert marked(client.get(game.get_absolute_url()).content.decode()) == []
