"""Attack: keep playing from an account the staff deactivated. Its sessions, its magic
links and its API tokens stop (tests/api/test_api_tokens.py); a reply to one of its turn
mails, sent from its own confirmed address with the seat's genuine token, still made
moves: the reply-to token carries no expiry, and deactivating is the only way to stop it
short of the game's end."""

import pytest
from django.conf import settings

from mailroom.inbound.receive import receive
from mailroom.models import InboundMail
from mailroom.notifications.links import magic_link
from tables.models import Game
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db


def deactivate(user) -> None:
    user.is_active = False
    user.save(update_fields=["is_active"])


def test_a_deactivated_players_mail_reply_moves_nothing(table, alice, enqueued):
    raw = reply(table, alice, "draw")  # her own address, her seat's genuine token
    deactivate(alice)
    received = receive(raw)
    assert received.status == "rejected" and received.smtp_reply.startswith("550")
    assert Game.objects.get(pk=table.pk).version == table.version
    assert not InboundMail.objects.exists() and not enqueued  # nothing kept, nobody answered


def test_a_deactivated_players_magic_link_opens_nothing(client, table, alice):
    link = magic_link(alice, table.pk)[len(settings.SITE_URL) :]
    deactivate(alice)
    assert client.post(link).status_code != 302  # no "Continue" into the game
    assert not client.get(table.get_absolute_url()).wsgi_request.user.is_authenticated
