"""A round's summary, as a player sees it (issue 48): when a round (a deal) ends and the
next is dealt, its summary opens the table, in view at the table's top on a 1280 x 800
screen and on a 390 x 844 phone, and its rows add up: Cap-It's points are the cards left in
hand, Rummathon's round total is its points, burdens and cards bought, Casino's points are
its categories and right answers. Continue puts it away for the rest of the round, through
the table's swaps. Capitalla's deal is the game: its result, every hand, opens the table
once it is over. The games are seeded and played through the write layer first."""

import re

import pytest
from django.db import connections

from tables.actions import lifecycle
from tables.models import Game
from tests.e2e.conftest import PHONE, recording_page
from tests.e2e.layout import box, inside_viewport, scroll_to_top_of
from tests.e2e.session import log_in
from tests.playing import play_moves, until_a_round_ends

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
SEEDS = {"capit": 5, "rummathon": 5, "casino": 3, "capitalla": 1}


def dealt_to_a_round_end(alice, kind: str) -> Game:
    try:
        game = lifecycle.quick_game(alice, kind, bot_level="normal")
        return play_moves(game) if kind == "capitalla" else until_a_round_ends(game, alice)
    finally:
        connections.close_all()


def numbers(row) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", row)]


def capit_adds_up(panel):
    held = [line for line in panel.locator(".round-summary__lines li").all() if line.locator(".pcard").count()]
    assert held  # someone was caught with cards
    for line in held:
        text = line.inner_text()
        points = numbers(text.split("point")[0])[-1]
        cards = [int(n.inner_text()) for n in line.locator(".round-summary__card-points").all()]
        assert points == sum(cards), text


def rummathon_adds_up(panel):
    heads = [h.inner_text() for h in panel.locator("thead th").all()]
    total_at = next(k for k, h in enumerate(heads) if h.startswith("Round total"))
    assert panel.locator("tbody tr").count() >= 2
    for row in panel.locator("tbody tr").all():
        cells = [c.inner_text() for c in row.locator("th, td").all()]
        parts = [numbers(cell)[0] for cell in cells[1:total_at]]
        assert numbers(cells[total_at])[0] == sum(parts), cells


def casino_adds_up(panel):
    heads = [h.inner_text() for h in panel.locator("thead th").all()]
    points_at = heads.index("Points")
    scored = [k for k, h in enumerate(heads) if 3 <= k and k != points_at and "(no points)" not in h]
    assert scored and panel.locator("tbody tr").count() >= 2
    for row in panel.locator("tbody tr").all():
        cells = [c.inner_text() for c in row.locator("th, td").all()]
        assert int(cells[points_at]) == sum(int(cells[k]) for k in scored), (heads, cells)


ADDS_UP = {"capit": capit_adds_up, "rummathon": rummathon_adds_up, "casino": casino_adds_up}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("kind", ["capit", "rummathon", "casino"])
def test_the_summary_of_a_round_just_over_opens_the_table(browser, site_url, alice, monkeypatch, kind, screen):
    from playwright.sync_api import expect

    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEEDS[kind])
    game = dealt_to_a_round_end(alice, kind)
    page = recording_page(browser, site_url, **SCREENS[screen])
    log_in(page)
    page.goto(f"/games/{game.pk}/")
    panel = page.locator("[data-round-over]")
    expect(panel).to_be_visible()
    scroll_to_top_of(page, page.locator("#table"))
    heading = box(panel.locator("h2").first)
    assert inside_viewport(page, heading), heading
    assert box(panel)["y"] < box(page.locator("#table .turn-banner"))["bottom"] + page.viewport_size["height"]
    ADDS_UP[kind](panel)

    page.get_by_role("button", name="Continue").click()
    expect(panel).to_be_hidden()
    page.reload()  # as a swap would bring it back: the tab remembers
    expect(page.locator("[data-round-over]")).to_be_hidden()
    assert page.console_errors == [] and page.csp_errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_capitallas_result_opens_the_table_once_the_deal_is_over(browser, site_url, alice, monkeypatch, screen):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEEDS["capitalla"])
    game = dealt_to_a_round_end(alice, "capitalla")
    assert game.status == Game.Status.FINISHED
    page = recording_page(browser, site_url, **SCREENS[screen])
    log_in(page)
    page.goto(f"/games/{game.pk}/")
    scroll_to_top_of(page, page.locator("#table .table__main"))
    headline = box(page.locator("#result-title"))
    assert inside_viewport(page, headline), headline
    assert page.locator(".result__hand").count() == game.num_seats
    assert page.console_errors == [] and page.csp_errors == []
