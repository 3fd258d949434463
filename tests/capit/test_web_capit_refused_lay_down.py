"""A refused lay-down (issue 20, "A refused Cap-It lay-down loses every tick"): the answer
keeps every card ticked into its group, and names the groups as the page does ("Group A"),
not by their place in the move ("Meld 1")."""

import html as html_lib
import re

from tests.capit.capit_web import post_move

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}
HAND = ["QS:0", "QC:0", "5H:0", "5C:0", "7H:0", "8D:0", "9S:0", "10H:1", "JD:0", "3C:0"]
TICKS = [("A", "QS:0"), ("A", "QC:0"), ("B", "5H:0"), ("B", "5C:0")]


def test_a_refused_lay_down_keeps_every_tick_and_names_group_a(client, building, snapshot):
    before = snapshot(building)
    fields = [("type", "lay_contract"), ("kind_A", "set"), ("kind_B", "set"), *TICKS]
    response = post_move(client, building, fields, HTMX)
    assert response.status_code == 400 and snapshot(building) == before
    html = html_lib.unescape(response.content.decode())
    alert = re.search(r'role="alert">([^<]*)<', html).group(1)
    assert alert.startswith("Group A: ") and "Meld" not in alert
    ticked = set(re.findall(r'<input type="checkbox" name="([ABC])" value="([^"]+)" checked>', html))
    assert ticked == set(TICKS)
    assert "Group A is not a valid set" in html  # the builder's check shows the ticks' answer too


def test_a_lay_down_with_group_a_empty_says_so_and_keeps_group_b(client, building, snapshot):
    before = snapshot(building)
    fields = [("type", "lay_contract"), ("kind_A", "set"), ("kind_B", "set"), *TICKS[2:]]
    response = post_move(client, building, fields, HTMX)
    assert response.status_code == 400 and snapshot(building) == before
    html = html_lib.unescape(response.content.decode())
    assert "Group A has no cards" in re.search(r'role="alert">([^<]*)<', html).group(1)
    ticked = set(re.findall(r'<input type="checkbox" name="([ABC])" value="([^"]+)" checked>', html))
    assert ticked == set(TICKS[2:])


def test_without_javascript_a_refused_lay_down_shows_the_page_again_with_its_ticks(client, building, snapshot):
    before = snapshot(building)
    fields = [("type", "lay_contract"), ("kind_A", "set"), ("kind_B", "set"), *TICKS]
    response = post_move(client, building, fields)
    assert response.status_code == 400 and snapshot(building) == before
    html = html_lib.unescape(response.content.decode())
    assert "<html" in html  # the whole page, not a redirect that would lose the ticks
    assert re.search(r'role="alert">([^<]*)<', html).group(1).startswith("Group A: ")
    ticked = set(re.findall(r'<input type="checkbox" name="([ABC])" value="([^"]+)" checked>', html))
    assert ticked == set(TICKS)
