"""Cap-It's end of a round (going out, the stock running out), scoring and the game's end, as the rules state them."""

from collections import Counter

from engine.bots import play
from games.capit.engine import RULES, deck, hand_points, points
from tests.capit.capit_tables import FILLER, cards_in_play, force_round_end, ids, refused, table

# ---------------------------------------------------------------- the end of a round


def test_going_out_by_laying_off_the_last_card():
    melds = [(1, "run", ids("5H", "6H", "7H")), (0, "set", ids("9C", "9D", "9S"))]
    hands = [ids("8H")] + FILLER
    state = table(hands, melds=melds, laid=[0, 1])
    after = RULES.apply(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0"]})
    summary = after["rounds"][0]
    assert summary["went_out"] == 0 and summary["reason"] == "went_out" and summary["number"] == 1
    assert summary["points"] == [0] + [hand_points(hand) for hand in FILLER] == [0, 50, 50, 50]
    assert summary["winners"] == [0] and after["scores"] == [[0, 50, 50, 50]]
    assert after["round"] == 2 and after["dealer"] == 1 and after["turn"] == 2 and after["melds"] == []
    assert RULES.describe(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0"]}).endswith(
        "{player} went out: round 1 is over."
    )


def test_going_out_by_melding_the_last_cards():
    state = table(
        [ids("KC", "KD", "KS")] + FILLER[:2] + [ids("3H")], melds=[(0, "set", ids("9C", "9D", "9S"))], laid=[0]
    )
    after = RULES.apply(state, 0, {"type": "meld", "kind": "set", "cards": ids("KC", "KD", "KS")})
    assert after["rounds"][0]["went_out"] == 0 and after["round"] == 2


def test_going_out_by_discarding_the_last_card():
    state = table([ids("KC")] + FILLER, melds=[(0, "set", ids("9C", "9D", "9S"))], laid=[0])
    after = RULES.apply(state, 0, {"type": "discard", "card": "KC:0"})
    assert after["rounds"][0]["went_out"] == 0 and after["rounds"][0]["points"][0] == 0
    assert after["round"] == 2


def test_the_round_ends_when_the_stock_is_too_short_for_a_push():
    hands = [ids("AS", "KC"), ids("3D"), ids("2C", "JK"), ids("9H", "QH")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw")
    after = RULES.apply(state, 0, {"type": "push"})
    summary = after["rounds"][0]
    assert summary["reason"] == "stock_out" and summary["went_out"] is None
    assert summary["points"] == [25, 5, 35, 15] and summary["winners"] == [1]
    assert after["round"] == 2 and len(after["stock"]) == 108 - 41
    assert RULES.describe(state, 0, {"type": "push"}) == (
        "{player} chose to push, but the stock is too short. The stock ran out: round 1 is over."
    )
    # Two stock cards are enough: the push happens and empties the stock.
    two = table(hands, stock=ids("5S", "6S"), discard=ids("7D"), phase="draw")
    pushed = RULES.apply(two, 0, {"type": "push"})
    assert pushed["stock"] == [] and pushed["hands"][1] == ids("3D", "6S", "7D") and pushed["round"] == 1


def test_the_round_ends_when_a_draw_finds_the_stock_empty():
    state = table([ids("AS"), [], ids("2C"), ids("9H")], stock=(), discard=(), phase="draw")
    state["hands"][1], state["discard"] = state["discard"], []  # seat 1 holds every other card
    assert RULES.legal_moves(state, 0) == [{"type": "draw_stock"}]
    after = RULES.apply(state, 0, {"type": "draw_stock"})
    assert after["rounds"][0]["reason"] == "stock_out" and after["rounds"][0]["points"][0] == 15
    assert after["round"] == 2


# ---------------------------------------------------------------- scoring and the end


def test_scoring_cards_in_hand_with_the_ace_option():
    assert hand_points(ids("KH", "QH", "JH", "10H")) == 40
    assert hand_points(ids("9H", "3C")) == 10
    assert points("2C:0") == 15 and points("JK:0") == 20
    assert points("AS:0") == 15 and points("AS:0", ace_value=1) == 1
    hands = [ids("AS", "KC"), ids("3D"), ids("2C", "JK"), ids("9H", "QH")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw", ace_value=5)
    assert RULES.apply(state, 0, {"type": "push"})["rounds"][0]["points"] == [15, 5, 35, 15]


def test_five_rounds_then_the_result():
    final = play("capit", ["normal"] * 4, seed=3)
    result = RULES.result(final)
    assert result["reason"] == "five_rounds" and len(result["rounds"]) == 5
    assert result["scores"] == [sum(r[s] for r in result["rounds"]) for s in range(4)]
    assert result["winners"] == [s for s in range(4) if result["scores"][s] == min(result["scores"])]
    view = RULES.view(final, None)
    assert [r["number"] for r in view["rounds"]] == [1, 2, 3, 4, 5]
    assert [r["dealer"] for r in view["rounds"]] == [0, 1, 2, 3, 0]
    assert RULES.to_act(final) == [] and view["phase"] == "over" and len(view["hands"]) == 4
    assert refused(final, 0, {"type": "push"}) == "The game is over."


def test_ties_share_the_win_and_the_round():
    hands = [ids("KC"), ids("AS", "KS"), ids("2C", "JK"), ids("KD")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw", number=5)
    earlier = [[10, 40, 5, 10]] * 4
    state.update(
        scores=earlier,
        rounds=[
            {"number": n, "dealer": n - 1, "went_out": None, "reason": "stock_out", "points": p, "winners": [2]}
            for n, p in enumerate(earlier, 1)
        ],
    )
    after = RULES.apply(state, 0, {"type": "push"})
    assert after["rounds"][-1]["winners"] == [0, 3]
    assert RULES.result(after) == {
        "winners": [0, 3],
        "scores": [50, 185, 55, 50],
        "rounds": earlier + [[10, 25, 35, 10]],
        "reason": "five_rounds",
    }


def test_resigned_players_are_skipped_score_nothing_more_and_cannot_win():
    state = RULES.new_game(4, {}, seed=9)
    state = RULES.apply(state, 2, {"type": "resign"})
    assert refused(state, 2, {"type": "push"}) == "You have resigned from this game."
    assert state["hands"][2] == [] and len(state["out_hands"]["2"]) == 10
    state = force_round_end(state)
    assert state["rounds"][0]["points"][2] is None and 2 not in state["rounds"][0]["winners"]
    assert state["hands"][2] == [] and cards_in_play(state) == Counter(deck(4))
    state = RULES.apply(state, 0, {"type": "resign"})
    assert RULES.describe(state, 1, {"type": "resign"}) == "{player} resigned. The game is over."
    state = RULES.apply(state, 1, {"type": "resign"})
    assert RULES.result(state)["reason"] == "last_standing" and RULES.result(state)["winners"] == [3]
