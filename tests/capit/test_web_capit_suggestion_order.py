"""The suggested contract labels its groups as the contract does (issue 20: in round 2
the contract reads "A a set of 3 · B a run of 4", and the suggestion said "A run · B
set"), and its link into the builder ticks each meld into the group of its kind."""

import html as html_lib
import re
from urllib.parse import parse_qs, urlsplit

from tests.capit.capit_web import current

# Round 2 asks for a set of 3 and a run of 4: three 7s and 9♥ 10♥ J♥ Q♥, with loose cards.
HAND = ["7H:0", "7C:0", "7S:1", "9H:0", "10H:0", "JH:0", "QH:0", "3C:0", "4D:0", "KS:0", "5S:1"]


def test_the_suggestion_labels_group_a_the_set_and_group_b_the_run_in_round_2(client, building):
    building.state["round"] = 2
    building.save(update_fields=["state"])
    html = html_lib.unescape(client.get(current(building).get_absolute_url()).content.decode())
    suggestion = html.split('class="suggest"')[1].split("</ul>")[0]
    labels = re.findall(r'gchip--([ABC])">[ABC]</span> (\w+)</span>', suggestion)
    assert labels == [("A", "set"), ("B", "run")]
    query = parse_qs(urlsplit(re.search(r'href="([^"]+)" class="suggest__edit"', html).group(1)).query)
    assert query["kind_A"] == ["set"] and sorted(query["A"]) == ["7C:0", "7H:0", "7S:1"]
    assert query["kind_B"] == ["run"] and len(query["B"]) == 4
