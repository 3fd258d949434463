"""The Rummathon page: what each phase shows, to whom, and what it never shows."""

import re

import pytest

from tests.rummathon.rummathon_web import PILE, RULE_CARDS, page, place, post_move, section

pytestmark = pytest.mark.django_db


def shown_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html)) | set(re.findall(r'value="([A-Z][A-Z0-9_]*:\d+)"', html))


def buttons(html: str) -> list[tuple[str, str]]:
    """(type, label) of each button that posts a move."""
    return re.findall(r'<button type="submit" name="type" value="(\w+)" class="button[^"]*">([^<]+)</button>', html)


def test_the_player_to_act_sees_the_rule_cards_their_hand_and_the_draw(client, bob, friends):
    game = place(friends, hands={1: ["R3:0", "Y3:0", "G3:0", "B9:0", "FLEX:0"]}, discard=["R12:1", "B5:0"], turn=1)
    html = page(client, bob, game)
    assert "Round 1" in html and "Half variant" in html
    assert 'class="rule-cards' in html and "Your rule card:" in html and "rule-card-lean" in html
    assert ("draw", "Draw from the deck") in buttons(html)
    hand = section(html, 'id="hand-title"')
    assert set(re.findall(r'data-hand-card="([^"]+)"', hand)) == {"R3:0", "Y3:0", "G3:0", "B9:0", "FLEX:0"}


def test_every_seats_rule_card_shows_its_sequence_and_how_far_along_it_is(client, alice, friends):
    game = place(friends, progress=[0, 3, 5], rule_card=RULE_CARDS)
    strip = section(page(client, alice, game), 'id="rule-cards-title"')
    row = r'<th scope="row">(\w+) <span[^>]*>\((\w+)\)</span></th>\s*<td class="num">([^<]+)</td>'
    rows = [(name, card, step.strip()) for name, card, step in re.findall(row, strip)]
    assert rows == [("Alice", "Crown", "1 of 6"), ("Bob", "Sceptre", "4 of 6"), ("Charlie", "Orb", "6 of 6")]


def test_my_rule_card_ticks_the_sequences_done_and_says_how_short_my_hand_is(client, alice, friends):
    game = place(friends, hands={0: ["R3:0", "Y3:0", "B8:0", "B11:1"]}, progress=[2, 0, 0])
    card = section(page(client, alice, game), 'id="my-rule-card-title"')
    assert card.count("rule-card__line--done") == 2 and card.count("rule-card__line--current") == 1
    assert "(sequence 3 of 6)" in card and re.search(r"You are \d+ cards? short", card)


def test_the_cards_that_fit_my_sequence_are_marked(client, bob, friends):
    """Bob's card, whatever it is, wants a set, a run or a colour group: three red cards in
    a row fit any of them but the sets; the solver picks some and they are marked •."""
    game = place(friends, hands={1: ["R5:0", "R6:0", "R7:0", "Y5:0", "G5:0", "SABOTAGE:0"]}, turn=1)
    hand = section(page(client, bob, game), 'id="hand-title"')
    assert "rum-hand__card--fits" in hand and "SABOTAGE:0, fits" not in hand


def test_the_discard_pile_is_fanned_and_a_card_at_depth_is_taken_with_those_above(client, bob, bob_down):
    html = page(client, bob, bob_down)
    fan = section(html, 'class="rum-fan"', "</ol>")
    assert re.findall(r'data-card="([^"]+)"', fan) == PILE  # oldest first, the top on the right
    takes = section(html, 'id="rum-takes-title"')
    assert "Take the green 12 and hit Charlie's set of 12s with it (the 1 card above it comes to your hand)" in takes
    assert 'name="depth" value="1"' in fan  # the card itself is the button


def test_after_drawing_the_page_offers_hits_action_targets_and_discards(client, bob, bob_down):
    game = place(bob_down, drawn=True)
    html = page(client, bob, game)
    labels = [label for _, label in buttons(html)]
    assert "Hit red 5 on your run 1–4" in labels
    assert "Bypass Alice" in labels and "Bypass Charlie" in labels and "Burden Alice" in labels
    assert "Burden Charlie" not in labels  # Charlie is down: no longer burdened this round
    assert 'aria-label="Discard Flex"' in html
    assert "Hit Charlie's set of 12s with cards you choose…" in html
    assert "Draw from the deck" not in labels


