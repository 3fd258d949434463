"""Rummathon Royale's action cards (Block, Sabotage, Bypass, the Burdens) and declarations, as the rules state them."""

from games.rummathon.engine.rules import RULES
from tests.rummathon.rummathon_tables import (
    DOWN_1,
    FILLER,
    SPARE,
    TWO_SETS,
    assert_whole,
    group,
    ids,
    known_cards,
    lay_two_sets,
    refused,
    table,
)

__all__ = ["known_cards"]  # the fixture, imported so that it applies here


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
