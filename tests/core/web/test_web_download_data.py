"""Download your data: a JSON copy of what the site keeps about the signed-in player,
and nothing of anyone else's (their hands, their talk, their chips)."""

import json

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.views import DATA_DOWNLOADS_PER_HOUR
from api import tokens
from mailroom.notifications.links import magic_link
from tables.actions import lifecycle, table_talk

pytestmark = pytest.mark.django_db

DATA = reverse("download_data")


def test_the_copy_holds_the_account_the_games_the_talk_and_the_chips(client, alice, bob, table):
    table_talk.say(alice, table.pk, "Good luck, Bob")
    table_talk.say(bob, table.pk, "Bob's secret plan")
    tokens.create(alice, "my bot", ("read",))
    staked = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    client.force_login(alice)
    answer = client.get(DATA)
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    assert "no-store" in answer["Cache-Control"] or "no-cache" in answer["Cache-Control"]
    data = json.loads(answer.content)
    assert data["account"]["email"] == "alice@example.com" and data["account"]["username"] == "alice"
    assert [g["id"] for g in data["games"]] == [table.pk, staked.pk]
    assert [line["text"] for line in data["table_talk"]] == ["Good luck, Bob"]
    assert [(e["amount"], e["reason"]) for e in data["chips"]] == [(1000, "grant"), (-100, "ante")]
    assert [t["name"] for t in data["api_tokens"]] == ["my bot"]
    assert data["mail_replies"] == []
    text = answer.content.decode()
    assert "Bob's secret plan" not in text and "bob@example.com" not in text
    assert not any(card in text for card in table.state["hands"][1])  # no hand, nobody's


def test_downloads_are_limited_per_hour(client, alice):
    client.force_login(alice)
    for _ in range(DATA_DOWNLOADS_PER_HOUR):
        assert client.get(DATA).status_code == 200
    assert client.get(DATA).status_code == 429


def test_a_game_link_session_cannot_download(client, alice, table):
    client.post(magic_link(alice, table.pk)[len(settings.SITE_URL) :])
    answer = client.get(DATA)
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
