"""Each kind of Rummathon move, posted through the page's form, changes the game."""

import re

import pytest

from tests.rummathon.rummathon_web import HTMX, PILE, RULE_CARDS, current, page, place, post_move

pytestmark = pytest.mark.django_db

# Bob's first sequence (Sceptre's) is a run of 3 and a run of 4: a run of 3, and 5-6-7 waiting for its 4th.
RUNS = ["R1:0", "Y2:0", "G3:0", "B5:0", "R6:0", "Y7:0"]


def posted_form(html: str, label: str) -> list[tuple[str, str]]:
    """The fields of the page's one-button form whose button says `label`, as the browser posts them."""
    for form in re.findall(r"<form .*?</form>", html, re.S):
        if f">{label}</button>" in form or f'aria-label="{label}"' in form:
            fields = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form)
            kind = re.search(r'name="type" value="(\w+)"', form)[1]
            return [(name, value) for name, value in fields if name not in ("version", "csrfmiddlewaretoken")] + [
                ("type", kind)
            ]
    raise AssertionError(f"no form for {label!r}")


def test_buying_extra_cards_costs_ten_points_each(client, alice, friends):
    game = place(friends, phase="buy", scores=[45, 0, 0], bought=[None, 0, 0])
    client.force_login(alice)
    assert post_move(client, game, [("type", "buy"), ("count", "2")]).status_code == 302
    state = current(game).state
    assert state["scores"][0] == 25 and len(state["hands"][0]) == 14 and state["phase"] == "play"


def test_drawing_takes_the_decks_top_card(client, bob, bob_down):
    top = bob_down.state["deck"][-1]
    client.force_login(bob)
    html = page(client, bob, bob_down)
    assert post_move(client, bob_down, posted_form(html, "Draw from the deck")).status_code == 302
    state = current(bob_down).state
    assert state["drawn"] and state["hands"][1][-1] == top


def test_pressing_a_pile_card_takes_it_with_those_above_and_hits_with_it(client, bob, bob_down):
    html = page(client, bob, bob_down)
    label = "Take the green 12 and hit Charlie's set of 12s with it (the 1 card above it comes to your hand)"
    response = post_move(client, bob_down, posted_form(html, label), headers=HTMX)
    assert response.status_code == 200
    state = current(bob_down).state
    assert state["discard"] == PILE[:3] and "B3:0" in state["hands"][1]
    assert "G12:1" in state["groups"][2][0]["cards"] and state["drawn"]


def test_taking_the_top_card_to_lay_down_with_it(client, bob, friends):
    hand, pile = [*RUNS, "Y11:0"], ["G11:0", "B8:1"]
    game = place(friends, hands={1: hand}, discard=pile, turn=1, drawn=False, rule_card=RULE_CARDS)
    lay = {"type": "take", "depth": 0, "lay": [
        {"kind": "run", "cards": ["R1:0", "Y2:0", "G3:0"]},
        {"kind": "run", "cards": ["B5:0", "R6:0", "Y7:0", "B8:1"]},
    ]}  # fmt: skip
    client.force_login(bob)
    assert post_move(client, game, lay).status_code == 302
    state = current(game).state
    assert state["down"][1] == 1 and state["hands"][1] == ["Y11:0"] and state["discard"] == ["G11:0"]


def test_laying_down_groups_posted_as_g_and_kind_fields(client, bob, friends):
    game = place(friends, hands={1: [*RUNS, "B8:1", "Y11:0"]}, turn=1, drawn=True, rule_card=RULE_CARDS)
    fields = [("type", "lay"), ("kind_1", "run"), ("kind_2", "run"), ("kind_3", "")]
    fields += [("g1", card) for card in RUNS[:3]] + [("g2", card) for card in [*RUNS[3:], "B8:1"]]
    client.force_login(bob)
    assert post_move(client, game, fields).status_code == 302
    state = current(game).state
    assert [group["kind"] for group in state["groups"][1]] == ["run", "run"] and state["hands"][1] == ["Y11:0"]


def test_laying_the_suggested_sequence_from_the_page(client, bob, friends):
    game = place(friends, hands={1: [*RUNS, "B8:1", "Y11:0"]}, turn=1, drawn=True, rule_card=RULE_CARDS)
    html = page(client, bob, game)
    assert post_move(client, game, posted_form(html, "Lay these down")).status_code == 302
    assert current(game).state["down"][1] == 1


def test_hitting_a_run_from_the_one_click_list(client, bob, bob_drawn):
    html = page(client, bob, bob_drawn)
    assert post_move(client, bob_drawn, posted_form(html, "Hit red 5 on your run 1–4")).status_code == 302
    assert current(bob_drawn).state["groups"][1][1]["cards"][-1] == "R5:1"


def test_hitting_with_ticked_cards_and_the_end_for_flex(client, bob, bob_drawn):
    client.force_login(bob)
    fields = [("type", "hit"), ("seat", "1"), ("group", "1"), ("cards", "FLEX:2"), ("cards", "R5:1"), ("end", "high")]
    assert post_move(client, bob_drawn, fields).status_code == 302
    run = current(bob_drawn).state["groups"][1][1]["cards"]
    assert run[-2:] == ["FLEX:2", "R5:1"] or run[-2:] == ["R5:1", "FLEX:2"]
    assert len(run) == 6


def test_playing_an_action_card_on_a_target(client, bob, bob_drawn):
    html = page(client, bob, bob_drawn)
    assert post_move(client, bob_drawn, posted_form(html, "Bypass Alice")).status_code == 302
    state = current(bob_drawn).state
    assert state["skips"] == [0] and "BYPASS:0" not in state["hands"][1]


def test_declaring_rummathon_royale(client, bob, bob_down):
    html = page(client, bob, bob_down)
    assert post_move(client, bob_down, posted_form(html, "Declare Rummathon Royale")).status_code == 302
    assert current(bob_down).state["declared"][1] == "royale"


def test_discarding_ends_the_turn(client, bob, bob_drawn):
    html = page(client, bob, bob_drawn)
    assert post_move(client, bob_drawn, posted_form(html, "Discard yellow 7")).status_code == 302
    state = current(bob_drawn).state
    assert state["discard"][-1] == "Y7:0" and state["turn"] == 2 and not state["drawn"]


def test_taking_the_action_card_the_deal_turned_up(client, bob, friends):
    game = place(friends, hands={1: RUNS}, discard=["BYPASS:1"], upturned="BYPASS:1", turn=1, drawn=False)
    html = page(client, bob, game)
    fields = posted_form(html, "Take the Bypass turned up (then draw as usual)")
    assert fields == [("depth", "0"), ("type", "take")]
    assert post_move(client, game, fields).status_code == 302
    state = current(game).state
    assert "BYPASS:1" in state["hands"][1] and state["discard"] == [] and not state["drawn"]
