"""A finished game's replay from the keyboard: the arrows step, Home and End jump, space
plays the moves one by one and pauses, with no console error or CSP violation."""

import pytest

from tables.actions import bot_play, lifecycle

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def finished(alice):
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, "capitalla", seats=2, bots=2).pk)
    while bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    return game


# `finished` before `page`: the game is played before Playwright's event loop runs in this
# thread (an ORM call inside it would open a connection that outlives the test database).
def test_the_keys_step_jump_and_play_the_replay(finished, page):
    from playwright.sync_api import expect

    where = page.locator(".replay__where")
    last = finished.version
    page.goto(f"/games/{finished.pk}/replay/?at=0")
    expect(page.locator("[data-replay-player]")).to_be_visible()

    page.keyboard.press("ArrowRight")
    expect(where).to_have_text(f"Move 1 of {last}")
    page.keyboard.press("End")
    expect(where).to_have_text(f"Move {last} of {last}")
    page.keyboard.press("ArrowLeft")
    expect(where).to_have_text(f"Move {last - 1} of {last}")
    page.keyboard.press("Home")
    expect(where).to_have_text(f"Move 0 of {last}")

    page.locator("[data-replay-speed]").select_option("400")
    page.locator("body").press(" ")
    expect(page.locator("[data-replay-play]")).to_have_text("Pause ⏸")  # its name says the state: no "pressed" too
    # It goes on by itself, a move every 0.4 s: wait until it has made two.
    page.wait_for_function("() => parseInt(document.querySelector('.replay__where strong').textContent) >= 2")
    page.locator("body").press(" ")
    expect(page.locator("[data-replay-play]")).to_have_text("Play ▶")
    page.wait_for_load_state("networkidle")  # a step under way when it paused has landed
    assert page.console_errors == [] and page.csp_errors == []


def test_a_step_keeps_the_focus_on_the_control_pressed(finished, page):
    from playwright.sync_api import expect

    where = page.locator(".replay__where")
    last = finished.version
    page.goto(f"/games/{finished.pk}/replay/?at={last - 2}")
    expect(page.locator("[data-replay-player]")).to_be_visible()

    page.locator('[data-replay-step="next"]').focus()
    page.keyboard.press("Enter")
    expect(where).to_have_text(f"Move {last - 1} of {last}")
    expect(page.locator('[data-replay-step="next"]')).to_be_focused()  # the new table's Next
    page.keyboard.press("Enter")
    expect(where).to_have_text(f"Move {last} of {last}")
    expect(where).to_be_focused()  # Next is greyed out at the end: the line says where we are
    page.keyboard.press("Shift+Tab")  # and the keyboard goes on from there
    expect(page.locator('[data-replay-step="prev"]')).to_be_focused()
    assert page.console_errors == [] and page.csp_errors == []
