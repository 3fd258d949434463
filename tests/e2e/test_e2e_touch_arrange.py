"""On a phone, Alice holds a card of her hand with a finger and drags it to another place:
the order is kept on the server, so a reload shows it the same. Touch events are the
phone's own (Chrome DevTools' Input.dispatchTouchEvent), not mouse events."""

import pytest
from django.db import connections

from tables.models import Game
from tests.e2e.test_e2e_phone_layout import deal, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CARDS = "#table [data-hand-card]"
# SortableJS starts a touch drag once the finger has stayed down this long (hand-arrange.js
# sets 150 ms): the test holds it longer, as a person does.
HOLD_MS = 400


def shown(page) -> list[str]:
    return page.locator(CARDS).evaluate_all("cards => cards.map(c => c.dataset.handCard)")


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page, start, end, steps=15):
    touch = page.context.new_cdp_session(page)

    def send(kind, point=None):
        points = [{"x": point[0], "y": point[1]}] if point else []
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", start)
    page.wait_for_timeout(HOLD_MS)
    for k in range(1, steps + 1):
        send("touchMove", (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))
    send("touchEnd")


def test_alice_drags_a_card_with_her_finger_and_the_order_is_kept(phone, alice, monkeypatch):
    from playwright.sync_api import expect

    game = deal(alice, "capitalla", monkeypatch)
    log_in(phone)
    phone.goto(game.get_absolute_url())
    expect(phone.locator(CARDS)).to_have_count(13)
    before = shown(phone)

    phone.locator(CARDS).nth(0).scroll_into_view_if_needed()
    start = centre(phone.locator(CARDS).nth(0))
    x, y = centre(phone.locator(CARDS).nth(2))
    box = phone.locator(CARDS).nth(2).bounding_box()
    with phone.expect_response(lambda r: r.url.endswith("/hand/") and r.request.method == "POST") as answer:
        touch_drag(phone, start, (x + box["width"] * 0.3, y))
    assert answer.value.status == 204
    dragged = shown(phone)
    assert dragged != before and sorted(dragged) == sorted(before)
    assert dragged.index(before[0]) > 0

    try:
        assert Game.objects.get(pk=game.pk).seats.get(user=alice).hand_order == dragged
    finally:
        connections.close_all()  # a connection opened in Playwright's event loop: see deal
    phone.reload()
    expect(phone.locator(CARDS)).to_have_count(13)
    assert shown(phone) == dragged
    assert phone.console_errors == [] and phone.csp_errors == []
