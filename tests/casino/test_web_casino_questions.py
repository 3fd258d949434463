"""Trivia at the table: after a capture the capturer puts its cards' questions to the
opponents (one each, different cards) or none; the one asked gets a card with the country
and four capitals and answers at any time, not only on their turn; the table sees who
answered what; nobody sees an unanswered question's answer."""

import re

import pytest
from django.urls import reverse

from engine.countries import alpha2_of_flag
from tables.actions import player_moves
from tests.casino.casino_web import HTMX, current, page, post_move, section, set_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def captured(client, bob, friends):
    """Bob (seat 1, logged in) has just taken 5♠ 4♦ 9♥ with his 9♣: his questions to put."""
    game = set_position(friends, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
    client.force_login(bob)
    capture = {"type": "capture", "card": "9C", "loose": ["5S", "4D", "9H"], "builds": []}
    assert post_move(client, game, capture).status_code == 302
    game = current(game)
    assert game.state["phase"] == "ask"
    return game


@pytest.fixture
def asked(client, captured):
    """Bob asked Alice (seat 0) about the 5♠ and Charlie (seat 2) about the 9♥; Charlie
    is to play."""
    response = post_move(client, captured, [("type", "ask"), ("ask_0", "5S"), ("ask_2", "9H")])
    assert response.status_code == 302
    game = current(captured)
    assert game.to_act == [2]
    return game


def country(game, card):
    return game.rules.view(game.state, None)["card_countries"][card]


def flag(game, card):
    """The flag picture of the country on `card`'s question, as a page shows it: an SVG of
    static/vendor/flags/ named by its alpha-2 code, with an empty alt (the name is beside it)."""
    emoji = next(r["flag"] for r in game.rules.view(game.state, None)["asked"] if r["card"] == card)
    src = f"/static/vendor/flags/{alpha2_of_flag(emoji).lower()}.svg"
    return f'<img class="question-flag" src="{src}" alt="" width="28" height="21">'


def test_after_a_capture_the_capturer_gets_one_question_select_per_opponent(client, bob, captured):
    html = page(client, bob, captured)
    assert "Your capture: put its cards' questions to your opponents, or ask none." in html
    panel = section(html, 'id="ask-title"')
    assert re.findall(r'<select name="(ask_\d)">', panel) == ["ask_0", "ask_2"]
    assert "Ask Alice about" in panel and "Ask Charlie about" in panel
    options = re.findall(r'<option value="([^"]*)"', panel)
    assert options == ["", "5S", "4D", "9H"] * 2  # the cards taken, not the one that took them
    # Each opponent comes with a card of its own, so that "Ask" as it comes is an ask.
    assert re.findall(r'<option value="([^"]*)" selected>', panel) == ["5S", "4D"]
    assert f"the 5♠ ({country(captured, '5S')})" in panel
    assert "No questions</button>" in panel


def test_a_card_whose_question_was_put_before_is_not_offered_again(client, bob, captured):
    state = captured.state
    state["asked"] = [{"id": "q1", "card": "4D", "by": 0, "to": 1, "choice": 1, "right": False, "deal": 1}]
    captured.save(update_fields=["state"])
    panel = section(page(client, bob, captured), 'id="ask-title"')
    assert re.findall(r'<select name="ask_0">(.*?)</select>', panel, re.S)[0].count("<option") == 3
    assert 'value="4D"' not in panel


def test_no_questions_passes_the_turn(client, captured):
    assert post_move(client, captured, [("type", "ask")]).status_code == 302
    game = current(captured)
    assert game.state["asked"] == [] and game.to_act == [2]


def test_the_same_card_for_two_opponents_is_refused(client, captured, snapshot):
    before = snapshot(captured)
    response = post_move(client, captured, [("type", "ask"), ("ask_0", "5S"), ("ask_2", "5S")], headers=HTMX)
    assert response.status_code == 400 and "Ask each player about a different card." in response.content.decode()
    assert snapshot(captured) == before
    # The choices stay on the refused form, to mend rather than make again.
    panel = section(response.content.decode(), 'id="ask-title"')
    assert re.findall(r'<option value="([^"]*)" selected>', panel) == ["5S", "5S"]


def test_the_one_asked_gets_a_card_with_the_country_and_four_capitals(client, alice, charlie, asked):
    html = page(client, charlie, asked)
    card = section(html, 'class="question-card panel"')
    assert "Bob asks you: what is the capital of" in card and f"<strong>{country(asked, '9H')}</strong>?" in card
    assert flag(asked, "9H") in card
    assert len(re.findall(r'name="choice" value="\d"', card)) == 4
    assert f'action="{reverse("casino:answer", args=[asked.pk])}"' in card
    html = page(client, alice, asked)  # alice's own question, and none of charlie's
    assert html.count('class="question-card panel"') == 1 and country(asked, "5S") in html


def test_the_table_sees_who_was_asked_and_waits_for_the_answer(client, player, asked):
    html = page(client, player("dave"), asked)
    assert 'class="question-card panel"' not in html
    log = section(html, "Questions asked (2)", "</details>")
    assert f"Bob asked Charlie: the capital of {flag(asked, '9H')} " in log
    assert f"<strong>{country(asked, '9H')}</strong>?" in log
    assert "Waiting for Charlie's answer." in log and "Waiting for Alice's answer." in log


def test_an_answer_out_of_turn_is_played_and_the_table_sees_it(client, alice, charlie, asked):
    record = next(r for r in asked.state["asked"] if r["to"] == 0)
    correct = asked.state["questions"]["5S"]["answer"]
    wrong = (correct + 1) % 4
    client.force_login(alice)  # not her turn: charlie is to play
    response = client.post(reverse("casino:answer", args=[asked.pk]), {"question": record["id"], "choice": wrong})
    assert response.status_code == 302
    game = current(asked)
    assert game.to_act == [2] and game.version == asked.version + 1
    choices = game.rules.view(game.state, None)["asked"][0]["choices"]
    html = page(client, charlie, game)
    log = section(html, "Questions asked (2)", "</details>")
    assert f"Alice answered {choices[wrong]}" in log and f"it is {choices[correct]}" in log and "✗ wrong" in log


def test_an_answer_stands_whatever_the_table_did_since_the_page_was_loaded(client, alice, charlie, asked):
    player_moves.play_move(charlie, asked.pk, asked.version, {"type": "trail", "card": asked.state["hands"][2][0]})
    record = next(r for r in asked.state["asked"] if r["to"] == 0)
    correct = asked.state["questions"]["5S"]["answer"]
    client.force_login(alice)
    response = client.post(
        reverse("casino:answer", args=[asked.pk]), {"question": record["id"], "choice": correct}, **HTMX
    )
    assert response.status_code == 200
    assert "Alice answered" in response.content.decode() and "✓ right" in response.content.decode()
    assert current(asked).state["asked"][0]["right"] is True


def test_an_answer_posted_to_the_move_page_with_a_stale_version_is_played(client, alice, charlie, asked):
    """An answer is one of Casino's version-free moves: the table moving on since the page
    was loaded does not void it (a trail would be refused with a 409)."""
    player_moves.play_move(charlie, asked.pk, asked.version, {"type": "trail", "card": asked.state["hands"][2][0]})
    record = next(r for r in asked.state["asked"] if r["to"] == 0)
    client.force_login(alice)
    answer = [("type", "answer"), ("question", record["id"]), ("choice", "0")]
    response = post_move(client, asked, answer, headers=HTMX, version=asked.version)
    assert response.status_code == 200 and "Alice answered" in response.content.decode()
    assert current(asked).version == asked.version + 2


def test_nobody_answers_a_question_put_to_someone_else(client, charlie, asked, snapshot):
    before = snapshot(asked)
    record = next(r for r in asked.state["asked"] if r["to"] == 0)
    client.force_login(charlie)
    url = reverse("casino:answer", args=[asked.pk])
    forged = ({"question": record["id"], "choice": 0}, {"question": "q99", "choice": 0}, {"question": "x", "choice": 9})
    for data in forged:
        response = client.post(url, data, **HTMX)
        assert response.status_code == 400, data
    client.logout()
    assert client.post(url, {"question": record["id"], "choice": 0}).status_code == 403
    assert snapshot(asked) == before


def test_no_page_shows_an_unanswered_questions_answer(client, alice, bob, charlie, player, asked):
    """Every viewer's page and poll answer is the same whichever capital is the right one."""
    viewers = [alice, bob, charlie, player("dave"), None]

    def pages():
        return [
            re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"|nonce="[^"]+"|"X-CSRFToken": "[^"]+"', "", html)
            for user in viewers
            for headers in ({}, HTMX)
            for html in [page(client, user, asked, **headers)]
        ]

    shown = pages()
    state = asked.state
    for card in ("5S", "9H"):
        state["questions"][card]["answer"] = (state["questions"][card]["answer"] + 1) % 4
    asked.save(update_fields=["state"])
    assert pages() == shown


def test_the_latest_six_questions_are_listed_and_the_earlier_fold_away(client, player, friends):
    cards = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    state = friends.state
    state["asked"] = [
        {"id": f"q{k + 1}", "card": card, "by": 0, "to": 1, "choice": 0, "right": False, "deal": 1}
        for k, card in enumerate(cards)
    ]
    friends.save(update_fields=["state"])
    html = page(client, player("dave"), friends)
    names = [r["country"] for r in friends.rules.view(friends.state, None)["asked"]]
    latest = section(html, "Questions asked (8)", "Earlier questions (2)")
    earlier = section(html, "Earlier questions (2)")
    assert [name for name in names if f"<strong>{name}</strong>" in latest] == names[2:]
    assert [name for name in names if f"<strong>{name}</strong>" in earlier] == names[:2]
    assert latest.index(names[7]) < latest.index(names[2])  # newest first


def test_with_fewer_cards_than_opponents_the_form_says_how_many_may_be_asked(client, bob, captured):
    state = captured.state
    state["asked"] = [
        {"id": f"q{k}", "card": card, "by": 0, "to": 1, "choice": 1, "right": False, "deal": 1}
        for k, card in enumerate(["4D", "9H"])
    ]
    captured.save(update_fields=["state"])
    panel = section(page(client, bob, captured), 'id="ask-title"')
    assert "with 1 card, you may ask 1 of them." in panel
    assert re.findall(r'<option value="([^"]*)" selected>', panel) == ["5S"]  # Alice; Charlie no question


def test_my_answer_keeps_the_card_i_had_chosen_to_play(client, charlie, asked):
    # Found by a QA pass: the answer redrew the table without the card chosen in the hand.
    record = next(r for r in asked.state["asked"] if r["to"] == 2)
    mine = asked.state["hands"][2][0]
    client.force_login(charlie)
    answer = {"question": record["id"], "choice": 0, "card": mine}
    html = client.post(reverse("casino:answer", args=[asked.pk]), answer, **HTMX).content.decode()
    assert current(asked).version == asked.version + 1  # answered
    assert '<button type="submit" name="type" value="trail"' in html  # and the card's plays shown
