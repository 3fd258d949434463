"""A game through the API: the view for my seat (the page's `rules.view`), legal moves,
a move with its version, 409 with the fresh game on a stale one, 400 with the rules'
reason on an illegal one, and the log with the seed only once the game is over."""

import random
from datetime import timedelta

import pytest

from tables.actions import absences, bot_play, lifecycle, player_moves
from tables.models import Event, Game, is_system_move
from tests.core.absences.conftest import play_turn

pytestmark = pytest.mark.django_db


def test_my_seat_sees_my_view(api_as, table, alice):
    answer = api_as(alice).get(f"/games/{table.pk}")
    assert answer.status_code == 200
    body = answer.json()
    assert body["me"] == 0 and body["version"] == table.version and body["status"] == "active"
    assert body["view"] == table.rules.view(table.state, 0)
    assert [s["name"] for s in body["seats"]] == ["Alice", "Bob"]
    assert body["my_turn"] is True and body["clock"]["seats"] == [0]


def test_a_watcher_sees_the_spectators_view(api_as, table, charlie):
    body = api_as(charlie).get(f"/games/{table.pk}").json()
    assert body["me"] is None and body["view"] == table.rules.view(table.state, None)
    assert body["view"]["hand"] in (None, [])


def test_a_private_table_is_no_table_to_outsiders(api_as, alice, bob, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2, private=True)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    hidden = api_as(charlie).get(f"/games/{game.pk}")
    missing = api_as(charlie).get("/games/999999")
    assert hidden.status_code == missing.status_code == 404
    assert hidden.json() == missing.json() == {"detail": "No such table."}
    for path in ("/legal-moves", "/log", "/events?wait=0"):
        assert api_as(charlie).get(f"/games/{game.pk}{path}").status_code == 404


def test_legal_moves_are_the_engines_for_my_seat_only(api_as, table, alice, bob, charlie):
    mine = api_as(alice).get(f"/games/{table.pk}/legal-moves").json()
    assert mine["moves"] == table.rules.legal_moves(table.state, 0)
    assert mine["total"] == len(mine["moves"]) and mine["version"] == table.version
    assert api_as(bob).get(f"/games/{table.pk}/legal-moves").json()["moves"] == []  # not his turn
    assert api_as(charlie).get(f"/games/{table.pk}/legal-moves").json()["moves"] == []  # a watcher