def test_the_banners_say_what_is_in_force(client, alice, bob_down):
    game = place(
        bob_down,
        declared=[None, "royale", None],
        skips=[0],
        burdens=[{"by": 2, "kind": "double"}, None, None],
        burdened=[0],
        blocked=[None, None, {"by": 2, "all": True}],
        banned_declare=[False, False, True],
    )
    banners = section(page(client, alice, game), 'class="rum-banners"', "</ul>")
    assert "Bob declared Rummathon Royale" in banners
    assert "Alice's next turn is skipped (Bypass)." in banners
    assert "Alice must also lay a run of 4 — played by Charlie." in banners
    assert "Charlie's groups are blocked: no one else may hit them." in banners
    assert "Charlie's Rummathon Royale failed last round" in banners


def test_the_declare_button_shows_when_i_may_declare(client, bob, bob_down):
    assert ("declare", "Declare Rummathon Royale") in buttons(page(client, bob, bob_down))
    game = place(bob_down, declared=[None, "royale", None], down=[0, 2, 1])
    assert ("declare", "Declare Double Rummathon Royale") in buttons(page(client, bob, game))


def test_the_buy_panel_shows_my_points_the_price_and_who_is_still_choosing(client, alice, friends):
    game = place(friends, phase="buy", scores=[45, 0, 120], bought=[None, 0, None])
    html = page(client, alice, game)
    panel = section(html, 'id="rum-buy-title"')
    assert "at 10 points each" in panel and "45 points" in panel and "up to <strong>5</strong>" in panel
    assert 'name="count" min="0" max="5"' in panel
    assert "Bob: bought 0" in panel and "Charlie: still choosing" in panel
    assert "Choose how many extra cards to buy" in html
    assert "Draw from the deck" not in html


def test_a_waiting_player_sees_the_table_and_their_hand_but_no_move(client, alice, bob_down):
    html = page(client, alice, bob_down)
    assert 'id="hand-title"' in html and not buttons(html)


def test_no_page_shows_another_seats_hand_or_the_deck(client, alice, bob, charlie, player, bob_down):
    state = bob_down.state
    for seat, user in enumerate([alice, bob, charlie]):
        hidden = set(state["deck"]) | {c for other, hand in enumerate(state["hands"]) if other != seat for c in hand}
        assert not shown_cards(page(client, user, bob_down)) & hidden
    watcher = page(client, player("dave"), bob_down)
    assert 'id="hand-title"' not in watcher
    assert not shown_cards(watcher) & (set(state["deck"]) | {c for hand in state["hands"] for c in hand})


def test_the_card_just_drawn_is_marked_in_my_hand(client, bob, friends):
    game = place(friends, hands={1: ["R3:0", "Y3:0", "G9:0"]}, turn=1, drawn=False)
    top = game.state["deck"][-1]
    client.force_login(bob)
    assert post_move(client, game, {"type": "draw"}).status_code == 302
    hand = section(page(client, bob, game), 'id="hand-title"')
    assert re.search(rf'class="[^"]*hand-card--new[^"]*" data-hand-card="{re.escape(top)}"', hand)
    assert ", just drawn" in hand


def test_no_hit_is_offered_where_no_card_of_my_hand_fits(client, bob, bob_down):
    """Bob holds only a Y7 and a G7 and an action card: no group on the table takes either
    (sets of 9s and 12s, a run 1–4), so the page offers no hit, not even with cards he
    would choose, and the banner asks for the discard."""
    game = place(bob_down, hands={1: ["Y7:0", "G7:1", "BYPASS:0"]}, drawn=True)
    html = page(client, bob, game)
    assert "with cards you choose" not in html and 'id="rum-hits-title"' not in html
    assert "Your turn: hit" not in html
    assert "Bypass Alice" in [label for _, label in buttons(html)]


def test_a_hit_form_is_offered_only_for_the_groups_a_card_fits(client, bob, bob_down):
    game = place(bob_down, hands={1: ["R5:1", "Y7:0", "BYPASS:0"]}, drawn=True)
    html = page(client, bob, game)
    assert "Hit your run 1–4 with cards you choose…" in html
    assert "Hit your set of 9s with cards you choose…" not in html
    assert "Hit Charlie's set of 12s with cards you choose…" not in html
