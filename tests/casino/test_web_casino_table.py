"""What the core gives every game, working for Casino: the table options on the create
form, a game of bots to its end with its replay and chapters, a staked table paying its
pot, turn mails, timeouts, extra time and a rematch."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from ledger import chips
from tables.actions import lifecycle, player_moves, time_grants, turn_timeouts
from tables.models import Game
from tables.replay import replay
from tests.casino.casino_web import current, page, play_bots, set_position

pytestmark = pytest.mark.django_db

TABLE = {"kind": "casino", "seats": "2", "bots": "1", "bot_level": "normal"}


def test_the_create_form_offers_sweeps_unticked_and_trivia_scoring(client, alice):
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    fieldset = html.split('data-kind="casino"')[1].split("</fieldset>")[0]
    assert "<legend>Casino options</legend>" in fieldset
    assert "checked" not in re.search(r'<input type="checkbox" name="casino-sweeps"[^>]*>', fieldset)[0]
    scoring = re.search(r'<select name="casino-trivia_points".*?</select>', fieldset, re.S)[0]
    assert re.findall(r'<option value="(\w+)"( selected)?>', scoring) == [("True", " selected"), ("False", "")]


def test_the_chosen_options_reach_the_game(client, alice):
    client.force_login(alice)
    chosen = {"casino-sweeps": "on", "casino-trivia_points": "False"}
    assert client.post(reverse("create_table"), TABLE | chosen).status_code == 302
    game = Game.objects.get()
    assert game.options == {"sweeps": True, "trivia_points": False}
    game = lifecycle.start_table(alice, game.pk)
    assert game.state["options"] == {"sweeps": True, "trivia_points": False}
    assert "Sweeps score" in page(client, alice, game)


def test_a_forged_option_is_refused_and_creates_nothing(client, alice):
    client.force_login(alice)
    response = client.post(reverse("create_table"), TABLE | {"casino-jokers": "on"})
    assert response.status_code == 400 and "Casino has no option jokers." in response.content.decode()
    assert not Game.objects.exists()


@pytest.fixture
def bots_game(alice):
    """A whole game of two bots, watched by alice."""
    game = lifecycle.create_table(alice, "casino", seats=2, bots=2)
    game = play_bots(lifecycle.start_table(alice, game.pk))
    assert game.status == Game.Status.FINISHED
    return game


def test_a_finished_game_shows_the_result_the_deals_and_the_trivia(client, alice, bots_game):
    html = page(client, alice, bots_game)
    result = bots_game.result
    headline = bots_game.plugin.result_headline(result, lambda i: bots_game.seat_list[i].name)
    assert f">{headline}</h2>" in html and f"won with {max(result['scores'])} points." in headline
    assert f"Deal {len(bots_game.state['deals'])} summary" in html
    assert "Most cards" in html and "Big Casino (10♦)" in html
    trivia = result["trivia"][result["winners"][0]]
    assert f"trivia: {trivia['right']} right of {trivia['asked']} question" in html


def test_the_replay_shows_every_hand_and_jumps_to_each_deal(client, bots_game):
    deals = len(bots_game.state["deals"])
    html = client.get(reverse("replay", args=[bots_game.pk]), {"at": 1}).content.decode()
    jumps = html.split('aria-label="Jump to"')[1].split("</nav>")[0]
    assert re.findall(r">(Deal \d+)<", jumps) == [f"Deal {n}" for n in range(1, deals + 1)]
    state = replay(bots_game, upto=1)
    shown = set(re.findall(r'data-card="([^"]+)"', html))
    assert {card for hand in state["hands"] for card in hand} <= shown
    assert set(state["table"]["loose"]) <= shown
    response = client.get(reverse("replay", args=[bots_game.pk]), {"at": bots_game.version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200


def test_a_staked_table_pays_the_pot_to_the_winner(alice, bob, play_out):
    before = {user.pk: chips.balance_of(user) for user in (alice, bob)}
    game = lifecycle.create_table(alice, "casino", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    game = play_out(lifecycle.start_table(alice, game.pk))
    assert chips.pot_of(game).balance() == 0
    winners = game.result["winners"]
    for seat in game.seat_list:
        won = 200 // len(winners) if seat.index in winners else 0
        assert chips.balance_of(seat.user) == before[seat.user.pk] - 100 + won


def test_the_turn_mail_tells_the_casino_moves(alice, bob, enqueued, run_enqueued, sweep_mails):
    game = lifecycle.create_table(alice, "casino", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)  # bob (seat 1) plays first
    game = set_position(game, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[])
    game = player_moves.play_move(bob, game.pk, game.version, {"type": "trail", "card": "8S"})
    assert sweep_mails(game) == 1
    run_enqueued()
    message = mail.outbox[-1]
    assert message.to == ["alice@example.com"] and message.subject == f"Your turn in Casino #{game.pk}"
    assert "Since your last turn:" in message.body and "- Bob trailed the 8♠" in message.body


def test_a_turn_that_runs_out_is_played_by_a_bot(alice, bob):
    game = lifecycle.create_table(alice, "casino", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    assert turn_timeouts.expire_overdue_turns(now=game.deadline) == 1
    game = current(game)
    assert game.to_act == [0] and game.events.filter(move__type="timeout").count() == 1
    assert game.events.exclude(move__type="timeout").filter(seat=1).exists()


def test_extra_time_and_a_rematch(client, alice, bob, bots_game):
    game = lifecycle.create_table(alice, "casino", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    deadline = game.deadline
    game = time_grants.grant_extra_time(alice, game.pk, game.version)
    assert game.deadline > deadline
    game = player_moves.resign(bob, game.pk)
    assert game.status == Game.Status.FINISHED and game.result["winners"] == [0]
    headline = game.plugin.result_headline(game.result, {0: "Alice", 1: "Bob"}.get)
    assert headline == "Alice won: everyone else is out of the game."
    again = lifecycle.rematch(alice, game.pk)
    assert again.kind == "casino" and again.status == Game.Status.OPEN


def test_an_answer_out_of_turn_leaves_the_turn_players_clock_and_mail_alone(alice, bob, charlie, friends):
    game = set_position(friends, hands={1: ["9C", "8S", "KC", "3H"]}, loose=["5S", "4D", "9H", "KD"], builds=[], turn=1)
    capture = {"type": "capture", "card": "9C", "loose": ["5S", "4D"], "builds": []}
    game = player_moves.play_move(bob, game.pk, game.version, capture)
    game = player_moves.play_move(bob, game.pk, game.version, {"type": "ask", "questions": {"0": "5S"}})
    assert game.to_act == [2] and game.clock_seat == 2
    clock = (game.deadline, game.turn_mail_at, game.remind_at)
    assert game.turn_mail_at is not None
    question = game.state["asked"][0]["id"]
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "answer", "question": question, "choice": 0})
    game = current(game)
    assert game.to_act == [2] and game.clock_seat == 2
    assert (game.deadline, game.turn_mail_at, game.remind_at) == clock
