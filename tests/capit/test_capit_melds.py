"""Cap-It melds and contracts, as the rule sheet and games/capit/notes/rules.md state them."""

import pytest

from games.capit import engine as capit
from games.capit.engine import CONTRACTS, extend, face, find_contract, find_melds, is_valid_meld, meld_problem
from games.capit.engine.contracts import contract_missing, contract_problem, contract_text


def test_public_helpers_are_exported():
    assert capit.is_valid_meld is is_valid_meld and capit.meld_problem is meld_problem
    assert capit.CONTRACTS == (
        (("set", 3), ("set", 3)),
        (("set", 3), ("run", 4)),
        (("run", 4), ("run", 4)),
        (("set", 3), ("set", 3), ("set", 3)),
        (("run", 3), ("run", 7)),
    )
    assert [face(c) for c in ("10H:1", "AS", "2C:0", "JK:3", "QD")] == ["10♥", "A♠", "2♣", "Joker", "Q♦"]


# ---------------------------------------------------------------- one natural card minimum


@pytest.mark.parametrize("kind", ["set", "run"])
def test_every_meld_needs_at_least_one_natural_card(kind):
    assert not is_valid_meld(["JK:0", "JK:1", "JK:2"], kind)
    assert "at least one natural card" in meld_problem(["JK:0", "JK:1", "JK:2"], kind)


def test_twos_standing_for_themselves_are_the_natural_card():
    # A set of 2s: the 2 is natural, the jokers wild.
    assert is_valid_meld(["2C", "JK", "JK:1"], "set")
    # A run from its suit's 2-spot: 2♥ stands for itself, the others fill 3♥ and 4♥.
    assert capit.arrange(["2H", "JK", "2S"], "run")[1] == ["2H", "3H", "4H"]


def test_a_set_is_one_rank_with_wild_jokers_and_twos():
    assert is_valid_meld(["7H", "7C", "7S:1"], "set")
    assert is_valid_meld(["7H", "2C", "JK"], "set")
    assert is_valid_meld(["7H:0", "7H:1", "7D", "7S", "2H"], "set")  # any size, copies too
    assert meld_problem(["7H", "7C", "8H"], "set") == "A set needs cards of one rank: 7♥ and 8♥ differ."
    assert meld_problem(["7H", "7C"], "set") == "A meld needs at least 3 cards."


def test_a_run_is_one_suit_in_sequence():
    assert is_valid_meld(["5H", "6H", "7H"], "run")
    assert is_valid_meld(["7H", "5H", "6H"], "run")  # any order
    assert is_valid_meld(["5H", "JK", "7H", "2C"], "run")  # 6♥ and 8♥ wild
    assert meld_problem(["5H", "6C", "7H"], "run") == "A run needs cards of one suit: 5♥ is a heart, 6♣ a club."
    assert meld_problem(["5H", "5H:1", "6H"], "run") == "A run has one card of each rank: 5♥ is there twice."
    assert meld_problem(["5H", "9H", "JK"], "run") == (
        "5♥ and 9♥ are too far apart: the gaps need 3 wild cards and there is 1."
    )
    assert not is_valid_meld(
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "JK"], "run"
    )


# ---------------------------------------------------------------- ace high only


def test_ace_is_high_only_q_k_a_yes_a_2_3_no():
    assert is_valid_meld(["QH", "KH", "AH"], "run")
    assert is_valid_meld(["QH:1", "JK", "AH"], "run")
    assert not is_valid_meld(["AH", "2H", "3H"], "run")
    assert meld_problem(["AH", "2H", "3H"], "run") == "Aces are high only: A-2-3 is not a run (Q-K-A is)."
    assert meld_problem(["AH", "3H", "JK"], "run").startswith("Aces are high only")
    assert not is_valid_meld(["KH", "AH", "3H"], "run")  # no wrap-around: K-A-2-3 is not a run


def test_a_two_in_a_q_k_a_run_is_wild():
    cards, slots = capit.arrange(["KH", "2H", "AH"], "run")
    assert cards == ["2H", "KH", "AH"] and slots == ["QH", "KH", "AH"]
    assert not capit.is_natural("2H", "QH")


# ---------------------------------------------------------------- where wild cards go


def test_the_order_given_places_the_wild_cards_of_a_run():
    assert capit.arrange(["5H", "6H", "JK"], "run")[1] == ["5H", "6H", "7H"]
    assert capit.arrange(["JK", "5H", "6H"], "run")[1] == ["4H", "5H", "6H"]
    assert capit.arrange(["5H", "JK", "7H"], "run")[1] == ["5H", "6H", "7H"]
    # Out of order: gaps first, then the top, then the bottom (here the top is the ace).
    assert capit.arrange(["AH", "JK", "KH", "JK:1"], "run")[1] == ["JH", "QH", "KH", "AH"]


def test_a_two_of_the_suit_takes_its_own_spot_when_it_can():
    assert capit.arrange(["3H", "2H", "4H"], "run") == (["2H", "3H", "4H"], ["2H", "3H", "4H"])
    assert capit.arrange(["2H:0", "2H:1", "3H"], "run")[1] == ["2H", "3H", "4H"]
    assert capit.arrange(["5H", "2H", "6H"], "run")[1] == ["5H", "6H", "7H"]  # too far: 2♥ is wild


