"""Casino's mail commands: captures and builds naming table cards and builds by letter,
questions put to players by name or seat, answers by letter or capital."""

import pytest

from engine.commands import CommandError
from games.casino.engine import COMMANDS, RULES
from tests.casino.casino_states import build, capture, make_build, position, trail

NAMES = ["Alice", "Bob", "Charlie"]
HAND = ["10C", "6H", "3S", "9D"]
LOOSE = ["9S", "AH"]
BUILDS = [build("b1", ["4D", "2C"], 6, owner=1)]


def view_of(**extra):
    """Alice's view on her turn: 9♠ A♥ loose, Bob's build of 6 (A)."""
    state = position([HAND, ["QS"], ["KD"]], loose=LOOSE, builds=BUILDS, **extra)
    return RULES.view(state, 0)


def parse(text, view=None):
    return COMMANDS.parse(view or view_of(), text, NAMES)


def refusal(text, view=None):
    with pytest.raises(CommandError) as error:
        parse(text, view)
    return error.value.reason


def test_capture_loose_cards_with_a_card():
    assert parse("capture 9♠ A♥ with 10♣") == capture("10C", ["9S", "AH"])


def test_capture_a_build_by_its_letter():
    assert parse("capture build A with six of hearts") == capture("6H", builds=["b1"])


def test_the_command_of_a_capture_names_cards_and_builds():
    move = capture("10C", ["9S", "AH"], ["b1"])
    assert COMMANDS.command(view_of(), move, NAMES) == "capture 9♠ A♥ and build A with 10♣"


def test_a_loose_card_not_on_the_table_is_refused():
    assert refusal("capture 8♠ with 10♣") == "There is no loose 8♠ on the table."


def test_raise_a_build_by_its_letter():
    assert parse("build 9 with 3♠ on A") == make_build("3S", 9, onto="b1")


def test_a_new_build_on_loose_cards():
    assert parse("build 10 with 9d on ah") == make_build("9D", 10, ["AH"])


def test_trail_a_card():
    assert parse("trail 10c") == trail("10C")


def test_a_card_not_held_is_refused_by_its_face():
    assert refusal("trail J♦") == "You hold no J♦."


def test_an_unknown_verb_is_refused_with_what_may_be_sent():
    assert refusal("sweep") == '"sweep" is not a command here: send one of capture, build, trail, ask, answer.'


def asking_view():
    """Alice just captured 9♠ and A♥: she may put their questions."""
    return view_of(phase="ask", just_captured=["9S", "AH"])


def test_ask_players_by_name_and_by_seat():
    assert parse("ask Bob about 9♠ and seat 3 about A♥", asking_view()) == {
        "type": "ask",
        "questions": {"1": "9S", "2": "AH"},
    }


def test_ask_nobody():
    assert parse("ask nobody", asking_view()) == {"type": "ask", "questions": {}}


def test_ask_only_about_a_card_just_captured():
    assert refusal("ask Bob about 10♣", asking_view()) == "The 10♣ is not a card you just captured."


def test_a_player_may_not_ask_themselves():
    assert refusal("ask Alice about 9♠", asking_view()) == 'No player here is called "alice": name one of Bob, Charlie.'


def asked(*cards):
    """Alice's view with a question for her on each card, asked by Bob."""
    state = position([HAND, ["QS"], ["KD"]], loose=LOOSE, builds=BUILDS, turn=1)
    state["asked"] = [
        {"id": f"q{k}", "card": card, "by": 1, "to": 0, "deal": state["deal"], "choice": None, "right": None}
        for k, card in enumerate(cards, 1)
    ]
    return state, RULES.view(state, 0)


def test_answer_by_the_letter_of_the_choice():
    _, view = asked("9S")
    assert parse("answer c", view) == {"type": "answer", "question": "q1", "choice": 2}


def test_answer_by_the_capital():
    state, view = asked("9S")
    capital = state["questions"]["9S"]["choices"][1]
    assert parse(f"answer {capital.upper()}", view) == {"type": "answer", "question": "q1", "choice": 1}


def test_with_two_questions_the_answer_names_the_country():
    state, view = asked("9S", "AH")
    country = view["asked"][1]["country"]
    assert "Say which question" in refusal("answer A", view)
    assert parse(f"answer A for {country}", view) == {"type": "answer", "question": "q2", "choice": 0}
    assert COMMANDS.command(view, {"type": "answer", "question": "q2", "choice": 0}, NAMES) == f"answer A for {country}"


def test_an_answer_that_is_no_choice_lists_the_choices():
    state, view = asked("9S")
    assert refusal("answer Atlantis", view).startswith('"atlantis" is not one of the answers: A ')
