"""A phone is a first-class table (issue 20): at 390 x 844 CSS px, touch, my whole hand and
the turn's action bar fit one screen, every control is a 44 x 44 px target, the page never
scrolls sideways, no card name breaks inside a word, no badge covers another, and the
lobby shows "Play now" first. The pages around the tables do not scroll sideways either:
the outbox with a mail's long link, the chips ledger, a player's record.

The deals are seeded: seed 1 gives Alice South Africa (a joker with three letters, whose
tags used to overlap) in Capitalla."""

import random

import pytest
from django.db import connections

from mailroom.models import OutboxMessage
from tables.actions import bot_play, lifecycle, player_moves
from tables.models import Game
from tests.e2e.layout import (
    box,
    broken_words,
    horizontal_scroll,
    inside_viewport,
    overlaps,
    scroll_to_top_of,
    small_controls,
)
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEED = 1
PHONE_WIDTH = 390


def deal(user, kind: str, monkeypatch) -> Game:
    """A seeded game against three bots. The ORM runs inside Playwright's event loop here,
    on a connection of its own: closed, or it would outlive the test database."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    try:
        return lifecycle.quick_game(user, kind)
    finally:
        connections.close_all()


def move(user, game: Game, action: dict) -> Game:
    try:
        return player_moves.play_move(user, game.pk, game.version, action)
    finally:
        connections.close_all()


def assert_fits_a_phone(page):
    assert horizontal_scroll(page) == 0
    assert small_controls(page) == []


def assert_hand_and_action_bar_fit_one_screen(page, hand_selector: str, bar_selector: str):
    """Scrolled to my hand, the hand and the action bar under it are both on screen."""
    hand = page.locator(hand_selector)
    scroll_to_top_of(page, hand)
    hand_box, bar_box = box(hand), box(page.locator(bar_selector))
    assert inside_viewport(page, hand_box), hand_box
    assert inside_viewport(page, bar_box), bar_box
    assert hand_box["bottom"] <= bar_box["y"] + 0.5, (hand_box, bar_box)


def assert_action_bar_sticks(page, bar_selector: str):
    """At the top of the page the action bar is already at the foot of the screen."""
    page.evaluate("window.scrollTo(0, 0)")
    bar = box(page.locator(bar_selector))
    assert inside_viewport(page, bar), bar
    assert bar["bottom"] >= page.viewport_size["height"] - 1, bar


def assert_drawing_fits_a_phone(page, game: Game, button: str):
    """The game page at the start of my turn: the bar with the draw buttons sticks to the
    foot of the screen, and fits one screen with my hand."""
    from playwright.sync_api import expect

    log_in(page)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".action-bar")).to_contain_text(button)
    assert_action_bar_sticks(page, ".action-bar")
    assert_hand_and_action_bar_fit_one_screen(page, ".my-hand", ".action-bar")
    assert_fits_a_phone(page)


def test_the_lobby_shows_play_now_first_on_a_phone(phone, alice):
    try:
        lifecycle.create_table(alice, "capitalla", seats=2)  # a row under "Your tables", its title a link
    finally:
        connections.close_all()
    log_in(phone)
    phone.goto("/")
    play_now = box(phone.get_by_role("heading", name="Play now against bots"))
    assert play_now["y"] < box(phone.get_by_role("heading", name="Your tables"))["y"]
    assert inside_viewport(phone, box(phone.get_by_role("button", name="Capitalla", exact=True)))
    assert_fits_a_phone(phone)


def test_a_capitalla_hand_of_14_cards_fits_a_phone_screen(phone, alice, monkeypatch):
    from playwright.sync_api import expect

    game = deal(alice, "capitalla", monkeypatch)
    assert_drawing_fits_a_phone(phone, game, "Draw from the pile")

    game = move(alice, game, {"type": "draw", "from": "pile"})
    phone.reload()
    expect(phone.locator(".my-hand .card")).to_have_count(14)
    scroll_to_top_of(phone, phone.locator(".my-hand"))
    assert inside_viewport(phone, box(phone.locator(".my-hand")))
    assert_fits_a_phone(phone)
    assert "ZAF" in phone.locator(".my-hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert overlaps(phone, ".card", ".card__badge", ".card__joker") == []
    assert broken_words(phone, ".card__country, .card__capital") == []
    assert phone.console_errors == [] and phone.csp_errors == []


def test_a_cap_it_hand_and_its_builder_fit_a_phone_screen(phone, alice, monkeypatch, play_bot_turns):
    game = deal(alice, "capit", monkeypatch)
    play_bot_turns()
    game = Game.objects.get()
    connections.close_all()
    assert_drawing_fits_a_phone(phone, game, "Push")

    move(alice, game, {"type": "take_discard"})
    phone.reload()
    # The group toggles are 44 x 44 targets, and the tickable hand with the builder's
    # buttons (lay down, discard) fits one screen.
    assert_hand_and_action_bar_fit_one_screen(phone, ".my-hand .phand", ".builder__go")
    assert_fits_a_phone(phone)
    assert phone.console_errors == [] and phone.csp_errors == []


# A mail's link as long as a real confirmation link's signed token (180 characters), and a
# reply address as long as a turn mail's.
LONG_LINK = "http://127.0.0.1:8000/accounts/confirm/" + "eyJ1c2VyIjoxLCJhZGRyZXNzIjoiZGVtby5wbGF5ZXIi" * 3 + "/"
REPLY_TO = "Capitalla #12 <play+12.0.1.3b7b2a8c833efbde5aaa1b7d@capitalla.localhost>"


@pytest.fixture
def alices_pages(alice, bob, settings):
    """Alice's outbox holds a mail with a long link, her ledger an ante paid at a game, her
    record finished games of three kinds. Made before the browser starts (see `deal`). The
    site keeps its mail (no mail server), so the outbox offers a reply box."""
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}
    OutboxMessage.objects.create(
        user=alice,
        to=alice.email,
        from_email="Capitalla <noreply@capitalla.localhost>",
        subject="Confirm your Capitalla mail address",
        text=f"Hello Alice,\n\nFollow this link to confirm it:\n\n{LONG_LINK}\n\nIf it was not you, ignore this mail.",
        headers={"Reply-To": REPLY_TO},
    )
    for kind, ante in [("capitalla", 50), ("casino", 0), ("rummathon", 0)]:
        game = lifecycle.create_table(alice, kind, seats=2, ante=ante)
        lifecycle.join_table(bob, game.pk)
        lifecycle.start_table(alice, game.pk)
        player_moves.resign(alice, game.pk)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 3


def scroll_width(page) -> dict:
    return page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth, inner: innerWidth})")


@pytest.mark.parametrize("path", ["/outbox/", "/chips/", "player"])
def test_the_pages_around_the_tables_never_scroll_sideways_on_a_phone(alices_pages, phone, alice, path):
    """A phone's layout viewport widens to fit what overflows (innerWidth grows past 390):
    both must stay at the screen's width."""
    log_in(phone)
    phone.goto(f"/players/{alice.pk}/" if path == "player" else path)
    widths = scroll_width(phone)
    assert widths["scroll"] <= widths["inner"] <= PHONE_WIDTH, (path, widths)
    if path == "/outbox/":
        assert phone.get_by_role("link", name=LONG_LINK).is_visible()
        assert phone.get_by_role("button", name="Send the reply").is_visible()
        assert small_controls(phone) == []  # the reply's button too
    elif path == "/chips/":
        assert phone.get_by_role("columnheader", name="Balance").is_visible()
        balance = box(phone.get_by_role("columnheader", name="Balance"))
        assert inside_viewport(phone, balance), balance
    else:
        assert phone.get_by_role("rowheader", name="All games").is_visible()
    assert phone.console_errors == [] and phone.csp_errors == []


