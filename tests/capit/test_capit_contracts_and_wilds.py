"""Cap-It's contracts, laying down, wild cards and their replacement, and lay-offs, as the rules state them."""

from games.capit.engine import RULES
from tests.capit.capit_tables import FILLER, ROUND_1, cards_in_play, ids, refused, table

# ---------------------------------------------------------------- contracts


def test_the_contract_is_laid_whole_or_not_at_all():
    state = table([ROUND_1] + FILLER)
    one = {"type": "lay_contract", "melds": [{"kind": "set", "cards": ids("7H", "7C", "JK")}]}
    assert "two sets of 3" in refused(state, 0, one) and "exactly" in refused(state, 0, one)
    three = {
        "type": "lay_contract",
        "melds": one["melds"]
        + [{"kind": "set", "cards": ids("9D", "9H", "9S")}, {"kind": "set", "cards": ids("KC", "QH", "4C")}],
    }
    assert refused(state, 0, three) == refused(state, 0, one)  # a meld too many: the same answer
    twos = {"type": "lay_contract", "melds": [one["melds"][0], {"kind": "set", "cards": ids("KC", "QH", "4C")}]}
    assert refused(state, 0, twos) == "Group B: A set needs cards of one rank: K♣ and Q♥ differ."
    runs = {"type": "lay_contract", "melds": [{"kind": "run", "cards": ids("3D", "JK", "5S")}, one["melds"][0]]}
    assert refused(state, 0, runs).startswith("Group A: A run needs cards of one suit")
    shared = {"type": "lay_contract", "melds": [one["melds"][0], {"kind": "set", "cards": ids("JK", "9H", "9S")}]}
    assert refused(state, 0, shared) == "A card cannot be in two melds."
    whole = {"type": "lay_contract", "melds": one["melds"] + [{"kind": "set", "cards": ids("9D", "9H", "9S")}]}
    after = RULES.apply(state, 0, whole)
    assert after["laid"] == [True, False, False, False]
    assert [(m["owner"], m["kind"], len(m["cards"])) for m in after["melds"]] == [(0, "set", 3), (0, "set", 3)]
    assert sorted(after["hands"][0]) == sorted(ids("KC", "3D", "5S", "QH", "4C"))
    assert "already" in refused(after, 0, whole)
    assert cards_in_play(after) == cards_in_play(state)


def test_after_the_contract_new_melds_and_lay_offs_follow_in_the_same_turn():
    hand = ROUND_1 + ids("KS", "KH", "7D")
    state = table([hand] + FILLER[:1] + [ids("3H"), ids("3S", copy=1)])
    contract = RULES.legal_moves(state, 0)[0]
    assert contract["type"] == "lay_contract"
    after = RULES.apply(state, 0, contract)
    moves = RULES.legal_moves(after, 0)
    assert {"type": "meld", "kind": "set", "cards": ids("KS", "KH", "KC")} in moves
    after = RULES.apply(after, 0, {"type": "meld", "kind": "set", "cards": ids("KS", "KH", "KC")})
    assert len(after["melds"]) == 3 and after["phase"] == "play" and after["turn"] == 0


def test_no_melding_or_laying_off_before_the_contract():
    melds = [(1, "set", ids("9D", "9H", "9S")), (1, "run", ids("5H", "JK", "7H"))]
    state = table([ids("9C", "6H", "KC", "KS", "KH")] + FILLER, melds=melds, laid=[1])
    for move in (
        {"type": "lay_off", "meld": 0, "cards": ["9C:0"]},
        {"type": "meld", "kind": "set", "cards": ids("KC", "KS", "KH")},
        {"type": "replace", "meld": 1, "card": "6H:0", "wild": "JK:0"},
    ):
        assert refused(state, 0, move).startswith("Lay down your contract first (two sets of 3)")
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"discard"}


def test_round_five_needs_a_run_of_3_and_a_run_of_7():
    hand = ids("3S", "4S", "JK", "6S", "7S", "2C", "9S", "JH", "QH", "KH", "5D")
    state = table([hand] + FILLER, number=5)
    seven = {"kind": "run", "cards": ids("3S", "4S", "JK", "6S", "7S", "2C", "9S")}
    three = {"kind": "run", "cards": ids("JH", "QH", "KH")}
    short = {"kind": "run", "cards": ids("3S", "4S", "JK", "6S", "7S", "2C")}
    assert "too short" in refused(state, 0, {"type": "lay_contract", "melds": [short, three]})
    after = RULES.apply(state, 0, {"type": "lay_contract", "melds": [three, seven]})
    assert after["melds"][1]["as"] == ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    offered = [m for m in RULES.legal_moves(state, 0) if m["type"] == "lay_contract"]
    assert offered and RULES.apply(state, 0, offered[0])["laid"][0]
    view = RULES.view(state, 0)
    assert view["contract"] == {
        "round": 5,
        "melds": [{"kind": "run", "size": 3}, {"kind": "run", "size": 7}],
        "text": "a run of 3 and a run of 7",
    }


