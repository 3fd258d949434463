"""Attack: a staff member reads a game in play in the Django admin, to learn the seed (and
so every card to come) or the state (every hand). Until the game ends the admin shows the
seed's hash only: not on the change page, not in the list, and no filter or search of the
list on the seed or the state tells them apart either."""

import pytest
from django.urls import reverse

from tables.actions import player_moves
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, django_user_model):
    root = django_user_model.objects.create_superuser("root", "root@example.com", "root-password-123")
    client.force_login(root)
    return client


@pytest.fixture
def live_game(table, alice):
    player_moves.play_move(alice, table.pk, 0, {"type": "draw", "from": "pile"})
    return Game.objects.get(pk=table.pk)


def listed(client, game, **query) -> bool:
    """Whether the admin's list of games, filtered by `query`, shows `game`."""
    response = client.get(reverse("admin:tables_game_changelist"), query)
    return response.status_code == 200 and f"/admin/tables/game/{game.pk}/change/" in response.content.decode()


def test_the_change_page_of_a_game_in_play_shows_neither_seed_nor_state(staff_client, live_game):
    page = staff_client.get(reverse("admin:tables_game_change", args=[live_game.pk])).content.decode()
    assert live_game.seed_hash in page
    assert str(live_game.seed) not in page
    assert "field-seed_hash" in page
    assert "field-seed " not in page and 'field-seed"' not in page and "field-state" not in page


def test_the_list_shown_filtered_or_searched_does_not_tell_the_seed(staff_client, live_game):
    seed = live_game.seed
    page = staff_client.get(reverse("admin:tables_game_changelist")).content.decode()
    assert f"/admin/tables/game/{live_game.pk}/change/" in page and str(seed) not in page
    assert listed(staff_client, live_game, seed__lte=seed) == listed(staff_client, live_game, seed__lt=seed)
    assert listed(staff_client, live_game, seed=seed) == listed(staff_client, live_game, seed=seed + 1)
    assert listed(staff_client, live_game, q=seed) == listed(staff_client, live_game, q=seed + 1)


def test_filtering_the_list_on_the_state_does_not_tell_a_hand(staff_client, live_game):
    card = live_game.rules.view(live_game.state, 1)["hand"][0]
    assert listed(staff_client, live_game, state__icontains=card) == listed(
        staff_client, live_game, state__icontains="no such card"
    )
