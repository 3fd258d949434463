"""Table talk on the game page: players send lines (htmx or a plain form), everyone sees
them, and a polling page gets new lines even when no move was made."""

import pytest
from django.urls import reverse

from tables.actions import table_talk
from tables.models import ChatMessage, Game

pytestmark = pytest.mark.django_db


def say(client, game, text, **headers):
    return client.post(reverse("chat", args=[game.pk]), {"text": text}, **headers)


def poll(client, game, since, said, htmx):
    return client.get(game.get_absolute_url(), {"since": since, "said": said}, **htmx)


def test_a_player_talks_with_a_plain_form(client, table, alice, bob):
    client.force_login(alice)
    response = say(client, table, "Good luck, Bob!")
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url() + "#chat"
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert '<span class="chat__name">Alice</span> Good luck, Bob!' in page
    assert 'name="text"' in page  # Bob may answer


def test_with_htmx_the_chat_comes_back_with_the_line_and_an_empty_field(client, table, alice, htmx):
    client.force_login(alice)
    html = say(client, table, "hello <b>table</b>", **htmx).content.decode()
    assert html.lstrip().startswith('<section id="chat"') and "<html" not in html
    assert "hello &lt;b&gt;table&lt;/b&gt;" in html and "<b>table</b>" not in html
    assert "chat__line chat__line--mine" in html and 'value=""' in html


def test_a_refused_line_keeps_its_text_and_says_why(client, table, alice, htmx):
    client.force_login(alice)
    long = "x" * (ChatMessage.MAX_LENGTH + 1)
    response = say(client, table, long, **htmx)
    assert response.status_code == 400
    assert f"Keep it to {ChatMessage.MAX_LENGTH} characters." in response.content.decode()
    assert f'value="{long}"' in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_a_poll_brings_new_lines_without_a_move(client, table, alice, bob, htmx):
    client.force_login(bob)
    assert poll(client, table, table.version, 0, htmx).status_code == 204
    table_talk.say(alice, table.pk, "your move, Bob")
    response = poll(client, table, table.version, 0, htmx)
    html = response.content.decode()
    assert response.status_code == 200
    chat_list = '<ol id="chat-list" class="chat__list" aria-live="polite" tabindex="0" aria-labelledby="chat-title"'
    assert f'{chat_list} hx-swap-oob="true">' in html
    assert "your move, Bob" in html
    assert f"since={table.version}&amp;said=1" in html  # the next poll asks from there
    assert poll(client, table, table.version, 1, htmx).status_code == 204


def test_an_answer_without_news_in_the_chat_carries_no_chat(client, table, alice, htmx):
    table_talk.say(alice, table.pk, "hi")
    client.force_login(alice)
    move = client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"}, **htmx)
    assert "chat-list" not in move.content.decode()
    assert "chat-list" not in poll(client, Game.objects.get(pk=table.pk), 0, 1, htmx).content.decode()


def test_spectators_read_but_do_not_talk(client, table, alice, charlie):
    table_talk.say(alice, table.pk, "welcome, watchers")
    client.force_login(charlie)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "welcome, watchers" in page and 'name="text"' not in page
    response = say(client, table, "can I play?")
    assert response.status_code == 302 and ChatMessage.objects.count() == 1
    client.logout()
    assert say(client, table, "anonymous").status_code == 302  # to the login page
    assert ChatMessage.objects.count() == 1


def test_a_spectator_s_page_gets_the_whole_chat_when_the_first_line_comes(client, table, alice, charlie, htmx):
    client.force_login(charlie)
    page = client.get(table.get_absolute_url()).content.decode()
    assert '<section id="chat" class="chat" aria-labelledby="chat-title" hidden>' in page  # there, to be swapped
    table_talk.say(alice, table.pk, "hello, watcher")
    html = poll(client, table, table.version, 0, htmx).content.decode()
    assert '<section id="chat" class="chat" aria-labelledby="chat-title" hx-swap-oob="true">' in html
    assert "hello, watcher" in html
