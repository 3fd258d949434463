"""Casino's trivia: a capital-city question on every card, put to opponents after a capture."""

import json
import random

import pytest

from engine.base import IllegalMove
from engine.countries import COUNTRIES
from games.casino.engine import RULES, capital, deck, pending_questions
from games.casino.engine.bots import NormalBot
from tests.casino.casino_states import NO_QUESTIONS, capture, position, trail

SEED = 5


def captured_two(players=3, options=None):
    """Seat 0 has just taken 5♦ and 4♠ with its 9♣: it is asking."""
    hands = [["9C", "2C"], ["3D", "KD"], ["6H", "QH"], ["7S", "JS"]][:players]
    state = position(hands, loose=["5D", "4S", "KC"], options=options, seed=SEED)
    return RULES.apply(state, 0, capture("9C", ["5D", "4S"]))


def asked_seat_two(options=None):
    """Seat 0 asked seat 2 about the 5♦: seat 1 is to play."""
    return RULES.apply(captured_two(options=options), 0, {"type": "ask", "questions": {"2": "5D"}})


def test_every_card_has_a_different_country_and_four_different_choices():
    questions = RULES.new_game(2, {}, SEED)["questions"]
    assert sorted(questions) == sorted(deck())
    assert len({question["country"] for question in questions.values()}) == 52
    for question in questions.values():
        assert len(question["choices"]) == 4 and len(set(question["choices"])) == 4
        assert question["choices"][question["answer"]] == capital(question["country"])
        assert COUNTRIES[question["country"]].capitals[0].startswith(capital(question["country"]))


def test_no_choice_carries_a_note_that_gives_it_away():
    # Nauru's card says "Yaren (seat of government; no official capital)": as a choice, the
    # note marks the right answer to Nauru and a wrong one to any other country.
    assert capital("NRU") == "Yaren"
    for seed in range(40):
        for question in RULES.new_game(2, {}, seed)["questions"].values():
            assert not any("(" in choice for choice in question["choices"]), question


def test_a_bot_answers_a_question_dealt_with_the_note_in_its_choices():
    # A game dealt before the note was left out keeps it in its choices.
    choices = ["Paris", "Yaren (seat of government; no official capital)", "Lima", "Oslo"]
    record = {"id": 1, "country": "Nauru", "choices": choices}
    assert NormalBot(accuracy=1).answer(record, random.Random(1))["choice"] == 1


def test_questions_are_fixed_by_the_seed():
    assert RULES.new_game(2, {}, SEED)["questions"] == RULES.new_game(4, {}, SEED)["questions"]
    assert RULES.new_game(2, {}, SEED)["questions"] != RULES.new_game(2, {}, SEED + 1)["questions"]


def test_a_capture_opens_the_questions_for_the_capturer():
    state = captured_two()
    assert state["phase"] == "ask" and RULES.to_act(state) == [0]
    moves = RULES.legal_moves(state, 0)
    assert NO_QUESTIONS in moves
    assert {"type": "ask", "questions": {"1": "5D", "2": "4S"}} in moves
    assert all(move["type"] == "ask" for move in moves)
    with pytest.raises(IllegalMove, match="questions"):
        RULES.apply(state, 0, trail("2C"))


def test_asking_nothing_passes_the_turn():
    state = RULES.apply(captured_two(), 0, NO_QUESTIONS)
    assert state["phase"] == "play" and state["turn"] == 1 and state["asked"] == []


def test_one_question_per_opponent_each_card_once():
    state = RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": "5D", "2": "4S"}})
    assert [(r["id"], r["card"], r["by"], r["to"]) for r in state["asked"]] == [("q1", "5D", 0, 1), ("q2", "4S", 0, 2)]
    assert state["turn"] == 1
    with pytest.raises(IllegalMove, match="once"):
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": "5D", "2": "5D"}})
    with pytest.raises(IllegalMove, match="not an opponent"):
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"0": "5D"}})
    with pytest.raises(IllegalMove, match="just captured"):
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": "KC"}})
    with pytest.raises(IllegalMove, match="just captured"):
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": {"card": "5D"}}})
    with pytest.raises(IllegalMove, match="maps an opponent"):
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": [["1", "5D"]]})
    with pytest.raises(IllegalMove, match="just captured"):  # the capturing card is not asked
        RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": "9C"}})


def test_the_move_log_names_the_asked_seats_for_the_page_to_put_their_names_in():
    move = {"type": "ask", "questions": {"1": "5D", "2": "4S"}}
    assert RULES.describe(captured_two(), 0, move).startswith(
        "{player} put questions to {seat:1} about 5♦, {seat:2} about 4♠."
    )
    assert RULES.describe(captured_two(), 0, NO_QUESTIONS).startswith("{player} asked no question.")


