"""How a card is named in move lines and refusals: "France (Paris)", and the Holy See's
capital, already in its name, not twice; the question before a discard says a joker is one."""

from games.capitalla.engine.cards import CARDS
from games.capitalla.engine.solver import label
from games.capitalla.presenter import card


def test_a_card_is_named_with_its_capital():
    assert label(CARDS["FRA"]) == "France (Paris)"


def test_the_holy_see_is_not_named_with_vatican_city_twice():
    assert label(CARDS["VAT"]) == "Holy See (Vatican City)"


def test_the_discard_question_says_when_the_card_is_a_joker():
    joker = next(c for c in CARDS.values() if c.is_joker)
    assert f'data-confirm="Discard the joker {joker.name} ({joker.capital_label})?"' in card(joker.id)["discard_button"]
    assert 'data-confirm="Discard France (Paris)?"' in card("FRA")["discard_button"]
