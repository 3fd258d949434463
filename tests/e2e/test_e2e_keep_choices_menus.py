"""News keeps a player's menus and numbers too (static/js/keep-choices.js). Found by a
QA pass: Rummathon Royale's count of extra cards went back to 0 when a chat line came,
and Buy then bought none; Casino's questions after a capture went back to the server's
choice (a card moved from one opponent's menu to another's was greyed out there until
the first menu changed), and Ask then asked nobody."""

import pytest

from tests.e2e.session import live_page, news_from

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def bobs_questions(alice, bob, charlie):
    """Casino for three, Bob (seat 1) having just taken 5♠ 4♦ 9♥ with his 9♣: his
    questions to put to Alice (seat 0) and Charlie (seat 2)."""
    from tables.actions import lifecycle, player_moves
    from tests.casino.casino_web import current, set_position

    game = lifecycle.create_table(alice, "casino", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    game = set_position(game, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
    capture = {"type": "capture", "card": "9C", "loose": ["5S", "4D", "9H"], "builds": []}
    player_moves.play_move(bob, game.pk, game.version, capture)
    return current(game)


def test_questions_moved_between_opponents_outlive_a_line_said_at_the_table(
    bobs_questions, alice, asgi_site, asgi_browser
):
    from playwright.sync_api import expect

    from tables.actions import table_talk

    bob = live_page(asgi_browser, asgi_site.url, "bob", bobs_questions)
    to_alice, to_charlie = bob.locator("select[name=ask_0]"), bob.locator("select[name=ask_2]")
    alices_card = to_alice.input_value()
    assert alices_card and alices_card != to_charlie.input_value()  # the server's choice: one each
    to_alice.select_option("")  # no question for Alice: her card goes to Charlie instead
    to_charlie.select_option(alices_card)

    news_from(bob, lambda: table_talk.say(alice, bobs_questions.pk, "Nice capture"))
    expect(to_alice).to_have_value("")
    expect(to_charlie).to_have_value(alices_card)
    assert bob.console_errors == [] and bob.csp_errors == []


@pytest.fixture
def bob_buying(alice, bob):
    """Rummathon Royale for Alice, Bob and a bot at a deal where Alice and Bob may buy
    extra cards, Bob with 50 points: up to 5."""
    from tables.actions import lifecycle

    game = lifecycle.create_table(alice, "rummathon", seats=3, bots=1)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    # As after a first round Alice and Bob lost with points and the bot went out.
    game.state.update(phase="buy", scores=[40, 50, 0], bought=[None, None, 0])
    game.to_act = game.rules.to_act(game.state)
    game.save(update_fields=["state", "to_act"])
    return game


def test_the_number_of_extra_cards_typed_outlives_a_line_said_at_the_table(bob_buying, alice, asgi_site, asgi_browser):
    from playwright.sync_api import expect

    from tables.actions import table_talk

    bob = live_page(asgi_browser, asgi_site.url, "bob", bob_buying)
    count = bob.get_by_role("spinbutton", name="Extra cards")
    count.fill("3")

    news_from(bob, lambda: table_talk.say(alice, bob_buying.pk, "How many will you buy?"))
    expect(count).to_have_value("3")
    assert bob.console_errors == [] and bob.csp_errors == []
