"""What a player was doing on the table stays when someone else's move redraws it: a
panel opened, a box ticked (static/js/keep-choices.js). Found by a QA pass: Bob had
opened "Resign…" and ticked "Yes, I resign", Alice moved, and his table came back with the
panel shut and the box clear; at a busy table nobody could resign from the page."""

import pytest

from tests.e2e.conftest import recording_page
from tests.e2e.session import live_page, log_in, news_from, players_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_open_resign_panel_and_its_ticked_box_outlive_the_opponents_move(alices_turn, browser, site_url):
    from playwright.sync_api import expect

    alice, bob = players_pages(browser, site_url, alices_turn)
    bob.get_by_text("Resign…").click()
    bob.get_by_label("Yes, I resign this game").check()

    alice.get_by_role("button", name="Draw from the pile").click()
    expect(bob.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    expect(bob.locator("details.resign")).to_have_attribute("open", "")
    expect(bob.get_by_label("Yes, I resign this game")).to_be_checked()
    expect(bob.locator(".history__list li").first).to_contain_text("Alice drew")  # the new table

    bob.get_by_role("button", name="Resign").click()
    expect(bob.locator(".table")).to_contain_text("everyone else is out of the game")
    assert alice.console_errors == bob.console_errors == []
    assert alice.csp_errors == bob.csp_errors == []


def test_the_players_own_move_draws_the_table_afresh(alices_turn, browser, site_url):
    """Only news keeps the choices: after the player's own move the table is the answer."""
    from playwright.sync_api import expect

    alice = recording_page(browser, site_url)
    log_in(alice, "alice")
    alice.goto(alices_turn.get_absolute_url())
    alice.get_by_text("Resign…").click()
    alice.get_by_role("button", name="Draw from the pile").click()
    expect(alice.locator("#table")).to_have_attribute("data-version", str(alices_turn.version + 1))
    expect(alice.locator("details.resign")).not_to_have_attribute("open", "")


@pytest.fixture
def bobs_capit_turn(alice, bob):
    """Cap-It between Alice, Bob and two bots, Bob to meld or discard: his builder shows.
    Made before the browser starts (ORM calls inside Playwright's loop get a connection of
    their own)."""
    from tables.actions import lifecycle
    from tests.capit.capit_web import set_hand

    game = lifecycle.create_table(alice, "capit", seats=4, bots=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    seat = game.seat_of(bob).index
    return set_hand(game, seat, game.state["hands"][seat], turn=seat, phase="play")


def test_the_cards_ticked_into_a_group_outlive_a_line_said_at_the_table(
    bobs_capit_turn, alice, asgi_site, asgi_browser
):
    from playwright.sync_api import expect

    from tables.actions import table_talk

    bob = live_page(asgi_browser, asgi_site.url, "bob", bobs_capit_turn)
    groups = bob.locator("#builder label.gtoggle--A")
    for n in range(2):
        groups.nth(n).click()
    bob.wait_for_function("() => !document.querySelector('.builder__live.htmx-request')")
    ticked = bob.locator("#builder input[name=A]:checked")
    expect(ticked).to_have_count(2)
    cards = ticked.evaluate_all("boxes => boxes.map(b => b.value)")

    news_from(bob, lambda: table_talk.say(alice, bobs_capit_turn.pk, "Take your time"))  # Alice, from elsewhere
    expect(ticked).to_have_count(2)
    assert ticked.evaluate_all("boxes => boxes.map(b => b.value)") == cards
    assert bob.console_errors == [] and bob.csp_errors == []