def test_questions_never_repeat_in_a_game():
    state = position([["9C", "2C"], ["3D"]], loose=["5D", "4S"], seed=SEED)
    state["asked"] = [{"id": "q1", "card": "5D", "by": 1, "to": 0, "deal": 1, "choice": 1, "right": False}]
    after = RULES.apply(state, 0, capture("9C", ["5D", "4S"]))
    assert RULES.legal_moves(after, 0)[-1] == {"type": "ask", "questions": {"1": "4S"}}
    with pytest.raises(IllegalMove, match="still unasked"):
        RULES.apply(after, 0, {"type": "ask", "questions": {"1": "5D"}})
    only_asked = position([["5C", "2C"], ["3D"]], loose=["5D"], seed=SEED, asked=state["asked"])
    assert RULES.apply(only_asked, 0, capture("5C", ["5D"]))["phase"] == "play"


def test_the_correct_answer_is_hidden_in_every_view_until_answered():
    state = asked_seat_two()
    right = state["questions"]["5D"]["answer"]
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        shown = view["asked"][0]
        assert shown["answer"] is None and shown["right"] is None
        assert shown["country"] == COUNTRIES[state["questions"]["5D"]["country"]].name
        assert shown["choices"] == state["questions"]["5D"]["choices"]
        assert "questions" not in view and "seed" not in view and "stock" not in view
        assert '"answer": ' + str(right) not in json.dumps(view).replace('"answer": null', "")
    answered = RULES.apply(state, 2, {"type": "answer", "question": "q1", "choice": right})
    shown = RULES.view(answered, 1)["asked"][0]
    assert shown["answer"] == right and shown["choice"] == right and shown["right"] is True


def test_an_asked_seat_answers_out_of_turn_and_play_goes_on():
    state = asked_seat_two()
    assert RULES.to_act(state) == [1]
    assert RULES.legal_moves(state, 2) == [{"type": "answer", "question": "q1", "choice": k} for k in range(4)]
    assert RULES.legal_moves(state, 0) == []
    wrong = (state["questions"]["5D"]["answer"] + 1) % 4
    after = RULES.apply(state, 2, {"type": "answer", "question": "q1", "choice": wrong})
    assert after["turn"] == 1 and RULES.to_act(after) == [1] and after["asked"][0]["right"] is False
    assert pending_questions(after, 2) == []
    with pytest.raises(IllegalMove, match="answered that question already"):
        RULES.apply(after, 2, {"type": "answer", "question": "q1", "choice": 0})


def test_only_the_asked_seat_may_answer():
    state = asked_seat_two()
    for seat in (0, 1):
        with pytest.raises(IllegalMove, match="no such question for you"):
            RULES.apply(state, seat, {"type": "answer", "question": "q1", "choice": 0})
    with pytest.raises(IllegalMove, match="choice"):
        RULES.apply(state, 2, {"type": "answer", "question": "q1", "choice": 4})


def test_the_turn_seat_sees_its_pending_answers_among_its_moves():
    state = RULES.apply(captured_two(), 0, {"type": "ask", "questions": {"1": "5D"}})
    moves = RULES.legal_moves(state, 1)
    assert moves[:4] == [{"type": "answer", "question": "q1", "choice": k} for k in range(4)]
    assert any(move["type"] == "trail" for move in moves)


@pytest.mark.parametrize("on", [False, True])
def test_trivia_points_option_gives_a_point_per_right_answer(on):
    state = asked_seat_two({"trivia_points": on})
    right = state["questions"]["5D"]["answer"]
    after = RULES.apply(state, 2, {"type": "answer", "question": "q1", "choice": right})
    assert after["scores"] == [0, 0, 1 if on else 0]
    assert after["trivia_right"] == [0, 0, 1]


def test_unanswered_questions_lapse_at_the_end_and_are_counted():
    state = RULES.apply(captured_two(players=2), 0, {"type": "ask", "questions": {"1": "4S"}})
    over = RULES.apply(state, 1, {"type": "resign"})
    assert RULES.result(over)["trivia"] == [
        {"asked": 0, "answered": 0, "right": 0, "unanswered": 0},
        {"asked": 1, "answered": 0, "right": 0, "unanswered": 1},
    ]
    assert RULES.legal_moves(over, 1) == []


def test_card_countries_show_only_cards_the_seat_can_see():
    state = asked_seat_two()
    view = RULES.view(state, 1)
    visible = set(state["hands"][1]) | set(state["table"]["loose"]) | set(state["piles"][0])
    assert set(view["card_countries"]) == visible
    assert set(RULES.view(state, None)["card_countries"]) == visible - set(state["hands"][1])


def test_the_view_names_the_cards_still_to_ask_about():
    assert RULES.view(captured_two(), 1)["askable"] == ["5D", "4S"]
    assert RULES.view(asked_seat_two(), 1)["askable"] == []


def test_questions_of_earlier_deals_show_no_card_the_deck_has_dealt_again():
    state = asked_seat_two()
    later = dict(state, deal=2)
    shown = RULES.view(later, 0)["asked"][0]
    assert shown["card"] is None and shown["country"] == COUNTRIES[state["questions"]["5D"]["country"]].name
    assert RULES.view(state, 0)["asked"][0]["card"] == "5D"
