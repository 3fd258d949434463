"""The words every game's mail commands share (engine.commands): a mail's text made
plain and cut into commands, standard cards and seats named."""

import pytest

from engine.cards import face
from engine.commands import (
    MAX_COMMAND_LENGTH,
    MAX_COMMANDS,
    CommandError,
    help_lines,
    letter,
    normalize,
    pick_cards,
    seat_named,
    seat_word,
    split_commands,
    standard_faces,
    table_group,
    written_groups,
)

NAMES = ["Alice", "Bob", "Charlie"]


def test_normalize_casefolds_and_strips_accents_and_trailing_punctuation():
    assert normalize("  Discard   BOGOTÁ!  ") == "discard bogota"


def test_normalize_writes_suit_symbols_as_letters():
    assert normalize("10♥ Q♠ 3♦ A♣ 2♡ 4♤ 5♢ 6♧") == "10h qs 3d ac 2h 4s 5d 6c"


def test_normalize_joins_a_suit_symbol_written_apart_to_its_rank():
    assert normalize("discard 10 ♥ and Q ♠") == "discard 10h and qs"


def test_normalize_drops_the_emoji_variation_selector():
    assert normalize("10♥\ufe0f") == "10h"


def test_normalize_makes_curly_quotes_and_dashes_plain():
    assert normalize("Côte d’Ivoire – “yes”") == 'cote d\'ivoire - "yes"'


def test_split_commands_on_lines_semicolons_commas_and_then():
    body = "take discard, discard Peru\nThen draw; push and then discard 9H\n\n"
    assert split_commands(body) == ["take discard", "discard Peru", "draw", "push", "discard 9H"]


def test_table_talk_runs_to_the_end_of_its_line():
    """Found by a QA pass: "say sorry all, my internet was down" said only "sorry all"."""
    body = "draw, discard Peru, say sorry all, my internet was down; then I had to go\nresign"
    assert split_commands(body) == [
        "draw",
        "discard Peru",
        "say sorry all, my internet was down; then I had to go",
        "resign",
    ]
    assert split_commands("Chat well played, then") == ["Chat well played, then"]


def test_split_commands_keeps_and_and_slash_inside_a_command():
    assert split_commands("take G4 and lay R1 R2 R3 / Y5 Y6 Y7") == ["take G4 and lay R1 R2 R3 / Y5 Y6 Y7"]


def test_split_commands_drops_blank_parts():
    assert split_commands("\n  ,;  draw ,, \n") == ["draw"]


def test_split_commands_refuses_too_many_commands():
    with pytest.raises(CommandError, match=f"at most {MAX_COMMANDS} commands"):
        split_commands("draw\n" * (MAX_COMMANDS + 1))


def test_split_commands_refuses_a_too_long_command():
    with pytest.raises(CommandError, match=f"at most {MAX_COMMAND_LENGTH} characters"):
        split_commands("discard " + "x" * MAX_COMMAND_LENGTH)


@pytest.mark.parametrize(
    "written, faces",
    [
        ("10h", ["10H"]),
        ("10♥", ["10H"]),
        ("10 of hearts", ["10H"]),
        ("ten of hearts", ["10H"]),
        ("qs", ["QS"]),
        ("Q♠", ["QS"]),
        ("queen of spades", ["QS"]),
        ("ace of club", ["AC"]),
        ("joker JK", ["JK", "JK"]),
        ("7♦ 2s jack of diamonds", ["7D", "2S", "JD"]),
    ],
)
def test_standard_cards_are_read_in_every_way_they_are_written(written, faces):
    assert standard_faces(normalize(written)) == faces


def test_a_word_that_is_no_card_is_refused():
    with pytest.raises(CommandError, match='"peru" is not a card'):
        standard_faces("10h peru")


def test_pick_cards_takes_each_copy_once():
    assert pick_cards(["10H", "10H"], ["10H:0", "2C:0", "10H:1"], face) == ["10H:0", "10H:1"]


def test_pick_cards_names_a_card_not_held():
    with pytest.raises(CommandError, match="You hold no 10♥."):
        pick_cards(["10H"], ["2C:0"], face)


def test_pick_cards_says_when_a_card_is_named_more_often_than_held():
    with pytest.raises(CommandError, match="named 2 times, but there is only 1"):
        pick_cards(["10H", "10H"], ["10H:0"], face)


def test_a_seat_is_named_by_its_whole_name_in_any_case():
    assert seat_named("CHARLIE", NAMES) == 2


def test_a_seat_is_named_by_its_number_from_one():
    assert seat_named("seat 2", NAMES) == 1


def test_a_part_of_a_name_names_no_seat():
    with pytest.raises(CommandError, match='No player here is called "Char": name one of Alice, Bob, Charlie'):
        seat_named("Char", NAMES)


def test_a_bot_is_named_without_its_level():
    # Found by a QA pass: "ask Bot 2 about 6♥" was refused; it had to be "Bot 2 (hard)".
    bots = ["Alice", "Bot 2 (hard)", "Bot 3 (hard)"]
    assert (seat_named("Bot 2", bots), seat_named("bot 3 (hard)", bots)) == (1, 2)


def test_a_shared_name_asks_for_the_seat_number():
    with pytest.raises(CommandError, match='"seat 1"'):
        seat_named("Bob", ["Bob", "Bob"])


def test_a_seat_outside_the_choice_is_refused():
    with pytest.raises(CommandError, match="no seat 1"):
        seat_named("seat 1", NAMES, seats=[1, 2])


def test_seat_word_is_the_name_unless_it_would_not_read_back():
    assert [seat_word(0, ["Ann Lee", "Bob"]), seat_word(0, ["Ann and Co", "Bob"]), seat_word(1, ["Bob", "bob"])] == [
        "Ann Lee",
        "seat 1",
        "seat 2",
    ]


def test_table_groups_are_named_by_letter():
    assert [table_group("a", 3, "meld"), table_group("group c", 3, "meld"), letter(27)] == [0, 2, "AB"]


def test_a_letter_past_the_table_is_refused():
    with pytest.raises(CommandError, match="lettered A to B"):
        table_group("c", 2, "meld")


def test_a_letter_on_an_empty_table_says_there_is_none():
    with pytest.raises(CommandError, match='^"a" names no meld on the table: there is none yet.$'):
        table_group("a", 0, "meld")


def test_written_groups_keep_a_written_kind():
    assert written_groups("set 6h 6d 6c / 7s 8s 9s", ("set", "run")) == [("set", "6h 6d 6c"), (None, "7s 8s 9s")]


def test_help_lines_follow_the_forms_order_with_an_example_per_legal_kind():
    class Words:
        def command(self, view, move, names):
            return f"{move['type']} {move.get('card', '')}".strip()

    legal = [{"type": "discard", "card": "x"}, {"type": "discard", "card": "y"}, {"type": "draw"}]
    forms = {"draw": ("draw", "Draw."), "lay": ("lay", "Lay."), "discard": ("discard <card>", "Discard.")}
    lines = help_lines(Words(), {}, legal, NAMES, forms)
    assert [(line.form, line.example) for line in lines] == [("draw", "draw"), ("discard <card>", "discard x")]
