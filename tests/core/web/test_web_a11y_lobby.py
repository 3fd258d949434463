"""The lobby's headings: one h1, first on the page, logged in or out, then its sections' h2s."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle


def _headings(html: str) -> list[tuple[int, str]]:
    main = html.split('<main id="main"', 1)[1]
    return [
        (int(level), re.sub(r"<[^>]+>", "", text).strip())
        for level, text in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", main, re.S)
    ]


@pytest.mark.parametrize("logged_in", [False, True])
def test_the_lobby_has_one_h1_and_it_comes_first(client, alice, logged_in):
    if logged_in:
        lifecycle.create_table(alice, "capitalla", seats=2)
        client.force_login(alice)
    headings = _headings(client.get(reverse("lobby")).content.decode())
    assert headings[0] == (1, "Lobby")
    assert [level for level, _ in headings].count(1) == 1
    assert all(level == 2 for level, _ in headings[1:])
    names = [name for _, name in headings]
    assert "Open tables" in names
    assert ("Your tables" in names) == logged_in
    assert ("Play now against bots" in names) == logged_in
