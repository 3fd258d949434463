"""Each game's final ranking (`GamePlugin.ranking`): 1 the best, ties share a rank, and a
seat out of the game ranks after every seat still in."""

import pytest

from tables.plugins import get_plugin

pytestmark = pytest.mark.django_db


def finished(players=4, out=(), winners=(), **fields) -> dict:
    return {"players": players, "out": list(out), "result": {"winners": list(winners)}, **fields}


def test_capit_ranks_by_lowest_total_and_ties_share_a_rank():
    state = finished(result={"winners": [1, 3], "scores": [40, 12, 25, 12]})
    assert get_plugin("capit").ranking(state) == [4, 1, 3, 1]


def test_capit_puts_a_seat_out_after_the_seats_still_in_whatever_its_total():
    state = finished(out=[0], result={"winners": [1], "scores": [0, 12, 25, 30]})
    assert get_plugin("capit").ranking(state) == [4, 1, 2, 3]


def test_seats_out_of_the_game_share_the_last_rank():
    state = finished(out=[0, 2], result={"winners": [1], "scores": [5, 12, 9, 30]})
    assert get_plugin("capit").ranking(state) == [3, 1, 3, 2]


def test_capitalla_ranks_the_winner_first_and_the_others_together():
    assert get_plugin("capitalla").ranking(finished(winners=[2])) == [2, 2, 1, 2]
    assert get_plugin("capitalla").ranking(finished(out=[3], winners=[2])) == [2, 2, 1, 4]


def test_a_drawn_capitalla_deal_ties_everyone_still_in():
    assert get_plugin("capitalla").ranking(finished(out=[1], winners=[])) == [1, 4, 1, 1]


def test_casino_ranks_by_most_points():
    state = finished(players=3, winners=[1], scores=[14, 22, 17])
    assert get_plugin("casino").ranking(state) == [3, 1, 2]


def test_rummathon_ranks_by_sequences_made_then_points():
    state = finished(players=4, winners=[0], progress=[12, 12, 9, 9], scores=[300, 320, 250, 400])
    assert get_plugin("rummathon").ranking(state) == [1, 2, 4, 3]


def test_rummathon_ties_share_a_rank():
    state = finished(players=3, winners=[0, 1], progress=[12, 12, 8], scores=[300, 300, 100])
    assert get_plugin("rummathon").ranking(state) == [1, 1, 3]


@pytest.mark.parametrize("kind", ["capitalla", "capit", "casino", "rummathon"])
def test_a_real_finished_game_ranks_the_last_one_standing_first(won_by, people, kind):
    players = people(get_plugin(kind).rules.info.min_players)
    game = won_by(players[1], players, kind=kind)
    assert game.plugin.ranking(game.state) == [2, 1] + [2] * (len(players) - 2)
