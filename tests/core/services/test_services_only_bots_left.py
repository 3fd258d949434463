"""When every person at a table with bots has left the game, it stops where it is: the
bots do not play it out for nobody (they would load the worker, and the game would keep
holding a place in its people's limit of games against bots in play). It can be replayed."""

import pytest

from tables.actions import errors, lifecycle, player_moves
from tables.models import STOPPED, Game
from tables.plugins import PLUGINS

pytestmark = pytest.mark.django_db


def test_resigning_a_quick_game_stops_it_and_frees_its_place_in_the_bot_game_limit(alice, settings, enqueued):
    settings.BOT_GAME_LIMIT = 1
    game = lifecycle.quick_game(alice, "capit")  # alice and three bots
    with pytest.raises(errors.ServiceError) as refusal:
        lifecycle.quick_game(alice, "capit")
    assert refusal.value.status == 409

    game = player_moves.resign(alice, game.pk)

    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED and game.stopped and game.result is None
    assert (game.to_act, game.bot_due_at, game.deadline) == ([], None, None)
    assert game.events.last().move == {"type": "resign"}  # the resignation, and nothing after it
    lifecycle.quick_game(alice, "capit")  # the place is free again


def test_the_bots_play_on_while_a_person_is_still_in_the_game(alice, bob, enqueued):
    table = lifecycle.create_table(alice, "capit", seats=4, bots=2)
    lifecycle.join_table(bob, table.pk)
    lifecycle.start_table(alice, table.pk)

    game = player_moves.resign(alice, table.pk)
    assert game.status == Game.Status.ACTIVE

    game = player_moves.resign(bob, table.pk)
    assert game.stopped


def kinds_seating(players: int) -> list[str]:
    """The games a table of this many players can play."""
    return sorted(kind for kind, plugin in PLUGINS.items() if players in range(*seat_range(plugin)))


def seat_range(plugin) -> tuple[int, int]:
    return plugin.rules.info.min_players, plugin.rules.info.max_players + 1


def dealt_against_bots(alice, kind: str, seats: int):
    plugin = PLUGINS[kind]
    table = lifecycle.create_table(alice, kind, seats=seats, bots=seats - 1, options=dict(plugin.quick_options))
    return lifecycle.start_table(alice, table.pk)


@pytest.mark.parametrize("kind", sorted(PLUGINS))
def test_a_stopped_game_says_why_and_can_be_replayed(client, alice, enqueued, kind):
    # Bots left to play each other need two bots at least: a table of three, or the game's fewest.
    info = PLUGINS[kind].rules.info
    if info.max_players < 3:
        pytest.skip(f"{info.name} seats two: the bot left alone wins (the test below)")
    game = player_moves.resign(alice, dealt_against_bots(alice, kind, max(3, info.min_players)).pk)
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert STOPPED in page and f"/games/{game.pk}/replay/" in page
    assert 'id="hand-title"' not in page  # no hand to play any more
    assert client.get(f"/games/{game.pk}/replay/?at=1").status_code == 200
    mine = client.get("/my-games/").content.decode()
    assert STOPPED in mine


@pytest.mark.parametrize("kind", kinds_seating(2))
def test_at_a_table_of_two_the_bot_left_alone_wins(alice, enqueued, kind):
    game = player_moves.resign(alice, dealt_against_bots(alice, kind, 2).pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and not game.stopped
    assert game.result["winners"] == [1]


def test_a_table_closed_before_the_deal_has_no_replay(client, alice):
    table = lifecycle.create_table(alice, "capitalla", seats=2, bots=1)
    lifecycle.close_table(alice, table.pk)
    client.force_login(alice)
    assert client.get(f"/games/{table.pk}/replay/").status_code == 403
    assert "closed this table before the deal" in client.get(table.get_absolute_url()).content.decode()
