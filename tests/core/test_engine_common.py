"""The plumbing both games share (engine/common.py), and the words it gives each game."""

import pytest

from engine import common
from engine.base import GameInfo, IllegalMove
from games.capit.engine import RULES as CAPIT
from games.capitalla.engine import RULES as CAPITALLA

INFO = GameInfo("demo", "Demo", 2, 4, 2, {"depth": 1, "width": 5})
RANGES = {"depth": (0, None), "width": (1, 9)}
FIELDS = {"go": ({"to"}, {"fast"}), "resign": (set(), set())}


@pytest.mark.parametrize(
    "rules, players, options, error, message",
    [
        (CAPITALLA, 4, None, TypeError, "options must be a dict"),
        (CAPITALLA, 1, {}, ValueError, "Capitalla needs 2 to 6 players"),
        (CAPITALLA, True, {}, ValueError, "Capitalla needs 2 to 6 players"),
        (CAPITALLA, 4, {"zz": 1, "aa": 1}, ValueError, "unknown options: aa, zz"),
        (CAPITALLA, 4, {"max_reshuffles": -1}, ValueError, "max_reshuffles must be a whole number from 0 to 10"),
        (CAPITALLA, 4, {"max_reshuffles": True}, ValueError, "max_reshuffles must be a whole number from 0 to 10"),
        (CAPIT, 4, [], TypeError, "options must be a dict"),
        (CAPIT, 3, {}, ValueError, "Cap-It needs 4 to 6 players"),
        (CAPIT, 4, {"max_reshuffles": 1}, ValueError, "unknown options: max_reshuffles"),
        (CAPIT, 4, {"ace_value": 101}, ValueError, "ace_value must be a whole number from 0 to 100"),
        (CAPIT, 4, {"ace_value": 1.0}, ValueError, "ace_value must be a whole number from 0 to 100"),
        (CAPIT, 4, {"round_share_percent": -1}, ValueError, "round_share_percent must be a whole number from 0 to 20"),
        (
            CAPIT,
            4,
            {"ace_value": 200, "round_share_percent": 99},
            ValueError,
            "ace_value must be a whole number from 0 to 100",
        ),
    ],
)
def test_each_game_refuses_a_bad_setup_in_its_own_words(rules, players, options, error, message):
    with pytest.raises(error) as raised:
        rules.new_game(players, options, seed=1)
    assert str(raised.value) == message


@pytest.mark.parametrize("options", [{}, {"depth": 0}, {"depth": 10**6, "width": 1}, {"width": 9}])
def test_options_within_their_ranges_pass(options):
    common.check_setup(INFO, 3, options, RANGES)


@pytest.mark.parametrize(
    "rules, move, reason",
    [
        (CAPITALLA, {"type": "pass"}, "The move type must be one of: draw, discard, declare, resign."),
        (
            CAPIT,
            {"type": "pass"},
            "The move type must be one of: take_discard, push, draw_stock, lay_contract, "
            "meld, lay_off, replace, discard, resign.",
        ),
    ],
)
def test_the_move_types_are_listed_in_the_games_order(rules, move, reason):
    with pytest.raises(IllegalMove) as refused:
        rules.apply(rules.new_game(4, {}, seed=1), 0, move)
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    "move, reason",
    [
        ([], "A move must be a JSON object."),
        ({"type": 1}, "The move type must be one of: go, resign."),
        ({"type": "go"}, "A go move needs: to."),
        ({"type": "go", "to": 1, "fast": True, 2: 0, "b": 0}, "Unexpected field(s) in a go move: 2, b."),
    ],
)
def test_check_shape_wants_a_known_type_and_exactly_its_fields(move, reason):
    with pytest.raises(IllegalMove) as refused:
        common.check_shape(move, FIELDS)
    assert refused.value.reason == reason


def test_optional_fields_may_be_left_out():
    assert common.check_shape({"type": "go", "to": 1}, FIELDS) == "go"
    assert common.check_shape({"type": "go", "to": 1, "fast": False}, FIELDS) == "go"


def a_state(**changes):
    state = {
        "players": 4,
        "turn": 1,
        "phase": "play",
        "hands": [["a"], ["b"], ["c"], ["d"]],
        "out": [],
        "out_hands": {},
        "result": None,
        "moves": 0,
    }
    return {**state, **changes}


@pytest.mark.parametrize(
    "state, seat, move, reason",
    [
        (a_state(), 4, {"type": "resign"}, "There is no seat 4 at this table."),
        (a_state(), True, {"type": "resign"}, "There is no seat True at this table."),
        (a_state(phase="over"), 1, {"type": "go", "to": 0}, "The game is over."),
        (a_state(out=[1]), 1, {"type": "resign"}, "You have resigned from this game."),
        (a_state(), 2, {"type": "go", "to": 0}, "It is not your turn."),
    ],
)
def test_checked_move_refuses_seats_that_may_not_play(state, seat, move, reason):
    with pytest.raises(IllegalMove) as refused:
        common.checked_move(state, seat, move, FIELDS)
    assert refused.value.reason == reason


def test_any_seat_still_in_may_resign_at_any_time():
    assert common.checked_move(a_state(), 3, {"type": "resign"}, FIELDS) == "resign"


def test_check_viewer_takes_a_seat_or_none():
    common.check_viewer(a_state(), None)
    common.check_viewer(a_state(), 3)
    with pytest.raises(ValueError, match="no seat 4 at this table"):
        common.check_viewer(a_state(), 4)


def test_next_seat_skips_the_seats_that_resigned_and_goes_round():
    state = a_state(out=[0, 2])
    assert common.next_seat(state, 1) == 3
    assert common.next_seat(state, 3) == 1
    assert common.active_seats(state) == [1, 3]


def calls():
    log = []
    return (
        log,
        (lambda new, winners, reason: log.append(("finish", winners, reason))),
        (lambda new: log.append(("pass", new["turn"]))),
    )


def test_resigning_sets_the_hand_aside_and_passes_the_turn_if_it_was_yours():
    log, finish, pass_turn = calls()
    state = a_state()
    new = common.resign(state, 1, finish, pass_turn)
    assert new["out"] == [1] and new["out_hands"] == {"1": ["b"]} and new["hands"][1] == []
    assert new["moves"] == 1 and log == [("pass", 1)]
    assert state == a_state()  # the state given is left as it was
    assert common.all_hands(new) == [["a"], ["b"], ["c"], ["d"]]


def test_resigning_out_of_turn_leaves_the_turn_alone():
    log, finish, pass_turn = calls()
    new = common.resign(a_state(), 2, finish, pass_turn)
    assert new["out"] == [2] and log == []


def test_the_last_seat_standing_wins():
    log, finish, pass_turn = calls()
    new = common.resign(a_state(out=[0, 3], out_hands={"0": ["a"], "3": ["d"]}), 1, finish, pass_turn)
    assert new["out"] == [0, 1, 3] and log == [("finish", [2], "last_standing")]
    assert new["out_hands"] == {"0": ["a"], "3": ["d"], "1": ["b"]}
