"""Rummathon Royale's going out, scoring and rounds; turns, resigning and what a seat sees, as the rules state them."""

import pytest

from games.rummathon.engine.cards import action, hand_points
from games.rummathon.engine.rules import RULES, VARIANTS, requirement_at
from tests.rummathon.rummathon_tables import (
    FILLER,
    SPARE,
    TWO_SETS,
    _buying,
    _hitter,
    assert_whole,
    ids,
    known_cards,
    refused,
    table,
)

__all__ = ["known_cards"]  # the fixture, imported so that it applies here


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
