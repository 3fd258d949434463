"""Rummathon Royale's mail commands: cards by colour and number or action name, groups on
the table by letter across the seats, players by name or seat, lay-downs found or written."""

import pytest

from engine.commands import CommandError
from games.rummathon.engine import COMMANDS, RULES
from tests.rummathon.rummathon_tables import ids, known_cards, table

__all__ = ["known_cards"]  # the fixture, imported so that it applies here

NAMES = ["Alice", "Bob", "Charlie"]
# Alice's set (A) and Bob's run and set (B, C): letters count seat by seat.
GROUPS = {
    0: [("set", ids("R5", "Y5", "G5"), False)],
    1: [("run", ids("B1", "B2", "B3", "B4"), False), ("set", ids("R9", "Y9", "G9"), False)],
}
HAND = ids("R8", "B5", "R2", "FLEX", "BYPASS", "SABOTAGE") + ["G9:1"]


def down_view(hand=HAND, **changes):
    """Alice's view on her turn, drawn, her set down beside Bob's groups."""
    state = table([hand, ids("Y1", "Y2"), ids("G1", "G2")], groups=GROUPS, **changes)
    return RULES.view(state, 0)


def parse(text, view=None):
    return COMMANDS.parse(view or down_view(), text, NAMES)


def refusal(text, view=None):
    with pytest.raises(CommandError) as error:
        parse(text, view)
    return error.value.reason


@pytest.mark.parametrize("written", ["discard R8", "discard r8", "discard red 8", "Discard RED 8."])
def test_a_number_card_by_colour_and_number(written):
    assert parse(written) == {"type": "discard", "card": "R8:0"}


def test_a_card_not_held_is_refused_by_its_face():
    assert refusal("discard Y8") == "You hold no Y8."


def test_an_unknown_verb_is_refused_with_what_may_be_sent():
    assert refusal("pass") == (
        '"pass" is not a command here: send one of buy, declare, draw, take, lay, hit, play, discard.'
    )


def test_groups_are_lettered_seat_by_seat():
    assert [parse("hit B5 on B"), parse("hit G9 on group C")] == [
        {"type": "hit", "seat": 1, "group": 1, "cards": ["B5:0"]},
        {"type": "hit", "seat": 1, "group": 2, "cards": ["G9:1"]},
    ]


def test_a_flex_hit_may_say_the_end_of_the_run():
    assert parse("hit Flex on B low") == {"type": "hit", "seat": 1, "group": 1, "cards": ["FLEX:0"], "end": "low"}


def test_a_letter_past_the_table_is_refused():
    assert refusal("hit R8 on D") == '"d" names no group on the table: they are lettered A to C.'


@pytest.mark.parametrize("written", ["play Bypass on Bob", "bypass bob", "play bypass on seat 2"])
def test_an_action_names_its_player_by_name_or_seat(written):
    assert parse(written) == {"type": "action", "card": "BYPASS:0", "target": 1}


def test_sabotage_names_no_player():
    assert parse("play Sabotage") == {"type": "action", "card": "SABOTAGE:0", "target": None}


def test_an_unknown_player_is_refused_with_the_ones_to_name():
    assert refusal("play Bypass on Dave") == 'No player here is called "dave": name one of Bob, Charlie.'


def test_the_command_of_an_action_names_the_player():
    move = {"type": "action", "card": "BYPASS:0", "target": 2}
    assert COMMANDS.command(down_view(), move, NAMES) == "play Bypass on Charlie"


def test_take_and_hit_with_the_card_taken():
    view = down_view(discard=ids("Y12", "B5", copy=1), drawn=False)
    move = {"type": "take", "depth": 0, "hit": [{"seat": 1, "group": 1, "cards": ["B5:1"]}]}
    assert COMMANDS.command(view, move, NAMES) == "take discard and hit B5 on B"
    assert parse("take discard and hit it on B", view) == move


def test_take_a_card_deeper_in_the_pile_by_its_face():
    view = down_view(discard=ids("B5", "Y12", copy=1), drawn=False)
    assert parse("take B5 and hit B5 on B", view) == {
        "type": "take",
        "depth": 1,
        "hit": [{"seat": 1, "group": 1, "cards": ["B5:1"]}],
    }


SETS_HAND = ids("R3", "Y3", "G3", "B7", "R7", "Y7", "G11")


def not_down_view():
    """Alice's view, drawn, not down, her sequence two sets of 3 (the test rule card's first)."""
    return RULES.view(table([SETS_HAND, ids("Y1", "Y2")]), 0)


def test_lay_alone_is_the_lay_down_the_server_finds():
    state = table([SETS_HAND, ids("Y1", "Y2")])
    legal = next(move for move in RULES.legal_moves(state, 0) if move["type"] == "lay")
    assert parse("lay", not_down_view()) == legal


def test_an_explicit_lay_down_infers_the_kinds():
    assert parse("lay R3 Y3 G3 / B7 R7 Y7", not_down_view()) == {
        "type": "lay",
        "groups": [{"kind": "set", "cards": ids("R3", "Y3", "G3")}, {"kind": "set", "cards": ids("B7", "R7", "Y7")}],
    }


def test_lay_alone_without_the_sequence_says_why():
    assert refusal("lay", RULES.view(table([ids("R3", "Y8", "G1"), ids("Y1", "Y2")]), 0)) == (
        "Your hand does not make your sequence yet: you cannot lay down."
    )


@pytest.mark.parametrize("written, count", [("buy 2", 2), ("buy nothing", 0), ("buy 3 cards", 3)])
def test_buying_extra_cards(written, count):
    assert parse(written) == {"type": "buy", "count": count}


@pytest.mark.parametrize("written", ["discard Y8", "discard R8", "lay", "hit B5 on A", "play flex", "flex"])
def test_a_play_before_the_draw_is_refused_as_the_rules_refuse_it_whatever_the_cards(written):
    # "You hold no Y8" would be true but hide why: the turn starts with a draw.
    assert refusal(written, down_view(drawn=False)) == (
        "Draw first: from the deck, or take from the discard pile to lay down or hit with it."
    )


def test_the_draw_and_a_declaration_are_read_before_the_draw():
    view = down_view(drawn=False)
    assert [parse(text, view) for text in ("draw", "declare")] == [{"type": "draw"}, {"type": "declare"}]
