"""Ticking cards after the contract (the QA pass's "no visible tick control"): each card of
my hand is its discard button and then a Tick box of its own, a labelled checkbox in the
builder's form, so the meld, lay-off and swap buttons post the ticked cards. A refused
move leaves a marker in the check's answer box that its first live answer replaces (the
stylesheet hides the stale refusal then). The hints say "Choose a card to discard", true
of a mouse, a finger and a keyboard; the draw's two choices are buttons of one look."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.capit.presenter import pcard
from tests.capit.capit_web import current, post_move, set_hand
from tests.capit.test_web_capit_moves import CONTRACT_HAND, HTMX, contract_fields

AFTER = CONTRACT_HAND[6:]  # 3C:0 4D:0 9S:0 10H:1


class Hand(HTMLParser):
    """The builder's tiles after the contract: for each `li.ptile`, its controls in
    document order ("discard <card>", "tick <card>") with the form each belongs to, and
    the text of each Tick box's label, the words a screen reader and the eye get."""

    def __init__(self):
        super().__init__()
        self.tiles: list[dict] = []
        self.form = None
        self.label = None
        self.hidden_depth = 0
        self.depth = 0
        self.buttons: dict[str, str | None] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.depth += 1
        if tag == "form":
            self.form = a.get("id")
        elif tag == "li" and "ptile" in (a.get("class") or "").split():
            self.tiles.append({"card": a.get("data-hand-card"), "controls": [], "labels": []})
        elif tag == "label" and self.tiles and "ptile__pick" in (a.get("class") or "").split():
            self.label = {"shown": "", "spoken": ""}
            self.tiles[-1]["labels"].append(self.label)
        elif tag == "button":
            form = a.get("form") or self.form
            if a.get("class") == "ptile__discard":
                self.tiles[-1]["controls"].append((f"discard {a['value']}", form))
            elif a.get("name") == "type":
                self.buttons[a["value"]] = form
        elif tag == "input" and a.get("type") == "checkbox" and a.get("name") == "cards":
            self.tiles[-1]["controls"].append((f"tick {a['value']}", self.form))
        elif tag == "span" and self.label is not None:
            classes = (a.get("class") or "").split()
            if "visually-hidden" in classes or a.get("aria-hidden") == "true":
                self.hidden_depth = self.depth
                self.hidden_kind = "spoken" if "visually-hidden" in classes else "shown"

    def handle_endtag(self, tag):
        if self.hidden_depth == self.depth:
            self.hidden_depth = 0
        self.depth -= 1
        if tag == "form":
            self.form = None
        elif tag == "label":
            self.label = None

    def handle_data(self, data):
        if self.label is not None and self.hidden_depth:
            self.label[self.hidden_kind] += data.strip()


def parse(html: str) -> Hand:
    hand = Hand()
    hand.feed(html)
    return hand


@pytest.fixture
def laid(client, bob, friends):
    """Bob (logged in) has laid his contract down and may meld, lay off and discard."""
    game = set_hand(friends, 1, CONTRACT_HAND, turn=1, phase="play")
    client.force_login(bob)
    assert post_move(client, game, contract_fields()).status_code == 302
    game = current(game)
    assert game.state["laid"][1] and game.to_act == [1]
    return game


