"""Capitalla's mail commands: cards named by country, capital or code, the draw, the
discard, and the declaration found by the server or written out."""

import pytest

from engine.commands import CommandError
from games.capitalla.engine import COMMANDS, RULES

NAMES = ["Alice", "Bob"]
GROUPS = [["FRA", "CZE", "PAN"], ["AFG", "GBR", "RUS"], ["THA", "IRQ", "EGY"], ["NRU", "TON", "TCD", "BHS"]]
WINNING = [card for group in GROUPS for card in group] + ["IRN"]
OTHER = ["PER", "COL", "CIV", "KEN", "IND", "CYP", "BGD", "DJI", "IRL", "QAT", "SEN", "SYR", "TJK", "USA"]


def position(hand, phase="discard"):
    """Alice to play (pick or discard), holding `hand`."""
    state = RULES.new_game(2, {}, seed=7)
    state.update(hands=[list(hand), list(OTHER[:13])], turn=0, phase=phase)
    return state


def view_of(hand, phase="discard"):
    return RULES.view(position(hand, phase), 0)


def parse(text, hand=OTHER, phase="discard"):
    return COMMANDS.parse(view_of(hand, phase), text, NAMES)


def refusal(text, hand=OTHER, phase="discard"):
    with pytest.raises(CommandError) as error:
        parse(text, hand, phase)
    return error.value.reason


def test_a_card_is_named_by_its_country():
    assert parse("discard Peru") == {"type": "discard", "card": "PER"}


def test_a_card_is_named_by_its_capital():
    assert parse("Discard LIMA") == {"type": "discard", "card": "PER"}


@pytest.mark.parametrize("written", ["discard Bogotá", "discard bogota", "discard BOGOTA!"])
def test_accents_and_case_do_not_matter(written):
    assert parse(written) == {"type": "discard", "card": "COL"}


def test_a_card_is_named_by_its_iso_code():
    assert parse("discard per") == {"type": "discard", "card": "PER"}


def test_a_country_with_an_apostrophe_is_named_with_or_without_it():
    assert parse("discard Côte d’Ivoire") == parse("discard cote divoire") == {"type": "discard", "card": "CIV"}


def test_a_card_not_held_is_refused_by_its_name():
    assert refusal("discard France") == "You hold no France."


def test_a_name_of_no_card_is_refused():
    assert '"atlantis" starts no country' in refusal("discard Atlantis")


def test_the_draw_pile_and_the_discard_pile():
    assert [parse("draw", phase="pick"), parse("take discard", phase="pick")] == [
        {"type": "draw", "from": "pile"},
        {"type": "draw", "from": "discard"},
    ]


def test_an_unknown_verb_is_refused_with_what_may_be_sent():
    assert refusal("fold") == '"fold" is not a command here: send one of draw, take discard, discard <card>, declare.'


def test_declare_alone_is_the_declaration_the_server_finds():
    move = parse("declare", hand=WINNING)
    assert move["type"] == "declare"
    assert move == next(m for m in RULES.legal_moves(position(WINNING), 0) if m["type"] == "declare")


def test_declare_alone_without_the_groups_says_why():
    assert refusal("declare") == "Your hand does not make the groups yet: you cannot declare."


def test_declare_before_picking_says_to_pick_first():
    assert refusal("declare", phase="pick") == "You declare after picking a card, on your turn."


def test_an_explicit_declaration_names_groups_and_the_discard():
    text = "declare France Prague Panama / AFG GBR RUS / Bangkok Iraq Egypt / Nauru Tonga Chad Bahamas discard Iran"
    assert parse(text, hand=WINNING) == {"type": "declare", "discard": "IRN", "groups": GROUPS}


def test_the_command_for_a_discard_is_the_country():
    view = view_of(OTHER)
    assert COMMANDS.command(view, {"type": "discard", "card": "CIV"}, NAMES) == "discard Côte d'Ivoire"


def test_help_offers_declare_before_discard():
    state = position(WINNING)
    lines = COMMANDS.help(RULES.view(state, 0), RULES.legal_moves(state, 0), NAMES)
    examples = [(line.form, line.example) for line in lines]
    assert examples == [("declare", "declare"), ("discard <card>", "discard France")]
