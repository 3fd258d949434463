"""A reply to a turn mail makes the move, and its answer tells what happened: played
through `tables.actions` like a browser move (clock, bots, the others' mails), all of a mail's
commands or none, checked against the position now."""

import pytest
from django.core import mail

from engine.registry import get_rules
from mailroom.inbound.play import seat_names
from mailroom.inbound.receive import receive
from mailroom.models import InboundMail
from tables.models import Event, Game, Seat
from tests.mail_replies import reply

pytestmark = pytest.mark.django_db


def command_for(game, seat: int, move: dict) -> str:
    return game.plugin.commands.command(game.rules.view(game.state, seat), move, seat_names(game))


def answer(run_enqueued):
    """The answer mail the worker sends for the last reply."""
    mail.outbox.clear()
    run_enqueued("send_notification")
    [message] = [m for m in mail.outbox if m.subject.startswith("Re:")]
    return message


def test_a_reply_with_a_move_plays_it_and_the_answer_shows_the_new_position(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        received = receive(reply(table, alice, "draw"))
    assert received.status == "played"
    event = Event.objects.filter(game=table).last()
    assert (event.seat, event.move) == (0, {"type": "draw", "from": "pile"})
    message = answer(run_enqueued)
    assert message.to == ["alice@example.com"]
    assert message.extra_headers["In-Reply-To"] == f"<{received.mail.message_id}>"
    assert received.mail.message_id in message.extra_headers["References"]
    assert message.extra_headers["Auto-Submitted"] == "auto-replied"
    assert "Played:" in message.body and "Alice drew" in message.body
    assert "discard" in message.body  # her move now: the commands to finish the turn


def test_one_mail_holds_a_whole_turn(table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks):
    game = table
    draw = {"type": "draw", "from": "discard"}
    after = get_rules("capitalla").apply(game.state, 0, draw)
    discard = next(m for m in get_rules("capitalla").legal_moves(after, 0) if m["type"] == "discard")
    text = command_for(game, 0, draw)
    game.state = after
    text += ", " + command_for(game, 0, discard)
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(Game.objects.get(pk=game.pk), alice, text)).status == "played"
    moves = [e.move for e in Event.objects.filter(game=game, seat=0).order_by("seq")]
    assert moves[-2:] == [draw, discard]
    assert Game.objects.get(pk=game.pk).to_act == [1]
    body = answer(run_enqueued).body
    assert body.count("Waiting for Bob") == 1  # the position's head says it (it said it twice)


def test_the_commands_before_a_refused_one_stand_and_the_answer_says_why(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    version = table.version
    with django_capture_on_commit_callbacks(execute=True):
        received = receive(reply(table, alice, "draw\ndiscard Atlantis\nsay hello"))
    assert (received.status, received.mail.get_outcome_display()) == ("partly", "Partly played")
    assert Game.objects.get(pk=table.pk).version == version + 1  # the draw stands
    message = answer(run_enqueued)
    body = message.body
    assert "Played:\n- Alice drew" in body
    assert 'Then "discard Atlantis" was refused.' in body and "(Not tried after it: say hello.)" in body
    assert "discard" in body  # the commands legal now: her turn goes on
    html, _ = message.alternatives[0]
    assert "Then refused</h1>" in html and "Not tried after it: say hello." in html


def test_a_refused_first_command_plays_nothing(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    version = table.version
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "discard Atlantis, draw")).status == "refused"
    assert Game.objects.get(pk=table.pk).version == version
    body = answer(run_enqueued).body
    assert 'Nothing was played: "discard Atlantis" was refused.' in body and "(Not tried after it: draw.)" in body


