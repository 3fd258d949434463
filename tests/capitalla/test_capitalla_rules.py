"""Capitalla's rules, case by case, as the rule sheet and games/capitalla/notes/rules.md state them."""

import pytest

from engine.base import IllegalMove
from engine.bots import get_bot
from engine.registry import get_rules
from engine.rng import shuffled
from games.capitalla.engine import CARDS, RULES

WINNING = ["FRA", "CZE", "PAN", "AFG", "GBR", "RUS", "THA", "IRQ", "EGY", "NRU", "TON", "TCD", "BHS"]
GROUPS = [["FRA", "CZE", "PAN"], ["AFG", "GBR", "RUS"], ["THA", "IRQ", "EGY"], ["NRU", "TON", "TCD", "BHS"]]
# A second hand, sharing no card with the first.
OTHER = ["PER", "AGO", "PRT", "KEN", "IND", "CYP", "BGD", "DJI", "IRL", "QAT", "SEN", "SYR", "TJK"]


def table(hands, discard=("IRN",), draw=None, turn=0, phase="pick", **options):
    """A game with these hands; cards not placed lie under the discard pile (or form
    the draw pile when `draw` is None), so that all 195 cards stay in play."""
    state = RULES.new_game(len(hands), options, seed=7)
    placed = {card for hand in hands for card in hand} | set(discard) | set(draw or ())
    rest = [card for card in sorted(CARDS) if card not in placed]
    state.update(
        hands=[list(hand) for hand in hands],
        draw=rest if draw is None else list(draw),
        discard=list(discard) if draw is None else rest + list(discard),
        turn=turn,
        phase=phase,
    )
    return state


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, seat, move)
    return error.value.reason


DECLARE = {"type": "declare", "discard": "IRN", "groups": GROUPS}


# ---------------------------------------------------------------- setting the stage


def test_new_game_deals_13_each_and_turns_one_card_up():
    state = RULES.new_game(4, {}, seed=1)
    assert [len(hand) for hand in state["hands"]] == [13] * 4
    assert len(state["discard"]) == 1
    assert len(state["draw"]) == 195 - 4 * 13 - 1
    assert (state["turn"], state["phase"], state["options"]) == (0, "pick", {"max_reshuffles": 3})
    assert state == RULES.new_game(4, {}, seed=1)
    assert state["hands"] != RULES.new_game(4, {}, seed=2)["hands"]


@pytest.mark.parametrize(
    "players, options", [(1, {}), (7, {}), ("4", {}), (4, {"jokers": 0}), (4, {"max_reshuffles": -1})]
)
def test_new_game_refuses_bad_setups(players, options):
    with pytest.raises(ValueError):
        RULES.new_game(players, options, seed=1)


# ---------------------------------------------------------------- declaring


def test_declaring_wins_the_deal():
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    over = RULES.apply(state, 0, DECLARE)
    assert over["phase"] == "over" and RULES.to_act(over) == []
    assert RULES.result(over) == {
        "winners": [0],
        "scores": [1, 0],
        "reason": "declared",
        "declaration": {"seat": 0, "groups": GROUPS, "discard": "IRN"},
    }
    assert over["discard"][-1] == "IRN" and sorted(over["hands"][0]) == sorted(WINNING)


def test_a_pure_group_is_required():
    hand = ["AFG", "GBR", "RUS", "NRU", "THA", "IRQ", "EGY", "FRA", "CZE", "AUS", "ITA", "LVA", "DNK"]
    groups = [hand[0:4], hand[4:7], hand[7:10], hand[10:13]]
    state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    reason = refused(state, 0, {"type": "declare", "discard": "IRN", "groups": groups})
    assert "pure group" in reason


def test_three_jokers_are_a_pure_group():
    hand = ["AFG", "GBR", "RUS", "NRU", "NOR", "FRA", "ECU", "ITA", "SWE", "IRN", "EGY", "AUS", "DNK"]
    groups = [hand[0:4], hand[4:7], hand[7:10], hand[10:13]]
    state = table([hand + ["PER"], OTHER], discard=["CUB"], phase="discard")
    over = RULES.apply(state, 0, {"type": "declare", "discard": "PER", "groups": groups})
    assert RULES.result(over)["winners"] == [0]


