"""Cap-It's hard bot and the reshuffle of what a seat cannot see."""

import random
from collections import Counter

from test_capit_rules import FILLER, ids, table

from games.capit.engine import RULES, all_cards, reshuffle_hidden
from games.engine.bots import get_bot, play

HARD = get_bot("capit", "hard")
NORMAL = get_bot("capit", "normal")


def positions(games=2, every=5):
    """(state, seat to act) every few moves of normal-bot games for four."""
    for seed in range(games):
        state, rng, moves = RULES.new_game(4, {}, seed), random.Random(seed), 0
        while to_act := RULES.to_act(state):
            if moves % every == 0:
                yield state, to_act[0]
            state = RULES.apply(state, to_act[0], NORMAL.choose(state, to_act[0], rng))
            moves += 1


def test_a_reshuffle_keeps_the_view_and_the_cards_and_moves_what_is_hidden():
    moved = 0
    for k, (state, seat) in enumerate(positions()):
        other = reshuffle_hidden(state, seat, random.Random(k))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert Counter(all_cards(other)) == Counter(all_cards(state))
        assert [len(hand) for hand in other["hands"]] == [len(hand) for hand in state["hands"]]
        moved += other["stock"] != state["stock"]
    assert moved > 100


def test_the_hard_bot_chooses_the_same_in_every_reshuffled_world():
    for k, (state, seat) in enumerate(positions(games=1, every=3)):
        chosen = HARD.choose(state, seat, random.Random(k))
        for world in range(3):
            other = reshuffle_hidden(state, seat, random.Random(100 * k + world))
            assert HARD.choose(other, seat, random.Random(k)) == chosen


def test_another_seats_drawn_card_is_the_one_it_holds_after_a_reshuffle():
    state = RULES.new_game(4, {}, 3)
    state = RULES.apply(state, state["turn"], {"type": "push"})
    drawer = state["drawn"]["seat"]
    viewer = (drawer + 1) % 4
    other = reshuffle_hidden(state, viewer, random.Random(1))
    assert other["drawn"] == {"seat": drawer, "card": other["hands"][drawer][-1]}
    assert RULES.view(other, viewer) == RULES.view(state, viewer)


def test_nothing_moves_once_the_game_is_over():
    final = play("capit", ["normal"] * 4, seed=2)
    assert reshuffle_hidden(final, 0, random.Random(1)) is final


def test_the_hard_bot_throws_its_costliest_spare_card_where_normal_throws_a_loner():
    # Round 1 (two sets of 3): the 7s and the 9s are the plan, the kings a spare pair.
    hand = ids("7H", "7C", "7D", "9D", "9H", "KC", "KD", "5S", "3D", "4C", "6S")
    state = table([hand] + FILLER)
    assert NORMAL.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "3D:0"}
    assert HARD.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "KC:0"}


def test_the_hard_bot_keeps_its_plan_and_its_wild_cards_however_costly():
    # The plan: 7-7-2 and the aces (15 points each); the king is the costliest spare card.
    hand = ids("7H", "7C", "2S", "9D", "AH", "AS", "KC", "5S", "3D", "4C", "QH")
    assert HARD.choose(table([hand] + FILLER), 0, random.Random(1)) == {"type": "discard", "card": "KC:0"}


def test_the_hard_bot_finishes_games_against_normal_bots():
    final = play("capit", ["hard", "normal", "normal", "normal"], seed=5)
    assert final["phase"] == "over" and len(final["rounds"]) == 5
