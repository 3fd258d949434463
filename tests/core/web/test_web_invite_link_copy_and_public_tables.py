"""Every table its host can share shows its link, with a copy button (issue 20: public
tables showed none, though the lobby says "invite your friends"). A private table's is
its invite link, which the host may renew; a public table's is its own page."""

import re

import pytest
from django.conf import settings

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


def shared_link(html: str) -> str | None:
    found = re.search(r'id="invite-link" type="text" readonly value="([^"]+)"', html)
    return found and found.group(1)


def test_a_public_table_shows_its_host_the_link_to_share_with_a_copy_button(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert shared_link(html) == settings.SITE_URL + game.get_absolute_url()
    assert 'data-copy="invite-link"' in html and "Copy the link" in html
    assert "Make a new link" not in html  # anyone may join a public table: no link to void


def test_a_private_table_shows_its_invite_link_with_a_copy_button(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3, private=True)
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert shared_link(html) == f"{settings.SITE_URL}/join/{game.invite_code}/"
    assert 'data-copy="invite-link"' in html and "Make a new link" in html


def test_the_copy_button_is_a_static_script_not_inline(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    assert re.search(r'<script src="[^"]*/js/copy-link\.js" defer></script>', html)
    assert " onclick=" not in html and "<script>" not in html


def test_others_at_a_public_table_see_no_link_to_share(client, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    client.force_login(bob)
    assert shared_link(client.get(game.get_absolute_url()).content.decode()) is None
