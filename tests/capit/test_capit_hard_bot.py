"""Cap-It's hard bot (a bench reference, not a level: it measured even with normal): the
normal bot's play, but once its contract is down it keeps the cards that the unseen cards
can still carry out of its hand; and it decides from what its seat sees."""

import random

from engine.bots import get_bot
from games.capit.engine import RULES, reshuffle_hidden
from games.capit.engine.hard import HardBot, going_out_outs
from tables.plugins import get_plugin
from tests.bot_positions import bot_positions
from tests.capit.capit_tables import FILLER, ids, table

HARD = HardBot()
NORMAL = get_bot("capit", "normal")
DOWN = [(0, "set", ids("7H", "7C", "7D")), (0, "set", ids("9D", "9S", "9C"))]


def hard_positions(games=3):
    """(state, seat) every third move of games of the hard bot against itself."""
    return bot_positions(RULES, HARD, players=4, options={}, seeds=range(games), every=3)


def test_hard_is_not_a_level_of_cap_it_but_still_plays_a_game():
    assert "hard" not in get_plugin("capit").bots  # measured even with normal: not offered
    bots = [HARD, NORMAL, NORMAL, NORMAL]
    state = RULES.new_game(4, {}, 5)
    rng = random.Random(5)
    while to_act := RULES.to_act(state):
        state = RULES.apply(state, to_act[0], bots[to_act[0]].choose(state, to_act[0], rng))
    assert state["phase"] == "over" and len(state["rounds"]) == 5


def test_a_pairs_outs_are_the_unseen_cards_of_its_rank_and_the_unseen_wild_cards():
    state = table([ids("8S", "8D", "KC")] + FILLER, melds=DOWN, laid=(0,))
    outs = going_out_outs(RULES.view(state, 0), state["hands"][0])
    # Six more 8s in two decks, four jokers and eight 2s, all out of sight.
    assert outs["8S"] == outs["8D"] == 6 + 12
    assert outs["KC"] == 0  # a lone king with no wild card makes no meld with one more card


def test_the_card_that_extends_a_table_run_up_to_a_card_is_its_out():
    run = (1, "run", ids("9H", "10H", "JH"))
    state = table([ids("KH", "5C")] + FILLER, melds=DOWN + [run], laid=(0, 1))
    outs = going_out_outs(RULES.view(state, 0), state["hands"][0])
    assert outs["KH"] == 2  # either Q♥ lays off on the run, and the K♥ after it
    assert outs["5C"] == 0


def test_down_it_throws_the_card_nothing_unseen_can_carry_out_not_the_costliest():
    run = (1, "run", ids("9H", "10H", "JH"))
    state = table([ids("KH", "5C")] + FILLER, melds=DOWN + [run], laid=(0, 1))
    assert NORMAL.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "KH:0"}
    assert HARD.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "5C:0"}


def test_down_among_cards_as_hopeless_it_throws_the_costliest():
    state = table([ids("KH", "5C", "4D")] + FILLER, melds=DOWN, laid=(0,))
    assert HARD.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "KH:0"}


def test_before_its_contract_is_down_it_plays_as_the_normal_bot():
    compared = 0
    for k, (state, seat) in enumerate(hard_positions()):
        if not state["laid"][seat]:
            assert HARD.choose(state, seat, random.Random(k)) == NORMAL.choose(state, seat, random.Random(k))
            compared += 1
    assert compared > 100


def test_down_it_discards_the_same_card_in_every_world_its_seat_cannot_tell_apart():
    checked = 0
    for k, (state, seat) in enumerate(hard_positions()):
        if not (state["laid"][seat] and state["phase"] == "play"):
            continue
        chosen = HARD.choose(state, seat, random.Random(k))
        for world in range(3):
            other = reshuffle_hidden(state, seat, random.Random(100 * k + world))
            assert HARD.choose(other, seat, random.Random(k)) == chosen
        checked += 1
    assert checked > 20
