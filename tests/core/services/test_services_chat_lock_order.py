"""Table talk and moves at the same instant. Found by a QA pass: a line of talk locked the
speaker's seat and then counted itself on the game, while a move locked the game and then
reset that seat's missed turns; PostgreSQL broke the deadlock by failing one of them (a
500). Every path now locks the game first."""

import pytest

from tables.actions import player_moves, table_talk
from tables.models import ChatMessage, Game, Seat
from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

ROUNDS = 12


def move_and_talk(mover, game, move) -> list:
    return run_together(
        lambda: player_moves.play_move(mover, game.pk, game.version, move) and "moved",
        lambda: table_talk.say(mover, game.pk, "one") and "said",
        lambda: table_talk.say(mover, game.pk, "two") and "said",
    )


def test_a_move_and_the_movers_own_lines_at_once_all_go_through(table, alice, bob):
    players = {0: alice, 1: bob}
    said = 0
    for _ in range(ROUNDS):
        game = Game.objects.get(pk=table.pk)
        if game.status != Game.Status.ACTIVE:
            break
        index = game.to_act[0]
        Seat.objects.filter(game=game, index=index).update(missed_turns=1)  # the move writes the seat
        mover = players[index]
        move = next(m for m in game.rules.legal_moves(game.state, index) if m["type"] != "declare")
        outcomes = move_and_talk(mover, game, move)
        assert outcomes in (["moved", "said", "said"], ["moved", "said", "Conflict"]), outcomes  # Conflict: slow down
        said += outcomes.count("said")
        ChatMessage.objects.filter(game=game).delete()  # the burst limit counts lines of the last minute
    assert said >= ROUNDS
