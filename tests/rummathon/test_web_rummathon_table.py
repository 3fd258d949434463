"""What the core gives every game, working for Rummathon Royale: the variant on the create
form, the buying after each deal (every seat at once, on one short clock, whatever version
the page showed), turn mails, timeouts, extra time, chat, a rematch and a staked table
paying its pot."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from ledger import chips
from tables.actions import lifecycle, player_moves, table_talk, time_grants, turn_timeouts
from tables.models import Game
from tests.rummathon.rummathon_web import GROUPS, PILE, RULE_CARDS, current, page, place, post_move

pytestmark = pytest.mark.django_db

TABLE = {"kind": "rummathon", "seats": "3", "bots": "2", "bot_level": "normal"}
DAY = 86400


@pytest.fixture
def buying(friends):
    """Round 2 dealt, after Bob went out of round 1 with points already on every seat:
    alice, bob and charlie all choose their extra cards at once."""
    game = place(
        friends,
        hands={1: ["R3:0"]},
        discard=PILE,
        groups=GROUPS,
        turn=1,
        drawn=True,
        rule_card=RULE_CARDS,
        scores=[30, 0, 20],
    )
    before = timezone.now()
    game = player_moves.play_move(game.seat_list[1].user, game.pk, game.version, {"type": "discard", "card": "R3:0"})
    game.dealt_between = (before, timezone.now())
    assert game.state["round"] == 2 and game.state["phase"] == "buy"
    assert game.to_act == [0, 1, 2]
    return game


def test_the_create_form_offers_the_four_variants(client, alice):
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    fieldset = html.split('data-kind="rummathon"')[1].split("</fieldset>")[0]
    assert "<legend>Rummathon Royale options</legend>" in fieldset
    assert re.findall(r'<option value="(\w+)"', fieldset) == ["full", "half", "even", "odd"]


def test_the_chosen_variant_reaches_the_game(client, alice):
    client.force_login(alice)
    assert client.post(reverse("create_table"), TABLE | {"rummathon-variant": "odd"}).status_code == 302
    game = lifecycle.start_table(alice, Game.objects.get().pk)
    assert game.state["options"]["variant"] == "odd"


def test_every_seat_buys_at_once_on_one_clock_of_a_quarter_turn(buying):
    assert buying.clock_seat is None and buying.turn_seconds == DAY
    start, end = buying.dealt_between
    assert start + timedelta(hours=6) <= buying.deadline <= end + timedelta(hours=6)
    clock = buying.deadline
    alice = buying.seat_list[0].user
    game = player_moves.play_move(alice, buying.pk, buying.version, {"type": "buy", "count": 2})
    assert game.to_act == [1, 2] and game.deadline == clock and game.clock_seat is None


def test_a_buy_posted_from_a_stale_page_is_taken(client, alice, buying):
    stale = buying.version
    bob = buying.seat_list[1].user
    player_moves.play_move(bob, buying.pk, buying.version, {"type": "buy", "count": 0})
    client.force_login(alice)
    response = post_move(client, buying, {"type": "buy", "count": 3}, version=stale)
    assert response.status_code == 302
    game = current(buying)
    assert game.state["bought"][0] == 3 and len(game.state["hands"][0]) == 15 and game.state["scores"][0] == 0


def test_only_buying_is_free_of_the_version(client, bob, buying):
    stale = buying.version
    player_moves.play_move(buying.seat_list[2].user, buying.pk, buying.version, {"type": "buy", "count": 1})
    client.force_login(bob)
    response = post_move(client, buying, {"type": "draw"}, version=stale)
    assert response.status_code == 409 and "moved" in response.content.decode()
    assert current(buying).state["bought"][1] is None


def test_the_buying_clock_runs_out_a_bot_chooses_for_the_late_and_nobody_misses_a_turn(buying):
    alice = buying.seat_list[0].user
    game = player_moves.play_move(alice, buying.pk, buying.version, {"type": "buy", "count": 1})
    expired = game.deadline
    assert turn_timeouts.expire_overdue_turns(now=expired) == 1
    game = current(game)
    assert game.state["phase"] == "play" and game.state["bought"][0] == 1
    late = game.events.filter(move__type="timeout")
    assert sorted(late.values_list("seat", flat=True)) == [1, 2]
    assert all(seat.missed_turns == 0 and not seat.away for seat in game.seat_list)
    # the first player of round 2 (left of dealer bob) now has a whole turn's clock
    assert game.clock_seat == game.state["turn"] == 2 and game.deadline == expired + timedelta(days=1)


def test_the_buying_mail_goes_to_everyone_still_choosing(buying, enqueued, run_enqueued, sweep_mails):
    alice = buying.seat_list[0].user
    game = player_moves.play_move(alice, buying.pk, buying.version, {"type": "buy", "count": 0})
    assert sweep_mails(game) == 2
    run_enqueued()
    assert sorted(m.to[0] for m in mail.outbox) == ["bob@example.com", "charlie@example.com"]
    assert all(m.subject == f"Your turn in Rummathon Royale #{game.pk}" for m in mail.outbox)


def test_a_turn_mail_tells_what_happened(bob_drawn, enqueued, run_enqueued, sweep_mails):
    bob = bob_drawn.seat_list[1].user
    game = player_moves.play_move(bob, bob_drawn.pk, bob_drawn.version, {"type": "discard", "card": "Y7:0"})
    assert sweep_mails(game) == 1
    run_enqueued()
    message = mail.outbox[-1]
    assert message.to == ["charlie@example.com"]
    assert "- Bob discarded Y7" in message.body


def test_a_turn_that_runs_out_is_played_by_a_bot(bob_down):
    game = current(bob_down)
    assert game.clock_seat == 1
    assert turn_timeouts.expire_overdue_turns(now=game.deadline) == 1
    game = current(game)
    assert game.events.filter(move__type="timeout", seat=1).count() == 1
    assert game.state["turn"] != 1 and game.seat_list[1].missed_turns == 1


def test_extra_time_chat_resign_and_a_rematch(client, alice, bob, charlie, friends):
    game = current(friends)
    deadline = game.deadline
    turn = game.seat_list[game.to_act[0]].user
    other = next(s.user for s in game.seat_list if s.index not in game.to_act)
    game = time_grants.grant_extra_time(other, game.pk, game.version)
    assert game.deadline > deadline
    table_talk.say(turn, game.pk, "Good luck!")
    assert "Good luck!" in page(client, other, game)
    player_moves.resign(bob, game.pk)
    game = player_moves.resign(charlie, game.pk)
    assert game.status == Game.Status.FINISHED and game.result["winners"] == [0]
    names = {0: "Alice", 1: "Bob", 2: "Charlie"}.get
    assert game.plugin.result_headline(game.result, names) == "Alice won: everyone else is out of the game."
    again = lifecycle.rematch(alice, game.pk)
    assert again.kind == "rummathon" and again.status == Game.Status.OPEN
    assert again.options["variant"] == "half"


def test_a_staked_table_pays_the_pot_to_the_winners(alice, bob, monkeypatch, play_out):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 5)
    before = {user.pk: chips.balance_of(user) for user in (alice, bob)}
    game = lifecycle.create_table(alice, "rummathon", seats=2, ante=100, options={"variant": "half"})
    lifecycle.join_table(bob, game.pk)
    game = play_out(lifecycle.start_table(alice, game.pk))
    assert chips.pot_of(game).balance() == 0
    winners = game.result["winners"]
    for seat in game.seat_list:
        won = 200 // len(winners) if seat.index in winners else 0
        assert chips.balance_of(seat.user) == before[seat.user.pk] - 100 + won


def test_play_now_against_bots_deals_the_half_variant(alice):
    game = lifecycle.quick_game(alice, "rummathon")
    assert game.state["options"]["variant"] == "half" and game.num_seats == 4
