"""A refused press says why by the control pressed, in view, to screen readers too (issue
48: a refused Cap-It or Rummathon lay-down put its reason under the title, some 900 px
above the button). For each game, on a desktop screen (1280 x 800) and a phone (390 x 844),
the reason the server gave shows in a role="alert", inside the screen, within 200 px of
where the control was, with nothing of the table pushed down for it and without a page
load (static/js/refusals.js). Without JavaScript the page comes back whole with the reason
under the title, in view as the page opens.

Every game's page now offers only the moves its rules would play (the builders' buttons
show only for groups they would lay, Casino's selects offer each card once), so the press
a player can still have refused is one made from a table that has moved on: each is
set up before the browser starts (fixed positions; no worker runs, so the bots never
move), and the tab pressing hears nothing of the move made meanwhile (its fetches of the
table are answered "nothing new", as when the press beats the news):
- Capitalla: Alice's second tab discards first; this one discards another card, which is
  no button in the new table (it is not her turn now): the reason shows where it was.
- Cap-It: she ticks her contract into the meld builder; her second tab lays it down
  first; this one presses "Lay down the contract".
- Rummathon: the same with her sequence and "Lay down".
- Casino: Bob answers his question (which he may do at any time) just before Alice
  presses "Trail": the new table keeps her choice, so the reason shows by the same button.
Without JavaScript, Capitalla's stale discard, and Casino's ask of the same card of two
opponents (casino.js stops that in a page with JavaScript).
"""

import html
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connections

from games.rummathon.engine.cards import deck, number
from games.rummathon.engine.rules import next_requirement
from tables.actions import lifecycle, player_moves
from tables.models import Game
from tests.capit.capit_web import set_hand
from tests.casino.casino_web import set_position
from tests.e2e.confirm import press_twice
from tests.e2e.conftest import PHONE, recording_page
from tests.e2e.layout import box, inside_viewport
from tests.e2e.session import log_in, on_the_server
from tests.e2e.test_e2e_capit import AFTER_CONTRACT, CONTRACT
from tests.e2e.test_e2e_rummathon import groups_for
from tests.rummathon.rummathon_web import place

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("E2E_SHOTS", tempfile.gettempdir())) / "refusals"
SCREENS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
SEED = 1  # every deal; the positions are then laid out
NEAR = 200  # px: the most the reason may lie above or below the control pressed
BUSY = ".htmx-added, .htmx-settling, .htmx-swapping, .htmx-request"
TABLE_FETCH = re.compile(r".*/games/\d+/\?since=\d+&said=\d+")
MARKER = "window.__sameRefusalPage"


def settled(page):
    """htmx has answered and wired up what it swapped in."""
    page.wait_for_function(f"() => !document.querySelector('{BUSY}')")


def click(page, control):
    control.click()


@dataclass
class Refusal:
    """A refused press: the game, how the page gets to the control (`prepare(page)`,
    returning it) and how the player presses it."""

    game: Game
    prepare: Callable
    press: Callable = click


# ---------------------------------------------------------------- stale tables


def stale(page):
    """From now on this tab hears of no move: its fetches of the table are answered
    "nothing new" (once a fetch already out has come back)."""
    page.route(TABLE_FETCH, lambda route: route.fulfill(status=204))
    settled(page)


def play(user, game, move):
    """A move made elsewhere (another tab, another player), from inside Playwright's loop."""
    on_the_server(lambda: player_moves.play_move(user, game.pk, Game.objects.get(pk=game.pk).version, move))


def tick(page, toggle: str):
    """Clicks a group toggle of the builder and waits for the live check's answer (and the
    builder's button that comes with it)."""
    page.locator(f"#builder {toggle}").click()
    page.wait_for_function("() => !document.querySelector('.builder__live.htmx-request')")


def capitalla(alice, bob) -> Refusal:
    """Three bots; Alice has drawn and has 14 cards to discard from. Her second tab
    discards the first, this one the last."""
    game = lifecycle.quick_game(alice, "capitalla")
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "draw", "from": "pile"})

    def prepare(page):
        stale(page)
        cards = page.locator(".my-hand button[name=card]")
        first, last = cards.first.get_attribute("value"), cards.last.get_attribute("value")
        play(alice, game, {"type": "discard", "card": first})
        # The card's button now; in the new table, no longer hers to discard, the card itself.
        return page.locator(f'.my-hand [data-card="{last}"]')

    return Refusal(game, prepare, lambda page, control: press_twice(page, control))


