"""Every country's name on a Casino card, in Chromium with the site's stylesheets at a
phone's width: a word too long for the card breaks only where its soft hyphens allow
("Mad-a-gas-car"), never after any letter ("Madagasc|ar"). Chromium here has no
hyphenation dictionary, so the breaks it makes are the ones the data gives, as on any
browser."""

from pathlib import Path

import pytest
from django.template.loader import render_to_string

from engine.countries import COUNTRIES
from games.casino.presenter import pcard
from tests.e2e.conftest import PHONE, chromium
from tests.e2e.layout import broken_words

pytestmark = pytest.mark.e2e

STYLESHEETS = ("static/css/site.css", "games/casino/static/casino/casino.css")


def test_no_country_name_breaks_inside_a_word_except_at_a_soft_hyphen():
    css = "\n".join(Path(sheet).read_text(encoding="utf-8") for sheet in STYLESHEETS)
    cards = "".join(
        render_to_string("casino/_pcard.html", {"c": pcard("QS:0", {"QS:0": country.name})})
        for country in COUNTRIES.values()
    )
    with chromium() as browser:
        page = browser.new_page(viewport=PHONE)
        page.set_content(f'<html lang="en"><head><style>{css}</style></head><body><div class="ccards">{cards}</div>')
        assert page.locator(".ccard__country").count() == len(COUNTRIES)
        assert broken_words(page, ".ccard__country") == []
        # Some names do take two lines, at a space or a soft hyphen.
        assert page.evaluate("() => [...document.querySelectorAll('.ccard__country')].some(n => n.offsetHeight > 14)")