# ---------------------------------------------------------------- wild cards


def test_every_meld_needs_one_natural_card_on_the_table_too():
    melds = [(1, "set", ids("9D", "9H", "9S"))]
    hand = ids("JK", "2C") + ids("JK", copy=1) + ids("KC")
    state = table([hand] + FILLER, melds=melds, laid=[0, 1])
    move = {"type": "meld", "kind": "set", "cards": ["JK:0", "JK:1", "JK:2"]}
    state["hands"][0].append("JK:2")
    state["stock"].remove("JK:2")
    assert "at least one natural card" in refused(state, 0, move)
    ok = RULES.apply(state, 0, {"type": "meld", "kind": "set", "cards": ["JK:0", "JK:1", "2C:0"]})
    assert ok["melds"][-1]["as"] == ["2", "2", "2"]


def test_a_two_in_its_natural_spot_cannot_be_replaced():
    melds = [(1, "run", ids("2H", "3H", "4H")), (1, "set", ids("2C", "2D", "JK")), (1, "run", ids("5S", "6S", "2S"))]
    hand = ids("2H", "2S", "7S", "KC", copy=1)
    state = table([hand] + FILLER, melds=melds, laid=[0, 1])
    reason = refused(state, 0, {"type": "replace", "meld": 0, "card": "2H:1", "wild": "2H:0"})
    assert reason == "The 2♥ stands for itself there: a 2 in its natural spot cannot be replaced."
    assert "cannot be replaced" in refused(state, 0, {"type": "replace", "meld": 1, "card": "2S:1", "wild": "2C:0"})
    # A joker in a set of 2s stands for a 2, and a 2 standing for the 7♠ is wild.
    after = RULES.apply(state, 0, {"type": "replace", "meld": 1, "card": "2S:1", "wild": "JK:0"})
    assert after["melds"][1]["cards"] == ["2C:0", "2D:0", "2S:1"] and "JK:0" in after["hands"][0]
    after = RULES.apply(state, 0, {"type": "replace", "meld": 2, "card": "7S:1", "wild": "2S:0"})
    assert after["melds"][2]["cards"] == ["5S:0", "6S:0", "7S:1"] and after["must_use"] == [{"card": "2S:0", "from": 2}]
    replaceable = {(m["meld"], m["wild"]) for m in RULES.legal_moves(state, 0) if m["type"] == "replace"}
    assert replaceable == {(1, "JK:0"), (2, "2S:0")}


def test_only_the_natural_card_a_wild_stands_for_can_replace_it():
    melds = [(1, "run", ids("5H", "JK", "7H")), (1, "set", ids("9C", "9D", "JK", copy=1))]
    state = table([ids("6C", "6H", "9H", "KC")] + FILLER, melds=melds, laid=[0, 1])
    assert "stands for the 6♥" in refused(state, 0, {"type": "replace", "meld": 0, "card": "6C:0", "wild": "JK:0"})
    assert "natural card, not a wild" in refused(
        state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "5H:0"}
    )
    assert "no card" in refused(state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "JK:1"})
    after = RULES.apply(state, 0, {"type": "replace", "meld": 1, "card": "9H:0", "wild": "JK:1"})
    assert after["melds"][1]["cards"] == ["9C:1", "9D:1", "9H:0"]


