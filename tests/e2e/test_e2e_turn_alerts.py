"""Your-turn alerts (issue 20 §4): the button asks for the notification permission when it
is pressed, never on load; once on, a poll that finds it has become my turn while the tab
is in the background makes one notification ("Your turn at <table>") and, with "Sound"
ticked, a tone. A visible tab gets none; a browser without notifications says so.

The page's Notification is a stub that records what the page does with it, the page's
visibility is set by the test, and the tone is counted at the Web Audio oscillator."""

import pytest

from tables.actions import player_moves
from tests.e2e.confirm import press_twice
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

RECORD_NOTIFICATIONS = """
window.__notifications = [];
window.__permissionRequests = 0;
class RecordedNotification {
  constructor(title, options) { window.__notifications.push({ title, body: (options || {}).body }); }
  close() {}
  static requestPermission() {
    window.__permissionRequests += 1;
    RecordedNotification.permission = "granted";
    sessionStorage.setItem("permission", "granted");
    return Promise.resolve("granted");
  }
}
// A reload keeps the answer, as the browser would.
RecordedNotification.permission = sessionStorage.getItem("permission") || "default";
window.Notification = RecordedNotification;
"""

# The test decides whether the tab is in the background.
SETTABLE_VISIBILITY = """
window.__hidden = false;
Object.defineProperty(document, "visibilityState", {
  configurable: true, get() { return window.__hidden ? "hidden" : "visible"; },
});
"""

COUNT_TONES = """
window.__tones = 0;
const createOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__tones += 1; return createOscillator.call(this); };
"""

NO_NOTIFICATIONS = "delete window.Notification;"

BLOCKED_NOTIFICATIONS = "Object.defineProperty(window.Notification, 'permission', { get: () => 'denied' });"

ALERT_BUTTON = "Alert me when it's my turn"


def alert_page(browser, site_url, *scripts):
    from tests.e2e.conftest import recording_page

    page = recording_page(browser, site_url, viewport={"width": 1280, "height": 1000}, permissions=["notifications"])
    for script in scripts:
        page.add_init_script(script)
    return page


def wait_until_settled(page, my_turn):
    """Until the table shows (or not) my turn and htmx has settled it: the alerts read a new
    table on its htmx:load, which comes a settle delay after the swap put it on the page."""
    from playwright.sync_api import expect

    turn = '[data-my-turn="1"]' if my_turn else ':not([data-my-turn="1"])'
    expect(page.locator(f"#table{turn}:not(.htmx-settling)")).to_be_attached()


def play_my_turn(page):
    """Draw from the pile and discard the first card, through the page."""
    from playwright.sync_api import expect

    page.get_by_role("button", name="Draw from the pile").click()
    expect(page.locator("#table")).to_contain_text("14 cards")
    press_twice(page, page.locator("button[name=card]").first)
    wait_until_settled(page, my_turn=False)


def test_the_permission_is_asked_on_the_button_press_only(alices_capitalla, browser, site_url):
    from playwright.sync_api import expect

    page = alert_page(browser, site_url, RECORD_NOTIFICATIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    button = page.get_by_role("button", name=ALERT_BUTTON)
    expect(button).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__permissionRequests") == 0

    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-turn-alerts-status]")).to_contain_text("a notification comes when it is your turn")
    assert page.evaluate("window.__permissionRequests") == 1

    # Kept in the browser: on again after a reload, with no new question.
    page.reload()
    expect(page.get_by_role("button", name=ALERT_BUTTON)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.__permissionRequests") == 0
    assert page.console_errors == [] and page.csp_errors == []


def test_my_turn_in_a_background_tab_makes_one_notification_and_a_tone(
    alices_capitalla, browser, site_url, play_bot_turns
):
    page = alert_page(browser, site_url, RECORD_NOTIFICATIONS, SETTABLE_VISIBILITY, COUNT_TONES)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    page.get_by_role("button", name=ALERT_BUTTON).click()
    page.get_by_label("Sound").check()
    assert page.evaluate("window.__tones") == 1  # the sample the tick plays

    play_my_turn(page)
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    play_bot_turns()
    wait_until_settled(page, my_turn=True)

    notifications = page.evaluate("window.__notifications")
    assert [n["title"] for n in notifications] == [f"Your turn at Capitalla #{alices_capitalla.pk}"]
    assert notifications[0]["body"].startswith("Your turn:")
    assert page.evaluate("window.__tones") == 2
    assert page.console_errors == [] and page.csp_errors == []


def test_my_turn_in_a_visible_tab_makes_no_notification(alices_capitalla, browser, site_url, play_bot_turns):
    page = alert_page(browser, site_url, RECORD_NOTIFICATIONS, SETTABLE_VISIBILITY, COUNT_TONES)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    page.get_by_role("button", name=ALERT_BUTTON).click()
    page.get_by_label("Sound").check()

    play_my_turn(page)
    play_bot_turns()
    wait_until_settled(page, my_turn=True)

    assert page.evaluate("window.__notifications") == []
    assert page.evaluate("window.__tones") == 1  # only the sample
    assert page.console_errors == [] and page.csp_errors == []


def test_the_controls_go_when_the_game_ends_while_the_page_is_open(alices_capitalla, alice, browser, site_url):
    from playwright.sync_api import expect

    page = alert_page(browser, site_url, RECORD_NOTIFICATIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    button = page.get_by_role("button", name=ALERT_BUTTON)
    expect(button).to_be_visible()
    on_the_server(lambda: player_moves.resign(alice, alices_capitalla.pk))  # say, from her phone
    expect(page.locator("#table[data-game-over]:not(.htmx-settling)")).to_be_attached(timeout=10_000)
    expect(button).to_be_hidden()
    expect(page.get_by_label("Sound")).to_be_hidden()
    assert page.console_errors == [] and page.csp_errors == []


def test_a_browser_without_notifications_is_told_why(alices_capitalla, browser, site_url):
    from playwright.sync_api import expect

    page = alert_page(browser, site_url, NO_NOTIFICATIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    expect(page.get_by_role("button", name=ALERT_BUTTON)).to_be_disabled()
    expect(page.locator("[data-turn-alerts-status]")).to_have_text("This browser cannot show notifications.")
    assert page.console_errors == [] and page.csp_errors == []


def test_blocked_notifications_are_explained_and_not_asked_again(alices_capitalla, browser, site_url):
    from playwright.sync_api import expect

    page = alert_page(browser, site_url, RECORD_NOTIFICATIONS, BLOCKED_NOTIFICATIONS)
    log_in(page)
    page.goto(alices_capitalla.get_absolute_url())
    button = page.get_by_role("button", name=ALERT_BUTTON)
    button.click()
    expect(page.locator("[data-turn-alerts-status]")).to_contain_text("Notifications are blocked for this site")
    expect(button).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__permissionRequests") == 0
    assert page.console_errors == [] and page.csp_errors == []
