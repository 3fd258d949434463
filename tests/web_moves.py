"""What the web tests of every game share: posting a move as the page's form does, and
reading a game's page as a player (or an anonymous visitor) sees it."""

import html as html_lib

from django.urls import reverse

from tables.models import Game


def post_move(client, game, move_or_fields, headers=None, version=None):
    """POST a move (an engine move dict, as the game's form fields, or the fields
    themselves) to the move view, with the table's current version unless `version`."""
    now = Game.objects.get(pk=game.pk)
    fields = now.plugin.move_fields(move_or_fields) if isinstance(move_or_fields, dict) else list(move_or_fields)
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    data["version"] = [str(now.version if version is None else version)]
    return client.post(reverse("move", args=[game.pk]), data, **(headers or {}))


def page(client, user, game, **headers) -> str:
    """The game's page as `user` sees it (None: signed out), its entities unescaped."""
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(reverse("game", args=[game.pk]), **headers)
    assert response.status_code == 200
    return html_lib.unescape(response.content.decode())