def test_k_l_m_is_a_mixed_group_and_iran_does_not_fit():
    groups = [
        ["FRA", "CZE", "PAN"],
        ["AFG", "GBR", "IRN"],
        ["THA", "IRQ", "EGY"],
        ["NRU", "TON", "TCD", "BHS"],
    ]
    hand = [card for group in groups for card in group] + ["RUS"]
    state = table([hand, OTHER], discard=["ECU"], phase="discard")
    reason = refused(state, 0, {"type": "declare", "discard": "RUS", "groups": groups})
    assert reason == "Group 2: Iran (Tehran) does not fit a K-L-M group."


def test_x_only_by_a_joker():
    groups = [
        ["POL", "EGY", "ARM"],
        ["FRA", "CZE", "PAN"],
        ["AFG", "GBR", "RUS"],
        ["NRU", "TON", "TCD", "BHS"],
    ]
    hand = [card for group in groups for card in group]
    state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    assert RULES.apply(state, 0, {"type": "declare", "discard": "IRN", "groups": groups})["result"]
    without_joker = [["POL", "ARM", "HRV"]] + groups[1:]
    hand = [card for group in without_joker for card in group]
    state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    reason = refused(state, 0, {"type": "declare", "discard": "IRN", "groups": without_joker})
    assert reason.startswith("Group 1:")


def test_south_africa_as_p_in_a_pure_group_or_as_a_joker():
    as_natural = [
        ["FRA", "CZE", "ZAF"],
        ["AFG", "GBR", "RUS", "NRU"],
        ["THA", "IRQ", "EGY"],
        ["ITA", "LVA", "AUS"],
    ]
    as_joker = [
        ["FRA", "CZE", "PAN"],
        ["AFG", "ZAF", "RUS"],
        ["THA", "IRQ", "EGY"],
        ["NRU", "TON", "TCD", "BHS"],
    ]
    for groups in (as_natural, as_joker):
        hand = [card for group in groups for card in group]
        state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
        over = RULES.apply(state, 0, {"type": "declare", "discard": "IRN", "groups": groups})
        assert RULES.result(over)["winners"] == [0]


def test_nauru_counts_as_n_and_mexico_city_as_m():
    assert CARDS["NRU"].letters == {"N"}
    assert CARDS["MEX"].letters == {"M"}
    groups = [
        ["MEX", "RUS", "ESP"],
        ["NRU", "TON", "TCD"],
        ["FRA", "CZE", "PAN", "MUS"],
        ["THA", "IRQ", "EGY"],
    ]
    hand = [card for group in groups for card in group]
    state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    assert RULES.apply(state, 0, {"type": "declare", "discard": "IRN", "groups": groups})["result"]


