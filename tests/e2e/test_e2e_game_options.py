"""The create form in real Chromium shows only the chosen game's options: choosing Cap-It
shows its fieldset and hides Capitalla's, whose bad value then neither stops the browser
nor reaches the server; the chosen options reach the table."""

import pytest
from django.db import connections

from tables.models import Game
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_only_the_chosen_games_options_show_and_count(alice, page):
    from playwright.sync_api import expect

    log_in(page)
    capitalla, capit = page.locator('fieldset[data-kind="capitalla"]'), page.locator('fieldset[data-kind="capit"]')
    expect(capitalla).to_be_visible()
    expect(capit).to_be_hidden()

    page.get_by_label("Reshuffles").fill("-1")  # out of range, but not the chosen game's
    page.get_by_label("Game").select_option("Cap-It")
    expect(capitalla).to_be_hidden()
    expect(capit).to_be_visible()
    page.get_by_label("Points for an ace").fill("20")
    page.get_by_label("Bots", exact=True).fill("3")
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("#table")).to_be_visible()

    try:  # the ORM call gets a connection of its own here (see conftest's play_bot_turns)
        game = Game.objects.get()
    finally:
        connections.close_all()
    assert (game.kind, game.options) == ("capit", {"ace_value": 20, "round_share_percent": 10})
    assert not page.console_errors and not page.csp_errors


def test_the_seats_follow_the_chosen_games_range(alice, page):
    """Capitalla seats 2 to 6, Cap-It 4 to 6, Casino 2 to 4: choosing a game sets the field's
    bounds, keeps its number inside them and says the range."""
    from playwright.sync_api import expect

    log_in(page)
    seats, game = page.get_by_role("spinbutton", name="Seats"), page.get_by_label("Game")
    expect(page.locator("#id_seats-range")).to_have_text("Capitalla seats 2 to 6 players.")
    seats.fill("2")
    game.select_option("Cap-It")
    expect(seats).to_have_value("4")
    expect(page.locator("#id_seats-range")).to_have_text("Cap-It seats 4 to 6 players.")
    assert (seats.get_attribute("min"), seats.get_attribute("max")) == ("4", "6")
    seats.fill("6")
    game.select_option("Casino")
    expect(seats).to_have_value("4")
    assert seats.get_attribute("max") == "4"
    assert "id_seats-range" in seats.get_attribute("aria-describedby")
    assert not page.console_errors and not page.csp_errors
