"""mailroom.inbound.reply_text.new_text: what a person wrote, without what the client added."""

import pytest

from mailroom.inbound.reply_text import new_text

QUOTE = "> Alice, it is your turn in game #42.\n> Bob discarded Peru."


@pytest.mark.parametrize(
    "attribution",
    [
        "On Tue, 24 Nov 2026 at 10:00, Capitalla <play+t0k3n@play.example.org> wrote:",
        "On Tue, 24 Nov 2026 at 10:00, Capitalla <\nplay+t0k3n@play.example.org> wrote:",
        "Le mar. 24 nov. 2026 à 10:00, Capitalla <play+t0k3n@play.example.org> a écrit :",
        "Am Di., 24. Nov. 2026 um 10:00 Uhr schrieb Capitalla <play+t0k3n@play.example.org>:",
        "El mar, 24 nov 2026 a las 10:00, Capitalla (<play+t0k3n@play.example.org>)\nescribió:",
        "Il giorno mar 24 nov 2026 alle ore 10:00 Capitalla <play+t0k3n@play.example.org> ha scritto:",
        "Op di 24 nov 2026 om 10:00 schreef Capitalla <play+t0k3n@play.example.org>:",
    ],
)
def test_attribution_line_is_cut(attribution):
    assert new_text(f"take discard\n\n{attribution}\n\n{QUOTE}\n") == "take discard"


def test_short_attribution_is_cut_only_above_a_quote():
    assert new_text(f"Capitalla wrote:\n{QUOTE}\ntake discard") == "take discard"
    assert new_text("I already wrote:\ntake discard") == "I already wrote:\ntake discard"


def test_inline_reply_keeps_the_lines_between_the_quotes():
    text = "> Do you take the discard?\nyes\n>> older quote\n> What do you discard?\ndiscard Peru"
    assert new_text(text) == "yes\ndiscard Peru"


@pytest.mark.parametrize(
    "separator",
    [
        "-----Original Message-----",
        "----- Original Message -----",
        "-----Ursprüngliche Nachricht-----",
        "________________________________",
        "From: Capitalla <play+t0k3n@play.example.org>\nSent: Tuesday, November 24, 2026 10:00 AM",
        "*From:* Capitalla <play+t0k3n@play.example.org>\n*Date:* Tuesday, November 24, 2026",
        "De : Capitalla <play+t0k3n@play.example.org>\nEnvoyé : mardi 24 novembre 2026 10:00",
    ],
)
def test_everything_from_an_outlook_quote_on_is_cut(separator):
    assert new_text(f"take discard\n{separator}\nTo: Alice\nSubject: Your turn\n\nAlice, it is your turn.") == (
        "take discard"
    )


def test_from_line_without_sent_below_is_kept():
    assert new_text("From: the discard pile\ntake Peru") == "From: the discard pile\ntake Peru"


def test_everything_from_the_signature_on_is_cut():
    assert new_text("draw stock\n-- \nBob\nhttps://bob.example.net") == "draw stock"


@pytest.mark.parametrize(
    "device_line",
    [
        "Sent from my iPhone",
        "Sent from my Android",
        "Sent from my Galaxy",
        "Get Outlook for Android",
        "Envoyé de mon iPhone",
    ],
)
def test_device_line_is_dropped(device_line):
    assert new_text(f"take discard\n\n{device_line}\n") == "take discard"


def test_blank_lines_are_trimmed_at_both_ends_and_never_doubled():
    assert new_text("\n\n  take discard  \n\n\n\ndiscard Peru\n\n") == "take discard\n\ndiscard Peru"


def test_windows_and_old_mac_line_ends_are_lines():
    assert new_text("take discard\r\n> quote\r\ndiscard Peru\rdone") == "take discard\ndiscard Peru\ndone"
