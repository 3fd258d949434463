"""Cap-It moves through the web: draws, the contract, melds, lay-offs, wild swaps and
discards. Every refusal answers 4xx with the reason and changes nothing."""

import html as html_lib
import re
from collections import Counter

import pytest
from django.urls import reverse
from htmx_answers import is_table_partial

from games.capit.engine import deck, face, meld_problem
from games.capit.presenter import pcard
from tables.models import Event
from tests.capit.capit_web import all_cards, current, post_move, set_hand

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}
# Bob's hand for round 1 (two sets of 3): three 7s, three kings and four loose cards.
CONTRACT_HAND = ["7H:0", "7C:0", "7S:1", "KH:0", "KD:1", "KS:0", "3C:0", "4D:0", "9S:0", "10H:1"]
SEVENS, KINGS = CONTRACT_HAND[:3], CONTRACT_HAND[3:6]


def hand_of(game, seat):
    return game.rules.view(game.state, seat)["hand"]


def contract_fields(a=SEVENS, b=KINGS, kind_a="set", kind_b="set"):
    return (
        [("type", "lay_contract"), ("kind_A", kind_a), ("kind_B", kind_b)]
        + [("A", c) for c in a]
        + [("B", c) for c in b]
    )


@pytest.fixture
def bob_to_play(friends):
    """Bob has drawn (it is his play phase) and holds the round-1 contract."""
    return set_hand(friends, 1, CONTRACT_HAND, turn=1, phase="play")


@pytest.fixture
def bob_laid(client, bob, bob_to_play):
    client.force_login(bob)
    assert post_move(client, bob_to_play, contract_fields()).status_code == 302
    game = current(bob_to_play)
    assert game.state["laid"][1] and game.to_act == [1]
    return game


def refused(client, game, fields, snapshot, status=400):
    before = snapshot(game)
    response = post_move(client, game, fields, HTMX)
    assert response.status_code == status
    html = response.content.decode()
    assert is_table_partial(html) and response["HX-Retarget"] == "#table"
    assert snapshot(game) == before
    return html_lib.unescape(re.search(r'role="alert">([^<]*)<', html).group(1))


# ---------------------------------------------------------------- drawing


def test_push_through_the_web(client, bob, friends):
    top = friends.rules.view(friends.state, None)["discard_top"]
    charlie_before = hand_of(friends, 2)
    client.force_login(bob)
    response = post_move(client, friends, [("type", "push")], HTMX)
    assert response.status_code == 200
    game = current(friends)
    assert len(hand_of(game, 1)) == 11
    charlie = hand_of(game, 2)
    assert len(charlie) == 12 and top in charlie and set(charlie_before) <= set(charlie)
    html = response.content.decode()
    assert "Your turn: lay down your contract if you can, then discard." in html
    assert f"Bob pushed the {face(top)} and a stock card to the next player" in html


def test_take_the_discard_then_discard_through_the_web(client, bob, friends):
    top = friends.rules.view(friends.state, None)["discard_top"]
    client.force_login(bob)
    response = post_move(client, friends, [("type", "take_discard")])
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[friends.pk])
    game = current(friends)
    assert top in hand_of(game, 1) and game.rules.view(game.state, None)["discard_top"] is None
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f'name="card" value="{top}" class="ptile__discard" data-confirm="Discard the {pcard(top)["name"]}?"' in page
    response = post_move(client, game, [("type", "discard"), ("card", top)])
    assert response.status_code == 302
    game = current(game)
    assert game.to_act == [2] and game.rules.view(game.state, None)["discard_top"] == top


