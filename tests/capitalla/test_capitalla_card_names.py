"""How a card is named in move lines and refusals: "France (Paris)", and the Holy See's
capital, already in its name, not twice."""

from games.capitalla.engine.cards import CARDS
from games.capitalla.engine.solver import label


def test_a_card_is_named_with_its_capital():
    assert label(CARDS["FRA"]) == "France (Paris)"


def test_the_holy_see_is_not_named_with_vatican_city_twice():
    assert label(CARDS["VAT"]) == "Holy See (Vatican City)"
