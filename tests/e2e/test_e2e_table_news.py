"""Table news for screen readers (static/js/table-news.js). Found by a QA pass: the turn
banner arrived already filled inside each new table, which screen readers often do not
read, so another player's move and the turn coming back went unsaid to a player typing
in the chat. A region outside the table says what the new table says that the last did
not."""

import pytest
from playwright.sync_api import expect

from tables.actions import player_moves
from tests.e2e.conftest import recording_page
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_turn_coming_back_is_said_once(table, alice, bob, browser, site_url):
    page = recording_page(browser, site_url, viewport={"width": 1280, "height": 900})
    log_in(page, "bob")
    page.goto(table.get_absolute_url())
    news = page.locator("[data-table-news]")
    expect(news).to_have_text("")  # the page's first table is read as the page is

    def alices_turn():
        game = table
        for _ in range(2):  # draw, then discard
            move = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] != "declare")
            game = player_moves.play_move(alice, game.pk, game.version, move)

    on_the_server(alices_turn)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "1")
    expect(news).to_contain_text("Your turn")
    assert page.console_errors == [] and page.csp_errors == []
