"""Where a country's long words may break on a narrow card (engine/countries.json,
"hyphenation"): each entry spells its word, every word of seven letters or more has one,
no break leaves one or two letters alone at a word's end, and no piece is too long for a
phone's Casino card (tests/e2e measures the card)."""

import json
import re

from engine.countries import COUNTRIES, DATA_FILE, SOFT_HYPHEN, breakable

HYPHENATION = json.loads(DATA_FILE.read_text(encoding="utf-8"))["hyphenation"]
NAME_WORDS = {word for country in COUNTRIES.values() for word in re.findall(r"\w+", country.name)}


def test_each_entry_spells_a_word_of_a_name():
    for word, parts in HYPHENATION.items():
        assert parts.replace("-", "") == word and word in NAME_WORDS, word


def test_every_word_of_seven_letters_or_more_may_break():
    assert {word for word in NAME_WORDS if len(word) >= 7} <= HYPHENATION.keys()


def test_no_piece_is_longer_than_seven_letters():
    assert max(len(piece) for parts in HYPHENATION.values() for piece in parts.split("-")) <= 7


def test_a_break_leaves_two_letters_before_it_and_three_after_it():
    # "Surina-me" would leave two letters alone on the card's second line.
    for parts in HYPHENATION.values():
        pieces = parts.split("-")
        assert len(pieces[0]) >= 2 and (len(pieces) == 1 or len(pieces[-1]) >= 3), parts


def test_a_name_is_shown_with_soft_hyphens_in_its_long_words_only():
    assert breakable("Bosnia and Herzegovina") == "Bos\u00adnia and Her\u00adze\u00adgo\u00advina"
    assert breakable("Chad") == "Chad"
    assert breakable("Holy See (Vatican City)").replace(SOFT_HYPHEN, "") == "Holy See (Vatican City)"
