"""The whole position in a turn mail (mailroom/mail_position.py): through a played game of
every registered game, each seat's text fits a 72-column client and gives the others'
hand sizes, and a watcher's names the game and shows no hand; the text helper wraps long
lines. What names a game's cards (every card of my hand named, no hidden card; the groups
on the table by their letters) is in the game's own tests, through tests/mail_positions.py
(tests/<slug>/test_<slug>_mail_position.py)."""

import pytest

from mailroom.mail_position import WIDTH, position, wrap_text
from tests.contract.contract_checks import every_game
from tests.mail_positions import check_positions_through_a_game

pytestmark = pytest.mark.django_db


@every_game
def test_each_seat_reads_a_position_that_fits_through_a_game(plugin, people, player):
    game = check_positions_through_a_game(plugin, people)
    watched = position(game, player("dave", "Dave"))["text"]
    assert f"{game.rules.info.name} #{game.pk}" in watched and "Your hand" not in watched


# ---------------------------------------------------------------- the text helper


def test_a_long_line_hangs_under_what_follows_its_label():
    text = wrap_text("  B  " + " ".join(["Peru"] * 30))
    lines = text.splitlines()
    assert len(lines) > 1 and all(len(line) <= WIDTH for line in lines)
    assert all(line.startswith("     Peru") for line in lines[1:])


def test_a_list_of_cards_breaks_between_cards_only():
    cards = ["Bolivia (Sucre / La Paz)", "South Africa (Pretoria / Cape Town)", "Peru (Lima)"] * 3
    lines = wrap_text("  B  " + " · ".join(cards)).splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert [part.strip(" ·") for line in lines for part in line[5:].split(" · ")] == cards


def test_a_list_of_cards_keeps_room_for_the_separator_at_a_lines_end():
    # This line's first three cards take 70 columns: the " ·" after them would make 72+,
    # and the wrap fell back to breaking inside "Morocco (Rabat)".
    cards = ["Malawi (Lilongwe)", "South Korea (Seoul)", "Bolivia (Sucre / La Paz)"]
    cards += ["Antigua and Barbuda (St. John's)", "Guyana (Georgetown)", "Morocco (Rabat)"]
    lines = wrap_text("  B  " + " · ".join(cards)).splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert [part.strip(" ·") for line in lines for part in line[5:].split(" · ")] == cards


def test_a_list_item_hangs_under_its_text_and_a_link_stays_whole():
    link = "https://capitalla.example/games/7/continue/3/?sesame=" + "A" * 40
    lines = wrap_text("- Bob trailed the 8♠ and said the rest is " + "words " * 12 + link).splitlines()
    assert all(line.startswith("  ") for line in lines[1:]) and lines[-1].strip() == link


def test_blank_lines_left_by_template_tags_shrink_to_one():
    assert wrap_text("\n\nA\n\n\n\nB\n\n") == "A\n\nB\n"
