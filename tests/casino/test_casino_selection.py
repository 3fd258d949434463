"""`selection_plays`: what the page offers for a hand card and the table items clicked,
with a label for each play, or a plain reason when there is none."""

from games.casino.engine import RULES, play_label, selection_plays
from tests.casino.casino_states import build, capture, make_build, position, trail


def offered(state, card, picked, seat=0):
    plays, reason = selection_plays(state, seat, card, picked)
    for move in plays:
        RULES.apply(state, seat, move)  # every play offered is legal
    return [play_label(move, state) for move in plays], reason


def test_capture_by_pairing_and_combining_at_once():
    state = position([["9C", "2C"], ["3D"]], loose=["5D", "4S", "9H"])
    assert offered(state, "9C", ["5D", "4S", "9H"]) == (["Capture 5♦ 4♠ 9♥"], None)
    assert selection_plays(state, 0, "9C", ["5D", "4S", "9H"])[0] == [capture("9C", ["5D", "4S", "9H"])]


def test_a_build_when_the_value_is_held():
    state = position([["6S", "8H"], ["3D"]], loose=["2D"])
    assert offered(state, "6S", ["2D"]) == (["Build 8"], None)
    assert selection_plays(state, 0, "6S", ["2D"])[0] == [make_build("6S", 8, ["2D"])]


def test_capture_and_builds_for_the_same_selection():
    state = position([["3C", "3H", "6D"], ["KD"]], loose=["3D"])
    labels, reason = offered(state, "3C", ["3D"])
    assert labels == ["Capture 3♦", "Build 6", "Build 3"] and reason is None


def test_raise_a_single_build():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["8H", "3C"], ["AC", "9H"]], builds=[b1], turn=1)
    assert offered(state, "AC", ["b1"], seat=1) == (["Raise to 9"], None)


def test_capture_a_build_shows_its_cards():
    b1 = build("b1", ["6S", "2D"], 8, owner=1)
    state = position([["8H", "3C"], ["KD"]], builds=[b1])
    assert offered(state, "8H", ["b1"]) == (["Capture 6♠ 2♦"], None)


def test_trail_when_nothing_is_picked():
    state = position([["7H", "KS"], ["3D"]], loose=["2D"])
    assert offered(state, "7H", []) == (["Trail"], None)
    assert selection_plays(state, 0, "7H", [])[0] == [trail("7H")]


def test_reason_when_the_build_value_is_not_held():
    state = position([["6S", "9H"], ["3D"]], loose=["2D"])
    assert offered(state, "6S", ["2D"]) == ([], "You hold no 8 to build eight with.")


def test_reason_for_a_king_taking_two_kings():
    state = position([["KS", "2C"], ["3D"]], loose=["KH", "KD"])
    assert offered(state, "KS", ["KH", "KD"])[1].startswith("A king only takes one king")


def test_reason_for_trailing_with_an_owned_build():
    b1 = build("b1", ["6S", "2D"], 8, owner=0)
    state = position([["3H", "8C"], ["KD"]], builds=[b1])
    assert offered(state, "3H", []) == ([], "You own a build: you cannot trail.")


def test_reason_for_raising_a_multiple_build():
    b1 = build("b1", ["3C", "3D"], 3, owner=0, multiple=True)
    state = position([["3H", "8C"], ["AC", "4H"]], builds=[b1], turn=1)
    assert offered(state, "AC", ["b1"], seat=1) == ([], "A multiple build cannot be raised.")


def test_reason_when_it_is_not_your_turn_or_not_your_card():
    state = position([["7H", "KS"], ["3D"]], loose=["2D"])
    assert offered(state, "3D", [], seat=1) == ([], "It is not your turn.")
    assert offered(state, "3D", []) == ([], "Pick a card from your hand.")
    assert offered(state, "7H", ["9S"])[1] == "Pick cards and builds that are on the table, each once."


def test_labels_without_the_state():
    assert play_label(make_build("AC", 9, onto="b1")) == "Build 9"
    assert play_label(trail("2C")) == "Trail"
    assert play_label(capture("9C", ["5D", "4S"])) == "Capture 5♦ 4♠"
