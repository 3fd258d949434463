"""The reshuffle of what a Cap-It seat cannot see (for a hard bot's worlds, and the check
that it decides from its view alone)."""

import random
from collections import Counter

from engine.bots import get_bot, play
from games.capit.engine import RULES, all_cards, reshuffle_hidden
from tests.bot_positions import bot_positions

NORMAL = get_bot("capit", "normal")


def positions(games=2, every=5):
    """(state, seat to act) every few moves of normal-bot games for four."""
    return bot_positions(RULES, NORMAL, players=4, options={}, seeds=range(games), every=every)


def test_a_reshuffle_keeps_the_view_and_the_cards_and_moves_what_is_hidden():
    moved = 0
    for k, (state, seat) in enumerate(positions()):
        other = reshuffle_hidden(state, seat, random.Random(k))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert Counter(all_cards(other)) == Counter(all_cards(state))
        assert [len(hand) for hand in other["hands"]] == [len(hand) for hand in state["hands"]]
        moved += other["stock"] != state["stock"]
    assert moved > 100


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