def capit(alice, bob) -> Refusal:
    """Three bots; Alice in the play phase of round 1 (two sets of 3), holding a contract.
    She ticks it into the builder; her second tab lays it down first."""
    game = lifecycle.quick_game(alice, "capit")
    seat = game.seat_of(alice).index
    game = set_hand(game, seat, [*CONTRACT[0], *CONTRACT[1], *AFTER_CONTRACT], turn=seat, phase="play")

    def prepare(page):
        for letter, cards in zip("AB", CONTRACT, strict=True):
            for card in cards:
                tick(page, f'label.gtoggle--{letter}:has(input[value="{card}"])')
        stale(page)
        play(alice, game, {"type": "lay_contract", "melds": [{"kind": "set", "cards": cards} for cards in CONTRACT]})
        return page.locator("#builder").get_by_role("button", name="Lay down the contract")

    return Refusal(game, prepare)


def rummathon(alice, bob) -> Refusal:
    """Three bots; Alice has drawn, her hand her next sequence and two more cards. She
    ticks the sequence into the builder; her second tab lays it down first."""
    game = lifecycle.quick_game(alice, "rummathon")
    seat = game.seat_of(alice).index
    requirement = next_requirement(game.state, seat)
    groups = groups_for(requirement)
    rest = [card for card in deck() if number(card) and not any(card in group for group in groups)]
    hand = [card for group in groups for card in group] + rest[-3:-1]
    game = place(game, hands={seat: hand}, groups={}, discard=rest[-1:], turn=seat, drawn=True, phase="play")
    laid = [{"kind": item["kind"], "cards": cards} for item, cards in zip(requirement, groups, strict=True)]

    def prepare(page):
        for slot, cards in enumerate(groups, 1):
            for card in cards:
                tick(page, f'label.gtoggle:has(input[name="g{slot}"][value="{card}"])')
        stale(page)
        play(alice, game, {"type": "lay", "groups": laid})
        return page.locator("#builder").get_by_role("button", name="Lay down")

    return Refusal(game, prepare)


