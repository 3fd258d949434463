"""Every country's name on a Casino card, in Chromium with the site's stylesheets: a word
too long for the card breaks only where its soft hyphens allow ("Mad-a-gas-car"), never
after any letter ("Madagasc|ar"). Chromium here has no hyphenation dictionary, so the
breaks it makes are the ones the data gives, as on any browser."""

from pathlib import Path

import pytest
from django.template.loader import render_to_string

from games.casino.presenter import pcard
from games.engine.countries import COUNTRIES
from tests.e2e.conftest import chromium

pytestmark = pytest.mark.e2e

STYLESHEETS = ("static/css/site.css", "games/casino/static/casino/casino.css")

# For each card's name: the two characters around each line break it makes.
BREAKS = """() => [...document.querySelectorAll('.ccard__country')].map(name => {
  const text = name.firstChild, range = document.createRange(), breaks = [];
  let top = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const rect = [...range.getClientRects()].find(r => r.width > 0);
    if (!rect) continue;
    if (top !== null && rect.top > top + 1) breaks.push(text.data.slice(Math.max(0, i - 2), i + 1));
    top = rect.top;
  }
  return [text.data, breaks];
})"""


def test_no_country_name_breaks_inside_a_word_except_at_a_soft_hyphen():
    css = "\n".join(Path(sheet).read_text(encoding="utf-8") for sheet in STYLESHEETS)
    cards = "".join(
        render_to_string("casino/_pcard.html", {"c": pcard("QS:0", {"QS:0": country.name})})
        for country in COUNTRIES.values()
    )
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.set_content(f'<html lang="en"><head><style>{css}</style></head><body><div class="ccards">{cards}</div>')
        measured = page.evaluate(BREAKS)
    assert len(measured) == len(COUNTRIES)
    inside_words = [
        (name.replace("\u00ad", "-"), around)
        for name, breaks in measured
        for around in breaks
        if around[-2].isalpha() and around[-1].isalpha() and "\u00ad" not in around[:-1]
    ]
    assert not inside_words
    assert any(breaks for _, breaks in measured)  # some names do need a second line
