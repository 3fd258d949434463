"""Every kind of legal move, mailed as the command the turn mail offers for it, is played
as that move: through a whole game of every registered game, at each position the first
few legal moves of each type are sent as a reply from the seat's player to their seat's
address (each in a savepoint rolled back), and the move logged is that move (copies of a
card aside: `without_copies`). The engine-level round trip of every move is
test_contract_mail_commands.py; this is the same through the mail the site receives."""

from collections import Counter

import pytest
from contract_checks import dealt_table, every_game, play_to_the_end, seated_users, without_copies
from django.db import transaction

from mailroom.inbound.play import seat_names
from mailroom.inbound.receive import receive
from tables.models import Game
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db

PER_TYPE = 2  # mailed moves of each type in one game


def check_moves_by_mail(game: Game, mailed: Counter) -> None:
    game = Game.objects.get(pk=game.pk)
    seat = game.to_act[0]
    user = seated_users(game)[seat]
    view = game.rules.view(game.state, seat)
    for move in game.rules.legal_moves(game.state, seat):
        if mailed[move["type"]] >= PER_TYPE:
            continue
        mailed[move["type"]] += 1
        text = game.plugin.commands.command(view, move, seat_names(game))
        with transaction.atomic():
            received = receive(reply(game, user, text))
            logged = Game.objects.get(pk=game.pk).events.order_by("-seq").values_list("move", flat=True).first()
            transaction.set_rollback(True)
        assert received.status == "played", f"{game.kind}: {text!r} for {move} was {received.status}"
        assert without_copies(logged) == without_copies(move), f"{game.kind}: {text!r} for {move} played {logged}"


@every_game
def test_every_kind_of_legal_move_is_played_from_its_mail(plugin, people, enqueued):
    mailed = Counter()

    def check(game):
        if game.to_act:
            check_moves_by_mail(game, mailed)

    play_to_the_end(dealt_table(plugin, people), seed=3, at_each=check)
    assert mailed, f"{plugin.slug}: no move was mailed"
