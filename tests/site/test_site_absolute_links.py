"""Every absolute link is built from SITE_URL: the invite link was built from the request,
so behind a TLS proxy it read http://, and it named whatever host the request named."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


def test_the_invite_link_points_at_the_site_url_not_at_the_request(client, settings, alice):
    settings.SITE_URL = "https://capitalla.example"
    game = lifecycle.create_table(alice, "capitalla", seats=3, private=True)
    client.force_login(alice)
    page = client.get(reverse("game", args=[game.pk]), HTTP_HOST="127.0.0.1").content.decode()
    link = "https://capitalla.example" + reverse("invite", args=[game.invite_code])
    assert f'value="{link}"' in page
    assert "http://127.0.0.1" not in page
