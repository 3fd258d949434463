"""Rummathon Royale's state machine, rule by rule, as the rule sheet and
games/rummathon/notes/rules.md state them."""

import pytest

from games.rummathon.engine.cards import HAND_SIZE, action, hand_points
from games.rummathon.engine.rules import RULES, VARIANTS, all_cards, requirement_at
from tests.rummathon.rummathon_tables import assert_whole, group, ids, known_cards, refused, table

__all__ = ["known_cards"]  # the fixture, imported so that it applies here

TWO_SETS = ids("R3", "Y3", "G3", "R7", "Y7", "B7")
SPARE = ids("B8", "G11")
FILLER = ids("R2", "Y5", "G9", "B10", "R11")  # a hand that lays nothing


def lay_two_sets(extra=()):
    return {"type": "lay", "groups": [group("set", "R3", "Y3", "G3"), group("set", "R7", "Y7", "B7"), *extra]}


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


def _buying(scores):
    state = RULES.new_game(len(scores), {}, seed=2)
    state.update(phase="buy", scores=list(scores), bought=[None] * len(scores))
    return state


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


DOWN_1 = {1: [("set", ids("R5", "Y5", "G5"), False), ("run", ids("R8", "Y9", "G10"), False)]}


def _hitter(extra_hand=(), **extra):
    """Seat 0 down with two sets, seat 1 down with a set of 5s and a run 8-10."""
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)], **DOWN_1}
    return table([ids("B5", "B11", "B1", *extra_hand), ids("R1", "R2")], groups=groups, **extra)


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


# ---------------------------------------------------------------- action cards


def test_block_needs_your_sequence_down():
    state = table([ids("BLOCK", "B1"), FILLER])
    assert "Lay down your sequence first" in refused(state, 0, {"type": "action", "card": "BLOCK:0"})


def test_first_block_protects_your_groups_from_everyone():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R5", "Y5", "G5"), False)]}
    state = table([ids("BLOCK", "B1"), ids("B4", "R2")], groups=groups)
    after = RULES.apply(state, 0, {"type": "action", "card": "BLOCK:0"})
    assert after["blocked"][0] == {"by": 0, "all": True}
    after.update(turn=1, drawn=True)
    assert "blocked" in refused(after, 1, {"type": "hit", "seat": 0, "group": 0, "cards": ids("B4")})


def test_second_block_protects_a_player_from_all_but_its_player():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R5", "Y5", "G5"), False)]}
    groups[2] = [("set", ids("R6", "Y6", "G6"), False)]
    state = table([ids("BLOCK", "B5", "B1"), ids("G2", "R2"), ["B5:1", "R1:0"]], groups=groups, blocks=[1, 0, 0])
    after = RULES.apply(state, 0, {"type": "action", "card": "BLOCK:0", "target": 1})
    assert after["blocked"][1] == {"by": 0, "all": False}
    mine = RULES.apply(after, 0, {"type": "hit", "seat": 1, "group": 1, "cards": ids("B5")})
    assert len(mine["groups"][1][0]["cards"]) == 4
    after.update(turn=2, drawn=True)
    assert "blocked" in refused(after, 2, {"type": "hit", "seat": 1, "group": 1, "cards": ["B5:1"]})


def test_a_block_cannot_name_a_player_blocked_already():
    """Found by a rules audit: a second Block on a protected player took the protection
    over, opening their groups to its player (and closing them to the first's)."""
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R5", "Y5", "G5"), False)]}
    groups[2] = [("set", ids("R6", "Y6", "G6"), False)]
    state = table([ids("B1"), ids("BLOCK", "B4"), ids("R2")], groups=groups, blocks=[0, 1, 0], turn=1)
    state["blocked"][0] = {"by": 0, "all": True}
    assert "blocked already" in refused(state, 1, {"type": "action", "card": "BLOCK:0", "target": 0})
    assert {"type": "action", "card": "BLOCK:0", "target": 0} not in RULES.legal_moves(state, 1)
    assert {"type": "action", "card": "BLOCK:0", "target": 2} in RULES.legal_moves(state, 1)


def test_a_first_block_closes_ones_own_groups_that_another_block_named():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R5", "Y5", "G5"), False)]}
    state = table([ids("BLOCK", "B1"), ids("B4", "R2")], groups=groups)
    state["blocked"][0] = {"by": 1, "all": False}
    after = RULES.apply(state, 0, {"type": "action", "card": "BLOCK:0"})
    assert after["blocked"][0] == {"by": 0, "all": True}


