"""The replay of a finished game: the table after any move, rebuilt from the seed and the
log, with every hand shown; never before the game is over, when hands are secret."""

import re

import pytest
from django.urls import reverse

from tables.actions import player_moves
from tables.replay import replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(table, alice, bob):
    """Four moves (Alice picks and discards, Bob picks and discards), then Alice resigns."""
    game = table
    for user, seat in ((alice, 0), (alice, 0), (bob, 1), (bob, 1)):
        game = player_moves.play_move(user, game.pk, game.version, game.rules.legal_moves(game.state, seat)[0])
    return player_moves.resign(alice, game.pk)


def step(client, game, at, **headers):
    return client.get(reverse("replay", args=[game.pk]), {"at": at}, **headers)


def shown_cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


def test_each_step_shows_every_hand_as_it_was_then(client, finished):
    for at in range(finished.version + 1):
        html = step(client, finished, at).content.decode()
        state = replay(finished, upto=at)
        hands = set().union(*state["hands"])
        top = {state["discard"][-1]} if state["discard"] else set()
        assert shown_cards(html) == hands | top, at
        assert f"Move <strong>{at}</strong> of {finished.version}" in html


def test_the_steps_say_what_happened_and_link_both_ways(client, finished):
    html = step(client, finished, 0).content.decode()
    assert "The cards are dealt." in html and "Next to play: Alice." in html
    assert f'href="{reverse("replay", args=[finished.pk])}?at=1"' in html
    assert "◀ Back</span>" in html  # nowhere to go back to from the deal
    html = step(client, finished, 2).content.decode()
    assert "Alice discarded" in html and "Next to play: Bob." in html
    assert '?at=1"' in html and '?at=3"' in html
    end = step(client, finished, finished.version).content.decode()
    assert "Alice resigned" in end and "Next ▶</span>" in end
    assert 'Alice <span class="tag tag--out">out</span>' in end


def test_a_step_out_of_range_or_unreadable_is_clamped(client, finished):
    assert f"Move <strong>{finished.version}</strong>" in step(client, finished, 999).content.decode()
    assert "Move <strong>0</strong>" in step(client, finished, "junk").content.decode()
    assert "Move <strong>0</strong>" in step(client, finished, -4).content.decode()


def test_htmx_gets_only_the_replay(client, finished, htmx):
    html = step(client, finished, 1, **htmx).content.decode()
    assert html.lstrip().startswith('<section id="replay"') and "<html" not in html


def test_no_replay_while_the_game_is_played(client, table, alice):
    client.force_login(alice)
    response = step(client, table, 0)
    assert response.status_code == 403 and "opens once the game is over" in response.content.decode()
    assert not shown_cards(response.content.decode())


def test_the_finished_game_and_its_history_link_to_the_replay(client, finished, bob):
    url = reverse("replay", args=[finished.pk])
    client.force_login(bob)
    assert url in client.get(finished.get_absolute_url()).content.decode()
    assert url in client.get(reverse("history", args=[finished.pk])).content.decode()


def test_a_game_of_one_deal_offers_no_jumps_between_rounds(client, finished):
    html = step(client, finished, 1).content.decode()
    assert 'aria-label="Jump to"' not in html
    assert "data-replay-player hidden" in html  # the player waits for JavaScript
