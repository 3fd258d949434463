"""News of every visible change of a table is published once its transaction commits, and
says which table, which people and whether the lobby changed; never what changed."""

import pytest
from django.db import transaction

from live import news
from tables.actions import lifecycle, player_moves, table_talk
from tables.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """Run what waits for the commit (the tests' transaction never commits)."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run


def test_a_move_is_news_of_the_table_with_its_new_version_for_its_players(committing, news_reader, alice, bob, table):
    news_reader.read()
    game = committing(player_moves.play_move, alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert news_reader.read() == [{"game": table.pk, "v": game.version, "users": [alice.pk, bob.pk], "lobby": False}]


def test_no_news_of_a_move_rolled_back(django_capture_on_commit_callbacks, news_reader, alice, table):
    with django_capture_on_commit_callbacks(execute=True) as waiting:
        with pytest.raises(RuntimeError), transaction.atomic():
            player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
            raise RuntimeError("the request failed after the move")
    assert waiting == []
    assert news_reader.read() == []


def test_a_chat_line_is_news_of_the_table_without_a_version(committing, news_reader, alice, table):
    news_reader.read()
    committing(table_talk.say, alice, table.pk, "Good luck!")
    assert news_reader.read() == [{"game": table.pk, "v": None, "users": [], "lobby": False}]


def test_a_public_table_is_lobby_news_when_it_opens_fills_and_starts(committing, news_reader, alice, bob):
    game = committing(lifecycle.create_table, alice, "capitalla", seats=2)
    assert {n["game"] for n in news_reader.read() if n["lobby"]} == {game.pk}
    committing(lifecycle.join_table, bob, game.pk)
    joined = news_reader.read()
    assert any(n["lobby"] and set(n["users"]) == {alice.pk, bob.pk} for n in joined)
    committing(lifecycle.start_table, alice, game.pk)
    assert any(n["lobby"] for n in news_reader.read())


def test_a_move_in_a_started_game_is_no_lobby_news(committing, news_reader, alice, table):
    news_reader.read()
    committing(player_moves.play_move, alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert not any(n["lobby"] for n in news_reader.read())


def test_a_private_table_is_never_lobby_news_but_its_players_hear(committing, news_reader, alice, bob):
    game = committing(lifecycle.create_table, alice, "capitalla", seats=2, private=True)
    committing(lifecycle.join_table, bob, Game.objects.get(pk=game.pk).pk)
    news = news_reader.read()
    assert news and not any(n["lobby"] for n in news)
    assert any(set(n["users"]) == {alice.pk, bob.pk} for n in news)


def test_the_sweepers_stamps_are_no_news(committing, news_reader, table):
    news_reader.read()
    game = Game.objects.get(pk=table.pk)
    committing(game.save, update_fields=["turn_mail_at", "remind_at"])
    assert news_reader.read() == []


def test_without_live_push_nothing_is_published(committing, news_reader, settings, alice, table):
    settings.LIVE_PUSH = False
    news_reader.read()
    committing(player_moves.play_move, alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert news_reader.read() == []


def test_a_move_is_played_while_redis_is_down(committing, live_redis, alice, table, caplog, monkeypatch):
    monkeypatch.setattr(news.outage, "since", None)
    live_redis.kill()
    game = committing(player_moves.play_move, alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    assert Game.objects.get(pk=table.pk).version == game.version == table.version + 1
    card = game.rules.view(game.state, 0)["hand"][0]
    game = committing(player_moves.play_move, alice, game.pk, game.version, {"type": "discard", "card": card})
    # One line for the outage, not one a move; and one when it is over.
    assert [r.getMessage() for r in caplog.records if r.name == news.__name__] == [
        "Live news not published (ConnectionError); pages poll until Redis is back."
    ]
    live_redis.start()
    committing(table_talk.say, alice, table.pk, "back")
    assert "Live news published again after" in caplog.records[-1].getMessage()


def test_the_deal_and_a_rematch_are_news_without_a_version(committing, news_reader, alice, bob):
    # Both leave the version as the pages show it (0 before and after the deal): news
    # with a version would tell those pages they are up to date.
    game = committing(lifecycle.create_table, alice, "capitalla", seats=2)
    committing(lifecycle.join_table, bob, game.pk)
    news_reader.read()
    committing(lifecycle.start_table, alice, game.pk)
    assert [n["v"] for n in news_reader.read() if n["game"] == game.pk] == [None]
    committing(player_moves.resign, alice, game.pk)
    news_reader.read()
    committing(lifecycle.rematch, bob, game.pk)
    assert None in [n["v"] for n in news_reader.read() if n["game"] == game.pk]


def test_a_rematch_filling_up_and_starting_is_news_of_the_game_before(committing, news_reader, alice, bob):
    # The finished game's page offers "Join the rematch" while a seat is free there, then
    # "Go to the rematch": it must hear when the rematch fills up or starts.
    game = committing(lifecycle.create_table, alice, "capitalla", seats=2)
    committing(lifecycle.join_table, bob, game.pk)
    committing(lifecycle.start_table, alice, game.pk)
    committing(player_moves.resign, alice, game.pk)
    following = committing(lifecycle.rematch, bob, game.pk)
    news_reader.read()
    committing(lifecycle.join_table, alice, following.pk)
    assert {"game": game.pk, "v": None, "users": [], "lobby": False} in news_reader.read()
    committing(lifecycle.start_table, bob, following.pk)
    assert {"game": game.pk, "v": None, "users": [], "lobby": False} in news_reader.read()