def test_the_freed_wild_must_be_used_in_another_meld_the_same_turn():
    melds = [(1, "run", ids("5H", "JK", "7H")), (0, "set", ids("9C", "9D", "9S")), (0, "set", ids("QC", "QD", "QS"))]
    state = table([ids("6H", "KC", "KD", "3D")] + FILLER, melds=melds, laid=[0, 1])
    freed = RULES.apply(state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "JK:0"})
    assert freed["melds"][0]["cards"] == ids("5H", "6H", "7H") and "JK:0" in freed["hands"][0]
    assert RULES.view(freed, 0)["must_use"] == ["JK:0"] == RULES.view(freed, 2)["must_use"]
    assert (
        refused(freed, 0, {"type": "discard", "card": "3D:0"})
        == "Use the Joker you freed in a meld before you discard."
    )
    assert refused(freed, 0, {"type": "discard", "card": "JK:0"}).startswith("Use the Joker")
    assert "another meld" in refused(freed, 0, {"type": "lay_off", "meld": 0, "cards": ["JK:0"]})
    moves = RULES.legal_moves(freed, 0)
    assert not [m for m in moves if m["type"] == "discard"]
    assert {"type": "lay_off", "meld": 1, "cards": ["JK:0"]} in moves
    assert {"type": "lay_off", "meld": 0, "cards": ["JK:0"]} not in moves
    used = RULES.apply(freed, 0, {"type": "lay_off", "meld": 1, "cards": ["JK:0"]})
    assert used["must_use"] == [] and RULES.apply(used, 0, {"type": "discard", "card": "3D:0"})["turn"] == 1
    in_a_meld = RULES.apply(freed, 0, {"type": "meld", "kind": "set", "cards": ["KC:0", "KD:0", "JK:0"]})
    assert in_a_meld["must_use"] == [] and len(in_a_meld["melds"]) == 4


def test_a_freed_two_may_replace_a_wild_in_another_meld_but_not_in_its_own():
    # 2♥ stands for the 4♥ and a joker for the 2♥ in meld 0; meld 1 holds a joker for the 2♥ too.
    melds = [
        (1, "run", ids("JK", "3H", "2H", "5H")),
        (2, "run", ["JK:1"] + ids("3H", "4H", copy=1)),
        (0, "set", ids("9C", "9D", "9S")),
    ]
    state = table([ids("4H", "KC", "3D")] + FILLER, melds=melds, laid=[0, 1, 2])
    assert state["melds"][0]["as"] == ["2H", "3H", "4H", "5H"]
    freed = RULES.apply(state, 0, {"type": "replace", "meld": 0, "card": "4H:0", "wild": "2H:0"})
    assert freed["must_use"] == [{"card": "2H:0", "from": 0}]
    assert "another meld" in refused(freed, 0, {"type": "replace", "meld": 0, "card": "2H:0", "wild": "JK:0"})
    again = RULES.apply(freed, 0, {"type": "replace", "meld": 1, "card": "2H:0", "wild": "JK:1"})
    assert again["melds"][1]["cards"] == ["2H:0", "3H:1", "4H:1"] and again["must_use"] == [{"card": "JK:1", "from": 1}]
    assert sorted(again["hands"][0]) == ["3D:0", "JK:1", "KC:0"]
    assert refused(again, 0, {"type": "discard", "card": "3D:0"}).startswith("Use the Joker")


def test_no_replacement_when_no_other_meld_could_take_the_freed_wild():
    spades = ids("2S", "3S", "4S") + ["JK:0"] + ids("6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS")
    hearts = ids("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH")
    melds = [(1, "run", spades), (0, "run", hearts)]
    state = table([ids("5S", "KC", "3D")] + FILLER, melds=melds, laid=[0, 1])
    assert "no meld able to take" in refused(state, 0, {"type": "replace", "meld": 0, "card": "5S:0", "wild": "JK:0"})
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "replace"]


def test_lay_offs_go_on_any_meld_on_the_table():
    melds = [(1, "run", ids("5H", "6H", "7H")), (2, "set", ids("9C", "9D", "9S"))]
    state = table([ids("8H", "4H", "9H", "JK", "KC")] + FILLER, melds=melds, laid=[0, 1, 2])
    after = RULES.apply(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0", "4H:0"]})
    assert after["melds"][0]["as"] == ["4H", "5H", "6H", "7H", "8H"] and after["melds"][0]["owner"] == 1
    after = RULES.apply(after, 0, {"type": "lay_off", "meld": 1, "cards": ["9H:0"]})
    after = RULES.apply(after, 0, {"type": "lay_off", "meld": 0, "cards": ["JK:0"], "end": "low"})
    assert after["melds"][0]["as"][0] == "3H" and after["hands"][0] == ["KC:0"]
    assert "no meld 5" in refused(state, 0, {"type": "lay_off", "meld": 5, "cards": ["8H:0"]})
    assert "grows only at its ends" in refused(state, 0, {"type": "lay_off", "meld": 0, "cards": ["9H:0"]})