def casino(alice, bob) -> Refusal:
    """Alice and Bob. Alice captured and asked Bob about the 5♠; Bob trailed without
    answering; it is Alice's turn. She chooses her 8♠ and is offered to trail it; Bob
    answers his question first (an answer may come at any time). The answer keeps her
    choice, so the Trail button is in the new table too: the reason shows by it."""
    game = lifecycle.create_table(alice, "casino", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    hands = {0: ["9C", "8S", "KC", "3H"], 1: ["2D", "7C", "QH", "AS"]}
    game = set_position(game, hands=hands, loose=["5S", "4D", "9H", "KD"], builds=[], turn=0)
    for user, move in (
        (alice, {"type": "capture", "card": "9C", "loose": ["5S", "4D", "9H"], "builds": []}),
        (alice, {"type": "ask", "questions": {"1": "5S"}}),
        (bob, {"type": "trail", "card": "2D"}),
    ):
        game = player_moves.play_move(user, game.pk, game.version, move)
    assert game.to_act == [0]
    question = next(record["id"] for record in game.state["asked"] if record["to"] == 1)

    def prepare(page):
        from playwright.sync_api import expect

        page.locator('.casino-pick--hand:has(input[value="8S"])').click()
        trail = page.locator("#casino-plays").get_by_role("button", name="Trail")
        expect(trail).to_be_visible()
        stale(page)
        play(bob, game, {"type": "answer", "question": question, "choice": 0})
        return trail

    return Refusal(game, prepare)


def casino_same_card_twice(alice, bob) -> Refusal:
    """Alice and two bots; she has just taken 5♠ 4♦ 9♥ with her 9♣, and asks both bots
    about the 5♠: a page without JavaScript lets her (casino.js does not)."""
    game = lifecycle.create_table(alice, "casino", seats=3, bots=2)
    game = lifecycle.start_table(alice, game.pk)
    game = set_position(game, hands={0: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=0)
    capture = {"type": "capture", "card": "9C", "loose": ["5S", "4D", "9H"], "builds": []}
    game = player_moves.play_move(alice, game.pk, game.version, capture)

    def prepare(page):
        for field in ("ask_1", "ask_2"):
            page.locator(f'select[name="{field}"]').select_option("5S")
        return page.get_by_role("button", name="Ask", exact=True)

    return Refusal(game, prepare)


GAMES = {"capitalla": capitalla, "capit": capit, "rummathon": rummathon, "casino": casino}
WITHOUT_JAVASCRIPT = {"capitalla": capitalla, "casino": casino_same_card_twice}


def made(request, alice, bob, monkeypatch, scenarios: dict) -> Refusal:
    """A refused press, set up before the browser starts (ORM calls made inside Playwright's
    event loop get a connection of their own, which would outlive the test database)."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    try:
        return scenarios[request.param](alice, bob)
    finally:
        connections.close_all()


@pytest.fixture(params=GAMES)
def refusal(request, alice, bob, monkeypatch, enqueued) -> Refusal:
    """Each game's refused press; what the site enqueues is only recorded."""
    return made(request, alice, bob, monkeypatch, GAMES)


@pytest.fixture(params=WITHOUT_JAVASCRIPT)
def plain_refusal(request, alice, bob, monkeypatch, enqueued) -> Refusal:
    return made(request, alice, bob, monkeypatch, WITHOUT_JAVASCRIPT)


# ---------------------------------------------------------------- measuring


def vertical_gap(one: dict, other: dict) -> float:
    """How far apart two boxes lie, up or down; 0 when they share a line of the screen."""
    return max(0.0, one["y"] - other["bottom"], other["y"] - one["bottom"])


def refusal_said(answer) -> str:
    """The reason the server's answer gives (under the table's title)."""
    found = re.search(r"<p data-refusal[^>]*>([^<]*)</p>", answer.text())
    assert found, "the answer gives no reason"
    return html.unescape(found.group(1))


def banner_in_page(page) -> float:
    """Where the turn banner starts in the page: a line put in under the title would push it down."""
    return page.locator(".turn-banner").evaluate("banner => banner.getBoundingClientRect().top + window.scrollY")


def is_move(response) -> bool:
    return response.request.method == "POST" and response.url.endswith("/move/")


def open_table(browser, site_url, screen: str, game, javascript: bool = True):
    page = recording_page(browser, site_url, java_script_enabled=javascript, **SCREENS[screen])
    log_in(page)
    page.goto(game.get_absolute_url())
    return page


@pytest.mark.parametrize("screen", SCREENS)
def test_a_refused_press_says_why_by_the_control_and_in_view(refusal, browser, site_url, screen):
    from playwright.sync_api import expect

    page = open_table(browser, site_url, screen, refusal.game)
    expect(page.locator(".turn-banner--mine")).to_be_visible()
    settled(page)
    page.evaluate(f"{MARKER} = true")
    control = refusal.prepare(page)
    control.scroll_into_view_if_needed()
    pressed, banner = box(control), banner_in_page(page)

    with page.expect_response(is_move) as answer:
        refusal.press(page, control)
    assert answer.value.status in (400, 409)
    said = refusal_said(answer.value)
    alert = page.get_by_role("alert").filter(has_text=said)
    expect(alert).to_have_count(1)  # by the control, not under the title as well
    expect(alert).to_have_text(said)
    expect(alert).to_have_id("refusal")  # the region the page keeps, which a screen reader reads out
    settled(page)

    shown = box(alert)
    assert inside_viewport(page, shown), (shown, page.viewport_size)
    # By the control where the new table has it (its layout may have moved it), else where it was.
    now = box(control) if control.count() == 1 else pressed
    assert min(vertical_gap(shown, pressed), vertical_gap(shown, now)) <= NEAR, (shown, pressed, now)
    assert abs(banner_in_page(page) - banner) < 1  # nothing came in above the table's moves (sub-pixel rounding aside)
    assert page.evaluate(f"{MARKER} === true"), "the page was reloaded: htmx should have swapped the table"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{refusal.game.kind}-{screen}.png"))

    page.keyboard.press("Escape")  # read, it goes
    expect(page.locator("#refusal")).to_be_empty()
    assert page.csp_errors == []
    # The browser notes the refusal's status; nothing else went wrong.
    errors = page.console_errors
    assert all(re.match(r"Failed to load resource: .* status of 4\d\d", error) for error in errors), errors
    page.unroute_all(behavior="ignoreErrors")  # a fetch of the table may be on its way as the page closes


@pytest.mark.parametrize("screen", SCREENS)
def test_without_javascript_the_page_comes_back_with_the_reason_in_view(plain_refusal, browser, site_url, screen):
    """The form posts itself; the page comes back whole, from its top, the reason under
    the title (the same template for every game)."""
    from playwright.sync_api import expect

    page = open_table(browser, site_url, screen, plain_refusal.game, javascript=False)
    control = plain_refusal.prepare(page)
    with page.expect_response(is_move) as answer:
        control.click()  # no question first: that needs JavaScript
    said = refusal_said(answer.value)
    alert = page.get_by_role("alert").filter(has_text=said)
    expect(alert).to_be_visible()
    assert inside_viewport(page, box(alert))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{plain_refusal.game.kind}-{screen}-without-javascript.png"))