def page(client, game) -> str:
    response = client.get(reverse("game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_after_the_contract_each_card_is_a_discard_button_then_a_tick_box_in_the_builder(client, laid):
    hand = parse(page(client, laid))
    assert sorted(tile["card"] for tile in hand.tiles) == sorted(AFTER)
    for tile in hand.tiles:
        card = tile["card"]
        # The card discards (its own form, asking first); its Tick box, one checkbox, ticks
        # it for the builder's form: two controls, one Tab stop each.
        assert tile["controls"] == [(f"discard {card}", "capit-discard"), (f"tick {card}", "builder")]
        assert tile["labels"] == [{"shown": "Tick", "spoken": f"Tick the {pcard(card)['name']}"}]
    # No card is ticked: no button would post a play yet.
    assert "meld" not in hand.buttons and "lay_off" not in hand.buttons


def test_the_buttons_that_use_the_ticked_cards_are_the_builders(client, laid):
    # Once the ticks make a play, its button shows, in the builder's form: it posts them.
    game = set_hand(laid, 1, ["10S:0", "10C:0", "10H:1", "7D:0"])
    ticked = {"version": game.version, "kind": "set", "cards": ["10S:0", "10C:0", "10H:1"]}

    def builder_buttons(draft: dict) -> dict:
        html = client.post(reverse("capit:check", args=[game.pk]), draft).content.decode()
        form = html.split('class="builder" id="builder">')[1].split("</form>")[0]
        return parse(f'<form id="builder">{form}</form>').buttons

    assert builder_buttons(ticked) == {"meld": "builder"}
    assert builder_buttons({**ticked, "cards": "7D:0", "meld": 0}) == {"lay_off": "builder"}


def test_the_meld_button_posts_the_ticked_cards(client, laid):
    # As the browser posts the builder with two 10s and the 10♥ ticked, "set" chosen.
    game = set_hand(laid, 1, ["10S:0", "10C:0", "10H:1", "3C:0"])
    fields = [("type", "meld"), ("kind", "set"), ("cards", "10S:0"), ("cards", "10C:0"), ("cards", "10H:1")]
    assert post_move(client, game, fields + [("meld", ""), ("end", ""), ("wild", "")], HTMX).status_code == 200
    game = current(game)
    assert sorted(game.state["melds"][-1]["cards"]) == ["10C:0", "10H:1", "10S:0"]
    assert game.rules.view(game.state, 1)["hand"] == ["3C:0"]


def test_ticks_kept_after_a_refusal_show_checked(client, laid):
    fields = [("type", "meld"), ("kind", "run"), ("cards", "3C:0"), ("cards", "9S:0")]
    html = post_move(client, laid, fields, HTMX).content.decode()
    for card in ("3C:0", "9S:0"):
        assert f'name="cards" value="{card}" class="ptile__tick" checked>' in html
    assert 'value="4D:0" class="ptile__tick">' in html


def test_a_refusal_marks_the_check_box_until_its_first_answer(client, laid):
    html = post_move(client, laid, [("type", "meld"), ("kind", "set")], HTMX).content.decode()
    assert 'role="alert">Tick the cards from your hand first.<' in html
    answer = html.split('id="builder-check"')[1].split("</div>")[0]
    assert '<span class="builder__refused" hidden></span>' in answer
    # A page with no refusal has no marker; the live check's answer never has one.
    assert "builder__refused" not in page(client, laid)
    check = client.get(reverse("capit:check", args=[laid.pk]), {"cards": "3C:0"}, HTTP_HX_REQUEST="true")
    assert check.status_code == 200 and "builder__refused" not in check.content.decode()


def test_the_hints_say_how_to_tick_and_how_to_discard(client, laid):
    html = page(client, laid)
    assert "Tick cards with the Tick box under each, then meld them" in html
    assert "Choose a card to discard it and end your turn." in html
    assert "Tap a card" not in html


def test_the_draws_two_choices_are_buttons_of_one_look(client, bob, friends):
    client.force_login(bob)
    html = page(client, friends)
    assert '<button type="submit" name="type" value="take_discard" class="button">' in html
    assert '<button type="submit" name="type" value="push" class="button">Push</button>' in html


def test_ticked_cards_with_nothing_chosen_yet_ask_for_a_set_a_run_or_a_meld(client, laid):
    url = reverse("capit:check", args=[laid.pk])
    answer = client.get(url, {"cards": AFTER[:2]}, **HTMX).content.decode()
    assert "Now choose a set or a run to meld them, or a meld to lay them off on." in answer
    assert "Tick cards to build a meld or a lay-off." in client.get(url, **HTMX).content.decode()
