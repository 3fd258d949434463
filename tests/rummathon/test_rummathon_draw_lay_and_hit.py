"""Rummathon Royale's deal and buying, drawing and taking discards, laying down and hitting, as the rules state them."""

from games.rummathon.engine.cards import HAND_SIZE, action
from games.rummathon.engine.rules import RULES, all_cards
from tests.rummathon.rummathon_tables import (
    DOWN_1,
    FILLER,
    SPARE,
    TWO_SETS,
    _buying,
    _hitter,
    assert_whole,
    group,
    ids,
    known_cards,
    lay_two_sets,
    refused,
    table,
)

__all__ = ["known_cards"]  # the fixture, imported so that it applies here


# ---------------------------------------------------------------- deal and buying


def test_deal_gives_twelve_cards_each_and_turns_one_up():
    state = RULES.new_game(4, {}, seed=3)
    assert [len(hand) for hand in state["hands"]] == [HAND_SIZE] * 4
    assert len(state["discard"]) == 1
    assert len(all_cards(state)) == 112
    assert_whole(state)


def test_rule_cards_are_dealt_all_different():
    state = RULES.new_game(6, {}, seed=5)
    assert sorted(state["rule_card"]) == list(range(6))


def test_first_round_has_no_buying_without_points():
    state = RULES.new_game(3, {}, seed=1)
    assert state["phase"] == "play" and state["bought"] == [0, 0, 0]
    assert RULES.to_act(state) == [state["turn"]]


def test_every_seat_buys_at_once_in_any_order():
    state = _buying([95, 30, 0])
    assert RULES.to_act(state) == [0, 1, 2]
    state = RULES.apply(state, 2, {"type": "buy", "count": 0})
    state = RULES.apply(state, 0, {"type": "buy", "count": 10})
    assert RULES.to_act(state) == [1] and state["phase"] == "buy"
    state = RULES.apply(state, 1, {"type": "buy", "count": 1})
    assert state["phase"] == "play"
    assert [len(hand) for hand in state["hands"]] == [22, 13, 12]
    assert state["scores"] == [-5, 20, 0]
    assert_whole(state)


def test_buying_more_than_one_card_per_ten_points_rounded_up_is_refused():
    state = _buying([95, 0])
    assert "0 to 10" in refused(state, 0, {"type": "buy", "count": 11})


def test_buying_is_capped_at_twenty_cards():
    state = _buying([500, 0])
    assert "0 to 20" in refused(state, 0, {"type": "buy", "count": 21})
    assert RULES.legal_moves(state, 0)[-1] == {"type": "buy", "count": 20}


def test_buying_twice_or_playing_during_the_buy_phase_is_refused():
    state = RULES.apply(_buying([50, 50]), 0, {"type": "buy", "count": 1})
    assert "already" in refused(state, 0, {"type": "buy", "count": 1})
    assert "extra cards" in refused(state, 1, {"type": "draw"})


# ---------------------------------------------------------------- drawing and the discard pile


def test_draw_takes_the_deck_top():
    state = table([FILLER, SPARE], drawn=False)
    top = state["deck"][-1]
    after = RULES.apply(state, 0, {"type": "draw"})
    assert after["hands"][0][-1] == top and after["drawn"]
    assert "drawn already" in refused(after, 0, {"type": "draw"})


def test_the_card_drawn_is_shown_as_new_to_its_drawer_only_while_held():
    state = table([FILLER, SPARE], drawn=False)
    deck = state["deck"]
    number_card = max(k for k, card in enumerate(deck) if action(card) is None)  # a card that may be discarded
    deck[-1], deck[number_card] = deck[number_card], deck[-1]
    after = RULES.apply(state, 0, {"type": "draw"})
    top = state["deck"][-1]
    assert RULES.view(after, 0)["new_card"] == top
    assert RULES.view(after, 1)["new_card"] is None and RULES.view(after, None)["new_card"] is None
    discarded = RULES.apply(after, 0, {"type": "discard", "card": top})
    assert RULES.view(discarded, 0)["new_card"] is None and RULES.view(discarded, 1)["new_card"] is None


def test_a_discard_taken_without_laying_down_is_refused():
    state = table([FILLER, SPARE], discard=ids("Y2"), drawn=False)
    assert "used at once" in refused(state, 0, {"type": "take", "depth": 0})


