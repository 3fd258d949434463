"""Once a game is over, its replay shows a player, at each of their turns, what the hard
bot would have played there, beside what they played; nobody else sees hints for them."""

import dataclasses
import random

import pytest
from django.utils.html import escape

from tables.actions import lifecycle, player_moves
from tables.models import Game
from tables.presenters_replay import _would_have, to_the_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(alice, bob, monkeypatch):
    """A two-player Capitalla table with a fixed deal, played to its end by normal bots'
    choices; the hard bot is the normal one here, so its hint is known."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 1)
    table = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, table.pk)
    table = lifecycle.start_table(alice, table.pk)
    plugin = table.plugin
    monkeypatch.setitem(plugin.bots, "hard", plugin.bots["normal"])
    game, rng, users = table, random.Random(1), {0: alice, 1: bob}
    while game.status == Game.Status.ACTIVE:
        seat = game.to_act[0]
        game = player_moves.play_move(
            users[seat], game.pk, game.version, plugin.bots["normal"].choose(game.state, seat, rng)
        )
    return game


def replay_page(client, user, game, at):
    client.force_login(user)
    return client.get(f"/games/{game.pk}/replay/?at={at}").content.decode()


def test_at_my_turn_the_replay_shows_my_next_move_and_the_hard_bots_in_the_logs_words(client, alice, finished):
    page = replay_page(client, alice, finished, 0)  # the deal: Alice to play
    mine = finished.events.filter(seat=0).order_by("seq").first().summary.replace("{player}", "you")
    assert f"Your next move: {escape(mine)}" in page  # a capital may hold an apostrophe (N'Djamena)
    suggested = "In your place, <strong>the hard bot would have "
    assert suggested in page or "The hard bot would have played the same." in page


class PlaysFirstMoveOf:
    """A stand-in hard bot: Alice's first move (`same`), or another legal one."""

    def __init__(self, game, same):
        self.move, self.rules, self.same = game.events.filter(seat=0).order_by("seq").first().move, game.rules, same

    def choose(self, state, seat, rng):
        return self.move if self.same else next(m for m in self.rules.legal_moves(state, seat) if m != self.move)


def test_the_hint_says_when_the_hard_bot_would_have_played_my_move(client, alice, finished, monkeypatch):
    monkeypatch.setitem(finished.plugin.bots, "hard", PlaysFirstMoveOf(finished, same=True))
    page = replay_page(client, alice, finished, 0)
    assert "The hard bot would have played the same." in page
    assert "In your place" not in page


def test_the_hint_names_the_hard_bots_other_move_after_mine(client, alice, finished, monkeypatch):
    monkeypatch.setitem(finished.plugin.bots, "hard", PlaysFirstMoveOf(finished, same=False))
    page = replay_page(client, alice, finished, 0)
    assert page.index("Your next move: you ") < page.index("In your place, <strong>the hard bot would have ")
    assert "would have played the same" not in page


def test_no_hint_at_someone_elses_turn_or_for_a_spectator(client, bob, charlie, finished):
    assert "replay__hint" not in replay_page(client, bob, finished, 0)
    assert "replay__hint" not in replay_page(client, charlie, finished, 0)


def test_a_game_without_a_hard_bot_shows_no_hint(client, alice, finished, monkeypatch):
    monkeypatch.delitem(finished.plugin.bots, "hard")
    assert "replay__hint" not in replay_page(client, alice, finished, 0)


def test_no_hint_for_a_kind_of_move_the_game_keeps_out_of_hints(client, alice, finished, monkeypatch):
    # Casino keeps out the bots' answers to trivia questions: they know a capital by chance.
    from tables import plugins

    every_kind = frozenset({"draw", "discard", "declare"})
    monkeypatch.setitem(plugins.PLUGINS, "capitalla", dataclasses.replace(finished.plugin, no_hint_moves=every_kind))
    assert "replay__hint" not in replay_page(client, alice, finished, 0)
    assert "answer" in plugins.PLUGINS["casino"].no_hint_moves


def test_the_hard_bots_move_reads_as_one_not_made():
    assert _would_have("{player} drew from the draw pile.", "the hard bot") == (
        "the hard bot would have drawn from the draw pile."
    )
    assert _would_have("{player} took the 9♠ and laid down.", "the hard bot") == (
        "the hard bot would have taken the 9♠ and laid down."
    )
    assert _would_have("{player} discarded Malta (Valletta).", "the hard bot") == (
        "the hard bot would have discarded Malta (Valletta)."
    )


def test_a_move_on_the_players_own_group_reads_as_theirs():
    # Found by a QA pass: "the hard bot would have hit Y7 on their own run" at Ana's turn.
    from games.rummathon.engine import COMMANDS, RULES
    from tests.rummathon.rummathon_tables import ids, table
    from tests.rummathon.test_rummathon_commands import GROUPS, HAND, NAMES

    state = table([HAND, ids("Y1", "Y2"), ids("G1", "G2")], groups=GROUPS)  # Alice's set A
    line = RULES.describe(state, 0, COMMANDS.parse(RULES.view(state, 0), "hit B5 on A", NAMES))
    assert "on their own set" in line
    assert "would have hit B5 on your own set" in _would_have(to_the_player(line), "the hard bot")
