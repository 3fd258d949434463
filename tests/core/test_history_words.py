"""A move's sentence names the mover "{player}" and any other seat "{seat:N}": the history,
the moves page and the turn mails put in each seat's current name."""

from tables.move_log import history_lines

NAMES = {0: "Alice", 1: "Bob", 2: "Charlie"}


def line(summary, seat):
    return history_lines([{"seq": 1, "seat": seat, "summary": summary, "created_at": None}], NAMES.get)[0]["text"]


def test_the_mover_and_other_seats_are_named():
    assert line("{player} put questions to {seat:0} about 7♠, {seat:2} about K♦.", 1) == (
        "Bob put questions to Alice about 7♠, Charlie about K♦."
    )


def test_a_sentence_of_no_seat_names_other_seats_still():
    assert line("The deal goes to {seat:2}.", None) == "The deal goes to Charlie."
