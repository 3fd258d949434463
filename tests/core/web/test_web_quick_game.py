"""Play now against bots: one click in the lobby deals a game of the chosen kind with the
player and three bots, of the level chosen above the buttons ("normal" unless another)."""

import pytest
from django.urls import reverse

from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["capitalla", "capit"])
def test_one_click_deals_a_game_against_three_bots(client, alice, kind):
    client.force_login(alice)
    assert f'name="kind" value="{kind}"' in client.get(reverse("lobby")).content.decode()
    response = client.post(reverse("quick_game"), {"kind": kind}, follow=True)
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert "The cards are dealt, against normal bots. Good luck!" in response.content.decode()
    assert (game.kind, game.status, game.ante, game.bot_level) == (kind, Game.Status.ACTIVE, 0, "normal")
    assert [s.user for s in game.seat_list] == [alice, None, None, None]
    assert {s.bot_level for s in game.seat_list if s.is_bot} == {"normal"}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_bots_are_of_the_level_chosen_and_the_table_says_it(client, alice, level):
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "capitalla", "bot_level": level}, follow=True)
    game = Game.objects.get()
    assert game.bot_level == level and {s.bot_level for s in game.seat_list if s.is_bot} == {level}
    page = response.content.decode()
    assert f"{level.capitalize()} bots</span>" in page  # the table's header
    assert f"Bot 2 ({level})" in page  # its seats
    # The lobby offers the same level again for the session's next game.
    assert f'<option value="{level}" selected>' in client.get(reverse("lobby")).content.decode()


def test_the_lobby_offers_normal_bots_first(client, alice):
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    assert 'name="bot_level"' in page and ">Difficulty</label>" in page
    select = page[page.index('id="quick-bot-level"') : page.index("</select>", page.index('id="quick-bot-level"'))]
    assert '<option value="normal" selected>' in select and select.count(" selected>") == 1


def test_a_level_the_game_does_not_offer_is_refused_with_the_levels_it_has(client, alice):
    """Cap-It's hard bot measured even with its normal one: Cap-It offers easy and normal."""
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "capit", "bot_level": "hard"})
    assert response.status_code == 400 and not Game.objects.exists()
    page = response.content.decode()
    assert "Cap-It has easy and normal bots only: choose one of those levels." in page
    assert "Cap-It has two levels, easy and normal" in page  # the help under the buttons


@pytest.mark.parametrize("level", ["expert", "random", ""])
def test_a_forged_level_is_refused_and_nothing_is_dealt(client, alice, level):
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "capitalla", "bot_level": level or "  "})
    assert response.status_code == 400
    assert "Choose the bots&#x27; level: one of easy, normal, hard." in response.content.decode()
    assert not Game.objects.exists()


def test_an_unknown_game_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(reverse("quick_game"), {"kind": "poker"})
    assert response.status_code == 400 and "Choose one of the games to play." in response.content.decode()
    assert not Game.objects.exists()


def test_quick_play_needs_a_login(client, db):
    response = client.post(reverse("quick_game"), {"kind": "capitalla"})
    assert response.status_code == 302 and not Game.objects.exists()
