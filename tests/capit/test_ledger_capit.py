"""Cap-It's stakes: a share of the starting pot to each round's lowest scorers, the rest
to the overall winners after round five."""

import pytest

from ledger import chips
from ledger.models import Entry
from tables.management.commands.verify_ledger import problems

pytestmark = pytest.mark.django_db


def test_a_staked_cap_it_game_pays_round_shares_then_empties_the_pot(staked, play_out):
    game = play_out(staked("capit", 4, ante=100, options={"round_share_percent": 10}))
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