def test_drawing_twice_is_refused(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    assert "You have drawn already" in refused(client, bob_to_play, [("type", "push")], snapshot)


# ---------------------------------------------------------------- the contract


def test_lay_down_the_contract_through_the_builder(client, bob, bob_to_play):
    client.force_login(bob)
    page = client.get(reverse("game", args=[bob_to_play.pk])).content.decode()
    for card in CONTRACT_HAND:  # every card can go into group A or B
        assert f'name="A" value="{card}"' in page and f'name="B" value="{card}"' in page
    assert '<input type="hidden" name="kind_A" value="set">' in page
    response = post_move(client, bob_to_play, contract_fields(), HTMX)
    assert response.status_code == 200
    game = current(bob_to_play)
    assert game.state["laid"][1]
    assert sorted(c for m in game.state["melds"] for c in m["cards"]) == sorted(SEVENS + KINGS)
    assert sorted(hand_of(game, 1)) == sorted(CONTRACT_HAND[6:])
    html = response.content.decode()
    assert "Your contract is down" in html and "contract down" in html
    assert "set of 7s" in html and "set of kings" in html
    assert 'data-missing="meld lay_off replace">Tick cards' in html and 'name="cards" value="3C:0"' in html


def test_lay_down_the_suggested_contract_in_one_click(client, bob, bob_to_play):
    client.force_login(bob)
    page = client.get(reverse("game", args=[bob_to_play.pk])).content.decode()
    assert "Your hand holds the contract: lay it down now." in page
    form = page.split('class="suggest"')[1].split("</form>")[0]
    fields = [
        (n, html_lib.unescape(v)) for n, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form)
    ]
    fields = [f for f in fields if f[0] not in ("csrfmiddlewaretoken", "version")] + [("type", "lay_contract")]
    assert post_move(client, bob_to_play, fields).status_code == 302
    assert current(bob_to_play).state["laid"][1]


