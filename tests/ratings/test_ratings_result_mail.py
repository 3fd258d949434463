"""The game-over mail of a rated game tells each player their rating after it and its
change, "?" while provisional, and why a game the farming rule did not count left it as
it was; an unrated game's mail says nothing of ratings."""

import re

import pytest
from django.core import mail

from ratings.models import RatingChange
from tables.actions import lifecycle, player_moves
from tables.models import Game


@pytest.fixture
def result_mails(enqueued, run_enqueued, sweep_mails):
    """result_mails(game) -> the game's game-over mails, by address, once they are due."""

    def send(game):
        sweep_mails(game, "result_mail_at")
        run_enqueued()
        return {m.to[0]: m for m in mail.outbox if m.subject.startswith(f"Capitalla #{game.pk} is over")}

    return send


def html_of(message) -> str:
    return message.alternatives[0][0]


def assert_fits(text: str):
    assert all(len(line) <= 72 or "://" in line for line in text.splitlines())  # a link stays whole


def test_each_player_reads_their_new_provisional_rating_and_its_change(alice, bob, won_by, result_mails):
    game = won_by(bob, [alice, bob])
    mails = result_mails(game)
    for user in (alice, bob):
        row = RatingChange.objects.get(game=game, user=user)
        text = mails[user.email].body
        line = re.search(r"^Your Capitalla rating: (\d+)\? \(([+−]\d+)\)$", text, re.MULTILINE)
        assert line, text
        assert int(line[1]) == row.shown_after and line[2].replace("−", "-") == f"{row.change:+d}"
        assert f"Your Capitalla rating: <strong>{row.shown_after}?</strong> ({line[2]})" in html_of(mails[user.email])
        assert "did not change your rating" not in text
        assert_fits(text)
    assert (
        RatingChange.objects.get(game=game, user=bob).change
        > 0
        > RatingChange.objects.get(game=game, user=alice).change
    )


def test_a_game_the_farming_rule_did_not_count_says_so(alice, bob, won_by, result_mails):
    for _ in range(4):
        won_by(bob, [alice, bob])
    game = won_by(bob, [alice, bob])  # the 5th game in a row against one opponent counts for nothing
    assert RatingChange.objects.get(game=game, user=bob).weight == 0
    text = result_mails(game)[bob.email].body
    assert "This game did not change your rating: you have played\nthis opponent often lately." in text
    assert re.search(r"^Your Capitalla rating: \d+\?$", text, re.MULTILINE), text
    assert_fits(text)


def test_an_unrated_game_mail_says_nothing_of_ratings(alice, bob, django_capture_on_commit_callbacks, result_mails):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start_table(alice, game.pk)
    game = player_moves.resign(alice, game.pk)
    assert game.status == Game.Status.FINISHED
    mails = result_mails(game)
    assert set(mails) == {alice.email, bob.email}
    assert all("rating" not in m.body and "rating" not in html_of(m) for m in mails.values())
