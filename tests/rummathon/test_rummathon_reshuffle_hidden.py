"""The reshuffle of what a Rummathon Royale seat cannot see (the check that a bot decides
from its view alone)."""

import random
from collections import Counter

from games.rummathon.engine import RULES, all_cards, reshuffle_hidden
from games.rummathon.engine.bots import BOTS, play_game
from tests.bot_positions import bot_positions

NORMAL = BOTS["normal"]


def positions(games=2, every=9, players=4):
    """(state, seat to act) every few moves of normal-bot Half games."""
    return bot_positions(RULES, NORMAL, players=players, options={"variant": "half"}, seeds=range(games), every=every)


def test_a_reshuffle_keeps_the_view_and_the_cards_and_moves_what_is_hidden():
    moved = checked = 0
    for k, (state, seat) in enumerate(positions()):
        other = reshuffle_hidden(state, seat, random.Random(k))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert Counter(all_cards(other)) == Counter(all_cards(state))
        assert [len(hand) for hand in other["hands"]] == [len(hand) for hand in state["hands"]]
        moved += other["deck"] != state["deck"]
        checked += 1
    assert moved > checked // 2


def test_a_reshuffle_depends_on_the_view_only():
    for k, (state, seat) in enumerate(positions(games=1, every=23)):
        other = reshuffle_hidden(state, seat, random.Random(1000 + k))
        assert reshuffle_hidden(state, seat, random.Random(k)) == reshuffle_hidden(other, seat, random.Random(k))


def test_a_reshuffle_keeps_the_viewers_hand_and_deals_the_others_again():
    state = RULES.new_game(4, {}, 5)
    other = reshuffle_hidden(state, 1, random.Random(2))
    assert other["hands"][1] == state["hands"][1]
    assert other["hands"][0] != state["hands"][0]


def test_another_seats_drawn_card_is_the_one_it_holds_after_a_reshuffle():
    state = RULES.new_game(4, {}, 3)
    drawer = state["turn"]
    state = RULES.apply(state, drawer, {"type": "draw"})
    viewer = (drawer + 1) % 4
    other = reshuffle_hidden(state, viewer, random.Random(1))
    assert other["new_card"] == other["hands"][drawer][-1]
    assert RULES.view(other, viewer) == RULES.view(state, viewer)
    assert RULES.view(other, drawer)["new_card"] == other["new_card"]


def test_a_resigned_seats_set_aside_hand_is_dealt_again_with_its_size():
    state = RULES.new_game(4, {}, 4)
    state = RULES.apply(state, 2, {"type": "resign"})
    other = reshuffle_hidden(state, 0, random.Random(3))
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert other["hands"][2] == [] and len(other["out_hands"]["2"]) == len(state["out_hands"]["2"])
    assert Counter(all_cards(other)) == Counter(all_cards(state))


def test_nothing_moves_once_the_game_is_over():
    final, _ = play_game(["normal"] * 4, seed=2, options={"variant": "half"})
    assert reshuffle_hidden(final, 0, random.Random(1)) is final
