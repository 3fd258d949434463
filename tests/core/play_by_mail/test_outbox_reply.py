"""With no mail server (`make run`), the outbox offers a reply box under each turn mail:
the reply goes through the same reading and checks as a received mail, and its answer
comes back into the outbox."""

import pytest

from mailroom import mails_due
from mailroom.models import OutboxMessage
from tables.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def outbox(settings):
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}


@pytest.fixture
def alices_turn_mail(outbox, table, alice, enqueued, run_enqueued, sweep_mails):
    mails_due.send_due_mails(now=table.started_at.replace(year=table.started_at.year + 1))
    run_enqueued("send_notification")
    return OutboxMessage.objects.get(user=alice, subject__startswith="Your turn")


def test_the_turn_mail_in_the_outbox_has_a_reply_box(client, alice, alices_turn_mail):
    client.force_login(alice)
    page = client.get("/outbox/").content.decode()
    assert f'action="/outbox/{alices_turn_mail.pk}/reply/"' in page and "Send the reply" in page


def test_a_reply_from_the_outbox_plays_and_its_answer_arrives_threaded(
    client, alice, table, alices_turn_mail, enqueued, run_enqueued, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/outbox/{alices_turn_mail.pk}/reply/", {"text": "draw"})
    assert response.status_code == 302 and response["Location"] == "/outbox/"
    assert Event.objects.filter(game=table, seat=0).last().move == {"type": "draw", "from": "pile"}
    run_enqueued("send_notification")
    answer = OutboxMessage.objects.filter(user=alice, subject__startswith="Re:").get()
    assert "Played:" in answer.text
    assert answer.headers["In-Reply-To"].strip("<>")  # threaded under the reply


def test_a_reply_played_in_part_says_so(client, alice, alices_turn_mail, django_capture_on_commit_callbacks):
    """Found by a QA pass: the page said "refused" when the draw before the refusal stood."""
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/outbox/{alices_turn_mail.pk}/reply/", {"text": "draw, discard Atlantis"}, follow=True)
    assert "Reply sent: partly played. The answer is in your outbox." in response.content.decode()


def test_nobody_replies_from_someone_elses_outbox(client, bob, alices_turn_mail, table):
    client.force_login(bob)
    assert client.post(f"/outbox/{alices_turn_mail.pk}/reply/", {"text": "draw"}).status_code == 404
    assert not Event.objects.filter(game=table, seat=0).exists()


def test_the_reply_quotes_the_mail_at_the_players_own_hour(alice, alices_turn_mail):
    """As the player's mail client writes it: "On …, … wrote:" in their time zone, not UTC."""
    from email import message_from_bytes
    from zoneinfo import ZoneInfo

    from mailroom.outbox import reply_as_mail

    alice.time_zone = "Asia/Tokyo"
    body = message_from_bytes(reply_as_mail(alices_turn_mail, alice, "draw")).get_payload(decode=True).decode()
    in_tokyo = alices_turn_mail.created_at.astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"On {in_tokyo:%a, %d %b %Y at %H:%M}, " in body