def test_a_sabotage_is_never_discarded():
    state = table([ids("SABOTAGE", "B1"), FILLER])
    assert "never goes to the discard pile" in refused(state, 0, {"type": "discard", "card": "SABOTAGE:0"})
    assert {"type": "discard", "card": "SABOTAGE:0"} not in RULES.legal_moves(state, 0)
    assert {"type": "action", "card": "SABOTAGE:0", "target": None} in RULES.legal_moves(state, 0)


def test_a_sabotage_played_as_the_last_card_goes_out():
    state = table([ids("SABOTAGE"), FILLER])
    after = RULES.apply(state, 0, {"type": "action", "card": "SABOTAGE:0"})
    assert after["rounds"][-1]["went_out"] == 0


def test_bypass_skips_the_named_players_next_turn():
    state = table([ids("BYPASS", "B1", "B2"), FILLER, SPARE])
    after = RULES.apply(state, 0, {"type": "action", "card": "BYPASS:0", "target": 1})
    after = RULES.apply(after, 0, {"type": "discard", "card": "B1:0"})
    assert after["turn"] == 2 and after["skips"] == []


def test_burden_asks_an_extra_set_of_three():
    state = table([ids("BURDEN", "B1", "B2"), TWO_SETS + ids("R9", "Y9", "G9", "B12")])
    after = RULES.apply(state, 0, {"type": "action", "card": "BURDEN:0", "target": 1})
    after = RULES.apply(after, 0, {"type": "discard", "card": "B1:0"})
    after["drawn"] = True
    assert "exactly 3 groups" in refused(after, 1, lay_two_sets())
    laid = RULES.apply(after, 1, lay_two_sets([group("set", "R9", "Y9", "G9")]))
    assert [g["burden"] for g in laid["groups"][1]] == [False, False, True]
    marked = lay_two_sets([group("set", "R9", "Y9", "G9")])
    marked["groups"][0]["burden"] = True
    laid = RULES.apply(after, 1, marked)
    assert [g["burden"] for g in laid["groups"][1]] == [True, False, False]


def test_double_burden_asks_an_extra_run_of_four():
    state = table([ids("DOUBLE_BURDEN", "B1"), FILLER])
    after = RULES.apply(state, 0, {"type": "action", "card": "DOUBLE_BURDEN:0", "target": 1})
    from games.rummathon.engine.rules import next_requirement

    assert next_requirement(after, 1)[-1] == {"kind": "run", "size": 4}


def test_burden_on_a_player_whose_sequence_is_down_is_refused():
    state = table([ids("BURDEN", "B1"), ids("R1", "R2")], groups=DOWN_1)
    assert "is down" in refused(state, 0, {"type": "action", "card": "BURDEN:0", "target": 1})


def test_the_same_player_cannot_be_burdened_twice_in_a_round():
    state = table([ids("BURDEN", "DOUBLE_BURDEN", "B1"), FILLER])
    after = RULES.apply(state, 0, {"type": "action", "card": "BURDEN:0", "target": 1})
    assert "already" in refused(after, 0, {"type": "action", "card": "DOUBLE_BURDEN:0", "target": 1})


def test_a_completed_burden_scores_for_its_target():
    groups = {1: [("set", ids("R5", "Y5", "G5"), False), ("set", ids("R9", "Y9", "G9"), False)]}
    groups[1].append(("set", ids("R1", "Y1", "G1"), True))
    state = table([ids("B2"), ids("R12")], groups=groups, burdens=[None, {"by": 0, "kind": "burden"}])
    state["groups"][0] = [{"id": 7, "kind": "set", "cards": ids("R4", "Y4", "G4"), "burden": False}]
    state["deck"] = [c for c in state["deck"] if c not in ids("R4", "Y4", "G4")]
    state["down"][0] = 1
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["rounds"][-1]["burden_points"] == [0, 50]
    assert after["scores"] == [10, 50]


def test_a_failed_burden_scores_for_its_player():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    state = table([ids("B2"), ids("R12")], groups=groups, burdens=[None, {"by": 0, "kind": "double"}])
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["rounds"][-1]["burden_points"] == [100, 0]
    assert after["scores"] == [110, 0]


