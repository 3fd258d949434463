"""A move that gets no answer, or a server error, says so (static/js/request-errors.js):
without it the page stayed as it was, silent, and the player could not tell whether the
move went."""

import pytest
from django.urls import reverse

from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    "failure, said",
    [
        ("connection", "That did not reach the server: check your connection, then try again."),
        ("502", "The server could not answer just now (error 502)."),
    ],
)
def test_a_move_that_fails_on_the_way_says_so(alices_turn, page, failure, said):
    from playwright.sync_api import expect

    log_in(page)
    page.goto(alices_turn.get_absolute_url())
    move_url = reverse("move", args=[alices_turn.pk])

    def fail(route):
        if failure == "connection":
            route.abort("connectionreset")
        else:
            route.fulfill(status=502, content_type="text/html", body="<h1>502 Bad Gateway</h1>")

    page.route(f"**{move_url}", fail)
    page.get_by_role("button", name="Draw from the pile").click()
    messages = page.locator("#messages")
    expect(messages).to_be_visible()
    expect(messages.locator(".alert--error")).to_contain_text(said)
    expect(page.locator("#table")).to_contain_text("13 cards")  # nothing played, nothing swapped
    assert page.csp_errors == []