def test_take_the_top_discard_to_lay_the_sequence_with_it():
    hand = ids("R3", "Y3", "R7", "Y7", "B7", "B1")
    state = table([hand, SPARE], discard=ids("G3"), drawn=False)
    after = RULES.apply(state, 0, {"type": "take", "depth": 0, **_groups_as_lay(lay_two_sets())})
    assert after["down"][0] == 1 and after["hands"][0] == ids("B1")
    assert after["discard"] == [] and after["drawn"]
    assert_whole(after)


def _groups_as_lay(move):
    return {"lay": move["groups"]}


def test_take_with_a_lay_down_that_does_not_use_the_card_is_refused():
    state = table([TWO_SETS + ids("B1"), SPARE], discard=ids("G2"), drawn=False)
    assert "must use" in refused(state, 0, {"type": "take", "depth": 0, **_groups_as_lay(lay_two_sets())})


def test_take_below_the_top_before_the_sequence_is_down_is_refused():
    hand = ids("R3", "Y3", "R7", "Y7", "B7", "B1")
    state = table([hand, SPARE], discard=ids("G3", "B9"), drawn=False)
    lay = _groups_as_lay(lay_two_sets())
    assert "only the top card" in refused(state, 0, {"type": "take", "depth": 1, **lay})


def test_take_at_depth_after_the_sequence_is_down_takes_the_cards_above_and_hits():
    groups = {1: [("set", ids("R5", "Y5", "G5"), False), ("set", ids("R9", "Y9", "G9"), False)]}
    state = table([ids("B1", "R2"), ids("R10", "Y10")], discard=ids("B11", "B5", "G12", "R1"), groups=groups)
    state["groups"][0] = [{"id": 9, "kind": "set", "cards": ids("R4", "Y4", "G4"), "burden": False}]
    state["deck"] = [card for card in state["deck"] if card not in ids("R4", "Y4", "G4")]
    state["down"][0], state["drawn"] = 1, False
    assert_whole(state)
    move = {"type": "take", "depth": 2, "hit": [{"seat": 1, "group": 0, "cards": ids("B5")}]}
    after = RULES.apply(state, 0, move)
    assert after["discard"] == ids("B11")
    assert sorted(after["hands"][0]) == sorted(ids("B1", "R2", "G12", "R1"))
    assert ids("B5")[0] in after["groups"][1][0]["cards"]
    assert_whole(after)


def test_a_card_taken_after_the_sequence_is_down_must_hit_at_once():
    groups = {0: [("set", ids("R5", "Y5", "G5"), False), ("set", ids("R9", "Y9", "G9"), False)]}
    state = table([ids("B1", "R2"), SPARE], discard=ids("B5", "G12"), groups=groups, drawn=False)
    move = {"type": "take", "depth": 1, "hit": [{"seat": 0, "group": 0, "cards": ids("B1")}]}
    assert "must hit with B5" in refused(state, 0, move)


def test_a_take_with_forged_groups_or_hits_is_refused():
    groups = {0: [("set", ids("R5", "Y5", "G5"), False), ("set", ids("R9", "Y9", "G9"), False)]}
    state = table([ids("B1", "R2"), SPARE], discard=ids("B5", "G12"), groups=groups, drawn=False)
    assert "must hit with G12" in refused(state, 0, {"type": "take", "depth": 0, "hit": [{"cards": 7}]})
    state["down"][0] = 0
    assert "must use G12" in refused(state, 0, {"type": "take", "depth": 0, "lay": [{"cards": 7}, 3]})


def test_the_first_player_may_take_an_upturned_action_card_then_draws():
    state = table([FILLER, SPARE], discard=ids("BYPASS"), drawn=False, upturned="BYPASS:0")
    after = RULES.apply(state, 0, {"type": "take", "depth": 0})
    assert "BYPASS:0" in after["hands"][0] and not after["drawn"] and after["upturned"] is None
    after = RULES.apply(after, 0, {"type": "draw"})
    assert after["drawn"] and len(after["hands"][0]) == len(FILLER) + 2


def test_the_upturned_action_card_is_no_longer_free_after_the_first_turn():
    state = table([FILLER, SPARE], discard=ids("BYPASS"), drawn=False)
    assert "used at once" in refused(state, 0, {"type": "take", "depth": 0})


# ---------------------------------------------------------------- laying down


def test_the_sequence_goes_down_whole_in_one_move():
    state = table([TWO_SETS + SPARE, FILLER])
    after = RULES.apply(state, 0, lay_two_sets())
    assert after["down"][0] == 1 and len(after["groups"][0]) == 2
    assert after["hands"][0] == SPARE


