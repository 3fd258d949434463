"""Cap-It's stakes: a share of the starting pot to each round's lowest scorers, the rest
to the overall winners after round five."""

import pytest

from games import services
from games.models import Game
from ledger import chips
from ledger.management.commands.verify_ledger import problems
from ledger.models import Entry

pytestmark = pytest.mark.django_db


def play_out(game):
    while game.status == Game.Status.ACTIVE:
        assert services.play_bot_turn(game.pk, game.version)
        game.refresh_from_db()
    return game


def test_a_staked_cap_it_game_pays_round_shares_then_empties_the_pot(alice):
    game = services.create_table(alice, "capit", seats=4, bots=4, ante=100,
                                 options={"round_share_percent": 10})
    game = play_out(services.start_table(alice, game.pk))
    rounds = game.rules.view(game.state, None)["rounds"]
    assert len(rounds) == 5
    shares = Entry.objects.filter(game=game, reason=Entry.Reason.ROUND_SHARE)
    for rnd in rounds:
        paid = shares.filter(round=rnd["number"])
        assert sorted(paid.values_list("seat", flat=True)) == sorted(rnd["winners"])
        assert sum(e.amount for e in paid) <= 40  # 10% of a 400-chip pot, leftovers stay in
    payouts = Entry.objects.filter(game=game, reason=Entry.Reason.PAYOUT)
    assert sorted(payouts.values_list("seat", flat=True)) == sorted(game.result["winners"])
    assert chips.pot_of(game).balance() == 0
    assert problems() == []