def test_an_invalid_meld_in_the_contract_is_refused_with_the_reason(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    loose = ["3C:0", "4D:0", "9S:0"]
    reason = refused(client, bob_to_play, contract_fields(b=loose), snapshot)
    assert reason == "Group B: " + meld_problem(loose, "set")


def test_a_short_contract_is_refused_with_the_reason(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    reason = refused(client, bob_to_play, contract_fields(b=[]), snapshot)
    assert "Round 1's contract is two sets of 3" in reason


def test_a_lay_off_before_the_contract_is_refused(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    reason = refused(client, bob_to_play, [("type", "lay_off"), ("meld", "0"), ("cards", "7H:0")], snapshot)
    assert reason.startswith("Lay down your contract first (two sets of 3)")
    reason = refused(
        client,
        bob_to_play,
        [("type", "meld"), ("kind", "set"), ("cards", "7H:0"), ("cards", "7C:0"), ("cards", "7S:1")],
        snapshot,
    )
    assert reason.startswith("Lay down your contract first")


@pytest.mark.parametrize(
    "fields",
    [
        [("type", "discard"), ("card", "7H:5")],  # a copy that does not exist
        [("type", "discard"), ("card", "QD:1")],  # a real card, in someone else's hand or the stock
    ],
)
def test_a_forged_card_is_refused(client, bob, bob_to_play, snapshot, fields):
    client.force_login(bob)
    assert "You do not hold the" in refused(client, bob_to_play, fields, snapshot)


def test_a_forged_card_in_a_group_is_refused(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    alices = hand_of(bob_to_play, 0)[0]
    reason = refused(client, bob_to_play, contract_fields(b=KINGS[:2] + [alices]), snapshot)
    assert reason == f"You do not hold the {face(alices)} ({alices})."


@pytest.mark.parametrize(
    "fields, message",
    [
        ([], "The move has no type"),
        ([("type", "teleport")], "Unknown kind of move"),
        ([("type", "lay_contract"), ("kind_A", "pair"), ("A", "7H:0")], "Group A is a set or a run, not pair."),
        ([("type", "lay_contract"), ("A", "7H:0")], "Say whether group A is a set or a run."),
        ([("type", "lay_contract")], "Put your cards into the groups"),
        ([("type", "lay_contract"), ("kind_A", "set"), ("A", "<script>")], "is not a card"),
        ([("type", "meld"), ("kind", "set")], "Tick the cards from your hand first."),
        ([("type", "meld"), ("cards", "7H:0")], "Say whether the new meld is a set or a run."),
        ([("type", "lay_off"), ("cards", "7H:0")], "Choose the meld on the table to lay off on."),
        ([("type", "lay_off"), ("cards", "7H:0"), ("meld", "x")], "Choose a meld on the table."),
        ([("type", "replace"), ("cards", "7H:0"), ("cards", "7C:0"), ("wild", "0|JK:0")], "Tick the one card"),
        ([("type", "replace"), ("cards", "7H:0")], "Choose the wild card on the table to swap."),
        ([("type", "discard")], "Choose the card to discard."),
    ],
)
def test_malformed_moves_are_refused_with_a_message(client, bob, bob_to_play, snapshot, fields, message):
    client.force_login(bob)
    assert message in refused(client, bob_to_play, fields, snapshot)


def test_a_stale_version_is_refused(client, bob, bob_to_play, snapshot):
    client.force_login(bob)
    before = snapshot(bob_to_play)
    response = post_move(client, bob_to_play, contract_fields(), HTMX, version=bob_to_play.version + 3)
    assert response.status_code == 409
    assert snapshot(bob_to_play) == before


# ---------------------------------------------------------------- after the contract


def test_meld_and_lay_off_after_the_contract(client, bob, bob_laid):
    game = set_hand(bob_laid, 1, ["7D:0", "3H:0", "4H:0", "5H:0", "QC:0"])
    response = post_move(
        client, game, [("type", "meld"), ("kind", "run"), ("cards", "3H:0"), ("cards", "4H:0"), ("cards", "5H:0")], HTMX
    )
    assert response.status_code == 200
    game = current(game)
    assert game.state["melds"][-1]["cards"] == ["3H:0", "4H:0", "5H:0"]
    sevens = next(i for i, m in enumerate(game.state["melds"]) if m["as"][0] == "7")
    response = post_move(client, game, [("type", "lay_off"), ("meld", str(sevens)), ("cards", "7D:0")], HTMX)
    assert response.status_code == 200
    game = current(game)
    assert "7D:0" in game.state["melds"][sevens]["cards"] and hand_of(game, 1) == ["QC:0"]
    assert "laid off 7♦ on the set" in response.content.decode()


def test_an_invalid_new_meld_is_refused_with_the_engines_reason(client, bob, bob_laid, snapshot):
    cards = ["3C:0", "4D:0", "9S:0"]
    reason = refused(client, bob_laid, [("type", "meld"), ("kind", "run")] + [("cards", c) for c in cards], snapshot)
    assert reason == meld_problem(cards, "run")


def test_a_lay_off_that_does_not_fit_is_refused(client, bob, bob_laid, snapshot):
    kings = next(i for i, m in enumerate(bob_laid.state["melds"]) if m["as"][0] == "K")
    reason = refused(client, bob_laid, [("type", "lay_off"), ("meld", str(kings)), ("cards", "3C:0")], snapshot)
    assert reason == "3♣ does not fit a set of Ks."


def test_a_wild_swap_then_the_freed_wild_must_be_used(client, bob, bob_laid, snapshot):
    # Bob's set of 7s holds a joker; he holds a natural 7 for it and a set of 9s on the table can take it.
    game = bob_laid
    state = game.state
    for card in ["JK:0", "7D:1", "9C:1", "9D:1", "9H:1"]:
        pile = next(p for p in state["hands"] + [state["stock"], state["discard"]] if card in p)
        pile.remove(card)
    sevens = next(m for m in state["melds"] if m["as"][0] == "7")
    sevens["cards"].append("JK:0")
    sevens["as"].append("7")
    state["melds"].append({"owner": 1, "kind": "set", "cards": ["9C:1", "9D:1", "9H:1"], "as": ["9", "9", "9"]})
    state["hands"][1] = ["7D:1", "3C:0", "4D:0", "9S:0"]
    state["stock"][:0] = ["10H:1"]  # the card the hand gave up
    game.save(update_fields=["state"])
    assert all_cards(game.state) == Counter(deck(4))
    index = game.state["melds"].index(sevens)

    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f'<option value="{index}|JK:0">Joker as 7 in Bob’s set of 7s</option>' in page
    response = post_move(client, game, [("type", "replace"), ("wild", f"{index}|JK:0"), ("cards", "7D:1")], HTMX)
    assert response.status_code == 200, response.content.decode()
    html = response.content.decode()
    assert "You freed the Joker: use it in another meld" in html
    assert "must use" in html and 'form="capit-discard"' not in html
    game = current(game)
    assert "JK:0" in hand_of(game, 1) and "7D:1" in game.state["melds"][index]["cards"]

    reason = refused(client, game, [("type", "discard"), ("card", "3C:0")], snapshot)
    assert reason == "Use the Joker you freed in a meld before you discard."
    reason = refused(client, game, [("type", "lay_off"), ("meld", str(index)), ("cards", "JK:0")], snapshot)
    assert "must go into another meld" in reason

    nines = len(game.state["melds"]) - 1
    response = post_move(client, game, [("type", "lay_off"), ("meld", str(nines)), ("cards", "JK:0")], HTMX)
    assert response.status_code == 200
    assert 'form="capit-discard"' in response.content.decode()  # each card discards
    assert Event.objects.filter(game=game).count() == current(game).version
