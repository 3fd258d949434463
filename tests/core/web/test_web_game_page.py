"""The game page: my hand, what others may see, spectators, the end of the game."""

import hashlib
import re

from django.urls import reverse

from engine.countries import breakable
from games.capitalla.engine import CARDS
from tables.actions import lifecycle, player_moves
from tables.models import Game


def page_of(client, user, game):
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(reverse("game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def hand_of(game, seat):
    return game.rules.view(game.state, seat)["hand"]


def rendered_ids(html):
    """Card ids the page renders as cards or form values."""
    return set(re.findall(r'data-card="([^"]+)"', html)) | set(re.findall(r'value="([A-Z]{3})"', html))


def test_my_hand_is_shown_grouped_by_letter(client, alice, table):
    html = page_of(client, alice, table)
    mine = hand_of(table, 0)
    assert len(mine) == 13
    for cid in mine:
        assert f'data-card="{cid}"' in html
        assert CARDS[cid].name in html.replace("&#x27;", "'")
    assert "Your hand" in html
    # Under the hand's h2, the letters are h3 (axe: heading-order).
    letters = re.findall(r'<h3 class="hand__letter">([^<]+)</h3>', html)
    assert letters == sorted(letters, key=lambda x: (x.startswith("Jokers"), x))
    assert len(letters) == len(set(letters))


def test_the_card_i_took_from_the_discard_pile_is_marked_until_i_discard_and_every_card_is_a_button(
    client, alice, table
):
    top = table.state["discard"][-1]
    game = player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "discard"})
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    buttons = re.findall(r'<button type="submit" name="card" value="(\w+)"', html)
    assert sorted(buttons) == sorted(game.state["hands"][0])  # any card may go back, even the one taken
    assert re.search(rf'data-hand-card="{top}"[^>]* class="hand-card--new"', html)
    assert html.count('class="hand-card--new"') == 1
    player_moves.play_move(alice, game.pk, 1, {"type": "discard", "card": next(c for c in buttons if c != top)})
    html = client.get(game.get_absolute_url()).content.decode()
    assert "hand-card--new" not in html.split('<section class="my-hand"')[1]  # my next move ended it


def test_the_opponents_cards_never_reach_my_page(client, alice, table):
    html = page_of(client, alice, table)
    bobs = hand_of(table, 1)
    public = {table.rules.view(table.state, None)["discard_top"]}
    shown = rendered_ids(html)
    for cid in bobs:
        assert cid not in shown
        assert f'value="{cid}"' not in html and f'data-card="{cid}"' not in html
        if cid not in public:  # a name may appear in another card's fact, but never as a card
            assert f'card__country">{breakable(CARDS[cid].name)}<' not in html.replace("&#x27;", "'"), CARDS[cid].name
    assert str(table.seed) not in html  # the seed is secret until the end


def test_state_and_seed_are_not_in_the_context(client, alice, table):
    client.force_login(alice)
    response = client.get(reverse("game", args=[table.pk]))
    for context in response.context:
        for key, value in context.flatten().items():
            assert not isinstance(value, Game), key


def test_seats_hand_sizes_turn_and_shuffle_commitment(client, alice, table):
    html = page_of(client, alice, table)
    assert "Alice" in html and "Bob" in html
    assert html.count("13 cards") >= 2
    assert "Your turn" in html
    assert f"Shuffle commitment: <code>sha256 {table.seed_hash}</code>" in html
    assert "Draw from the pile" in html
    assert "Take " in html


def test_waiting_player_has_no_move_controls(client, bob, table):
    html = page_of(client, bob, table)
    assert "Waiting for Alice" in html
    assert "Draw from the pile" not in html
    assert 'name="type"' not in html
    assert "Resign" in html  # resigning is always possible


def test_spectators_see_the_table_but_no_hand(client, charlie, table):
    for viewer in (None, charlie):
        html = page_of(client, viewer, table)
        assert "Your hand" not in html
        assert "Alice" in html and "Bob" in html
        assert "13 cards" in html
        assert 'name="type"' not in html and "Resign" not in html
        shown = rendered_ids(html)
        assert shown == {table.rules.view(table.state, None)["discard_top"]}


def test_history_is_in_words_with_names(client, alice, table):
    player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    html = page_of(client, alice, table)
    history = html.split('class="history__list"')[1]
    assert "Alice" in history
    assert "{player}" not in html


def test_bots_are_marked(client, alice):
    game = lifecycle.create_table(alice, "capitalla", seats=3, bots=2)
    lifecycle.start_table(alice, game.pk)
    html = page_of(client, alice, Game.objects.get(pk=game.pk))
    assert "Bot 2 (normal)" in html and "Bot 3 (normal)" in html
    assert html.count('class="tag tag--bot"') == 2
    assert ">Normal bots</span>" in html  # the table's header says their level


def test_after_the_end_the_seed_and_all_hands_are_shown(client, alice, bob, table):
    bobs = hand_of(table, 1)
    player_moves.resign(alice, table.pk)
    game = Game.objects.get(pk=table.pk)
    assert game.status == Game.Status.FINISHED
    html = page_of(client, None, game)
    assert f"Seed: <code>{game.seed}</code>" in html
    assert hashlib.sha256(str(game.seed).encode()).hexdigest() == game.seed_hash
    assert game.seed_hash in html
    assert "Bob won" in html
    for cid in bobs:
        assert f'data-card="{cid}"' in html
    assert 'data-live="10000"' in html  # polled only for the table talk and a rematch, and less often


def test_the_page_has_no_inline_script_or_style(client, alice, table):
    client.force_login(alice)
    response = client.get(reverse("game", args=[table.pk]))
    html = response.content.decode()
    assert " style=" not in html and "<style" not in html
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert "hx-on" not in html
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert '"X-CSRFToken"' in html
    assert '"includeIndicatorStyles": false' in html


def test_the_browser_tab_says_when_it_is_my_turn(client, alice, bob, table, htmx):
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert f"<title>Your turn · Capitalla #{table.pk} · Capitalla</title>" in page
    client.force_login(bob)
    assert f"<title>Capitalla #{table.pk} · Capitalla</title>" in client.get(table.get_absolute_url()).content.decode()
    # An htmx answer carries the title first, where htmx takes it from.
    client.force_login(alice)
    answer = client.post(
        reverse("move", args=[table.pk]), {"version": 0, "type": "draw", "from": "pile"}, **htmx
    ).content.decode()
    assert answer.lstrip().startswith(f"<title>Your turn · Capitalla #{table.pk} · Capitalla</title>")


def test_without_javascript_the_page_says_to_reload_and_offers_no_dragging(client, alice, table):
    """Found by a QA pass: with JavaScript off, the hint still said to drag cards or press
    Alt + arrows (neither works), and nothing said the table would not update by itself."""
    html = page_of(client, alice, table)
    assert re.search(r'<p class="hand-arrange__hint muted" id="hand-arrange-hint" hidden>', html)
    assert 'aria-describedby="hand-arrange-hint"' not in html  # the script points the hand at it
    noscript = html.split("<noscript>")[1].split("</noscript>")[0]
    assert "reload it to see the other players' moves" in noscript