def test_lay_offs_extend_runs_at_either_end_and_add_to_sets():
    run = {"kind": "run", "cards": ["5H", "6H", "7H"], "as": ["5H", "6H", "7H"]}
    assert extend(run, ["8H", "4H"])[1] == ["4H", "5H", "6H", "7H", "8H"]
    assert extend(run, ["JK"])[1][-1] == "8H"
    assert extend(run, ["JK"], "low")[1][0] == "4H"
    assert extend(run, ["9H", "JK"]) == (["5H", "6H", "7H", "JK", "9H"], ["5H", "6H", "7H", "8H", "9H"])
    assert extend(run, ["2H", "JK", "JK:1"])[1][0] == "2H"  # 2♥ natural at its spot
    with pytest.raises(capit.MeldError, match="already has a card for 6♥"):
        extend(run, ["6H:1"])
    with pytest.raises(capit.MeldError, match="not a heart"):
        extend(run, ["8C"])
    with pytest.raises(capit.MeldError, match="grows only at its ends"):
        extend(run, ["10H"])
    top = {"kind": "run", "cards": ["QH", "KH", "AH"], "as": ["QH", "KH", "AH"]}
    assert extend(top, ["JK"])[1][0] == "JH"  # nothing above the ace
    sevens = {"kind": "set", "cards": ["7H", "7C", "JK"], "as": ["7", "7", "7"]}
    assert extend(sevens, ["7S", "2D"])[1] == ["7"] * 5
    with pytest.raises(capit.MeldError, match="does not fit a set of 7s"):
        extend(sevens, ["8S"])


def test_fits_agrees_with_extend_for_single_cards():
    melds = [
        {"kind": "run", "cards": ["5H", "6H", "7H"], "as": ["5H", "6H", "7H"]},
        {"kind": "run", "cards": ["JK", "3D", "4D"], "as": ["2D", "3D", "4D"]},
        {"kind": "set", "cards": ["2C", "2H", "JK"], "as": ["2", "2", "2"]},
        {"kind": "set", "cards": ["KC", "KH", "2S"], "as": ["K", "K", "K"]},
    ]
    for meld in melds:
        for card in capit.deck(4)[::3]:
            try:
                extend(meld, [card])
                extended = True
            except capit.MeldError:
                extended = False
            assert capit.fits(meld, card) == extended, (meld["cards"], card)


# ---------------------------------------------------------------- contracts


def test_contract_texts_and_checks():
    assert [contract_text(n) for n in range(1, 6)] == [
        "two sets of 3",
        "a set of 3 and a run of 4",
        "two runs of 4",
        "three sets of 3",
        "a run of 3 and a run of 7",
    ]
    assert contract_problem([("run", 3), ("run", 7)], 5) is None
    assert contract_problem([("run", 8), ("run", 4)], 5) is None  # larger is fine
    assert "too short" in contract_problem([("run", 6), ("run", 4)], 5)
    assert "exactly" in contract_problem([("set", 3)], 1)
    assert "exactly" in contract_problem([("set", 3), ("set", 3), ("set", 3)], 1)
    assert len(CONTRACTS) == 5


@pytest.mark.parametrize("number", range(1, 6))
def test_the_solver_finds_a_contract_that_the_checks_accept(number):
    hand = {
        1: ["7H", "7C", "JK", "9D", "9H", "9S", "KC", "3D", "5S", "QH"],
        2: ["7H", "7C", "7D", "3S", "4S", "2C", "6S", "KC", "QH", "9D"],
        3: ["3S", "4S", "5S", "6S", "9H", "10H", "JK", "QH", "2D", "KC"],
        4: ["7H", "7C", "7D", "9H", "9S", "2D", "KC", "KD", "JK", "4S"],
        5: ["3S", "4S", "5S", "8H", "9H", "10H", "JH", "JK", "KH", "2C"],
    }[number]
    ids = [f"{card}:0" for card in hand]
    melds = find_contract(ids, number)
    assert melds is not None
    assert contract_problem([(m["kind"], len(m["cards"])) for m in melds], number) is None
    assert all(is_valid_meld(m["cards"], m["kind"]) for m in melds)
    used = [card for m in melds for card in m["cards"]]
    assert len(used) == len(set(used)) and set(used) <= set(ids)
    assert contract_missing(ids, number)[0] == 0


def test_the_solver_says_how_far_a_hand_is_from_its_contract():
    hand = ["7H:0", "7C:0", "9D:0", "9H:0", "KC:0", "3D:0", "5S:0", "QH:0", "4C:0", "10S:0"]
    assert find_contract(hand, 1) is None
    assert contract_missing(hand, 1)[0] == 2
    assert contract_missing(hand + ["JK:0"], 1)[0] == 1


def test_find_melds_offers_sets_and_runs_from_a_hand():
    hand = ["7H:0", "7C:0", "7D:0", "3S:0", "4S:0", "5S:0", "9D:0", "JD:0", "JK:0"]
    found = {(m["kind"], tuple(m["cards"])) for m in find_melds(hand)}
    assert ("set", ("7H:0", "7D:0", "7C:0")) in found
    assert ("run", ("3S:0", "4S:0", "5S:0")) in found
    assert ("run", ("9D:0", "JK:0", "JD:0")) in found
    assert all(is_valid_meld(list(cards), kind) for kind, cards in found)
