"""What just happened stays in view (issue 48): after the bots' moves, the table's "Just
now" panel (the last moves, newest first) is on screen with the table's status line when
the page is scrolled to the table's top: beside the table on a 1280 x 800 screen, a strip
over the game on a 390 x 844 phone. The line of a move that came in by the poll is marked
new. The deals are seeded; the page is awaited at the version the bots left. axe finds no
serious issue in the panel, unfolded on the phone."""

import pytest
from django.db import connections

from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.e2e.conftest import PHONE, recording_page
from tests.e2e.layout import box, horizontal_scroll, inside_viewport, scroll_to_top_of
from tests.e2e.session import log_in
from tests.e2e.test_e2e_accessibility import described, failing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
SCREENS = {
    "desktop": {"viewport": DESKTOP},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


def alices_turn_then_the_bots(alice, play_bot_turns) -> Game:
    """Alice draws and discards if she is first (Capitalla), then the bots play until she is
    to act again. From inside Playwright's event loop: the connection is closed after."""
    try:
        game = Game.objects.get()
        if game.to_act == [0]:
            game = player_moves.play_move(alice, game.pk, game.version, {"type": "draw", "from": "pile"})
            discard = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] == "discard")
            player_moves.play_move(alice, game.pk, game.version, discard)
    finally:
        connections.close_all()
    play_bot_turns()
    try:
        return Game.objects.get()
    finally:
        connections.close_all()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("kind", ["capitalla", "capit"])
def test_the_last_moves_are_in_view_at_the_tables_top(
    browser, site_url, alice, monkeypatch, play_bot_turns, kind, screen
):
    from playwright.sync_api import expect

    monkeypatch.setattr(lifecycle, "new_seed", lambda: 1)
    shown = lifecycle.quick_game(alice, kind)
    page = recording_page(browser, site_url, **SCREENS[screen])
    log_in(page)
    page.goto(f"/games/{shown.pk}/")
    expect(page.locator("#table")).to_have_attribute("data-version", str(shown.version))

    game = alices_turn_then_the_bots(alice, play_bot_turns)
    assert game.version > shown.version + 2
    # The poll brings the bots' moves: the panel's newest line is the move list's newest, marked new.
    expect(page.locator("#table")).to_have_attribute("data-version", str(game.version))
    newest = page.locator(".just-now__newest .just-now__line")
    # The move list is folded on a phone (not rendered): its text, not its rendered text.
    expect(newest).to_have_text(page.locator("#history-list li").first.text_content())
    expect(newest).to_have_class("just-now__line just-now__line--new")

    scroll_to_top_of(page, page.locator("#table"))
    panel, status = box(page.locator(".just-now")), box(page.locator("#table .turn-banner"))
    assert inside_viewport(page, panel), panel
    assert inside_viewport(page, status), status
    assert horizontal_scroll(page) == 0
    if screen == "desktop":
        # Beside the game's part, which keeps room for the cards.
        assert panel["x"] > box(page.locator(".table__main"))["right"]
        assert box(page.locator(".table__main"))["width"] >= 760
    else:
        assert panel["height"] <= 100, panel  # a strip: the newest move, the rest folded
        page.locator(".just-now summary").click()
        expect(page.locator(".just-now__earlier .just-now__line").first).to_be_visible()
        expect(page.get_by_role("link", name="All moves")).to_be_visible()
    found = failing(page)  # the panel shown whole: axe finds no serious issue
    assert not found, described(found)
    assert page.console_errors == [] and page.csp_errors == []