def test_sabotage_removes_every_opponents_flex():
    hands = [["SABOTAGE:0", "FLEX:4", "B1:0"], ["FLEX:1", "R1:0", "R2:0"], ["FLEX:2", "FLEX:3", "Y3:0"]]
    state = table(hands)
    after = RULES.apply(state, 0, {"type": "action", "card": "SABOTAGE:0"})
    assert after["hands"][1] == ids("R1", "R2") and after["hands"][2] == ids("Y3")
    assert "FLEX:4" in after["hands"][0]
    assert {"SABOTAGE:0", "FLEX:1", "FLEX:2", "FLEX:3"} <= set(after["deck"])
    assert_whole(after)


def test_action_cards_are_played_after_the_draw():
    state = table([ids("BYPASS", "B1"), FILLER], drawn=False)
    assert "Draw first" in refused(state, 0, {"type": "action", "card": "BYPASS:0", "target": 1})


# ---------------------------------------------------------------- declarations


def _down_for_royale(hand, **extra):
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    return table([hand, ids("R1", "R2", "R12")], groups=groups, drawn=False, **extra)


def test_declare_rummathon_royale_at_the_start_of_the_turn_with_the_sequence_down():
    state = _down_for_royale(ids("R9", "Y9", "G9", "B2", "B3", "B4", "B5", "B11"))
    after = RULES.apply(state, 0, {"type": "declare"})
    assert after["declared"][0] == "royale"


def test_declare_without_the_sequence_down_is_refused():
    state = table([FILLER, SPARE], drawn=False)
    assert "Lay down your sequence first" in refused(state, 0, {"type": "declare"})


def test_declare_after_drawing_is_refused():
    state = _down_for_royale(ids("B2"))
    state["drawn"] = True
    assert "start of your turn" in refused(state, 0, {"type": "declare"})


def test_rummathon_royale_made_advances_two_sequences():
    # Sequence 2 of the test card: a set of 3 and a run of 4; the deck's top card is B6.
    hand = ids("R9", "Y9", "G9", "B2", "B3", "B4", "B5", "B11")
    state = RULES.apply(_down_for_royale(hand, deck_cards=ids("B6")), 0, {"type": "declare"})
    state = RULES.apply(state, 0, {"type": "draw"})
    run = group("run", "B2", "B3", "B4", "B5")
    state = RULES.apply(state, 0, {"type": "lay", "groups": [group("set", "R9", "Y9", "G9"), run]})
    assert state["down"][0] == 2
    state = RULES.apply(state, 0, {"type": "hit", "seat": 0, "group": 3, "cards": ids("B6")})
    after = RULES.apply(state, 0, {"type": "discard", "card": "B11:0"})
    assert after["rounds"][-1]["advanced"][0] == 2 and after["progress"][0] == 2
    assert not after["banned_declare"][0]


def test_a_failed_rummathon_royale_repeats_the_sequence_and_bans_the_next_declaration():
    state = RULES.apply(_down_for_royale(ids("B2", "B3")), 0, {"type": "declare"})
    state.update(turn=1, drawn=True)
    state["hands"][1] = ids("R1")
    state["deck"] += ids("R2", "R12")
    after = RULES.apply(state, 1, {"type": "discard", "card": "R1:0"})
    summary = after["rounds"][-1]
    assert summary["went_out"] == 1 and summary["advanced"][0] == 0
    assert after["progress"][0] == 0 and after["banned_declare"][0]


def test_a_banned_player_may_not_declare():
    state = _down_for_royale(ids("B2"), banned_declare=[True, False])
    assert "may not declare" in refused(state, 0, {"type": "declare"})


