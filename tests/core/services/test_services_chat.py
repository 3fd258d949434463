"""Table talk: seated players say short lines, during or after the game; it is no move
(no event, no version), and a burst is held back."""

import pytest

from tables.actions import errors, player_moves, table_talk
from tables.models import ChatMessage, Game

pytestmark = pytest.mark.django_db


def test_a_player_says_a_line_and_the_table_counts_it(table, alice):
    message = table_talk.say(alice, table.pk, "  good   luck\nall ")
    assert (message.seat, message.text) == (0, "good luck all")  # one line, spaces tidied
    game = Game.objects.get(pk=table.pk)
    assert game.chat_count == 1 and game.version == table.version  # not a move


def test_only_seated_players_talk_and_only_sensible_lines(table, charlie, alice):
    with pytest.raises(errors.Forbidden):
        table_talk.say(charlie, table.pk, "hello")
    for text in ("", "   ", None, "x" * (ChatMessage.MAX_LENGTH + 1)):
        with pytest.raises(errors.ServiceError):
            table_talk.say(alice, table.pk, text)
    assert table_talk.say(alice, table.pk, "x" * ChatMessage.MAX_LENGTH)
    assert Game.objects.get(pk=table.pk).chat_count == 1


def test_players_may_still_talk_after_the_game(table, alice, bob):
    player_moves.resign(alice, table.pk)
    table_talk.say(bob, table.pk, "good game")
    table_talk.say(alice, table.pk, "well played")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["good game", "well played"]


def test_a_burst_of_lines_is_held_back(table, alice, bob):
    for n in range(table_talk.CHAT_BURST):
        table_talk.say(alice, table.pk, f"line {n}")
    with pytest.raises(errors.Conflict):
        table_talk.say(alice, table.pk, "one too many")
    table_talk.say(bob, table.pk, "my turn to talk")  # the limit is per player
    assert Game.objects.get(pk=table.pk).chat_count == table_talk.CHAT_BURST + 1
