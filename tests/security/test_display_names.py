"""Names that break mail or fool players: line breaks and other invisible characters,
a human calling themselves "Bot 2 (normal)", or copying another player's name."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

BROKEN = [
    "Al\nice",
    "Al\rice",
    "Al\u2028ice",
    "Al\u2029ice",
    "Al\u0085ice",
    "Al\tice",
    "Al\u200bice",
    "Al\u200cice",  # a non-joiner in a Latin word only hides
    "Alice\u200d",
    "Al\u202eice",
    "Al\u00a0ice",
    "Al\u3000ice",
    "Al\ue000ice",
    "Alice\u034f",  # the grapheme joiner: a mark that shows as nothing
    "Alice\u3164",  # a Hangul filler: a blank letter
    "\u3164",
    "\u115fAlice",
    "Ali\u2800ce",  # the blank Braille pattern
    "Al" + "\u0301\u0302\u0303\u0304" + "ice",  # marks piled over the line above
    "Ali" + "\u0903" * 5 + "ce",  # spacing marks piled too
]
# Latin with another alphabet's letters in one word: Lisu, Cherokee, Armenian, Cyrillic.
MIXED = ["\ua4eelice", "\u13aalice", "\u0570ank", "Ni\u0578a", "\u13f4ot 2", "\u0412\u043eb"]
BOTS = [
    "Bot 2 (normal)",
    "bot",
    "BOT-1",
    "Bot",
    "\uff22\uff4f\uff54 3",
    "bot\u00b9",
    "\u0412\u043e\u0442 3",
    "\N{ROBOT FACE} Bot 1 (hard)",  # as the site's bots are shown
    "Bob \N{ROBOT FACE}",
    "B0t 2 (normal)",
    "~Bot 2",
    "\u0299\u1d0f\u1d1b 1",  # small capitals: ʙᴏᴛ
    "B o t 1",
    "B\u00f8t 1",  # Bøt
]
# Dave has no display name; "Воb" starts with Cyrillic letters, "Вов" is all Cyrillic.
TAKEN = [
    "Bob",
    "BOB",
    "bob",
    "\uff42\uff4f\uff42",
    "  Bob  ",
    "Dave",
    "\u0412\u043eb",
    "\u0412\u043e\u0432",
    "BÖB",
    "Dave\u0301",
    "Dave\ufe0f",  # a variation selector changes no letter
    "\u0392\u039f\u0392",  # Greek capitals: "ΒΟΒ"
    "\u0392\u03bf\u03b2",  # "Βοβ"
    "B0b",
    "B\u00f8b",  # Bøb
    "\u0299\u1d0f\u0299",  # ʙᴏʙ
]
FINE = ["Botanist", "Bottle Cap", "Anna Bot", "Zoë", "Queen Alice", "Nguyễn Thị", "B0ris", "Ian", "Bo Tanner"]
FINE += [
    "Hawai\u02bbi",  # the ʻokina: a modifier letter, of no one alphabet
    "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",  # Persian spells with a non-joiner: "علی‌رضا"
    "\u0dc1\u0dca\u200d\u0dbb\u0dd3",  # and Sinhala with a joiner: "ශ්‍රී"
    "\u0110or\u0111e",
    "\u0141ukasz",
    "\u5c71\u7530 \u82b1\u5b50",
    "\u0414\u043c\u0438\u0442\u0440\u0438\u0439",
]
FINE += ["\N{HEAVY BLACK HEART}\ufe0f Cat"]  # an emoji with its selector


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user(username="dave", password="dave-password-123")


def sign_up(display_name: str, username: str = "dora"):
    return Client().post(
        reverse("signup"),
        {
            "username": username,
            "display_name": display_name,
            "password1": "dora-secret-9876",
            "password2": "dora-secret-9876",
        },
    )


def rename(client, display_name: str):
    return client.post(
        reverse("profile"), {"display_name": display_name, "email": "alice@example.com", "email_notifications": "turn"}
    )


@pytest.mark.parametrize("name", BROKEN + MIXED + BOTS + TAKEN)
def test_signing_up_with_a_broken_bot_or_taken_name_is_refused(name, bob, dave):
    response = sign_up(name)
    assert response.status_code == 200 and 'class="field__error"' in response.content.decode()
    assert not User.objects.filter(username="dora").exists()


@pytest.mark.parametrize("name", BROKEN + MIXED + BOTS + TAKEN)
def test_renaming_to_a_broken_bot_or_taken_name_is_refused(name, client, alice, bob, dave):
    client.force_login(alice)
    response = rename(client, name)
    assert response.status_code == 200 and 'class="field__error"' in response.content.decode()
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_a_username_that_imitates_a_bot_needs_another_display_name(db):
    assert sign_up("", username="bot7").status_code == 200
    assert sign_up("Seven", username="bot7").status_code == 302


def test_a_username_someone_uses_as_their_name_needs_another_display_name(bob):
    bob.display_name = "Robert"
    bob.save()
    assert sign_up("", username="robert").status_code == 200
    assert sign_up("Rob", username="robert").status_code == 302


@pytest.mark.parametrize("name", FINE)
def test_ordinary_names_are_fine(name, client, alice, bob):
    client.force_login(alice)
    assert rename(client, name).status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == name


def test_keeping_ones_own_name_is_fine(client, alice):
    client.force_login(alice)
    assert rename(client, "ALICE").status_code == 302


@pytest.mark.parametrize("name", ["AIice", "A1ice", "ALICE", "\u0391lice"])
def test_a_capital_i_or_a_digit_inside_a_word_reads_as_the_letter_it_looks_like(name, alice):
    # Found by a QA pass: "AIice" (a capital i) and "A1ice" sat at a table beside Alice.
    assert sign_up(name).status_code == 200
    assert not User.objects.filter(username="dora").exists()


@pytest.mark.parametrize(
    ("name", "other"),
    [("\u03a5vonne", "Yvonne"), ("\u039dina", "Nina"), ("\u04bbank", "hank"), ("\u03bdera", "Vera")],
)
def test_a_capital_of_another_script_reads_as_the_latin_capital_it_looks_like(name, other):
    # Greek "Υ" and "Ν" fold to "υ" and "ν", which look like "u" and "v": read before folding.
    from accounts.name_keys import name_key

    assert name_key(name) == name_key(other)


def test_the_saved_name_keys_follow_the_rule_after_the_migration(bob):
    from importlib import import_module

    from django.apps import apps

    User.objects.filter(pk=bob.pk).update(name_key="stale")
    import_module("accounts.migrations.0007_name_keys_read_capitals_and_selectors").rekey(apps, None)
    assert User.objects.get(pk=bob.pk).name_key == "bob"