def test_a_casino_player_may_answer_a_question_out_of_turn(api_as, alice, bob, charlie):
    users = [alice, bob, charlie]
    game = lifecycle.create_table(alice, "casino", seats=3)
    for user in users[1:]:
        lifecycle.join_table(user, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    bot, rng = bot_play.get_bot("casino", "normal"), random.Random(3)

    def waiting_with_questions(game):
        return [i for i in range(3) if i not in game.to_act and game.rules.legal_moves(game.state, i)]

    # Play, putting questions to every opponent whenever a capture allows, until a seat
    # not to act has one to answer.
    while not waiting_with_questions(game):
        seat = game.to_act[0]
        asks = [m for m in game.rules.legal_moves(game.state, seat) if m["type"] == "ask"]
        move = max(asks, key=lambda m: len(m["questions"])) if asks else bot.choose(game.state, seat, rng)
        game = player_moves.play_move(users[seat], game.pk, game.version, move)
    waiting = waiting_with_questions(game)[0]
    moves = api_as(users[waiting]).get(f"/games/{game.pk}/legal-moves", limit=500).json()["moves"]
    assert moves == game.rules.legal_moves(game.state, waiting)
    assert {move["type"] for move in moves} == {"answer"}


def test_legal_moves_come_in_pages(api_as, table, alice):
    every = table.rules.legal_moves(table.state, 0)
    page = api_as(alice).get(f"/games/{table.pk}/legal-moves", offset=1, limit=1).json()
    assert page["moves"] == every[1:2] and page["total"] == len(every) and page["limit"] == 1
    assert api_as(alice).get(f"/games/{table.pk}/legal-moves", limit=10**9).json()["limit"] == 500


def test_a_move_goes_through_the_services(api_as, table, alice):
    move = table.rules.legal_moves(table.state, 0)[0]
    answer = api_as(alice).post(f"/games/{table.pk}/moves", {"version": table.version, "move": move})
    assert answer.status_code == 200, answer.content
    game = Game.objects.get(pk=table.pk)
    assert answer.json()["version"] == game.version == table.version + 1
    assert Event.objects.get(game=game, seq=game.version).move == move


def test_a_stale_version_gets_409_with_the_fresh_game(api_as, table, alice):
    move = table.rules.legal_moves(table.state, 0)[0]
    client = api_as(alice)
    client.post(f"/games/{table.pk}/moves", {"version": table.version, "move": move})
    answer = client.post(f"/games/{table.pk}/moves", {"version": table.version, "move": move})
    assert answer.status_code == 409
    body = answer.json()
    fresh = Game.objects.get(pk=table.pk)
    assert "moved on" in body["detail"] and body["game"]["version"] == fresh.version
    assert body["game"]["view"] == fresh.rules.view(fresh.state, 0)


def test_an_illegal_move_gets_400_with_the_rules_reason(api_as, table, alice, snapshot):
    before = snapshot(table)
    answer = api_as(alice).post(f"/games/{table.pk}/moves", {"version": table.version, "move": {"type": "fly"}})
    assert answer.status_code == 400 and answer.json()["detail"]
    assert snapshot(table) == before


def test_a_move_out_of_turn_is_refused(api_as, table, bob, snapshot):
    before = snapshot(table)
    move = {"type": "draw", "from": "pile"}
    answer = api_as(bob).post(f"/games/{table.pk}/moves", {"version": table.version, "move": move})
    assert answer.status_code == 400 and snapshot(table) == before


def test_resigning_ends_a_two_player_game(api_as, table, alice):
    answer = api_as(alice).post(f"/games/{table.pk}/resign")
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    assert answer.json()["result"]["winners"] == [1]


def test_the_log_tells_the_moves_in_play_and_the_seed_only_after_the_end(api_as, table, alice, bob, play_out):
    """Found by a QA pass: a client could not read the opponents' moves while the game
    was played (the page's history shows them): the log comes at any time, the seed last."""
    client = api_as(alice)
    draw = {"type": "draw", "from": "pile"}
    client.post(f"/games/{table.pk}/moves", {"version": table.version, "move": draw})
    early = client.get(f"/games/{table.pk}/log")
    assert early.status_code == 200 and str(table.seed) not in early.content.decode()
    assert early.json()["seed"] is None and early.json()["result"] is None
    [event] = early.json()["events"]
    assert event["seat"] == 0 and event["move"] == draw and event["text"] == "Alice drew from the draw pile."
    # What the other seat drew is no part of a move: the log tells no hidden card.
    assert api_as(bob).get(f"/games/{table.pk}/log").json()["events"] == early.json()["events"]
    assert client.get(f"/games/{table.pk}/log", after=1).json()["events"] == []
    game = play_out(Game.objects.get(pk=table.pk))
    body = client.get(f"/games/{table.pk}/log").json()
    assert body["seed"] == game.seed and body["num_seats"] == 2
    assert [e["seq"] for e in body["events"]] == list(range(1, game.version + 1))
    state = game.rules.new_game(body["num_seats"], body["options"], body["seed"])
    for event in body["events"]:
        if not is_system_move(event["move"]):
            state = game.rules.apply(state, event["seat"], event["move"])
    assert state == game.state


def test_a_player_can_chat_and_read_the_talk(api_as, table, alice, bob):
    assert api_as(bob).post(f"/games/{table.pk}/chat", {"text": "good luck"}).status_code == 201
    assert Game.objects.get(pk=table.pk).chat_count == 1
    talk = api_as(alice).get(f"/games/{table.pk}/chat").json()
    assert talk["count"] == 1
    [line] = talk["lines"]
    assert (line["seat"], line["name"], line["text"], line["is_me"]) == (1, "Bob", "good luck", False)
    assert api_as(alice).get(f"/games/{table.pk}").json()["chat_count"] == 1


def test_an_api_move_runs_the_clock_and_the_bots_like_a_click(
    api_as, alice, enqueued, django_capture_on_commit_callbacks
):
    game = lifecycle.create_table(alice, "capitalla", seats=2, bots=1, turn_seconds=3600)
    game = lifecycle.start_table(alice, game.pk)
    client = api_as(alice)
    for kind in ("draw", "discard"):  # the turn passes to the bot
        game = Game.objects.get(pk=game.pk)
        move = next(m for m in game.rules.legal_moves(game.state, 0) if m["type"] == kind)
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(f"/games/{game.pk}/moves", {"version": game.version, "move": move})
        assert answer.status_code == 200
    game = Game.objects.get(pk=game.pk)
    assert game.to_act == [1] and game.bot_due_at is not None and game.deadline is None
    assert ("play_bot_turn", (game.pk, game.version), 0) in enqueued


def test_an_absent_players_seat_and_standing_clock(api_as, alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, turn_seconds=86400)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    now = game.deadline - timedelta(hours=5)
    today = bob.today(now)
    absence = absences.announce_absence(bob, today, today + timedelta(days=6), now=now)
    play_turn(alice, Game.objects.get(pk=game.pk), 0)  # the turn reaches bob, who is away
    body = api_as(alice).get(f"/games/{game.pk}").json()
    assert body["seats"][1]["absent_until"] == absence.last_day.isoformat() and body["seats"][0]["absent_until"] is None
    assert body["clock"] is None and body["standing_clock"] == {"seat": 1, "seconds_left": 86400}