def test_a_long_rummathon_discard_pile_opens_on_its_newest_card(phone, alice, monkeypatch):
    """Sixteen cards do not fit a phone's width: the fan scrolls, and opens at its end,
    where the card just discarded lies."""
    from playwright.sync_api import expect

    from tests.rummathon.rummathon_web import place

    game = deal(alice, "rummathon", monkeypatch)
    try:
        held = {card for hand in game.state["hands"] for card in hand}
        pile = [card for card in dict.fromkeys(game.state["deck"]) if card not in held][:16]
        place(game, discard=pile)
    finally:
        connections.close_all()
    log_in(phone)
    phone.goto(game.get_absolute_url())
    fan = phone.locator(".rum-fan")
    expect(fan.locator(".rum-fan__card")).to_have_count(16)
    widths = fan.evaluate("f => ({left: f.scrollLeft, client: f.clientWidth, scroll: f.scrollWidth})")
    assert widths["scroll"] > widths["client"], widths  # it does scroll
    assert widths["left"] + widths["client"] >= widths["scroll"] - 1, widths  # at its end
    top = box(fan.locator(".rum-fan__card--top"))
    assert 0 <= top["x"] and top["x"] + top["width"] <= PHONE_WIDTH, top  # in sight, side to side
    # The older cards are off to the left, and the fan fades on that side to say so.
    assert hidden_sides(fan) == {"left"}
    fan.evaluate("f => { f.scrollLeft = 0; }")
    expect(fan).to_have_attribute("data-more-right", "")
    assert hidden_sides(fan) == {"right"}
    assert phone.console_errors == [] and phone.csp_errors == []


def hidden_sides(row) -> set[str]:
    return {side for side in ("left", "right") if row.get_attribute(f"data-more-{side}") is not None}


def test_a_cap_it_score_table_of_four_fits_a_phone_and_a_wider_one_says_it_scrolls(phone, alice, monkeypatch):
    """After a round the table of points per round has a column a player: four fit a phone;
    shown in a narrower screen the table scrolls, and its right edge fades."""
    from playwright.sync_api import expect

    from tables.plugins import PLUGINS

    game = deal(alice, "capit", monkeypatch)
    rng, alices_bot = random.Random(SEED), PLUGINS["capit"].bots["normal"]
    try:
        while game.state["round"] == 1:
            if game.seat_list[0].index in game.to_act:
                game = player_moves.play_move(alice, game.pk, game.version, alices_bot.choose(game.state, 0, rng))
            else:
                bot_play.play_bot_turn(game.pk, game.version)
            game = Game.objects.get(pk=game.pk)
    finally:
        connections.close_all()
    log_in(phone)
    phone.goto(game.get_absolute_url())
    wrap = phone.locator(".score-table__wrap")
    expect(wrap.locator("thead th")).to_have_count(5)  # the round, four players
    wrap.scroll_into_view_if_needed()
    assert hidden_sides(wrap) == set()
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    assert_fits_a_phone(phone)

    phone.set_viewport_size({"width": 300, "height": 844})
    expect(wrap).to_have_attribute("data-more-right", "")
    assert hidden_sides(wrap) == {"right"}
    assert phone.console_errors == [] and phone.csp_errors == []