def test_a_partial_sequence_is_refused():
    state = table([TWO_SETS + SPARE, FILLER])
    assert "exactly 2 groups" in refused(state, 0, {"type": "lay", "groups": [group("set", "R3", "Y3", "G3")]})


def test_laying_before_drawing_is_refused():
    state = table([TWO_SETS + SPARE, FILLER], drawn=False)
    assert "Draw first" in refused(state, 0, lay_two_sets())


def test_a_second_lay_down_in_a_round_is_refused_without_a_declaration():
    state = RULES.apply(table([TWO_SETS + ids("R5", "G5", "B5", "B1"), FILLER]), 0, lay_two_sets())
    assert "no further sequence" in refused(state, 0, {"type": "lay", "groups": [group("set", "R5", "G5", "B5")]})


def test_flex_is_wild_in_a_lay_down():
    hand = ids("R3", "Y3", "FLEX", "R7", "Y7", "B7", "B1")
    state = table([hand, FILLER])
    move = {"type": "lay", "groups": [group("set", "R3", "Y3", "FLEX"), group("set", "R7", "Y7", "B7")]}
    assert RULES.apply(state, 0, move)["down"][0] == 1


# ---------------------------------------------------------------- hitting


def test_hit_adds_to_another_players_set():
    after = RULES.apply(_hitter(), 0, {"type": "hit", "seat": 1, "group": 2, "cards": ids("B5")})
    assert len(after["groups"][1][0]["cards"]) == 4 and "B5:0" not in after["hands"][0]


def test_hit_extends_a_run_at_its_end():
    after = RULES.apply(_hitter(), 0, {"type": "hit", "seat": 1, "group": 3, "cards": ids("B11")})
    assert after["groups"][1][1]["cards"][-1] == "B11:0"


def test_a_hit_is_told_with_the_group_it_lands_on():
    state = _hitter()
    onto_bob = {"type": "hit", "seat": 1, "group": 3, "cards": ids("B11")}
    assert RULES.describe(state, 0, onto_bob) == "{player} hit B11 on {seat:1}'s run R8 Y9 G10."
    onto_mine = {"type": "hit", "seat": 0, "group": 0, "cards": ids("B4")}
    state["hands"][0].append("B4:0")
    assert RULES.describe(state, 0, onto_mine) == "{player} hit B4 on their own set R4 Y4 G4."


def test_a_laid_run_is_told_in_run_order_not_in_the_order_ticked():
    # Sequence 2 of the test card: a set of 3 and a run of 4.
    state = table([ids("R3", "Y3", "G3", "R10", "R11", "Y12", "G9", "B1"), ids("R1", "R2")], progress=[1, 0])
    ticked = group("run", "R10", "R11", "Y12", "G9")
    move = {"type": "lay", "groups": [group("set", "R3", "Y3", "G3"), ticked]}
    assert RULES.describe(state, 0, move) == "{player} laid down: set R3 Y3 G3; run G9 R10 R11 Y12."


def test_hit_cards_are_told_in_the_order_they_take_in_the_run():
    state = _hitter(extra_hand=("R7",))
    both_ends = {"type": "hit", "seat": 1, "group": 3, "cards": ids("B11", "R7")}
    assert RULES.describe(state, 0, both_ends) == "{player} hit R7 B11 on {seat:1}'s run R8 Y9 G10."


def test_hit_that_does_not_fit_is_refused():
    assert refused(_hitter(), 0, {"type": "hit", "seat": 1, "group": 3, "cards": ids("B1")})


def test_hit_before_your_own_sequence_is_down_is_refused():
    state = table([ids("B5", "B1"), ids("R1", "R2")], groups=DOWN_1)
    assert "Lay down your sequence first" in refused(
        state, 0, {"type": "hit", "seat": 1, "group": 0, "cards": ids("B5")}
    )


def test_a_burden_group_cannot_be_hit():
    state = _hitter()
    state["groups"][1][0]["burden"] = True
    assert "burden group" in refused(state, 0, {"type": "hit", "seat": 1, "group": 2, "cards": ids("B5")})


def test_hitting_may_empty_the_hand_and_go_out():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], **DOWN_1}
    state = table([ids("B5"), ids("R1", "R2")], groups=groups)
    after = RULES.apply(state, 0, {"type": "hit", "seat": 1, "group": 1, "cards": ids("B5")})
    assert after["rounds"][-1]["went_out"] == 0
