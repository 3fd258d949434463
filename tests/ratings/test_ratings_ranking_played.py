"""Every game's ranking of whole games played by bots (some seats resigning on the way):
a competition ranking (1 the best, ties share a rank and the next rank skips), the
winners first, and the seats out of the game after every seat still in."""

import random

import pytest

from engine.bots import get_bot
from tables.plugins import PLUGINS


def played(kind: str, seed: int) -> dict:
    """A game of easy bots at a table of the game's usual size, one seat resigning after
    `seed` moves when seed is odd (early enough for a game of a few moves)."""
    plugin = PLUGINS[kind]
    rules, rng = plugin.rules, random.Random(seed)
    players = rules.info.default_players
    bot = get_bot(kind, "easy")
    state = rules.new_game(players, dict(plugin.quick_options), seed)
    resign_at = seed if seed % 2 else None
    while to_act := rules.to_act(state):
        seat = to_act[0]
        if state["moves"] == resign_at:
            state = rules.apply(state, (seat + 1) % players, {"type": "resign"})
            continue
        state = rules.apply(state, seat, bot.choose(state, seat, rng))
    return state


def is_competition_ranking(ranks: list[int]) -> bool:
    return all(rank == 1 + sum(other < rank for other in ranks) for rank in ranks)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("kind", sorted(PLUGINS))
def test_a_played_game_ranks_winners_first_and_the_seats_out_last(kind, seed):
    state = played(kind, seed)
    ranks = PLUGINS[kind].ranking(state)
    winners, out = state["result"]["winners"], state["out"]
    assert len(ranks) == state["players"] and is_competition_ranking(ranks)
    assert all(ranks[seat] == 1 for seat in winners)
    still_in = [seat for seat in range(state["players"]) if seat not in out]
    assert all(ranks[o] > ranks[s] for o in out for s in still_in)
    if seed % 2:
        assert out, "a seat resigned"