def test_double_rummathon_royale_ends_the_game():
    # Down with sequences 1 and 2, declared Royale: the Double asks sequence 3 (a run of 4, a colour group of 4).
    groups = {0: [("set", ids("R4", "Y4", "G4"), False), ("set", ids("R6", "Y6", "G6"), False)]}
    groups[0] += [("set", ids("R9", "Y9", "G9"), False), ("run", ids("B2", "B3", "B4", "B5"), False)]
    hand = ids("R1", "Y2", "G3", "B4", "Y7", "Y8", "Y10", "Y11", "B12")
    hand[3] = "B4:1"
    state = table([hand, ids("R1", "R2", "R11", copy=1)], groups=groups, drawn=False)
    state["down"][0], state["declared"][0] = 2, "royale"
    state = RULES.apply(state, 0, {"type": "declare"})
    assert state["declared"][0] == "double"
    state = RULES.apply(state, 0, {"type": "draw"})
    run = {"kind": "run", "cards": ["R1:0", "Y2:0", "G3:0", "B4:1"]}
    after = RULES.apply(state, 0, {"type": "lay", "groups": [run, group("colour", "Y7", "Y8", "Y10", "Y11")]})
    assert after["phase"] == "over"
    assert after["result"]["winners"] == [0] and after["result"]["reason"] == "double_royale"
    assert RULES.to_act(after) == []


# ---------------------------------------------------------------- going out, scoring, rounds


def test_going_out_scores_the_cards_left_in_the_other_hands():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    others = [ids("R12", "R1"), ids("FLEX", "SABOTAGE", "BYPASS")]
    state = table([ids("B2"), *others], groups=groups)
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["rounds"][-1]["points"] == [15 + 60, 0, 0]
    assert after["scores"][0] == hand_points(others[0]) + hand_points(others[1]) == 75


def test_completed_sequences_advance_and_the_others_repeat():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 2: [("set", ids("R6", "Y6", "G6"), False)]}
    state = table([ids("B2"), FILLER, SPARE], groups=groups)
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["progress"] == [1, 0, 1] and after["round"] == 2


def test_the_next_round_is_dealt_by_the_next_dealer():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    after = RULES.apply(table([ids("B2"), FILLER, SPARE], groups=groups), 0, {"type": "discard", "card": "B2:0"})
    assert after["dealer"] == 1 and after["turn"] == 2
    assert [len(hand) for hand in after["hands"]] == [12, 12, 12]
    assert after["phase"] == "buy" and RULES.to_act(after) == [0]  # only seat 0 has points
    assert_whole(after)


def test_an_empty_deck_is_refilled_from_the_discard_pile_but_its_top():
    state = table([FILLER, SPARE], discard=ids("B1", "B2", "B3"), deck_cards=[], drawn=False)
    under = [card for card in state["discard"] if card != "B3:0"]
    after = RULES.apply(state, 0, {"type": "draw"})
    assert after["discard"] == ids("B3")
    assert sorted(after["deck"] + [after["hands"][0][-1]]) == sorted(under)
    assert_whole(after)


def test_the_game_ends_after_a_round_in_which_someone_completes_the_last_sequence():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R6", "Y6", "G6"), False)]}
    state = table([ids("B2"), ids("R12")], groups=groups, progress=[11, 11], scores=[0, 500])
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["phase"] == "over"
    assert after["result"]["winners"] == [1] and after["result"]["reason"] == "all_sequences"


@pytest.mark.parametrize(
    ("variant", "sequences"),
    [("full", list(range(12))), ("half", list(range(6))), ("even", [1, 3, 5, 7, 9, 11]), ("odd", [0, 2, 4, 6, 8, 10])],
)
def test_variants_play_their_sequences(variant, sequences):
    assert VARIANTS[variant] == sequences
    state = RULES.new_game(2, {"variant": variant}, seed=1)
    state["progress"] = [len(sequences) - 1, 0]
    assert requirement_at(state, 0) == rules_sequence(state, 0, sequences[-1])
    assert requirement_at(state, 0, 1) is None


def rules_sequence(state, seat, index):
    from games.rummathon.engine import rules

    return rules.RULE_CARDS[state["rule_card"][seat]]["sequences"][index]


def test_the_half_game_ends_after_sequence_six():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    state = table([ids("B2"), ids("R12")], groups=groups, variant="half", progress=[5, 0])
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["phase"] == "over" and after["result"]["winners"] == [0]


def test_an_unknown_variant_is_refused():
    with pytest.raises(ValueError):
        RULES.new_game(2, {"variant": "quarter"}, seed=1)


# ---------------------------------------------------------------- turns, resigning, what a seat sees


def test_a_move_out_of_turn_is_refused():
    assert "not your turn" in refused(table([FILLER, SPARE], drawn=False), 1, {"type": "draw"})