def test_no_wrap_around_z_a_b():
    groups = [
        ["HRV", "WSM", "THA"],
        ["FRA", "CZE", "PAN"],
        ["AFG", "GBR", "RUS"],
        ["NRU", "TON", "TCD", "BHS"],
    ]
    hand = [card for group in groups for card in group]
    state = table([hand + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    assert refused(state, 0, {"type": "declare", "discard": "IRN", "groups": groups}).startswith("Group 1:")


def test_declaring_only_on_your_turn_after_picking():
    before_pick = table([WINNING, OTHER], discard=["IRN"])
    assert "Pick a card" in refused(before_pick, 0, DECLARE)
    not_yours = table([OTHER, WINNING + ["IRN"]], discard=["ECU"], phase="discard")
    assert refused(not_yours, 1, DECLARE) == "It is not your turn."


def test_declaration_must_hold_every_kept_card_once():
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    short = [GROUPS[0], GROUPS[1], GROUPS[2], GROUPS[3][:3]]
    assert refused(state, 0, {**DECLARE, "groups": short}).endswith("missing: Bahamas (Nassau).")
    twice = [GROUPS[0] + ["FRA"]] + GROUPS[1:]
    assert "more than one group" in refused(state, 0, {**DECLARE, "groups": twice})
    with_discard = [GROUPS[0] + ["IRN"]] + GROUPS[1:]
    assert "your discard" in refused(state, 0, {**DECLARE, "groups": with_discard})
    foreign = [GROUPS[0] + ["PER"]] + GROUPS[1:]
    assert refused(state, 0, {**DECLARE, "groups": foreign}) == "You do not hold Peru (Lima)."


def test_legal_moves_offer_the_declaration():
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    declarations = [m for m in RULES.legal_moves(state, 0) if m["type"] == "declare"]
    assert len(declarations) == 1 and declarations[0]["discard"] == "IRN"
    assert RULES.apply(state, 0, declarations[0])["result"]["reason"] == "declared"
    assert RULES.view(state, 0)["declaration"]["discard"] == "IRN"
    assert RULES.view(state, 1)["declaration"] is None


# ---------------------------------------------------------------- game flow


def test_picking_then_discarding():
    state = table([WINNING, OTHER], discard=["ECU"])
    assert RULES.legal_moves(state, 0) == [
        {"type": "draw", "from": "pile"},
        {"type": "draw", "from": "discard"},
    ]
    assert RULES.legal_moves(state, 1) == []
    top = state["draw"][-1]
    picked = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    assert picked["hands"][0] == WINNING + [top] and picked["draw"] == state["draw"][:-1]
    assert picked["phase"] == "discard" and picked["turn"] == 0
    assert {"type": "discard", "card": top} in RULES.legal_moves(picked, 0)
    done = RULES.apply(picked, 0, {"type": "discard", "card": "FRA"})
    assert done["discard"][-2:] == ["ECU", "FRA"] and "FRA" not in done["hands"][0]
    assert (done["turn"], done["phase"], done["moves"]) == (1, "pick", 2)
    assert state["hands"][0] == WINNING  # apply never changes its input


def test_taking_the_discard_and_throwing_it_back():
    state = table([WINNING, OTHER], discard=["ECU"])
    took = RULES.apply(state, 0, {"type": "draw", "from": "discard"})
    assert took["hands"][0][-1] == "ECU" and took["discard"] == state["discard"][:-1]
    back = RULES.apply(took, 0, {"type": "discard", "card": "ECU"})
    assert back["discard"] == state["discard"] and back["hands"][0] == WINNING
    assert back["turn"] == 1


def test_every_seat_sees_what_each_seat_took_from_the_discard_pile_and_passed_over():
    state = table([WINNING, OTHER], discard=["ECU"])
    took = RULES.apply(state, 0, {"type": "draw", "from": "discard"})
    passed = RULES.apply(RULES.apply(took, 0, {"type": "discard", "card": "FRA"}), 1, {"type": "draw", "from": "pile"})
    for seat in (0, 1, None):
        view = RULES.view(passed, seat)
        assert view["taken"] == [["ECU"], []] and view["refused"] == [[], ["FRA"]]
    assert took["refused"] == [[], []]


def test_a_state_saved_before_the_picks_were_kept_plays_on():
    state = table([WINNING, OTHER], discard=["ECU"])
    del state["taken"], state["refused"]
    assert RULES.view(state, 1)["taken"] == [[], []]
    took = RULES.apply(state, 0, {"type": "draw", "from": "discard"})
    assert took["taken"] == [["ECU"], []] and took["refused"] == [[], []]


def test_reshuffle_of_the_discard_pile():
    state = table([WINNING, OTHER], draw=["PER"])
    old_discard = state["discard"]
    picked = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    done = RULES.apply(picked, 0, {"type": "discard", "card": "PER"})
    assert done["reshuffles"] == 1 and done["phase"] == "pick" and done["turn"] == 1
    assert done["discard"] == ["PER"]
    assert done["draw"] == shuffled(old_discard, state["seed"], "reshuffle:1")
    assert "shuffled into a new one" in RULES.describe(picked, 0, {"type": "discard", "card": "PER"})


def test_deal_drawn_after_max_reshuffles():
    state = table([WINNING, OTHER], draw=["PER"], max_reshuffles=1)
    state["reshuffles"] = 1
    picked = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    over = RULES.apply(picked, 0, {"type": "discard", "card": "PER"})
    assert RULES.result(over) == {"winners": [], "scores": [0, 0], "reason": "drawn", "declaration": None}
    assert "the deal is drawn" in RULES.describe(picked, 0, {"type": "discard", "card": "PER"})


def test_deal_drawn_when_nothing_is_left_to_reshuffle():
    state = table([WINNING, OTHER], draw=["PER"])
    hands = [WINNING + [c for c in sorted(CARDS) if c not in WINNING + OTHER + ["PER"]], OTHER]
    state.update(hands=hands, discard=[])
    picked = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    over = RULES.apply(picked, 0, {"type": "discard", "card": "PER"})
    assert RULES.result(over)["reason"] == "drawn"


# ---------------------------------------------------------------- resigning


def test_resign_at_any_time_and_the_last_one_standing_wins():
    state = table([WINNING, OTHER, ["CUB", "FIN", "SLB"]], discard=["ECU"])
    assert all(m["type"] != "resign" for m in RULES.legal_moves(state, 0))
    picked = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    out_of_turn = RULES.apply(picked, 2, {"type": "resign"})
    assert out_of_turn["out"] == [2] and out_of_turn["out_hands"] == {"2": ["CUB", "FIN", "SLB"]}
    assert out_of_turn["hands"][2] == [] and out_of_turn["turn"] == 0
    assert refused(out_of_turn, 2, {"type": "draw", "from": "pile"}) == "You have resigned from this game."
    on_turn = RULES.apply(out_of_turn, 0, {"type": "resign"})
    assert on_turn["out_hands"]["0"] == picked["hands"][0]  # the picked card goes aside too
    assert RULES.result(on_turn) == {
        "winners": [1],
        "scores": [0, 1, 0],
        "reason": "last_standing",
        "declaration": None,
    }


def test_resign_on_turn_passes_play_on():
    state = table([WINNING, OTHER, ["CUB", "FIN", "SLB"]], discard=["ECU"], turn=1)
    after = RULES.apply(state, 1, {"type": "resign"})
    assert (after["turn"], after["phase"]) == (2, "pick")
    assert RULES.apply(after, 2, {"type": "resign"})["result"]["winners"] == [0]


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "move, reason",
    [
        ("draw", "A move must be a JSON object."),
        ({}, "The move type must be one of: draw, discard, declare, resign."),
        ({"type": "pass"}, "The move type must be one of: draw, discard, declare, resign."),
        ({"type": ["draw"]}, "The move type must be one of: draw, discard, declare, resign."),
        ({"type": "draw"}, "A draw move needs: from."),
        ({"type": "draw", "from": "pile", "card": "FRA"}, "Unexpected field(s) in a draw move: card."),
        (
            {"type": "draw", "from": "deck"},
            'Draw from "pile" (the draw pile) or "discard" (the discard pile).',
        ),
        (
            {"type": "draw", "from": ["pile"]},
            'Draw from "pile" (the draw pile) or "discard" (the discard pile).',
        ),
        ({"type": "resign", "why": "bored"}, "Unexpected field(s) in a resign move: why."),
    ],
)
def test_malformed_moves_are_refused(move, reason):
    assert refused(table([WINNING, OTHER], discard=["ECU"]), 0, move) == reason


@pytest.mark.parametrize(
    "move, reason",
    [
        ({"type": "draw", "from": "pile"}, "You have already picked a card: discard one, or declare."),
        ({"type": "discard", "card": 7}, "'card' must be a card id such as \"FRA\"."),
        ({"type": "discard", "card": ["FRA"]}, "'card' must be a card id such as \"FRA\"."),
        ({"type": "discard", "card": "XXX"}, "There is no card 'XXX'."),
        ({"type": "discard", "card": "PER"}, "You do not hold Peru (Lima)."),
        ({"type": "declare", "discard": "IRN", "groups": "all"}, "'groups' must be a list of groups"),
        ({"type": "declare", "discard": "IRN", "groups": [GROUPS[0], "AFG"]}, "'groups' must be a list"),
        ({"type": "declare", "discard": "IRN", "groups": [[None]]}, "'groups' must be a card id"),
    ],
)
def test_illegal_moves_say_why(move, reason):
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    assert refused(state, 0, move).startswith(reason)


@pytest.mark.parametrize("seat", [2, -1, "0", None, True])
def test_unknown_seats_are_refused(seat):
    assert refused(table([WINNING, OTHER]), seat, {"type": "resign"}).startswith("There is no seat")


def test_nothing_moves_once_the_game_is_over():
    over = RULES.apply(table([WINNING + ["IRN"], OTHER], phase="discard", discard=["ECU"]), 0, DECLARE)
    assert refused(over, 1, {"type": "resign"}) == "The game is over."
    assert RULES.legal_moves(over, 0) == RULES.legal_moves(over, 1) == []


def test_discard_draw_is_refused_on_an_empty_discard_pile():
    state = table([WINNING, OTHER], discard=[])
    assert RULES.legal_moves(state, 0) == [{"type": "draw", "from": "pile"}]
    assert refused(state, 0, {"type": "draw", "from": "discard"}) == "The discard pile is empty."


# ---------------------------------------------------------------- what players see


def test_view_shows_only_your_hand_and_public_piles():
    state = table([WINNING, OTHER], discard=["ECU"])
    view = RULES.view(state, 0)
    assert sorted(view["hand"]) == sorted(WINNING) and view["hand_size"] == [13, 13]
    assert view["discard_top"] == "ECU" and view["draw_size"] == len(state["draw"])
    assert "seed" not in view and "draw" not in view and "hands" not in view
    assert RULES.view(state, None)["hand"] is None


def test_a_card_from_the_draw_pile_stays_hidden():
    state = table([WINNING, OTHER], discard=["ECU"])
    from_pile = RULES.apply(state, 0, {"type": "draw", "from": "pile"})
    assert RULES.view(from_pile, 1)["last_pick"] == {"seat": 0, "from": "pile"}
    assert RULES.describe(state, 0, {"type": "draw", "from": "pile"}) == "{player} drew from the draw pile."
    from_discard = RULES.apply(state, 0, {"type": "draw", "from": "discard"})
    assert RULES.view(from_discard, 1)["last_pick"] == {"seat": 0, "from": "discard", "card": "ECU"}
    assert (
        RULES.describe(state, 0, {"type": "draw", "from": "discard"})
        == "{player} took Ecuador (Quito) from the discard pile."
    )


def test_every_hand_is_shown_once_the_game_is_over():
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    over = RULES.apply(state, 0, DECLARE)
    view = RULES.view(over, None)
    assert [sorted(hand) for hand in view["hands"]] == [sorted(WINNING), sorted(OTHER)]
    assert view["result"]["declaration"]["groups"] == GROUPS


def test_describe_says_what_happened_without_secrets():
    state = table([WINNING + ["IRN"], OTHER], discard=["ECU"], phase="discard")
    assert RULES.describe(state, 0, {"type": "discard", "card": "FRA"}) == "{player} discarded France (Paris)."
    assert RULES.describe(state, 0, DECLARE) == "{player} declared and won, discarding Iran (Tehran)."
    assert RULES.describe(state, 1, {"type": "resign"}) == "{player} resigned."


# ---------------------------------------------------------------- lookups


def test_registry_and_bots_lookups():
    assert get_rules("capitalla") is RULES
    with pytest.raises(KeyError, match="capitalla"):
        get_rules("poker")
    assert get_bot("capitalla", "normal") is not get_bot("capitalla", "random")
    with pytest.raises(ValueError):
        get_bot("capitalla", "genius")
    with pytest.raises(ValueError):
        get_bot("poker", "easy")
