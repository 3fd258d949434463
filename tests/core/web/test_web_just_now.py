"""The "Just now" panel inside #table (issue 48): the moves since my own last one (that one
too), newest first, in the words of the move list under the table; an htmx answer marks
the lines after the version its page showed as new."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tables.actions import bot_play, lifecycle, player_moves
from tables.models import Game

PANEL = re.compile(r'<section class="just-now".*?</section>', re.S)
LINE = re.compile(r'<li class="just-now__line([^"]*)">(.*?)</li>', re.S)


@pytest.fixture
def bots_moved(alice, monkeypatch, enqueued) -> tuple[Game, int]:
    """Seeded Capitalla against three bots: Alice draws and discards, then the bots play
    until she is to act again. With the version her page showed before the bots moved."""
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 1)
    game = lifecycle.quick_game(alice, "capitalla")
    for _ in range(2):
        move = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] != "declare")
        game = player_moves.play_move(alice, game.pk, game.version, move)
    mine = game.version
    while bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    return game, mine


def panel_lines(html: str) -> list[tuple[str, str]]:
    """The panel's lines: (their classes, their words)."""
    return [(classes, unescape(text)) for classes, text in LINE.findall(PANEL.search(html).group(0))]


def history_words(html: str) -> list[str]:
    history = html.split('<section id="history"')[1]
    return [unescape(text) for text in re.findall(r'<li value="\d+">(.*?)</li>', history)]


def test_the_panel_holds_the_moves_since_mine_newest_first_in_the_move_lists_words(client, alice, bots_moved):
    game, mine = bots_moved
    client.force_login(alice)
    html = client.get(game.get_absolute_url()).content.decode()
    table_html = html.split('<section id="history"')[0]
    assert table_html.index('id="table"') < table_html.index('class="just-now"')
    lines = panel_lines(html)
    since_mine = game.version - mine
    assert since_mine == 6  # three bots drew and discarded
    assert [text for _, text in lines] == history_words(html)[: since_mine + 1]
    assert lines[-1][1].startswith("Alice discarded") and lines[0][1].startswith("Bot")
    assert all("just-now__line--new" not in classes for classes, _ in lines)  # a whole page: nothing arrived
    assert 'href="#history">All moves</a>' in html


def test_a_poll_answer_marks_the_moves_after_the_version_the_page_showed(client, alice, bots_moved, htmx):
    game, mine = bots_moved
    client.force_login(alice)
    shown = mine + 2  # the page saw the first bot's draw and discard
    html = client.get(reverse("game", args=[game.pk]), {"since": shown}, **htmx).content.decode()
    new = ["just-now__line--new" in classes for classes, _ in panel_lines(html)]
    assert new == [True] * (game.version - shown) + [False] * (shown - mine + 1)


def test_an_open_table_has_no_panel_and_a_dealt_one_has_it_from_the_deal(client, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    client.force_login(alice)
    assert 'class="just-now"' not in client.get(game.get_absolute_url()).content.decode()
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'class="just-now"' in page and "No moves yet" in page
