"""Cap-It's mail commands: standard cards written every way, melds on the table by
letter, the contract found by the server or written out."""

import pytest

from engine.commands import CommandError
from games.capit.engine import COMMANDS, RULES
from tests.capit.capit_tables import ids, table

NAMES = ["Alice", "Bob", "Charlie", "Dave"]
OTHER_HANDS = [ids("KS", "KC"), ids("KH"), ids("3C")]
CONTRACT_HAND = ids("6S", "6D", "6C", "7S", "7D", "2H", "10H", "QS", "JK")
# Bob's set of 5s with a wild 2 (A), Alice's run of hearts (B).
MELDS = [(1, "set", ids("5S", "5D", "2C")), (0, "run", ids("8H", "9H", "10H", copy=1))]
DOWN_HAND = ids("5C", "7H", "JH", "10H", "QS")


def view_of(hand=CONTRACT_HAND, melds=(), laid=(), phase="play"):
    """Alice's view on her turn in round 1 (two sets of 3)."""
    return RULES.view(table([hand, *OTHER_HANDS], melds=melds, laid=laid, phase=phase), 0)


def parse(text, view=None):
    return COMMANDS.parse(view or view_of(), text, NAMES)


def refusal(text, view=None):
    with pytest.raises(CommandError) as error:
        parse(text, view)
    return error.value.reason


@pytest.mark.parametrize(
    "written", ["discard 10♥", "discard 10h", "discard 10H", "discard ten of hearts", "discard 10 of hearts"]
)
def test_a_card_is_written_as_on_the_page_or_in_letters_or_words(written):
    assert parse(written) == {"type": "discard", "card": "10H:0"}


def test_the_joker_by_name():
    assert parse("discard Joker") == {"type": "discard", "card": "JK:0"}


def test_a_card_not_held_is_refused_by_its_face():
    assert refusal("discard 9♣") == "You hold no 9♣."


def test_an_unknown_verb_is_refused_with_what_may_be_sent():
    assert refusal("knock") == (
        '"knock" is not a command here: send one of take discard, push, draw, lay, meld, lay off, replace, discard.'
    )


def test_the_draw_commands():
    view = view_of(phase="draw")
    assert [parse(text, view) for text in ("take discard", "push", "draw")] == [
        {"type": "take_discard"},
        {"type": "push"},
        {"type": "draw_stock"},
    ]


def test_lay_alone_is_the_contract_the_server_finds():
    state = table([CONTRACT_HAND, *OTHER_HANDS])
    legal = next(move for move in RULES.legal_moves(state, 0) if move["type"] == "lay_contract")
    assert parse("lay") == legal


def test_an_explicit_lay_infers_each_meld_kind():
    assert parse("lay 6S 6D 6C / 7S 7D 2H") == {
        "type": "lay_contract",
        "melds": [{"kind": "set", "cards": ids("6S", "6D", "6C")}, {"kind": "set", "cards": ids("7S", "7D", "2H")}],
    }


def test_a_meld_both_kinds_could_make_is_written_with_its_kind():
    view = view_of()
    move = {"type": "meld", "kind": "run", "cards": ids("10H", "JK", "2H")}
    assert COMMANDS.command(view, move, NAMES) == "meld run 10♥ Joker 2♥"
    assert parse("meld run 10♥ Joker 2♥", view) == move


def test_lay_alone_without_the_contract_says_why():
    assert refusal("lay", view_of(ids("6S", "9D", "QC"))) == "Your hand does not make the contract (two sets of 3) yet."


def test_lay_off_names_the_meld_by_its_letter():
    view = view_of(DOWN_HAND, MELDS, laid=(0, 1))
    assert parse("lay off 5♣ on A", view) == {"type": "lay_off", "meld": 0, "cards": ["5C:0"]}
    assert parse("lay off J♥ on B high", view) == {"type": "lay_off", "meld": 1, "cards": ["JH:0"], "end": "high"}


def test_a_letter_past_the_table_is_refused():
    assert refusal("lay off 5♣ on C", view_of(DOWN_HAND, MELDS, laid=(0, 1))) == (
        '"c" names no meld on the table: they are lettered A to B.'
    )


def test_replace_a_wild_card_on_a_meld():
    view = view_of(DOWN_HAND, MELDS, laid=(0, 1))
    move = {"type": "replace", "meld": 0, "card": "5C:0", "wild": "2C:0"}
    assert COMMANDS.command(view, move, NAMES) == "replace 2♣ on A with 5♣"
    assert parse("replace 2c on a with 5c", view) == move


def test_replace_names_only_a_wild_card_of_the_meld():
    assert refusal("replace 5♠ on A with 5♣", view_of(DOWN_HAND, MELDS, laid=(0, 1))) == "Meld A has no wild 5♠."


@pytest.mark.parametrize("written", ["discard 9♣", "discard 10♥", "lay", "meld 6♠ 6♦ 6♣", "lay off 5♣ on A"])
def test_a_play_before_the_draw_is_refused_as_the_rules_refuse_it_whatever_the_cards(written):
    # "You hold no 9♣" would be true but hide why: the turn starts with a draw.
    assert refusal(written, view_of(phase="draw")) == "Draw first: take the discard or push."


def test_another_seats_draw_phase_leaves_the_cards_to_be_read():
    view = RULES.view(table([CONTRACT_HAND, *OTHER_HANDS], phase="draw", turn=1), 0)
    assert refusal("discard 9♣", view) == "You hold no 9♣."
