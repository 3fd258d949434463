"""Two players play a whole Capitalla game, and a round of Cap-It with two bots, only by
answering their mails: the site sends through a real SMTP server (aiosmtpd) and receives
the replies on `manage.py mail_in`'s server, over SMTP. Each player reads the latest mail
the site sent them (a turn mail or the answer to their last reply), picks the normal
bot's move, writes it as the command the mail offers, and replies, quoting the mail. The
log then matches a game played in the browser with the same moves from the same deal."""

import email
import random
import smtplib
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.test import Client

from mailroom import mails_due
from mailroom.inbound.play import seat_names
from mailroom.inbound.server import ReplyServer
from tables.actions import bot_play, lifecycle
from tables.models import Event, Game
from tests.mail_replies import seat_address
from tests.mail_servers import free_port
from tests.web_moves import post_move

pytestmark = pytest.mark.django_db(transaction=True)  # the mail server works in its own thread

SEED = 7_304_118_822_610_551_901
MAX_MAILS = 400


@pytest.fixture
def mail_in():
    server = ReplyServer("127.0.0.1", free_port())
    server.start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _one_deal(monkeypatch, settings):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    settings.TURN_MAIL_DELAY = 0


def latest_mail_to(smtp_server, user):
    for _, rcpt, raw in reversed(smtp_server.messages):
        if rcpt == [user.email]:
            return email.message_from_bytes(raw, policy=policy.default)
    raise AssertionError(f"no mail to {user.email}")


def reply_to(message, user, text: str) -> bytes:
    """What a mail client sends when `user` answers `message` with `text`."""
    answer = EmailMessage()
    answer["From"] = f"{user.name} <{user.email}>"
    answer["To"] = message["Reply-To"]
    answer["Subject"] = "Re: " + message["Subject"]
    answer["Message-ID"] = make_msgid(domain="example.com")
    answer["In-Reply-To"] = message["Message-ID"]
    answer["References"] = message["Message-ID"]
    quoted = "\n".join("> " + line for line in message.get_body(("plain",)).get_content().splitlines())
    answer.set_content(
        f"{text}\n\nOn Tue, 24 Nov 2026 at 10:00, Capitalla <noreply@capitalla.localhost> wrote:\n{quoted}\n"
    )
    return answer.as_bytes(policy=policy.SMTP)  # CRLF line ends, as SMTP carries them


def whole_turn(game, seat: int, bot, rng) -> list[dict]:
    """The bot's moves for the seat's turn, as far as they can be known before mailing:
    a discard taken is known, so its discard goes in the same mail; a card drawn blind is
    not, so that mail holds the draw only."""
    first = bot.choose(game.state, seat, rng)
    if first.get("type") == "draw" and first.get("from") == "discard":
        after = game.rules.apply(game.state, seat, first)
        if seat in game.rules.to_act(after):
            return [first, bot.choose(after, seat, rng)]
    return [first]


def play_by_mail(game, users, smtp_server, mail_in, run_enqueued, until) -> int:
    """Play `game` by mail until `until(game)`; returns how many replies were sent."""
    rng, bot = random.Random(SEED), bot_play.get_bot(game.kind, "normal")
    replies = 0
    for _ in range(MAX_MAILS):
        game = Game.objects.get(pk=game.pk)
        if until(game):
            return replies
        seat = game.to_act[0]
        user = users.get(seat)
        if user is None:  # a bot's turn
            assert run_enqueued("play_bot_turn")
            continue
        if game.turn_mail_at is not None:
            mails_due.send_due_mails(now=game.turn_mail_at)
        run_enqueued("send_notification")
        message = latest_mail_to(smtp_server, user)
        text = message.get_body(("plain",)).get_content()
        assert message["Reply-To"] and seat_address(game, user).lower() in message["Reply-To"].lower()
        assert "To play by mail, reply with your move" in text
        assert all(len(line) <= 72 or "://" in line for line in text.splitlines())  # a link stays whole
        moves = whole_turn(game, seat, bot, rng)
        commands, state = [], game.state
        for move in moves:
            view = game.rules.view(state, seat)
            commands.append(game.plugin.commands.command(view, move, seat_names(game)))
            state = game.rules.apply(state, seat, move)
        assert commands[0].split()[0] in text  # the mail offers the command's verb
        with smtplib.SMTP("127.0.0.1", mail_in.port, timeout=10) as smtp:
            smtp.sendmail(user.email, [seat_address(game, user)], reply_to(message, user, ", ".join(commands)))
        replies += 1
        run_enqueued("send_notification")  # the answer
        answer = latest_mail_to(smtp_server, user)
        assert answer["In-Reply-To"] and answer["Subject"].startswith("Re:")
        answered = answer.get_body(("plain",)).get_content()
        assert "Played:" in answered and all(len(line) <= 72 or "://" in line for line in answered.splitlines())
    raise AssertionError("the game did not end by mail")


class ScriptedBot:
    """Makes the bot seats' logged moves again, in order (a bot draws on the table's id)."""

    def __init__(self, moves):
        self.moves = list(moves)

    def choose(self, state, seat, rng):
        return self.moves.pop(0)


def replay_in_the_browser(kind: str, users: dict, bots: int, log: list[tuple], monkeypatch) -> list[tuple]:
    """The same table dealt again (the same seed), each logged move posted by its seat's
    player through the page's form, each bot move made by the bot task; returns its log."""
    bot = ScriptedBot(move for seat, move in log if seat not in users)
    monkeypatch.setattr(bot_play, "get_bot", lambda kind, level: bot)
    host = users[0]
    game = lifecycle.create_table(host, kind, seats=len(users) + bots, bots=bots)
    for index in sorted(users)[1:]:
        lifecycle.join_table(users[index], game.pk)
    game = lifecycle.start_table(host, game.pk)
    bot_seats = {s.index for s in game.seat_list if s.user_id is None}
    browser = Client()
    for seat, move in log:
        if seat in bot_seats:
            game = Game.objects.get(pk=game.pk)
            bot_play.play_bot_turn(game.pk, game.version)
            continue
        browser.force_login(users[seat])
        assert post_move(browser, game, move).status_code in (200, 302)
    return list(Event.objects.filter(game=game).order_by("seq").values_list("seat", "move"))


def test_a_whole_capitalla_game_by_mail(alice, bob, smtp_server, mail_in, enqueued, run_enqueued, monkeypatch):
    game = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    users = {0: alice, 1: bob}
    replies = play_by_mail(game, users, smtp_server, mail_in, run_enqueued, lambda g: g.status != Game.Status.ACTIVE)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and replies >= 4
    log = list(Event.objects.filter(game=game).order_by("seq").values_list("seat", "move"))
    assert all(seat in users for seat, _ in log)
    assert replay_in_the_browser("capitalla", users, 0, log, monkeypatch) == log


def test_a_round_of_cap_it_by_mail(alice, bob, smtp_server, mail_in, enqueued, run_enqueued, monkeypatch):
    game = lifecycle.create_table(alice, "capit", seats=4, bots=2)
    lifecycle.join_table(bob, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    users = {s.index: s.user for s in game.seat_list if s.user_id is not None}
    assert len(users) == 2
    replies = play_by_mail(game, users, smtp_server, mail_in, run_enqueued, lambda g: g.state.get("round", 1) > 1)
    assert replies >= 4
    log = list(Event.objects.filter(game=game).order_by("seq").values_list("seat", "move"))
    assert replay_in_the_browser("capit", users, 2, log, monkeypatch) == log