def test_a_reply_cannot_draw_a_card_look_at_it_and_take_the_draw_back(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    """Found by a QA pass: the commands of a refused reply were all undone, while the
    refusal was judged with the card drawn in hand. "draw, discard <a guess>, draw" told by
    its answer whether the guess was the pile's top card (refused at the third command:
    "not your turn") or not ("You hold no ..."), and the player could then take the
    discard instead. Now what a reply played stays played."""
    game = Game.objects.get(pk=table.pk)
    after_draw = get_rules("capitalla").apply(game.state, 0, {"type": "draw", "from": "pile"})
    drawn = next(c for c in after_draw["hands"][0] if c not in game.state["hands"][0])  # the pile's top
    game.state = after_draw  # to word the discard
    probe = "draw, " + command_for(game, 0, {"type": "discard", "card": drawn}) + ", draw"
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(Game.objects.get(pk=table.pk), alice, probe)).status == "partly"
    played = [e.move for e in Event.objects.filter(game=table, seat=0).order_by("seq")]
    assert played == [{"type": "draw", "from": "pile"}, {"type": "discard", "card": drawn}]
    assert Game.objects.get(pk=table.pk).to_act == [1]  # her turn is over: nothing to choose again


def test_a_mail_without_commands_gets_the_commands_legal_now(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "", quote="It is your turn")).status == "refused"
    body = answer(run_enqueued).body
    assert "no command" in body and "e.g. draw" in body


def test_a_mail_move_is_an_ordinary_move_the_other_player_hears_of(
    table, alice, bob, enqueued, run_enqueued, sweep_mails, django_capture_on_commit_callbacks
):
    game = table
    draw = {"type": "draw", "from": "pile"}
    game.state = get_rules("capitalla").apply(game.state, 0, draw)
    discard = next(m for m in get_rules("capitalla").legal_moves(game.state, 0) if m["type"] == "discard")
    text = "draw, " + command_for(game, 0, discard)
    with django_capture_on_commit_callbacks(execute=True):
        receive(reply(Game.objects.get(pk=game.pk), alice, text))
    game = Game.objects.get(pk=game.pk)
    assert game.clock_seat == 1 and game.turn_mail_at is not None
    assert sweep_mails(game) == 1
    mail.outbox.clear()
    run_enqueued("send_notification")
    turn_mail = next(m for m in mail.outbox if m.to == ["bob@example.com"] and m.subject.startswith("Your turn"))
    assert "+" in turn_mail.extra_headers["Reply-To"] and "Alice discarded" in turn_mail.body


def test_a_reply_at_someone_elses_turn_is_refused_and_changes_nothing(
    table, bob, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, bob, "draw")).status == "refused"
    assert Game.objects.get(pk=table.pk).version == table.version
    assert "It is not your turn: waiting for Alice." in answer(run_enqueued).body


def test_resign_and_table_talk_work_in_every_game(table, alice, enqueued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "say good luck Bob")).status == "played"
    assert table.chat.get().text == "good luck Bob"
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "resign")).status == "played"
    assert Game.objects.get(pk=table.pk).status == Game.Status.FINISHED
    answered = [args for name, args, _ in enqueued if name == "send_notification" and args[0] == "mail_answer"]
    assert sorted(args[3] for args in answered) == sorted(
        InboundMail.objects.filter(game=table).values_list("pk", flat=True)
    )


def test_a_sign_off_after_the_commands_is_left_unread_and_named(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    game = table
    game.state = get_rules("capitalla").apply(game.state, 0, {"type": "draw", "from": "pile"})
    discard = next(m for m in get_rules("capitalla").legal_moves(game.state, 0) if m["type"] == "discard")
    text = f"draw\n{command_for(game, 0, discard)}\n\nCheers,\nAlice"
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(Game.objects.get(pk=game.pk), alice, text)).status == "played"
    assert Game.objects.get(pk=game.pk).to_act == [1]
    body = answer(run_enqueued).body
    assert "Not read as commands: Cheers, Alice" in body


def test_a_first_line_that_is_no_command_plays_nothing(
    table, alice, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert receive(reply(table, alice, "Hi there\ndraw")).status == "refused"
    assert Game.objects.get(pk=table.pk).version == table.version
    assert '"hi" is not a command here' in answer(run_enqueued).body


def test_a_move_sent_while_a_bot_plays_the_seat_says_to_send_back_first(table, alice, enqueued):
    """Found by a QA pass: it was refused as '"draw" is not a command here'."""
    Seat.objects.filter(game=table, index=0).update(away=True)
    receive(reply(table, alice, "draw"))
    report = InboundMail.objects.get().report
    assert report["refused"] == {
        "command": "draw",
        "reason": "A bot is playing your seat while you are away: send “back” first.",
    }
