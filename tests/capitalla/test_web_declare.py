"""Declaring: the page offers the solver's arrangement, one POST wins the deal, and the
result page shows the winner, every hand and the seed."""

import hashlib
import html as html_lib
import json
import re

from django.urls import reverse

from games.capitalla.engine import CARDS, can_declare
from tables.models import Event, Game

# L L L (pure) · M N O · B B B B (pure) · W ★ Y with Egypt (Cairo) as the joker.
WINNING = ["PER", "PRT", "GBR", "ESP", "KEN", "NOR", "THA", "IRQ", "DEU", "BRA", "POL", "EGY", "CMR"]


def _card_lists(node):
    """Every list in the state made only of card ids (hands, piles), found by walking it."""
    if isinstance(node, list):
        if node and all(isinstance(x, str) and x in CARDS for x in node):
            yield node
        else:
            for item in node:
                yield from _card_lists(item)
    elif isinstance(node, dict):
        for value in node.values():
            yield from _card_lists(value)


def give_hand(game, seat, wanted):
    """Rewrite the game's state so that `seat` holds exactly `wanted`: each missing card is
    swapped with an unwanted one wherever it lies, so every card still exists once."""
    state = game.state
    mine = sorted(game.rules.view(state, seat)["hand"])
    hand = next(lst for lst in _card_lists(state) if sorted(lst) == mine)
    spare = [c for c in hand if c not in wanted]
    for card in wanted:
        if card in hand:
            continue
        holder = next(lst for lst in _card_lists(state) if card in lst and lst is not hand)
        out = spare.pop()
        holder[holder.index(card)] = out
        hand[hand.index(out)] = card
    game.state = state
    game.save(update_fields=["state"])
    assert sorted(game.rules.view(game.state, seat)["hand"]) == sorted(wanted)
    everything = [c for lst in _card_lists(game.state) for c in lst]
    assert len(everything) == len(set(everything)) == len(CARDS)
    return game


def hidden_inputs(form_html):
    return {
        name: html_lib.unescape(value)
        for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form_html)
    }


def test_declare_flow(client, alice, table, htmx):
    assert can_declare(WINNING)
    give_hand(table, 0, WINNING)
    client.force_login(alice)
    page = client.get(reverse("game", args=[table.pk])).content.decode()
    assert "You can declare" not in page  # not before picking

    response = client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"}, **htmx)
    assert response.status_code == 200
    html = response.content.decode()
    assert "You can declare!" in html
    assert "— pure" in html
    # The panel shows the groups; its button is in the table's action bar.
    bar = html.split('class="action-bar"')[1].split("</div>")[0]
    fields = hidden_inputs(bar)
    assert fields["type"] == "declare" and fields["version"] == "1"

    response = client.post(reverse("move", args=[table.pk]), fields)
    assert response.status_code == 302
    game = Game.objects.get(pk=table.pk)
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [0]
    assert game.result["reason"] == "declared"
    assert Event.objects.filter(game=game).count() == 2

    result_page = client.get(response["Location"]).content.decode()
    assert "Alice declared a complete hand and won." in result_page
    assert f"Seed: <code>{game.seed}</code>" in result_page
    assert hashlib.sha256(str(game.seed).encode()).hexdigest() == game.seed_hash
    for cid in WINNING:
        assert f'data-card="{cid}"' in result_page
    for cid in game.rules.view(game.state, None).get("hands", [[], []])[1]:
        assert f'data-card="{cid}"' in result_page
    assert 'data-live="10000"' in result_page  # polled only for the table talk and a rematch


def test_declare_panel_labels_each_group(client, alice, table):
    give_hand(table, 0, WINNING)
    client.force_login(alice)
    client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"})
    html = client.get(reverse("game", args=[table.pk])).content.decode()
    labels = re.findall(r'<p class="meld__label">([^<]+)</p>', html)
    assert len(labels) >= 4
    assert any(label.endswith("— pure") for label in labels)
    assert "Declare and discard" in html


def test_a_wrong_declaration_is_refused_and_changes_nothing(client, alice, table, htmx, snapshot):
    give_hand(table, 0, WINNING)
    client.force_login(alice)
    client.post(reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"})
    game = Game.objects.get(pk=table.pk)
    hand = game.rules.view(game.state, 0)["hand"]
    drawn = next(c for c in hand if c not in WINNING)
    before = snapshot(game)
    # Right cards, wrong grouping: split the pure L group across two groups.
    groups = [["PER", "PRT", "ESP"], ["GBR", "KEN", "NOR"], ["THA", "IRQ", "DEU", "BRA"], ["POL", "EGY", "CMR"]]
    response = client.post(
        reverse("move", args=[table.pk]),
        {"version": 1, "type": "declare", "discard": drawn, "groups": json.dumps(groups)},
        **htmx,
    )
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert snapshot(game) == before
