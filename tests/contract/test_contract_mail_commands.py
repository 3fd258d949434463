"""Every legal move can be sent by mail: in random games of every registered game (the
engine alone, no database), at every position and for every seat with legal moves, the
command of each legal move parses back into that move, copies of a card aside (a command
names "10♥", and the parser takes the first copy held: to a player copies are the same
card), and each example `help` gives parses into a legal move."""

import pytest
from contract_checks import MAIL_NAMES, check_mail_commands, every_game
from toys.plugin import BROKEN, TOY

from engine.commands import CommandError


@every_game
@pytest.mark.parametrize("seed", range(6))
def test_every_legal_move_round_trips_through_its_command(plugin, seed):
    check_mail_commands(plugin, seed)


@every_game
def test_help_lists_what_may_be_sent_at_the_deal(plugin):
    rules = plugin.rules
    state = rules.new_game(rules.info.min_players, dict(plugin.quick_options), 5)
    seat = rules.to_act(state)[0]
    names = list(MAIL_NAMES[: rules.info.min_players])
    lines = plugin.commands.help(rules.view(state, seat), rules.legal_moves(state, seat), names)
    assert lines and all(line.form and line.example and line.meaning for line in lines)


@every_game
def test_an_unknown_verb_is_refused_with_the_commands_to_send(plugin):
    rules = plugin.rules
    state = rules.new_game(rules.info.min_players, dict(plugin.quick_options), 5)
    seat = rules.to_act(state)[0]
    with pytest.raises(CommandError, match="not a command here: send one of"):
        plugin.commands.parse(rules.view(state, seat), "fold everything", list(MAIL_NAMES))


def test_the_toy_game_round_trips_its_commands():
    check_mail_commands(TOY, 0)


def test_commands_that_cannot_express_a_move_are_caught():
    with pytest.raises(AssertionError, match="'play a card' for .* is"):
        check_mail_commands(BROKEN["mute commands"], 0)
