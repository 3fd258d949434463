"""The card I just drew is marked in my hand until I discard, also from the draw pile:
the engine's view tells the drawing seat its own pick, and no one else."""

import re

from django.urls import reverse

from tables.models import Game


def marked(html: str) -> list[str]:
    return re.findall(r'data-hand-card="([^"]+)"[^>]*class="hand-card--new"', html)


def test_the_card_i_drew_from_the_pile_is_marked_for_me_only(client, alice, bob, table):
    client.force_login(alice)
    client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"})
    game = Game.objects.get(pk=table.pk)
    drawn = game.state["hands"][0][-1]
    assert game.rules.view(game.state, 0)["last_pick"]["card"] == drawn
    assert "card" not in game.rules.view(game.state, 1)["last_pick"]
    assert "card" not in game.rules.view(game.state, None)["last_pick"]
    page = client.get(game.get_absolute_url()).content.decode()
    assert marked(page) == [drawn]
    client.force_login(bob)
    assert marked(client.get(game.get_absolute_url()).content.decode()) == []

    client.force_login(alice)
    other = next(card for card in game.state["hands"][0] if card != drawn)
    client.post(reverse("move", args=[game.pk]), {"version": 1, "type": "discard", "card": other})
    game = Game.objects.get(pk=table.pk)
    assert "card" not in game.rules.view(game.state, 0)["last_pick"]
    assert marked(client.get(game.get_absolute_url()).content.decode()) == []
