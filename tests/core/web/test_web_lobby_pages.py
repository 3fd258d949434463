"""The lobby's open tables come in pages, and tables with a free seat from people you
have played with come first: a flood of new tables cannot push them out of sight."""

import re

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db

PAGE = 50


def listed(client, **params) -> list[int]:
    """The ids of the open tables the lobby shows, in order."""
    page = client.get(reverse("lobby"), params).content.decode()
    return [
        int(pk)
        for pk in re.findall(r'class="table-row__title"[^>]*>[^<]*#(\d+)</a>', page.split("Open tables</h2>")[1])
    ]


@pytest.fixture
def flood(charlie, settings):
    """Charlie opens PAGE + 10 tables."""
    settings.OPEN_TABLE_LIMIT = settings.NEW_TABLE_LIMIT = 100
    return [lifecycle.create_table(charlie, "capitalla", seats=2).pk for _ in range(PAGE + 10)]


def test_the_open_tables_come_in_pages_of_fifty_newest_first(client, flood):
    assert listed(client) == flood[::-1][:PAGE]
    assert listed(client, page=2) == flood[::-1][PAGE:]


@pytest.mark.parametrize("page, shown", [("999", 10), ("0", 10), ("-1", 10), ("two", PAGE), ("9" * 5000, PAGE)])
def test_a_page_out_of_range_shows_the_last_and_not_a_number_the_first(client, flood, page, shown):
    assert len(listed(client, page=page)) == shown


def test_a_free_seat_from_someone_i_played_with_comes_before_a_flood_of_newer_tables(
    client, alice, bob, charlie, table, flood
):
    # alice plays bob at `table`; bob opened these before charlie's flood.
    full = lifecycle.create_table(bob, "capitalla", seats=2)
    lifecycle.join_table(charlie, full.pk)
    free = lifecycle.create_table(bob, "capitalla", seats=2)
    Game.objects.filter(pk__in=[full.pk, free.pk]).update(created_at=table.created_at)
    client.force_login(alice)
    shown = listed(client)
    assert shown[0] == free.pk
    assert full.pk not in shown  # full, and older than the flood: on a later page
    assert listed(client, page=2)[-1] == full.pk
