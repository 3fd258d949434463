"""The meld builder's check: htmx asks on every change and gets a small fragment saying
whether each group is a valid set or run, or the engine's reason; without JavaScript the
"Check" button gets the whole page back with the ticks kept. It never changes the game."""

import html as html_lib
from urllib.parse import urlencode

from django.urls import reverse

from games.capit.engine import meld_problem
from tests.capit.capit_web import current, post_move

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}
HAND = ["7H:0", "7C:0", "7S:1", "KH:0", "KD:1", "KS:0", "3C:0", "4C:0", "5C:0", "JK:1"]


def check(client, game, query, method="get", headers=HTMX):
    url = reverse("capit:check", args=[game.pk])
    if method == "get":
        response = client.get(url + "?" + urlencode(query, doseq=True), **headers)
    else:
        response = client.post(url, query, **headers)
    return response, html_lib.unescape(response.content.decode())


def test_the_check_says_why_a_group_is_invalid(client, building, snapshot):
    before = snapshot(building)
    cards = ["7H:0", "3C:0", "4C:0"]
    response, text = check(client, building, {"kind": "run", "cards": cards})
    assert response.status_code == 200
    assert "<section" not in text and "<html" not in text  # a fragment, not the page
    assert f"Not a valid run: {meld_problem(cards, 'run')}" in text
    assert "check--bad" in text
    response, text = check(client, building, {"kind_A": "set", "A": ["7H:0", "KH:0", "JK:1"]})
    assert f"Group A is not a valid set: {meld_problem(['7H:0', 'KH:0', 'JK:1'], 'set')}" in text
    assert snapshot(building) == before


def test_the_check_says_valid_and_shows_what_wild_cards_stand_for(client, building):
    response, text = check(client, building, {"kind": "run", "cards": "3C:0,JK:1,5C:0"})
    assert "Valid run — 3♣ Joker(4♣) 5♣." in text and "check--ok" in text
    _, text = check(
        client, building, {"kind_A": "set", "kind_B": "set", "A": ["7H:0", "7C:0", "7S:1"], "B": ["KH:0", "KD:1"]}
    )
    assert "Group A: valid set — 7♥ 7♣ 7♠." in text
    assert "Group B is not a valid set: A meld needs at least 3 cards." in text
    _, text = check(
        client,
        building,
        {"kind_A": "set", "kind_B": "set", "A": ["7H:0", "7C:0", "7S:1"], "B": ["KH:0", "KD:1", "KS:0"]},
    )
    assert "These groups make the contract (two sets of 3): lay them down." in text


def test_the_check_flags_cards_not_held_and_cards_in_two_groups(client, building):
    theirs = building.rules.view(building.state, 0)["hand"][0]
    _, text = check(client, building, {"kind_A": "set", "A": ["7H:0", "7C:0", theirs]})
    assert "Group A: you do not hold the" in text and f"({theirs})" in text
    _, text = check(
        client,
        building,
        {"kind_A": "set", "kind_B": "set", "A": ["7H:0", "7C:0", "7S:1"], "B": ["7H:0", "KD:1", "KS:0"]},
    )
    assert "is in groups A and B" in text


def test_only_players_may_check(client, charlie, friends):
    client.logout()
    response, _ = check(client, friends, {"kind": "run", "cards": "3C:0"})
    assert response.status_code == 403
    client.force_login(charlie)  # seated: may check, with his own hand
    response, _ = check(client, friends, {"kind": "run", "cards": "3C:0"})
    assert response.status_code == 200


def test_without_javascript_check_returns_the_page_with_the_ticks_kept(client, building, snapshot):
    before = snapshot(building)
    page = client.get(reverse("game", args=[building.pk])).content.decode()
    assert f'formaction="{reverse("capit:check", args=[building.pk])}"' in page
    response, text = check(
        client,
        building,
        {
            "version": building.version,
            "kind_A": "set",
            "kind_B": "set",
            "A": ["7H:0", "7C:0", "3C:0"],
            "B": ["KH:0", "KD:1", "KS:0"],
        },
        method="post",
        headers={},
    )
    assert response.status_code == 200 and "<html" in text
    assert 'name="A" value="7H:0" checked' in text and 'name="A" value="3C:0" checked' in text
    assert 'name="B" value="KS:0" checked' in text and 'name="A" value="KS:0">' in text
    assert "Group A is not a valid set: A set needs cards of one rank" in text
    assert "Group B: valid set" in text
    assert snapshot(building) == before


def test_the_suggestion_can_be_put_in_the_builder(client, building):
    page = html_lib.unescape(client.get(reverse("game", args=[building.pk])).content.decode())
    link = page.split('class="suggest__edit"')[0].rsplit('href="', 1)[1].split('"')[0]
    text = html_lib.unescape(client.get(link).content.decode())
    assert "These groups make the contract" in text
    assert text.count('" checked>') >= 6


def test_after_the_contract_the_check_covers_lay_offs_and_swaps(client, bob, building):
    post_move(
        client,
        building,
        [
            ("type", "lay_contract"),
            ("kind_A", "set"),
            ("kind_B", "set"),
            ("A", "7H:0"),
            ("A", "7C:0"),
            ("A", "JK:1"),
            ("B", "KH:0"),
            ("B", "KD:1"),
            ("B", "KS:0"),
        ],
    )
    game = current(building)
    assert game.state["laid"][1]
    sevens = next(i for i, m in enumerate(game.state["melds"]) if m["as"][0] == "7")
    kings = next(i for i, m in enumerate(game.state["melds"]) if m["as"][0] == "K")
    _, text = check(client, game, {"cards": "7S:1", "meld": sevens})
    assert "Lay-off on Bob’s set of 7s fits" in text
    _, text = check(client, game, {"cards": "7S:1", "meld": kings})
    assert "Lay-off on Bob’s set of kings: 7♠ does not fit a set of Ks." in text
    _, text = check(client, game, {"cards": "7S:1", "wild": f"{sevens}|JK:1"})
    assert "Swap: your 7♠ takes the place of the Joker in Bob’s set of 7s" in text
    _, text = check(client, game, {"cards": "3C:0", "wild": f"{sevens}|JK:1"})
    assert "stands for 7: your 3♣ cannot replace it." in text
