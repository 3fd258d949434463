"""Flags are pictures (issue 48, item 11). In a Chromium with no emoji font, where a flag
emoji is two empty boxes (and Windows' browsers draw no flag emoji at all), every country
card of a Capitalla table and the country of every question of a Casino table show their
flag: an SVG of static/vendor/flags/, loaded and drawn inside its card, at a desktop's size
and a phone's, while the country's name and capital stay text. The pages keep to the
site's CSP. E2E_SHOTS=<folder> keeps the screenshots.

The browser loses its emoji font through fontconfig: a configuration that takes the
system's and rejects every emoji and colour font."""

import os
import re

import pytest

from tables.actions import lifecycle, player_moves
from tests.casino.casino_web import set_position
from tests.e2e.conftest import PHONE, chromium, recording_page
from tests.e2e.layout import horizontal_scroll
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("E2E_SHOTS")  # a folder to keep the screenshots in
SIZES = {
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
    "390x844": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
NO_EMOJI_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
      <glob>*Emoji*</glob>
      <glob>*emoji*</glob>
      <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
    </rejectfont>
  </selectfont>
</fontconfig>
"""
FLAG_SRC = re.compile(r"/static/vendor/flags/[a-z]{2}\.svg")

# The French flag emoji drawn on a canvas: how many of its pixels have a colour (an emoji
# font draws it blue, white and red; without one it is grey boxes or letters).
_COLOURED_PIXELS_OF_AN_EMOJI_FLAG = """() => {
  const canvas = document.createElement("canvas");
  canvas.width = 120; canvas.height = 60;
  const context = canvas.getContext("2d");
  context.font = "48px sans-serif";
  context.fillText("\\u{1F1EB}\\u{1F1F7}", 4, 50);
  const data = context.getImageData(0, 0, 120, 60).data;
  let coloured = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] && (Math.abs(data[i] - data[i + 1]) > 40 || Math.abs(data[i + 1] - data[i + 2]) > 40)) coloured++;
  }
  return coloured;
}"""

# Each flag picture of `selector`: its address and alt, whether it loaded and is drawn
# (a natural width, a box with an area), and whether it lies inside its `card`.
_FLAGS = """([selector, card]) => [...document.querySelectorAll(selector)].map(img => {
  const box = img.getBoundingClientRect(), around = img.closest(card).getBoundingClientRect();
  const style = getComputedStyle(img);
  return {
    src: img.getAttribute("src"), alt: img.getAttribute("alt"),
    loaded: img.complete && img.naturalWidth > 0,
    drawn: box.width > 0 && box.height > 0 && style.visibility === "visible" && style.display !== "none",
    inside: box.left >= around.left - .5 && box.right <= around.right + .5
      && box.top >= around.top - .5 && box.bottom <= around.bottom + .5,
    height: box.height, margins: parseFloat(style.marginTop) + parseFloat(style.marginBottom),
  };
})"""


@pytest.fixture
def plain_browser(site_url, tmp_path):
    """Chromium without emoji fonts, for this test only (after the live server, as `browser`)."""
    fonts = tmp_path / "fonts.conf"
    fonts.write_text(NO_EMOJI_FONTS, encoding="utf-8")
    with chromium(env={**os.environ, "FONTCONFIG_FILE": str(fonts)}) as browser:
        yield browser


@pytest.fixture
def alice_is_asked(alice, bob):
    """A two-seat Casino table: Bob took the 9♥ with his 9♣ and asked Alice its question."""
    game = lifecycle.create_table(alice, "casino", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    game = set_position(game, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
    capture = {"type": "capture", "card": "9C", "loose": ["9H"], "builds": []}
    game = player_moves.play_move(bob, game.pk, game.version, capture)
    return player_moves.play_move(bob, game.pk, game.version, {"type": "ask", "questions": {"0": "9H"}})


def open_table(browser, site_url, game, size: str):
    """Alice's page on `game` at `size`, once every picture has loaded, in a browser shown
    to draw no flag emoji."""
    page = recording_page(browser, site_url, **SIZES[size])
    log_in(page)
    page.goto(game.get_absolute_url())
    page.wait_for_function("() => [...document.images].every(img => img.complete)")
    assert page.evaluate(_COLOURED_PIXELS_OF_AN_EMOJI_FLAG) == 0, "this browser still draws flag emoji"
    return page


def drawn_flags(page, selector: str, card: str) -> list[dict]:
    """The flags of `selector`, each checked loaded, drawn, inside its `card`, decorative."""
    flags = page.evaluate(_FLAGS, [selector, card])
    for flag in flags:
        assert FLAG_SRC.fullmatch(flag["src"]) and flag["alt"] == "", flag
        assert flag["loaded"] and flag["drawn"] and flag["inside"], flag
    return flags


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_every_capitalla_card_shows_its_flag_as_a_picture(plain_browser, site_url, alices_capitalla, size):
    from playwright.sync_api import expect

    page = open_table(plain_browser, site_url, alices_capitalla, size)
    faces = page.locator("#table .card[data-card]")
    expect(faces.first).to_be_visible()
    flags = drawn_flags(page, "#table .card__flag", ".card")
    assert len(flags) == faces.count() == 14  # Alice's 13 cards and the discard pile's top
    for k in range(faces.count()):  # the name and the capital are text beside the flag
        assert faces.nth(k).locator(".card__country").inner_text().strip()
        assert faces.nth(k).locator(".card__capital").inner_text().strip()
    if size == "390x844":  # a hand's flag is no taller than the line of the 1.3rem emoji it replaced
        hand = drawn_flags(page, "#table .hand .card__flag", ".card")
        assert len(hand) == 13 and all(f["height"] + f["margins"] <= 1.3 * 1.1 * 16 + 0.5 for f in hand), hand
    assert horizontal_scroll(page) == 0
    shot(page, f"capitalla-{size}")
    assert page.console_errors == [] and page.csp_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_every_casino_question_shows_its_country_flag_as_a_picture(plain_browser, site_url, alice_is_asked, size):
    from playwright.sync_api import expect

    page = open_table(plain_browser, site_url, alice_is_asked, size)
    question = page.locator(".question-card", has_text="Bob asks you: what is the capital of")
    expect(question).to_be_visible()
    asked = drawn_flags(page, ".question-card .question-flag", ".question-card")
    listed = drawn_flags(page, ".asked__item .question-flag", ".asked__item")
    assert len(asked) == len(listed) == 1 and asked[0]["src"] == listed[0]["src"]
    assert all(f["height"] >= 10 for f in asked + listed)  # about a capital letter's height
    assert question.locator("strong").inner_text().strip()  # the country's name, in words
    assert horizontal_scroll(page) == 0
    shot(page, f"casino-{size}")
    assert page.console_errors == [] and page.csp_errors == []
