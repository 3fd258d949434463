"""Rummathon Royale's hard bot on positions where the right play is clear, the same choice
in every world its view allows (`reshuffle_hidden`), and whole games."""

import random

from games.rummathon.engine.bots import BOTS, BuyingBot, play_game
from games.rummathon.engine.hidden import reshuffle_hidden
from games.rummathon.engine.rules import RULES
from tests.rummathon.rummathon_tables import ids, known_cards, table

__all__ = ["known_cards"]

HARD, NORMAL = BOTS["hard"], BOTS["normal"]
WORLDS = 5


def hard_choice(state, seat=0):
    """The hard bot's move, checked to be the same once the hidden cards are dealt again."""
    chosen = HARD.choose(state, seat, random.Random(1))
    for world in range(WORLDS):
        other = reshuffle_hidden(state, seat, random.Random(world))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert HARD.choose(other, seat, random.Random(1)) == chosen
    return chosen


def laid_cards(move):
    groups = move["groups"] if move["type"] == "lay" else move["lay"]
    return [card for group in groups for card in group["cards"]]


def test_hard_bot_buys_as_the_normal_bot_does():
    """Buying all it may made the hand too big to go out soon: heads-up the normal bot then
    beat it (games/rummathon/notes/bots.md). It buys up to BUY_SLACK cards over its sequence."""
    state = RULES.new_game(4, {}, 1)
    state.update(phase="buy", scores=[55, 0, 0, 0], bought=[None, 0, 0, 0])
    assert RULES.view(state, 0)["most_to_buy"] == 6
    assert hard_choice(state) == NORMAL.choose(state, 0, random.Random(1)) == {"type": "buy", "count": 0}
    state["hands"][0] = state["hands"][0][:8]
    assert hard_choice(state) == {"type": "buy", "count": 4}


def test_the_buying_reference_player_buys_every_card_it_may_and_plays_as_the_normal_one():
    buying = BuyingBot()
    state = RULES.new_game(4, {}, 1)
    state.update(phase="buy", scores=[55, 0, 0, 0], bought=[None, 0, 0, 0])
    assert buying.choose(state, 0, random.Random(1)) == {"type": "buy", "count": 6}
    state = table([ids("R3", "Y3", "B3", "R7", "Y7", "B7", "G7", "B11"), ids("B8")])
    assert buying.choose(state, 0, random.Random(1)) == NORMAL.choose(state, 0, random.Random(1))


def test_hard_bot_lays_down_with_only_the_cards_its_sequence_needs():
    state = table([ids("R3", "Y3", "B3", "R7", "Y7", "B7", "G7", "B11"), ids("B8")])
    move = hard_choice(state)
    assert move["type"] == "lay" and len(laid_cards(move)) == 6  # G7 stays for the sequence ahead
    assert len(laid_cards(NORMAL.choose(state, 0, random.Random(1)))) == 7


def test_hard_bot_lays_every_card_that_fits_once_it_may_declare_no_more():
    state = table([ids("R3", "Y3", "B3", "R7", "Y7", "B7", "G7", "B11"), ids("B8")], banned_declare=[True, False])
    move = hard_choice(state)
    assert move["type"] == "lay" and len(laid_cards(move)) == 7


def test_hard_bot_takes_the_discard_that_completes_its_sequence():
    state = table([ids("R3", "Y3", "R7", "Y7", "B7", "B1"), ids("B8")], discard=ids("G3"), drawn=False)
    move = hard_choice(state)
    assert move["type"] == "take" and "G3:0" in laid_cards(move)


def test_hard_bot_declares_rummathon_royale_when_it_holds_the_next_sequence():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    hand = ids("R9", "Y9", "G9", "B2", "B3", "B4", "B5", "B11")
    state = table([hand, ids("R1", "R2")], groups=groups, drawn=False)
    assert hard_choice(state) == {"type": "declare"}


def test_hard_bot_keeps_a_card_its_next_sequence_needs_rather_than_hit_with_it():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    hand = ids("B2", "B3", "B4", "B5", "R9", "Y9", "G9", "R11")  # the next sequence: a set of 3 and a run of 4
    state = table([hand, ids("R1", "R2")], groups=groups)
    assert NORMAL.choose(state, 0, random.Random(1))["type"] == "hit"
    assert hard_choice(state) == {"type": "discard", "card": "R11:0"}


def test_hard_bot_hits_once_it_may_declare_no_more():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    hand = ids("B2", "B3", "B4", "B5", "R9", "Y9", "G9", "R11")
    state = table([hand, ids("R1", "R2")], groups=groups, banned_declare=[True, False])
    assert hard_choice(state)["type"] == "hit"


def test_hard_bot_plays_to_go_out_when_its_hand_is_far_from_the_sequence_ahead():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    hand = ids("B4", "B2", "R9", "R11", "G12")  # the next sequence, a set of 3 and a run of 4: 4 cards short
    state = table([hand, ids("R1", "R2")], groups=groups)
    assert hard_choice(state) == {"type": "hit", "cards": ["B4:0"], "seat": 0, "group": 0}


def test_hard_bot_keeps_its_flex_for_the_sequence_ahead():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    # the next sequence, a set of 3 and a run of 4: the Flex fills one, a card short
    state = table([ids("FLEX", "R9", "Y9", "B2", "B3", "B5", "R12"), ids("R1", "R2")], groups=groups)
    normal = NORMAL.choose(state, 0, random.Random(1))  # hits with the Flex: it is down
    assert normal["type"] == "hit" and normal["cards"] == ["FLEX:0"]
    assert hard_choice(state) == {"type": "discard", "card": "R12:0"}


def test_hard_bot_does_not_discard_a_card_the_next_player_could_hit_with():
    groups = {1: [("set", ids("R12", "Y12", "G12"), False)]}
    state = table([ids("R3", "Y3", "B3", "R7", "Y7", "B12", "G1"), ids("R1", "R2")], groups=groups)
    assert NORMAL.choose(state, 0, random.Random(1)) == {"type": "discard", "card": "B12:0"}
    assert hard_choice(state) == {"type": "discard", "card": "G1:0"}


def test_hard_bot_feeds_a_player_who_is_not_next():
    groups = {2: [("set", ids("R12", "Y12", "G12"), False)]}
    hands = [ids("R3", "Y3", "B3", "R7", "Y7", "B12", "G1"), ids("R1", "R2"), ids("B1", "B2")]
    state = table(hands, groups=groups)
    assert hard_choice(state) == {"type": "discard", "card": "B12:0"}


def test_hard_bot_finishes_a_half_game_against_normal_bots():
    final, _ = play_game(["hard", "normal", "normal", "normal"], seed=3, options={"variant": "half"})
    assert final["phase"] == "over" and final["result"]["winners"]