def test_resigning_passes_the_turn_and_the_last_player_wins():
    state = table([FILLER, SPARE, ids("R1")], drawn=False)
    after = RULES.apply(state, 0, {"type": "resign"})
    assert after["turn"] == 1 and after["out"] == [0]
    after = RULES.apply(after, 2, {"type": "resign"})
    assert after["phase"] == "over" and after["result"]["winners"] == [1]
    assert_whole(after)


def test_the_view_shows_my_hand_and_the_public_table_only():
    state = RULES.new_game(3, {}, seed=987654321)
    view = RULES.view(state, 1)
    assert view["hand"] is not None and sorted(view["hand"]) == sorted(state["hands"][1])
    text = repr(view)
    for other in (0, 2):
        assert not any(card in text for card in state["hands"][other] if card not in state["discard"])
    assert "seed" not in view and str(state["seed"]) not in text
    assert view["deck_size"] == len(state["deck"]) and "deck" not in view
    assert view["rule_card"] == state["rule_card"]


def test_legal_moves_offer_the_solvers_lay_down():
    state = table([TWO_SETS + SPARE, FILLER])
    lays = [m for m in RULES.legal_moves(state, 0) if m["type"] == "lay"]
    assert lays and RULES.apply(state, 0, lays[0])["down"][0] == 1


def test_legal_moves_name_bypass_targets():
    state = table([ids("BYPASS", "B1"), FILLER, SPARE])
    targets = {m["target"] for m in RULES.legal_moves(state, 0) if m["type"] == "action"}
    assert targets == {1, 2}


def test_every_legal_move_applies():
    state = _hitter(extra_hand=("BYPASS", "FLEX"))
    for move in RULES.legal_moves(state, 0):
        RULES.apply(state, 0, move)
        assert RULES.describe(state, 0, move)


def test_action_cards_in_hand_score_as_the_table_says():
    assert [action(card) for card in ids("FLEX", "B2")] == ["FLEX", None]


def test_the_first_player_resigning_while_others_buy_passes_the_first_turn_on():
    state = _buying([50, 50, 50])
    first = state["turn"]
    state = RULES.apply(state, first, {"type": "resign"})
    for seat in RULES.to_act(state):
        state = RULES.apply(state, seat, {"type": "buy", "count": 0})
    assert state["phase"] == "play" and state["turn"] not in state["out"]
    assert RULES.legal_moves(state, state["turn"])


def test_a_resigned_seat_is_dealt_nothing_in_the_next_round():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)]}
    state = RULES.apply(table([ids("B2"), FILLER, SPARE], groups=groups), 2, {"type": "resign"})
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["hands"][2] == [] and after["out_hands"] == {}
    assert_whole(after)


def test_a_flex_or_bypass_in_the_pile_is_taken_only_to_lay_or_hit_with_it():
    for card in ("FLEX:0", "BYPASS:0"):
        state = table([FILLER, SPARE], discard=[card], drawn=False)
        assert "used at once" in refused(state, 0, {"type": "take", "depth": 0})


def test_action_cards_cannot_be_blocked():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R5", "Y5", "G5"), False)]}
    state = table([ids("BYPASS", "B1", "B2"), ids("R1", "R2")], groups=groups)
    state["blocked"] = [None, {"by": 1, "all": True}]
    after = RULES.apply(state, 0, {"type": "action", "card": "BYPASS:0", "target": 1})
    assert after["skips"] == [1]


def test_players_tied_on_the_best_score_at_the_end_share_the_win():
    groups = {0: [("set", ids("R4", "Y4", "G4"), False)], 1: [("set", ids("R6", "Y6", "G6"), False)]}
    state = table([ids("B2"), ids("R12")], groups=groups, progress=[11, 11], scores=[490, 500])
    after = RULES.apply(state, 0, {"type": "discard", "card": "B2:0"})
    assert after["scores"] == [500, 500] and after["result"]["winners"] == [0, 1]


def test_a_game_dealt_under_the_old_rules_may_still_discard_a_sabotage():
    state = table([ids("SABOTAGE", "B1"), FILLER])
    state["options"] = {**state["options"], "sabotage_discard": True}
    assert {"type": "discard", "card": "SABOTAGE:0"} in RULES.legal_moves(state, 0)
    after = RULES.apply(state, 0, {"type": "discard", "card": "SABOTAGE:0"})
    assert after["discard"][-1] == "SABOTAGE:0"
